import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBasketClient, createCheckoutClient, type BasketClient, type CheckoutClient } from '@shop/api-client';
import type { Actor } from '../../platform/context.ts';
import { findSeededSku, type SeededSku } from '../../testing/seeded-skus.ts';
import { failure, startTestApi, type TestApi } from '../../testing/test-api.ts';

let api: TestApi;
// Tuesday 16 June 2026, 10:00 London time: next-day and specific-day delivery are open.
const now = new Date('2026-06-16T09:00:00Z');
const actors: Record<string, Actor> = { alice: { userId: 'user-alice', roles: ['shopper'] }, bob: { userId: 'user-bob', roles: ['shopper'] } };
let guest: { basket: BasketClient; checkout: CheckoutClient };
const as: Record<string, { basket: BasketClient; checkout: CheckoutClient }> = {};
const skus: Record<string, SeededSku> = {};

const address = { name: 'Sam Shopper', line1: '1 High Street', town: 'Leeds', postcode: 'ls1 4ap' };
const contact = { emailAddress: 'sam@example.com', firstName: 'Sam', lastName: 'Shopper', phone: '07700 900123' };

beforeAll(async () => {
  api = await startTestApi({ clock: { now: () => now }, authenticate: async (authorization) => actors[authorization.replace(/^Bearer /, '')] ?? null });
  const clients = (getAccessToken?: () => string) => ({
    basket: createBasketClient({ baseUrl: api.serviceUrl('basket'), getAccessToken }),
    checkout: createCheckoutClient({ baseUrl: api.serviceUrl('checkout'), getAccessToken }),
  });
  guest = clients();
  for (const name of Object.keys(actors)) as[name] = clients(() => name);
  const db = api.database.db;
  skus.tap = await findSeededSku(
    db,
    sql`s.status = 'in_stock' and p.delivery_class = 'parcel' and not p.is_bundle and pr.price_inc_vat between 1000 and 4000 and s.on_hand >= 20`,
  );
  skus.bath = await findSeededSku(db, sql`s.status = 'in_stock' and p.delivery_class = 'large' and not p.is_bundle and s.on_hand >= 5`);
});
afterAll(() => api.close());

/** A refusal's field messages by path (problem+json `errors[]`). */
const fieldMessages = (error: { data?: unknown }) =>
  Object.fromEntries(((error.data as { errors?: { path: string; message: string }[] }).errors ?? []).map((entry) => [entry.path, entry.message]));

const newBasket = async (client = guest, items = [{ sku: skus.tap!.sku, quantity: 1 }]) =>
  (await client.basket.createBasketWithItems({ body: { items } })).basketId;

describe('countries and delivery options', () => {
  it('lists the countries, served or not', async () => {
    const countries = await guest.checkout.listCountries();
    expect(countries.find((country) => country.code === 'GB')).toMatchObject({ served: true });
    expect(countries.find((country) => country.code === 'JE')).toMatchObject({ served: false });
  });

  it('prices the whole basket’s options for a postcode: surcharges, large items, areas not served', async () => {
    const basketId = await newBasket();
    const mainland = await guest.checkout.getDeliveryOptions({ params: { basketId }, body: { postcode: 'ls14ap' } });
    expect(mainland).toMatchObject({ postcode: 'LS1 4AP', zone: 'mainland', notServed: false, selected: null });
    expect(mainland.options.map((option) => option.code)).toEqual(['standard', 'next_day', 'specific_day', 'saturday', 'click_collect']);
    const highlands = await guest.checkout.getDeliveryOptions({ params: { basketId }, body: { postcode: 'IV2 3AA' } });
    const mainlandStandard = mainland.options.find((option) => option.code === 'standard');
    expect(mainlandStandard).toMatchObject({ available: true });
    expect(highlands.options.find((option) => option.code === 'standard')).toMatchObject({
      available: true,
      priceIncVat: mainlandStandard!.priceIncVat! + 1_500,
    });
    expect(highlands.options.find((option) => option.code === 'next_day')).toMatchObject({ available: false });
    expect(await guest.checkout.getDeliveryOptions({ params: { basketId }, body: { postcode: 'JE2 3AB' } })).toMatchObject({ notServed: true });

    const withBath = await newBasket(guest, [
      { sku: skus.tap!.sku, quantity: 1 },
      { sku: skus.bath!.sku, quantity: 1 },
    ]);
    const large = await guest.checkout.getDeliveryOptions({ params: { basketId: withBath }, body: {} });
    expect(large.options.find((option) => option.code === 'large_kerbside')).toMatchObject({ available: true });
    expect(large.options.find((option) => option.code === 'standard')).toMatchObject({
      available: false,
      unavailableReason: expect.stringContaining('cannot go by standard delivery'),
    });
  });

  it('refuses a bad postcode with a message naming the field', async () => {
    const basketId = await newBasket();
    const error = await failure(guest.checkout.getDeliveryOptions({ params: { basketId }, body: { postcode: 'NOT A CODE' } }));
    expect(error).toMatchObject({ status: 400, code: 'CHECKOUT_POSTCODE_INVALID' });
    expect((error.data as { errors: { path: string }[] }).errors[0]!.path).toBe('body.postcode');
  });

  it('lays out the specific-day calendar and books an open day only', async () => {
    const basketId = await newBasket();
    const calendar = await guest.checkout.getSpecificDayDeliveryOptions({ params: { basketId }, body: {} });
    const open = calendar.days.filter((day) => day.available);
    expect(open.length).toBeGreaterThan(5);
    const closed = calendar.days.find((day) => !day.available)!;
    expect(await failure(guest.checkout.setDeliveryOption({ params: { basketId }, body: { code: 'specific_day', date: closed.date } }))).toMatchObject({
      status: 422,
      code: 'CHECKOUT_DELIVERY_DATE_UNAVAILABLE',
    });
    expect(await failure(guest.checkout.setDeliveryOption({ params: { basketId }, body: { code: 'specific_day' } }))).toMatchObject({
      status: 400,
      code: 'CHECKOUT_DELIVERY_DATE_REQUIRED',
    });
    // The summary shows a picked option before it is sent with the totals the API priced it at: saving it charges the same.
    const { orderTotals } = await guest.checkout.getDeliveryOptions({ params: { basketId }, body: {} });
    const chosen = await guest.checkout.setDeliveryOption({ params: { basketId }, body: { code: 'specific_day', date: open[2]!.date } });
    expect(chosen.deliveryOption).toMatchObject({ code: 'specific_day', date: open[2]!.date, priceIncVat: calendar.priceIncVat });
    expect(orderTotals.find((entry) => entry.code === 'specific_day')).toEqual({
      code: 'specific_day',
      deliveryIncVat: chosen.totals.deliveryIncVat,
      discountIncVat: chosen.basket.totals.discountIncVat,
      totalIncVat: chosen.totals.totalIncVat,
      vatIncluded: chosen.totals.vatIncluded,
    });
  });
});

describe('the delivery option checkout starts with', () => {
  const optionsOf = async (basketId: string, postcode?: string) => {
    const answer = await guest.checkout.getDeliveryOptions({ params: { basketId }, body: postcode ? { postcode } : {} });
    return { ...answer, byCode: Object.fromEntries(answer.options.map((option) => [option.code, option])) };
  };

  it('is the cheapest standard delivery once there is an address: chosen on the page, priced in the summary', async () => {
    const basketId = await newBasket();
    const params = { basketId };
    // No address, no price: nothing is suggested yet.
    expect(await guest.checkout.getCheckout({ params })).toMatchObject({ deliveryOption: null, totals: { deliveryIncVat: 0 } });

    const suggested = await guest.checkout.setDeliveryDetails({ params, body: { address } });
    const options = await optionsOf(basketId);
    expect(options.suggested).toBe('standard');
    const standard = options.byCode.standard!;
    expect(standard).toMatchObject({ available: true, priceIncVat: skus.tap!.price >= 5_000 ? 0 : 495 });
    expect(suggested.deliveryOption).toMatchObject({
      code: 'standard',
      name: standard.name,
      priceIncVat: standard.priceIncVat,
      chosen: false,
      collection: null,
    });
    expect(suggested.totals).toMatchObject({ deliveryIncVat: standard.priceIncVat, totalIncVat: suggested.totals.goodsIncVat + standard.priceIncVat! });
    expect(suggested.basket.totals.delivery).toMatchObject({ code: 'standard', priceIncVat: standard.priceIncVat, isEstimate: false });
    // Suggested is not chosen: the step is still the shopper's to do.
    expect(suggested.missing).toContain('delivery_option');

    const nextDay = await guest.checkout.setDeliveryOption({ params, body: { code: 'next_day' } });
    expect(nextDay.deliveryOption).toMatchObject({ code: 'next_day', chosen: true, priceIncVat: 695 });
    expect(nextDay.missing).not.toContain('delivery_option');
    expect((await optionsOf(basketId)).selected).toEqual({ code: 'next_day', date: null });
    expect((await guest.checkout.clearDeliveryOption({ params })).deliveryOption).toMatchObject({ code: 'standard', chosen: false });
  });

  it('is the kerbside lorry for a large item, never Saturday delivery, and the summary charges it', async () => {
    for (const items of [
      [{ sku: skus.bath!.sku, quantity: 1 }],
      [
        { sku: skus.tap!.sku, quantity: 1 },
        { sku: skus.bath!.sku, quantity: 1 },
      ],
    ]) {
      const basketId = await newBasket(guest, items);
      const checkout = await guest.checkout.setDeliveryDetails({ params: { basketId }, body: { address } });
      const options = await optionsOf(basketId);
      expect(options.byCode.saturday).toMatchObject({ available: true, priceIncVat: 1_995 });
      expect(options.suggested).toBe('large_kerbside');
      const kerbside = options.byCode.large_kerbside!;
      expect(kerbside).toMatchObject({ available: true, priceIncVat: checkout.totals.goodsIncVat >= 49_900 ? 0 : 2_995 });
      expect(checkout.deliveryOption).toMatchObject({ code: 'large_kerbside', priceIncVat: kerbside.priceIncVat, chosen: false });
      expect(checkout.totals.deliveryIncVat).toBe(kerbside.priceIncVat);
    }
  });

  it('is not there where no standard delivery reaches: the shopper chooses', async () => {
    const basketId = await newBasket(guest, [{ sku: skus.bath!.sku, quantity: 1 }]);
    const options = await optionsOf(basketId, 'IM1 1AA');
    expect(options).toMatchObject({ quoteOnly: true, suggested: null });
  });
});

describe('options that cannot be had', () => {
  it('say why and carry no price: a Highlands postcode', async () => {
    const reason = 'Our couriers take only standard deliveries to the Scottish Highlands.';
    const parcel = await guest.checkout.getDeliveryOptions({ params: { basketId: await newBasket() }, body: { postcode: 'IV2 3AA' } });
    expect(parcel.options.filter((option) => !option.available)).toEqual(
      ['next_day', 'specific_day', 'saturday'].map((code) =>
        expect.objectContaining({ code, available: false, priceIncVat: null, earliestDate: null, unavailableReason: reason }),
      ),
    );
    expect(parcel.suggested).toBe('standard');

    const withBath = await newBasket(guest, [{ sku: skus.bath!.sku, quantity: 1 }]);
    const large = await guest.checkout.getDeliveryOptions({ params: { basketId: withBath }, body: { postcode: 'IV2 3AA' } });
    expect(large.options.find((option) => option.code === 'saturday')).toEqual(
      expect.objectContaining({ available: false, priceIncVat: null, unavailableReason: reason }),
    );
    expect(large.options.find((option) => option.code === 'large_kerbside')).toMatchObject({ available: true, priceIncVat: expect.any(Number) });
    const calendar = await guest.checkout.getSpecificDayDeliveryOptions({ params: { basketId: withBath }, body: { postcode: 'IV2 3AA' } });
    expect(calendar).toEqual({ priceIncVat: null, earliestDate: null, latestDate: null, days: [], unavailableReason: reason });
    await guest.checkout.setDeliveryDetails({ params: { basketId: withBath }, body: { address: { ...address, town: 'Inverness', postcode: 'IV2 3AA' } } });
    expect(await failure(guest.checkout.setDeliveryOption({ params: { basketId: withBath }, body: { code: 'saturday' } }))).toMatchObject({
      status: 422,
      code: 'CHECKOUT_DELIVERY_OPTION_UNAVAILABLE',
      message: reason,
    });
  });
});

describe('click & collect', () => {
  it('names the branch, its address, opening hours and when the order is ready', async () => {
    const basketId = await newBasket();
    const branch = {
      id: 'leeds',
      name: 'Plumbline Leeds trade counter',
      address: { line1: 'Unit 4 Canal Wharf', town: 'Leeds', postcode: 'LS11 5PS' },
      openingHours: [
        { days: 'Monday to Friday', opens: '07:00', closes: '17:00' },
        { days: 'Saturday', opens: '08:00', closes: '12:00' },
      ],
      closed: 'Closed on Sundays and bank holidays',
    };
    // Ordered at 10:00 on a Tuesday: ready an hour later, and ordering by 3:30pm still means today.
    const collection = { branch, readyFrom: '2026-06-16T11:00:00+01:00' };
    const options = await guest.checkout.getDeliveryOptions({ params: { basketId }, body: {} });
    expect(options.options.find((option) => option.code === 'click_collect')).toMatchObject({
      available: true,
      priceIncVat: 0,
      earliestDate: '2026-06-16',
      cutOff: '2026-06-16T15:30:00+01:00',
      collection,
    });
    const collecting = await guest.checkout.setDeliveryOption({ params: { basketId }, body: { code: 'click_collect' } });
    expect(collecting.deliveryOption).toMatchObject({ code: 'click_collect', chosen: true, priceIncVat: 0, collection });
    expect(collecting.missing).not.toContain('delivery_address');
  });
});

describe('choosing and totals', () => {
  it('charges the chosen option’s server price whatever the client sends, and lists the steps still missing', async () => {
    const basketId = await newBasket();
    const start = await guest.checkout.getCheckout({ params: { basketId } });
    expect(start.missing).toEqual(['contact', 'delivery_address', 'delivery_option', 'billing']);
    expect(start.totals.deliveryIncVat).toBe(0);
    const body = { code: 'next_day', priceIncVat: 1 } as unknown as { code: 'next_day' };
    const chosen = await guest.checkout.setDeliveryOption({ params: { basketId }, body });
    expect(chosen.deliveryOption).toMatchObject({ code: 'next_day', priceIncVat: 695 });
    expect(chosen.totals).toMatchObject({ deliveryIncVat: 695, totalIncVat: chosen.totals.goodsIncVat + 695 });
    expect(chosen.basket.totals.delivery).toMatchObject({ code: 'next_day', priceIncVat: 695, isEstimate: false });
    expect(await failure(guest.checkout.setDeliveryOption({ params: { basketId }, body: { code: 'large_kerbside' } }))).toMatchObject({
      status: 422,
      code: 'CHECKOUT_DELIVERY_OPTION_UNKNOWN',
    });
    expect(await failure(guest.checkout.setDeliveryOption({ params: { basketId }, body: { code: 'next_day', date: '2026-06-20' } }))).toMatchObject({
      status: 400,
      code: 'CHECKOUT_DELIVERY_DATE_NOT_ALLOWED',
    });
  });

  it('takes contact, delivery and billing details, normalising the postcode and refusing bad ones unchanged', async () => {
    const basketId = await newBasket();
    const params = { basketId };
    // The right shape, but not an address the shop can send to.
    expect(await failure(guest.checkout.setContactDetails({ params, body: { ...contact, emailAddress: 'sam,jo@example.com' } }))).toMatchObject({
      status: 400,
      code: 'CHECKOUT_EMAIL_INVALID',
    });
    // Every field's problem at once, each in words a shopper can act on.
    const refused = await failure(
      guest.checkout.setContactDetails({ params, body: { emailAddress: 'sam at example', firstName: ' ', lastName: 'Shopper', phone: '12345' } }),
    );
    expect(refused).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(fieldMessages(refused)).toEqual({
      'body.emailAddress': 'Enter an e-mail address in the correct format, like name@example.com',
      'body.firstName': 'Enter your first name',
      'body.phone': 'Enter a UK phone number, like 07700 900123 or 020 7946 0000',
    });
    expect((await guest.checkout.clearDeliveryOption({ params })).contact).toBeNull();

    await guest.checkout.setContactDetails({ params, body: { ...contact, emailAddress: ' sam@example.com ' } });
    expect(await failure(guest.checkout.setBillingDetails({ params, body: { sameAsDelivery: true } }))).toMatchObject({
      status: 409,
      code: 'CHECKOUT_DELIVERY_ADDRESS_MISSING',
    });
    expect(await failure(guest.checkout.setDeliveryDetails({ params, body: { address: { ...address, postcode: 'XX1' } } }))).toMatchObject({
      status: 400,
      code: 'CHECKOUT_POSTCODE_INVALID',
    });
    expect(await failure(guest.checkout.setDeliveryDetails({ params, body: { address: { ...address, postcode: 'GY1 1AA' } } }))).toMatchObject({
      status: 422,
      code: 'CHECKOUT_AREA_NOT_SERVED',
    });
    const delivered = await guest.checkout.setDeliveryDetails({ params, body: { address, instructions: ' Side gate ' } });
    expect(delivered.delivery).toEqual({ address: { ...address, postcode: 'LS1 4AP', countryCode: 'GB' }, instructions: 'Side gate', zone: 'mainland' });
    expect(await failure(guest.checkout.setBillingDetails({ params, body: { sameAsDelivery: false } }))).toMatchObject({
      status: 400,
      code: 'CHECKOUT_BILLING_ADDRESS_MISSING',
    });
    const billed = await guest.checkout.setBillingDetails({ params, body: { sameAsDelivery: true } });
    expect(billed.billing).toEqual({ sameAsDelivery: true, address: delivered.delivery!.address });
    expect(billed.contact).toEqual(contact);
    const ready = await guest.checkout.setDeliveryOption({ params, body: { code: 'standard' } });
    expect(ready.missing).toEqual([]);
    // Billing was "same as delivery": without a delivery address it is missing too.
    expect((await guest.checkout.clearDeliveryDetails({ params })).missing).toEqual(['delivery_address', 'billing']);
  });

  it('clears a chosen option that a new address rules out, saying so', async () => {
    const basketId = await newBasket();
    const params = { basketId };
    await guest.checkout.setDeliveryDetails({ params, body: { address } });
    await guest.checkout.setDeliveryOption({ params, body: { code: 'next_day' } });
    const moved = await guest.checkout.setDeliveryDetails({ params, body: { address: { ...address, town: 'Inverness', postcode: 'IV2 3AA' } } });
    // Next day is gone; the order starts again on the cheapest standard delivery there, not yet chosen.
    expect(moved.deliveryOption).toMatchObject({ code: 'standard', chosen: false });
    expect(moved.missing).toContain('delivery_option');
    expect(moved.notices).toEqual([expect.objectContaining({ type: 'delivery_option_unavailable' })]);
    expect((await guest.checkout.clearDeliveryOption({ params })).notices).toEqual([]);
  });

  it('keeps a shopper’s checkout theirs: another shopper or a guest gets the basket’s 404', async () => {
    const basketId = await newBasket(as.alice!);
    await as.alice!.checkout.setContactDetails({ params: { basketId }, body: contact });
    for (const call of [
      () => as.bob!.checkout.clearDeliveryOption({ params: { basketId } }),
      () => guest.checkout.setContactDetails({ params: { basketId }, body: contact }),
    ]) {
      expect(await failure(call())).toMatchObject({ status: 404, code: 'BASKET_NOT_FOUND' });
    }
    expect((await as.alice!.checkout.clearDeliveryOption({ params: { basketId: 'mine' } })).contact).toEqual(contact);
  });
});

describe('what a shopper is told about the details they typed', () => {
  it('names each empty or too-long field in the GOV.UK design system’s words, never a validation library’s', async () => {
    const basketId = await newBasket();
    const params = { basketId };
    const empty = await failure(guest.checkout.setContactDetails({ params, body: { emailAddress: '', firstName: '', lastName: '', phone: '' } }));
    expect(fieldMessages(empty)).toEqual({
      'body.emailAddress': 'Enter your e-mail address',
      'body.firstName': 'Enter your first name',
      'body.lastName': 'Enter your last name',
      'body.phone': 'Enter your phone number',
    });
    const blankAddress = { name: ' ', line1: '', town: '', postcode: '', company: 'x'.repeat(121) };
    expect(fieldMessages(await failure(guest.checkout.setDeliveryDetails({ params, body: { address: blankAddress, instructions: 'x'.repeat(301) } })))).toEqual(
      {
        'body.address.name': 'Enter the full name of the person at this address',
        'body.address.company': 'Company must be 120 characters or fewer',
        'body.address.line1': 'Enter address line 1, typically the building and street',
        'body.address.town': 'Enter a town or city',
        'body.address.postcode': 'Enter a postcode',
        'body.instructions': 'Delivery instructions must be 300 characters or fewer',
      },
    );
    // Nothing was kept.
    expect(await guest.checkout.getCheckout({ params })).toMatchObject({ contact: null, delivery: null });
  });

  it('answers bodies no form sends (missing fields, wrong types, not an object) in words too', async () => {
    const basketId = await newBasket();
    const url = `${api.serviceUrl('checkout')}/checkout/${basketId}`;
    const bodies: [string, unknown][] = [
      ['contactDetails', {}],
      ['contactDetails', { emailAddress: 7, firstName: null, lastName: [], phone: {} }],
      ['contactDetails', null],
      ['deliveryDetails', { address: { countryCode: 'FR', postcode: 5 } }],
      ['deliveryDetails', { address: 'Leeds' }],
      ['billingDetails', { sameAsDelivery: 'yes', address: { name: 1 } }],
      ['deliveryoption', { code: 'by_owl', date: 'tomorrow' }],
      ['deliveryoption', []],
    ];
    for (const [path, body] of bodies) {
      const response = await fetch(`${url}/${path}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const problem = (await response.json()) as { code: string; errors?: { message: string }[] };
      expect({ path, status: response.status }).toEqual({ path, status: 400 });
      expect(problem.code).toBe('VALIDATION_FAILED');
      expect(problem.errors?.length).toBeGreaterThan(0);
      for (const { message } of problem.errors ?? []) {
        expect(message, `${path} ${JSON.stringify(body)}`).not.toMatch(/expected|received|too small|too big|invalid|must match|pattern/i);
        expect(message).toMatch(/^(Enter|Choose|Send) |^[A-Z][\w -]+ must be /);
      }
    }
  });
});
