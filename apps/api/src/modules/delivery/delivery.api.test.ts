import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeliveryClient, type DeliveryClient } from '@shop/api-client';
import { failure, startTestApi, type TestApi } from '../../testing/test-api.ts';

let api: TestApi;
let client: DeliveryClient;
// The API reads this clock on every call, so each test sets "now".
let now = new Date('2026-06-19T12:59:00Z');
const skus: Record<string, { sku: string; price: number }> = {};

/** One seeded sku per delivery class and stock status. */
async function pickSku(deliveryClass: string, status: string) {
  const result = (await api.database.db.execute(
    sql`select o.sku, pr.price_inc_vat as price from offerings o join products p on p.id = o.product_id
        join prices pr on pr.offering_id = o.id join stock_levels s on s.sku = o.sku
        where p.delivery_class = ${deliveryClass} and s.status = ${status} and (${status} = 'in_stock' or s.eta is not null) order by o.sku limit 1`,
  )) as unknown as { rows: { sku: string; price: number }[] };
  const row = result.rows[0];
  if (!row) throw new Error(`The seed has no ${status} ${deliveryClass} sku`);
  return { sku: row.sku, price: Number(row.price) };
}

beforeAll(async () => {
  api = await startTestApi({ clock: { now: () => now } });
  client = createDeliveryClient({ baseUrl: api.serviceUrl('delivery') });
  for (const deliveryClass of ['parcel', 'large', 'pallet', 'two_man_eligible']) skus[deliveryClass] = await pickSku(deliveryClass, 'in_stock');
  skus.madeToOrder = await pickSku('parcel', 'made_to_order');
});
afterAll(() => api.close());

const codes = (options: { code: string }[]) => options.map((option) => option.code);

describe('product delivery options', () => {
  it('offer each delivery class its options, with prices and dates', async () => {
    now = new Date('2026-06-19T12:59:00Z');
    const parcel = await client.getProductDeliveryOptions({ body: { sku: skus.parcel!.sku, quantity: 1 } });
    expect(parcel).toMatchObject({
      sku: skus.parcel!.sku,
      quantity: 1,
      postcode: null,
      zone: 'mainland',
      deliveryClass: 'parcel',
      stockStatus: 'in_stock',
      quoteOnly: false,
      notServed: false,
    });
    expect(codes(parcel.options)).toEqual(['standard', 'next_day', 'specific_day', 'saturday', 'click_collect']);
    expect(parcel.options.find((option) => option.code === 'next_day')).toMatchObject({
      available: true,
      priceIncVat: 695,
      earliestDate: '2026-06-22',
      cutOff: '2026-06-19T14:00:00+01:00',
    });
    expect(parcel.options.find((option) => option.code === 'standard')!.priceIncVat).toBe(skus.parcel!.price >= 5_000 ? 0 : 495);

    const large = await client.getProductDeliveryOptions({ body: { sku: skus.large!.sku, quantity: 1 } });
    expect(codes(large.options)).toEqual(['specific_day', 'saturday', 'large_kerbside', 'click_collect']);
    const pallet = await client.getProductDeliveryOptions({ body: { sku: skus.pallet!.sku, quantity: 1 } });
    expect(codes(pallet.options)).toEqual(['large_kerbside', 'click_collect']);
    const twoPerson = await client.getProductDeliveryOptions({ body: { sku: skus.two_man_eligible!.sku, quantity: 1 } });
    expect(codes(twoPerson.options)).toEqual(['large_kerbside', 'two_person', 'click_collect']);
    expect(twoPerson.options.find((option) => option.code === 'two_person')).toMatchObject({ available: true, priceIncVat: 5_995 });
  });

  it('make standard parcel delivery free from £50 of goods', async () => {
    const quantity = Math.ceil(5_000 / skus.parcel!.price);
    const result = await client.getProductDeliveryOptions({ body: { sku: skus.parcel!.sku, quantity } });
    expect(result.options.find((option) => option.code === 'standard')!.priceIncVat).toBe(0);
  });

  it('move next day past the 14:00 cut-off, weekends and bank holidays (the clock is London time)', async () => {
    const nextDay = async (instant: string) => {
      now = new Date(instant);
      const result = await client.getProductDeliveryOptions({ body: { sku: skus.parcel!.sku } });
      return result.options.find((option) => option.code === 'next_day')!.earliestDate;
    };
    expect(await nextDay('2026-06-19T12:59:00Z')).toBe('2026-06-22'); // Friday 13:59 BST
    expect(await nextDay('2026-06-19T13:01:00Z')).toBe('2026-06-23'); // Friday 14:01 BST
    expect(await nextDay('2026-11-20T13:59:00Z')).toBe('2026-11-23'); // Friday 13:59 GMT
    expect(await nextDay('2026-11-20T14:01:00Z')).toBe('2026-11-24'); // Friday 14:01 GMT
    expect(await nextDay('2026-05-04T09:00:00Z')).toBe('2026-05-06'); // bank-holiday Monday
  });

  it('normalise the postcode, surcharge remote zones, quote or refuse where docs/domain.md §4.4 says', async () => {
    now = new Date('2026-06-19T12:59:00Z');
    const highlands = await client.getProductDeliveryOptions({ body: { sku: skus.parcel!.sku, postcode: ' iv2 3ab ' } });
    expect(highlands).toMatchObject({ postcode: 'IV2 3AB', zone: 'highlands', quoteOnly: false });
    const standard = highlands.options.find((option) => option.code === 'standard')!;
    expect(standard.priceIncVat).toBe((skus.parcel!.price >= 5_000 ? 0 : 495) + 1_500);
    // What cannot be had says why, with no price.
    expect(highlands.options.find((option) => option.code === 'next_day')).toEqual(
      expect.objectContaining({
        available: false,
        priceIncVat: null,
        unavailableReason: 'Our couriers take only standard deliveries to the Scottish Highlands.',
      }),
    );

    const islandPallet = await client.getProductDeliveryOptions({ body: { sku: skus.pallet!.sku, postcode: 'HS1 2AA' } });
    expect(islandPallet).toMatchObject({ zone: 'islands', quoteOnly: true });
    const jersey = await client.getProductDeliveryOptions({ body: { sku: skus.parcel!.sku, postcode: 'JE2 3AB' } });
    expect(jersey).toMatchObject({ zone: 'channel-islands', notServed: true });
    expect(jersey.options.filter((option) => option.available).map((option) => option.code)).toEqual(['click_collect']);
    expect((await client.getProductDeliveryOptions({ body: { sku: skus.parcel!.sku, postcode: '' } })).postcode).toBeNull();
  });

  it('date made-to-order goods from their eta and refuse the in-stock-only options', async () => {
    const result = await client.getProductDeliveryOptions({ body: { sku: skus.madeToOrder!.sku } });
    expect(result.stockStatus).toBe('made_to_order');
    expect(result.options.find((option) => option.code === 'next_day')).toMatchObject({ available: false, earliestDate: null });
    expect(result.options.find((option) => option.code === 'standard')).toMatchObject({ available: true });
  });

  it('refuse unknown skus, bad postcodes and quantities with 4xx problems', async () => {
    const unknown = await failure(client.getProductDeliveryOptions({ body: { sku: 'NOPE-1' } }));
    expect([unknown.status, unknown.code]).toEqual([404, 'SKU_NOT_FOUND']);
    const postcode = await failure(client.getProductDeliveryOptions({ body: { sku: skus.parcel!.sku, postcode: 'W1L 1AA' } }));
    expect([postcode.status, postcode.code]).toEqual([400, 'INVALID_POSTCODE']);
    expect((postcode.data as { errors: { path: string; message: string }[] }).errors[0]).toMatchObject({
      path: 'body.postcode',
      message: expect.stringMatching(/SW1A 1AA/),
    });
    for (const quantity of [0, 1000, 1.5]) {
      const bad = await failure(client.getProductDeliveryOptions({ body: { sku: skus.parcel!.sku, quantity } }));
      expect([quantity, bad.status, bad.code]).toEqual([quantity, 400, 'VALIDATION_FAILED']);
      expect((bad.data as { errors: { path: string }[] }).errors[0]!.path).toBe('body.quantity');
    }
  });

  it('is public, matches the path case-insensitively and is not cached', async () => {
    const response = await fetch(`${api.origin}/api/delivery/delivery/productdeliveryoptions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sku: skus.parcel!.sku, quantity: 2 }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control') ?? '').not.toMatch(/public/);
    expect(((await response.json()) as { quantity: number }).quantity).toBe(2);
  });
});
