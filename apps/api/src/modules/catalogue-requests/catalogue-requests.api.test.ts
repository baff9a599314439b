import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueRequestsClient, type CatalogueRequestsClient } from '@shop/api-client';
import type { PrintedCatalogueRequestData } from '@shop/contracts';
import type { Actor, Clock } from '../../platform/context.ts';
import { failure, startTestApi, type TestApi } from '../../testing/test-api.ts';

let api: TestApi;
let now = new Date('2026-03-02T10:00:00Z');
const clock: Clock = { now: () => now };
const actors: Record<string, Actor> = {
  shopper: { userId: 'user-shopper', roles: ['shopper'] },
  dispatch: { userId: 'user-dispatch', roles: ['order-admin'] },
};
let shopper: CatalogueRequestsClient;
let dispatch: CatalogueRequestsClient;
/** Each call from a visitor of its own (the storefront says whose visit a call is for), so only the rate-limit test meets the limit. */
let visitors = 0;
let visitor: () => CatalogueRequestsClient;

beforeAll(async () => {
  api = await startTestApi({ seed: false, clock, authenticate: async (authorization) => actors[authorization.replace(/^Bearer /, '')] ?? null });
  const baseUrl = api.serviceUrl('accounts');
  visitor = () => createCatalogueRequestsClient({ baseUrl, headers: { 'x-forwarded-for': `198.51.100.${++visitors}` } });
  shopper = createCatalogueRequestsClient({ baseUrl, getAccessToken: () => 'shopper', headers: { 'x-forwarded-for': '192.0.2.1' } });
  dispatch = createCatalogueRequestsClient({ baseUrl, getAccessToken: () => 'dispatch' });
});
afterAll(() => api.close());

const request = (change: Partial<PrintedCatalogueRequestData> = {}): PrintedCatalogueRequestData => ({
  name: 'Pat Plumber',
  line1: '7 Station Road',
  town: 'Leeds',
  postcode: 'ls1 4ap',
  interests: ['bathrooms', 'heating'],
  ...change,
});
const countOf = async (query: ReturnType<typeof sql>) => ((await api.database.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
const count = (table: 'catalogue_requests' | 'postal_marketing_consents') => countOf(sql`select count(*)::int as n from ${sql.identifier(table)}`);

describe('asking for the printed catalogue', () => {
  it('records a request, its postcode normalised and its interests, and consent apart from it', async () => {
    const answer = await visitor().requestPrintedCatalogue({ body: request({ marketingConsent: true, udprn: 12345678 }) });
    expect(answer).toEqual({ recorded: true, message: expect.stringMatching(/posted within 5 working days/), requestedAt: now.toISOString() });
    const page = await dispatch.listPrintedCatalogueRequests({ query: {} });
    expect(page).toMatchObject({ totalCount: 1, waiting: 1 });
    expect(page.items[0]).toMatchObject({ postcode: 'LS1 4AP', udprn: 12345678, interests: ['bathrooms', 'heating'], postedAt: null });
    expect(await count('postal_marketing_consents')).toBe(1);
    await visitor().requestPrintedCatalogue({ body: request({ line1: '9 Station Road' }) });
    expect(await count('postal_marketing_consents')).toBe(1);
  });

  it('answers a second request for one address within six months kindly, and records nothing', async () => {
    now = new Date('2026-07-01T09:00:00Z');
    const again = await shopper.requestPrintedCatalogue({ body: request({ line1: '7, station road.', postcode: 'LS14AP' }) });
    expect(again).toEqual({
      recorded: false,
      message: expect.stringMatching(/already requested for this address on 2 March 2026/),
      requestedAt: '2026-03-02T10:00:00.000Z',
    });
    expect(await count('catalogue_requests')).toBe(2);
    now = new Date('2026-09-03T09:00:00Z');
    expect((await shopper.requestPrintedCatalogue({ body: request() })).recorded).toBe(true);
  });

  it('records one request when two for one address arrive at once', async () => {
    const body = request({ line1: '1 Race Lane', postcode: 'M1 1AE' });
    const answers = await Promise.all([visitor().requestPrintedCatalogue({ body }), visitor().requestPrintedCatalogue({ body })]);
    expect(answers.filter((answer) => answer.recorded)).toHaveLength(1);
    expect(await countOf(sql`select count(*)::int as n from catalogue_requests where postcode = 'M1 1AE'`)).toBe(1);
  });

  it('refuses bad input with a message a person can act on, and records nothing', async () => {
    const before = await count('catalogue_requests');
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ postcode: 'SW1' }, 'ADDRESS_POSTCODE_INVALID', /not the length of a UK postcode/],
      [{ name: ' ' }, 'VALIDATION_FAILED', /Enter your full name/],
      [{ interests: ['plumbing'] }, 'VALIDATION_FAILED', /Choose bathrooms, heating or trade/],
      [{ marketingConsent: 'yes' }, 'VALIDATION_FAILED', /offers by post/],
    ];
    for (const [change, code, message] of cases) {
      const error = await failure(visitor().requestPrintedCatalogue({ body: request(change as Partial<PrintedCatalogueRequestData>) }));
      expect([error.status, error.code, change]).toEqual([400, code, change]);
      expect(error.message).toMatch(message);
    }
    expect(await count('catalogue_requests')).toBe(before);
  });

  it('is rate-limited per visitor', async () => {
    const forVisitor = () =>
      api.app
        .inject({ method: 'PUT', url: '/api/accounts/api/catalogue/requestCatalogue', headers: { 'x-forwarded-for': '203.0.113.9' }, payload: request() })
        .then((reply) => reply.statusCode);
    const statuses = [];
    for (let n = 0; n < 6; n++) statuses.push(await forVisitor());
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('posting catalogues (staff)', () => {
  it('hands out every waiting request once, oldest first, marking it posted', async () => {
    const waiting = (await dispatch.listPrintedCatalogueRequests({ query: { status: 'waiting' } })).totalCount;
    const [first, second] = await Promise.all([dispatch.postPrintedCatalogueRequests(), dispatch.postPrintedCatalogueRequests()]);
    expect(first.items.length + second.items.length).toBe(waiting);
    const run = first.items.length > 0 ? first : second;
    expect(run.items.map((item) => item.requestedAt)).toEqual(run.items.map((item) => item.requestedAt).toSorted((a, b) => a.localeCompare(b)));
    expect(run.items.every((item) => item.postedAt === run.postedAt)).toBe(true);
    expect(await dispatch.listPrintedCatalogueRequests({ query: {} })).toMatchObject({ waiting: 0 });
    expect((await dispatch.postPrintedCatalogueRequests()).items).toEqual([]);
  });

  it('is for dispatch staff only', async () => {
    expect((await failure(shopper.listPrintedCatalogueRequests({ query: {} }))).status).toBe(403);
    expect((await failure(visitor().postPrintedCatalogueRequests())).status).toBe(401);
  });

  it('erases the requests made while signed in with the account', async () => {
    const stores = api.app.composed.modules.find((module) => module.name === 'catalogue-requests')!.personalData!;
    const subject = { userId: 'user-shopper', emailAddresses: [] };
    expect(await stores[0]!.count(api.database.db, subject)).toBe(1);
    await api.database.db.transaction((tx) => stores[0]!.erase!(tx, subject, now));
    expect(await stores[0]!.count(api.database.db, subject)).toBe(0);
  });
});

describe('erasing a requester known only by their address (staff)', () => {
  it('finds the requests and consents at a postcode and first line, written any way, and erases them and nothing else', async () => {
    now = new Date('2026-09-01T09:00:00Z');
    const home = { name: 'Sam Signedout', line1: 'Flat 3, 12 Mill Lane', town: 'York', postcode: 'YO1 7HH' };
    await visitor().requestPrintedCatalogue({ body: request({ ...home, marketingConsent: true }) });
    await visitor().requestPrintedCatalogue({ body: request({ ...home, line1: 'Flat 4, 12 Mill Lane' }) });
    const address = { postcode: 'yo17hh', line1: 'flat 3 12 mill lane' };

    const found = await dispatch.findPrintedCatalogueRequestsAtAddress({ body: address });
    expect(found.requests.map((item) => [item.name, item.line1, item.postcode])).toEqual([['Sam Signedout', 'Flat 3, 12 Mill Lane', 'YO1 7HH']]);
    expect(found.consents).toBe(1);

    const before = { requests: await count('catalogue_requests'), consents: await count('postal_marketing_consents') };
    const erased = await dispatch.erasePrintedCatalogueRequestsAtAddress({ body: address });
    expect(erased.erased).toEqual([
      { label: 'Printed-catalogue requests', rows: 1 },
      { label: 'Consent to offers by post', rows: 1 },
    ]);
    expect(erased.message).toContain('YO1 7HH');
    expect([await count('catalogue_requests'), await count('postal_marketing_consents')]).toEqual([before.requests - 1, before.consents - 1]);
    // The neighbour's request stays; asking again finds nothing and erases nothing.
    expect((await dispatch.findPrintedCatalogueRequestsAtAddress({ body: { ...address, line1: 'Flat 4, 12 Mill Lane' } })).requests).toHaveLength(1);
    expect(await dispatch.findPrintedCatalogueRequestsAtAddress({ body: address })).toEqual({ requests: [], consents: 0 });
    expect(await failure(dispatch.erasePrintedCatalogueRequestsAtAddress({ body: address }))).toMatchObject({
      status: 404,
      code: 'CATALOGUE_REQUEST_NOT_FOUND',
    });
  });

  it('refuses a malformed postcode or a missing first line with words to act on, and anyone but staff', async () => {
    expect(await failure(dispatch.erasePrintedCatalogueRequestsAtAddress({ body: { postcode: 'not a postcode', line1: '7 Station Road' } }))).toMatchObject({
      status: 400,
      code: 'ADDRESS_POSTCODE_INVALID',
    });
    const missing = await failure(dispatch.findPrintedCatalogueRequestsAtAddress({ body: { postcode: 'LS1 4AP', line1: ' ' } }));
    expect(missing).toMatchObject({ status: 400 });
    expect(JSON.stringify(missing)).toContain('Enter address line 1 as the requester gave it');
    expect((await failure(shopper.erasePrintedCatalogueRequestsAtAddress({ body: { postcode: 'LS1 4AP', line1: '7 Station Road' } }))).status).toBe(403);
    expect((await failure(visitor().findPrintedCatalogueRequestsAtAddress({ body: { postcode: 'LS1 4AP', line1: '7 Station Road' } }))).status).toBe(401);
  });
});
