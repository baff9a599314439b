import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAddressBookClient, createAddressLookupClient, type AddressBookClient } from '@shop/api-client';
import { ADDRESS_BOOK_MAX, type AddressData } from '@shop/contracts';
import { startPostcodeStandIn, type PostcodeStandIn } from '@shop/demo/postcode-standin';
import type { Actor } from '../../platform/context.ts';
import { failure, startTestApi, type TestApi } from '../../testing/test-api.ts';

let api: TestApi;
const actors: Record<string, Actor> = {
  alice: { userId: 'user-alice', roles: ['shopper'] },
  bob: { userId: 'user-bob', roles: ['shopper'] },
  carol: { userId: 'user-carol', roles: ['shopper'] },
  dave: { userId: 'user-dave', roles: ['shopper'] },
};
const book: Record<string, AddressBookClient> = {};
let anonymous: AddressBookClient;

beforeAll(async () => {
  api = await startTestApi({ seed: false, authenticate: async (authorization) => actors[authorization.replace(/^Bearer /, '')] ?? null });
  const baseUrl = api.serviceUrl('projects');
  anonymous = createAddressBookClient({ baseUrl });
  for (const name of Object.keys(actors)) book[name] = createAddressBookClient({ baseUrl, getAccessToken: () => name });
});
afterAll(() => api.close());

const home: AddressData = { addressType: 'delivery', nickname: 'Home', name: 'Alice Able', line1: '12 High Street', town: 'Leeds', postcode: 'ls14ap' };
const bodyOf = (change: Partial<AddressData> = {}): AddressData => ({ ...home, ...change });

describe('the address book', () => {
  it('adds an address with its postcode normalised, the courier’s notes and udprn, the first of its type the default', async () => {
    const added = await book.alice!.addAddress({
      body: bodyOf({ accessNotes: 'Narrow lane, ring ahead', tailLift: true, kerbsideOnly: true, udprn: 12345678 }),
    });
    expect(added).toMatchObject({
      addressType: 'delivery',
      nickname: 'Home',
      postcode: 'LS1 4AP',
      countryCode: 'GB',
      isDefault: true,
      accessNotes: 'Narrow lane, ring ahead',
      tailLift: true,
      kerbsideOnly: true,
      udprn: 12345678,
      line2: null,
    });
    const page = await book.alice!.listAddresses({ query: {} });
    expect(page).toMatchObject({ totalCount: 1, totalPages: 1, pageNumber: 1, pageSize: 10 });
    expect(page.items[0]).toEqual(added);
  });

  it('keeps one default of each type: a new default replaces the last; billing has its own', async () => {
    const site = await book.alice!.addAddress({ body: bodyOf({ nickname: 'Site', line1: '4 Mill Lane', postcode: 'M1 1AE', isDefault: true }) });
    const billing = await book.alice!.addAddress({ body: bodyOf({ addressType: 'billing', nickname: 'Office', postcode: 'SW1A 1AA' }) });
    expect(site.isDefault).toBe(true);
    expect(billing.isDefault).toBe(true);
    const deliveries = await book.alice!.listAddresses({ query: { addressType: 'delivery' } });
    expect(deliveries.items.map((address) => [address.nickname, address.isDefault])).toEqual([
      ['Site', true],
      ['Home', false],
    ]);
    expect((await book.alice!.listAddresses({ query: { addressType: 'billing' } })).items.map((address) => address.nickname)).toEqual(['Office']);
  });

  it('edits an address; unticking the default hands it to another of its type; removing the default does too', async () => {
    const [site, homeAddress] = (await book.alice!.listAddresses({ query: { addressType: 'delivery' } })).items;
    const edited = await book.alice!.editAddress({
      params: { addressId: site!.addressId },
      body: bodyOf({ nickname: 'Flat 4 job', line1: '4 Mill Lane', postcode: 'm1 1ae', isDefault: false, kerbsideOnly: true }),
    });
    expect(edited).toMatchObject({ nickname: 'Flat 4 job', postcode: 'M1 1AE', isDefault: false, kerbsideOnly: true, createdAt: site!.createdAt });
    expect((await book.alice!.listAddresses({ query: { addressType: 'delivery' } })).items.map((address) => address.isDefault)).toEqual([true, false]);
    expect((await book.alice!.listAddresses({ query: { addressType: 'delivery' } })).items[0]!.addressId).toBe(homeAddress!.addressId);
    expect(await book.alice!.deleteAddress({ params: { addressId: homeAddress!.addressId } })).toEqual({ removed: true, addressId: homeAddress!.addressId });
    const left = await book.alice!.listAddresses({ query: { addressType: 'delivery' } });
    expect(left.items.map((address) => [address.addressId, address.isDefault])).toEqual([[site!.addressId, true]]);
  });

  it('pages the list, defaults first, and answers a page past the end empty', async () => {
    for (const n of [1, 2, 3, 4, 5]) await book.bob!.addAddress({ body: bodyOf({ nickname: `Site ${n}`, line1: `${n} Station Road` }) });
    const first = await book.bob!.listAddresses({ query: { pageNumber: 1, pageSize: 2 } });
    expect(first).toMatchObject({ totalCount: 5, totalPages: 3, pageSize: 2 });
    expect(first.items.map((address) => address.nickname)).toEqual(['Site 1', 'Site 5']);
    expect((await book.bob!.listAddresses({ query: { pageNumber: 3, pageSize: 2 } })).items.map((address) => address.nickname)).toEqual(['Site 2']);
    expect((await book.bob!.listAddresses({ query: { pageNumber: 9, pageSize: 2 } })).items).toEqual([]);
    expect((await book.carol!.listAddresses({ query: {} })).items).toEqual([]);
  });

  it('answers another customer’s address as it answers an unknown one, and changes nothing', async () => {
    const [alices] = (await book.alice!.listAddresses({ query: {} })).items;
    const unknown = '3f1c1d8e-0000-4000-8000-000000000000';
    for (const addressId of [alices!.addressId, unknown, 'not-an-id']) {
      const edit = await failure(book.bob!.editAddress({ params: { addressId }, body: bodyOf({ nickname: 'Mine now' }) }));
      const remove = await failure(book.bob!.deleteAddress({ params: { addressId } }));
      for (const error of [edit, remove]) expect([error.status, error.code]).toEqual([404, 'ADDRESS_NOT_FOUND']);
    }
    expect((await book.alice!.listAddresses({ query: {} })).items.find((address) => address.addressId === alices!.addressId)).toEqual(alices);
  });

  it('refuses bad input with a message a person can act on, and no address is added', async () => {
    const cases: [Partial<AddressData> | Record<string, unknown>, string, RegExp][] = [
      [{ postcode: 'SW1A' }, 'ADDRESS_POSTCODE_INVALID', /not the length of a UK postcode/],
      [{ postcode: 'QA1 1AA' }, 'ADDRESS_POSTCODE_INVALID', /cannot start with Q, V or X/],
      [{ postcode: '' }, 'VALIDATION_FAILED', /Enter a postcode/],
      [{ line1: '   ' }, 'VALIDATION_FAILED', /Enter address line 1/],
      [{ addressType: 'work' }, 'VALIDATION_FAILED', /delivery or a billing address/],
      [{ nickname: 'x'.repeat(41) }, 'VALIDATION_FAILED', /Nickname must be 40 characters or fewer/],
      [{ accessNotes: 'x'.repeat(301) }, 'VALIDATION_FAILED', /Access notes must be 300 characters or fewer/],
      [{ udprn: 1.5 }, 'VALIDATION_FAILED', /./],
    ];
    for (const [change, code, message] of cases) {
      const error = await failure(book.dave!.addAddress({ body: bodyOf(change as Partial<AddressData>) }));
      expect([error.status, error.code, change]).toEqual([400, code, change]);
      expect(error.message).toMatch(message);
    }
    const pageSize = await failure(book.dave!.listAddresses({ query: { pageSize: 500 } }));
    expect([pageSize.status, pageSize.message]).toEqual([400, expect.stringMatching(/at most 50 addresses a page/)]);
    expect((await book.dave!.listAddresses({ query: {} })).totalCount).toBe(0);
    expect((await failure(anonymous.listAddresses({ query: {} }))).status).toBe(401);
  });

  it(`holds at most ${ADDRESS_BOOK_MAX} addresses`, async () => {
    for (let n = 0; n < ADDRESS_BOOK_MAX; n++) await book.dave!.addAddress({ body: bodyOf({ line1: `${n + 1} Long Road` }) });
    const full = await failure(book.dave!.addAddress({ body: bodyOf() }));
    expect([full.status, full.code]).toEqual([422, 'ADDRESS_BOOK_FULL']);
  });

  it('keeps one default when two tabs add defaults at once', async () => {
    await Promise.all(['A', 'B', 'C', 'D'].map((tab) => book.carol!.addAddress({ body: bodyOf({ nickname: `Tab ${tab}`, isDefault: tab !== 'A' }) })));
    const page = await book.carol!.listAddresses({ query: {} });
    expect(page.totalCount).toBe(4);
    expect(page.items.filter((address) => address.isDefault)).toHaveLength(1);
  });

  it('is erased with the account', async () => {
    const store = api.app.composed.modules.find((module) => module.name === 'addresses')!.personalData![0]!;
    const subject = { userId: 'user-bob', emailAddresses: [] };
    expect(await store.count(api.database.db, subject)).toBe(5);
    await api.database.db.transaction((tx) => store.erase!(tx, subject, new Date()));
    expect((await book.bob!.listAddresses({ query: {} })).totalCount).toBe(0);
  });
});

describe('finding addresses by postcode (embedded)', () => {
  const lookup = () => createAddressLookupClient({ baseUrl: api.serviceUrl('address-lookup') });

  it('answers a valid postcode, however typed, with a stable list to choose from', async () => {
    const found = await lookup().lookupAddresses({ body: { postcode: 'ls14ap' } });
    expect(found.postcode).toBe('LS1 4AP');
    expect(found.addresses.length).toBeGreaterThanOrEqual(6);
    expect(found.addresses[0]).toMatchObject({ postcode: 'LS1 4AP', town: 'Leeds', udprn: expect.any(Number) });
    expect(await lookup().lookupAddresses({ body: { postcode: 'LS1 4AP' } })).toEqual(found);
  });

  it('refuses a malformed postcode with a clear message', async () => {
    const error = await failure(lookup().lookupAddresses({ body: { postcode: 'SW1' } }));
    expect([error.status, error.code]).toEqual([400, 'ADDRESS_POSTCODE_INVALID']);
    expect(error.message).toMatch(/UK postcode such as "SW1A 1AA"/);
    expect((await failure(lookup().lookupAddresses({ body: { postcode: '' } }))).message).toMatch(/Enter a postcode/);
  });

  it('is rate-limited per visitor', async () => {
    const forVisitor = (visitor: string) =>
      api.app
        .inject({
          method: 'POST',
          url: '/api/address-lookup/PostcodeAddress/LookupAddresses',
          headers: { 'x-forwarded-for': visitor },
          payload: { postcode: 'M1 1AE' },
        })
        .then((reply) => reply.statusCode);
    const statuses = [];
    for (let n = 0; n < 21; n++) statuses.push(await forVisitor('203.0.113.7'));
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
    expect(await forVisitor('203.0.113.8')).toBe(200);
  });
});

describe('finding addresses through Ideal Postcodes (its local stand-in)', () => {
  let standIn: PostcodeStandIn;
  let ideal: TestApi;
  const lines: string[] = [];
  beforeAll(async () => {
    standIn = await startPostcodeStandIn();
    ideal = await startTestApi({
      seed: false,
      env: { IDEAL_POSTCODES_API_KEY: standIn.apiKey, IDEAL_POSTCODES_API_URL: standIn.url, LOG_LEVEL: 'info' },
      logDestination: { write: (line: string) => void lines.push(line) },
    });
  });
  afterAll(async () => {
    await ideal.close();
    await standIn.close();
  });
  const lookup = () => createAddressLookupClient({ baseUrl: ideal.serviceUrl('address-lookup') });

  it('answers PAF addresses with their udprn, the key sent to the provider only', async () => {
    const found = await lookup().lookupAddresses({ body: { postcode: 'id11qd' } });
    expect(found.postcode).toBe('ID1 1QD');
    expect(found.addresses).toHaveLength(3);
    expect(found.addresses[0]).toEqual({
      udprn: 25962203,
      summary: '2 Barons Court Road, London',
      organisation: null,
      line1: '2 Barons Court Road',
      line2: null,
      line3: null,
      town: 'London',
      county: 'London',
      postcode: 'ID1 1QD',
    });
    expect(found.addresses[2]!.organisation).toBe('Moda Ltd');
    expect(standIn.requests.at(-1)).toEqual({ path: '/v1/postcodes/ID11QD', query: { api_key: standIn.apiKey } });
    expect(JSON.stringify(found)).not.toContain(standIn.apiKey);
  });

  it('says so when the postcode has no addresses (404)', async () => {
    const error = await failure(lookup().lookupAddresses({ body: { postcode: 'SW1A 1AA' } }));
    expect([error.status, error.code]).toEqual([404, 'ADDRESS_POSTCODE_NOT_FOUND']);
    expect(error.message).toMatch(/could not find any addresses at SW1A 1AA.*enter your address by hand/);
  });

  it('tells the customer to type the address when credit is exhausted (402), and staff why, without the key', async () => {
    standIn.exhaustCredit(true);
    try {
      const error = await failure(lookup().lookupAddresses({ body: { postcode: 'ID1 1QD' } }));
      expect([error.status, error.code]).toEqual([503, 'ADDRESS_LOOKUP_UNAVAILABLE']);
      expect(error.message).toMatch(/Enter your address by hand/);
      expect(lines.some((line) => line.includes('credit is exhausted (402)'))).toBe(true);
    } finally {
      standIn.exhaustCredit(false);
    }
    expect(lines.filter((line) => line.includes(standIn.apiKey))).toEqual([]);
  });
});
