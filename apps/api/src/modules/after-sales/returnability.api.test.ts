/**
 * Which goods can come back as unwanted is the product's returnability in the catalogue as it was
 * when the order was placed, kept on the order's lines (docs/domain.md §8.1), never its name: real
 * orders placed through checkout, delivered, then returned by a guest with the link we e-mail.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, type TestApi } from '../../testing/test-api.ts';
import { findSeededSku } from '../../testing/seeded-skus.ts';
import { confirmLikeTheFrame, TEST_CARDS } from '../payments/testing.ts';
import { startOrderHelpApi, type OrderHelpHarness } from './order-help.testing.ts';

let harness: OrderHelpHarness;
let api: TestApi;

beforeAll(async () => {
  harness = await startOrderHelpApi('returnability', (origin, intent) => confirmLikeTheFrame(origin, intent, { number: TEST_CARDS.succeeds }));
  ({ api } = harness);
});
afterAll(() => api.close());

const parcel = sql`p.delivery_class = 'parcel' and not p.is_bundle and s.status = 'in_stock' and s.on_hand >= 10`;

/** What the catalogue says of a sku's product (there is no staff product editor: the catalogue's data sets it). */
const setReturnability = (sku: string, returnability: string) =>
  api.database.db.execute(sql`update products set returnability = ${returnability} where id = (select product_id from offerings where sku = ${sku})`);

/** A delivered order of one `sku`, and a guest's help centre client with its link. */
async function delivered(sku: string) {
  const order = await harness.placeOrder({ sku, quantity: 1 });
  await harness.advance(order.orderNumber, 'delivered');
  return { order, help: harness.help(undefined, await harness.linkFor(order)) };
}

describe('returnability', () => {
  it('comes from the catalogue: its sealed hygiene goods and only they are refused once opened', async () => {
    const head = await findSeededSku(api.database.db, sql`p.returnability = 'sealed-hygiene' and p.name ilike '%shower head%' and ${parcel}`, 0);
    const waste = await findSeededSku(api.database.db, sql`p.returnability = 'sealed-hygiene' and p.name ilike '%waste%' and ${parcel}`, 0);
    // A waste the catalogue says may come back opened: its name no longer decides.
    await setReturnability(waste.sku, 'standard');
    const opened = (order: { orderNumber: string }) => ({
      params: { id: order.orderNumber },
      body: { reason: 'changed-mind' as const, lines: [{ position: 0, quantity: 1, opened: true }] },
    });

    const sealed = await delivered(head.sku);
    const refused = await failure(sealed.help.requestUnwantedItemsReturn(opened(sealed.order)));
    expect(refused).toMatchObject({ status: 422, code: 'RETURN_NOT_ALLOWED' });
    expect((await sealed.help.getOrderProducts({ params: { orderGuid: sealed.order.orderNumber } })).lines[0]).toMatchObject({ sealedHygieneGood: true });

    const standard = await delivered(waste.sku);
    const products = await standard.help.getOrderProducts({ params: { orderGuid: standard.order.orderNumber } });
    expect(products.lines[0]).toMatchObject({ sealedHygieneGood: false, notReturnableReason: null, returnableQuantity: 1 });
    expect(await standard.help.requestUnwantedItemsReturn(opened(standard.order))).toMatchObject({ returnReference: expect.stringMatching(/^RT-/) });
  });

  it('refuses a product the catalogue marks made to measure, whatever its name, and says why', async () => {
    const screen = await findSeededSku(api.database.db, sql`p.returnability = 'standard' and p.name not ilike '%measure%' and ${parcel}`, 3);
    await setReturnability(screen.sku, 'made-to-measure');
    const { order, help } = await delivered(screen.sku);
    const products = await help.getOrderProducts({ params: { orderGuid: order.orderNumber } });
    expect(products.lines[0]).toMatchObject({ returnableQuantity: 0, notReturnableReason: expect.stringContaining('was made to measure for you') });
    const refused = await failure(
      help.requestUnwantedItemsReturn({ params: { id: order.orderNumber }, body: { reason: 'changed-mind', lines: [{ position: 0, quantity: 1 }] } }),
    );
    expect(refused).toMatchObject({ status: 422, code: 'RETURN_NOT_ALLOWED' });
    expect((refused.data as { detail: string }).detail).toContain('cannot be returned as unwanted. If it is faulty, report it instead.');
  });

  it('is kept with the order as it was when sold: a later change to the product changes no order already placed', async () => {
    const tray = await findSeededSku(api.database.db, sql`p.returnability = 'standard' and p.name not ilike '%measure%' and ${parcel}`, 5);
    const before = await delivered(tray.sku);
    await setReturnability(tray.sku, 'made-to-measure');
    const after = await delivered(tray.sku);
    const lineOf = async ({ order, help }: Awaited<ReturnType<typeof delivered>>) =>
      (await help.getOrderProducts({ params: { orderGuid: order.orderNumber } })).lines[0];
    expect(await lineOf(before)).toMatchObject({ returnableQuantity: 1, notReturnableReason: null });
    expect(await lineOf(after)).toMatchObject({ returnableQuantity: 0, notReturnableReason: expect.stringContaining('was made to measure for you') });
    const back = { params: { id: before.order.orderNumber }, body: { reason: 'changed-mind' as const, lines: [{ position: 0, quantity: 1 }] } };
    expect(await before.help.requestUnwantedItemsReturn(back)).toMatchObject({ returnReference: expect.stringMatching(/^RT-/) });
    // Put back as the seed has it, for the other tests sharing this shop.
    await setReturnability(tray.sku, 'standard');
  });
});
