/**
 * Order baskets on real orders: placed through checkout with a sandbox payment (stock committed),
 * then changed by the customer who placed it (or staff): every call, each bad input, and the races
 * (two tabs completing, a change against dispatch, the last unit wanted by a change and a shopper).
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatPence, lineTotalExVatOf, newOrderNumber, vatInPence, type Order } from '@shop/contracts';
import { findSeededSku, setStock, type SeededSku } from '../../testing/seeded-skus.ts';
import { failure, type TestApi } from '../../testing/test-api.ts';
import { readOutbox } from '../notifications/testing.ts';
import { pdfText } from '../orders/testing.ts';
import { confirmLikeTheFrame, sandboxGateway, TEST_CARDS } from '../payments/testing.ts';
import { startOrderChangeApi, type ChangeClients, type OrderChangeHarness } from './testing.ts';

let harness: OrderChangeHarness;
let api: TestApi;
let mixer: SeededSku;
let waste: SeededSku;
let alice: ChangeClients;
let bob: ChangeClients;
let staff: ChangeClients;

beforeAll(async () => {
  harness = await startOrderChangeApi((origin, intent) => confirmLikeTheFrame(origin, intent, { number: TEST_CARDS.succeeds }));
  ({ api, alice, bob, staff } = harness);
  const parcel = sql`s.status = 'in_stock' and p.delivery_class = 'parcel' and not p.is_bundle and pr.price_inc_vat between 1000 and 4000 and s.on_hand >= 40`;
  mixer = await findSeededSku(api.database.db, parcel);
  waste = await findSeededSku(api.database.db, parcel, 5);
});
afterAll(() => api.close());
// After every test: no order, payment, stock or code breaks the money and stock rules.
afterEach(() => harness.checkInvariants());

/** A signed-in customer's order through checkout: `quantity` of `sku`, standard delivery to Leeds, paid with 4242. */
async function placeOrder(who = alice, sku = mixer, quantity = 2) {
  const placed = await harness.placeOrder({ who, sku, quantity });
  return { ...placed, params: { id: placed.orderNumber } };
}

const rowsOf = async <T>(query: ReturnType<typeof sql>) => ((await api.database.db.execute(query)) as unknown as { rows: T[] }).rows;
const held = (basketId: string) => api.app.composed.services.inventory.heldFor({ db: api.app.platform.db }, basketId);
const stockOf = async (sku: string) => (await api.app.composed.services.inventory.stockRecord({ db: api.app.platform.db }, sku))!;

/** Completes a basket whose total went up: asked to pay, pays the intent with a test card, completes with it. */
async function payAndComplete(changes: ChangeClients['changes'], id: string, orderVersion: number) {
  const asked = await changes.completeOrderBasket({ params: { id }, body: { orderVersion } });
  if (asked.status !== 'payment_required') throw new Error('expected a payment to be asked for');
  await confirmLikeTheFrame(api.origin, { id: asked.payment.intentId, clientSecret: asked.payment.clientSecret }, { number: TEST_CARDS.succeeds });
  return { asked, done: await changes.completeOrderBasket({ params: { id }, body: { orderVersion, paymentIntentId: asked.payment.intentId } }) };
}

describe('an order basket', () => {
  it('adds, sets and removes items and changes the address, answering the whole basket with figures and the difference each time', async () => {
    const order = await placeOrder();
    const opened = await alice.changes.openOrderBasket({ params: order.params });
    expect(opened).toMatchObject({ orderNumber: order.orderNumber, toPayPence: 0, toRefundPence: 0, changes: [] });
    expect(opened.lines).toEqual([expect.objectContaining({ sku: mixer.sku, quantityBefore: 2, quantity: 2, change: null })]);
    expect(opened.paidPence).toBe(opened.after.totalIncVat);
    // One open basket per order: opening again answers the same one.
    expect((await alice.changes.openOrderBasket({ params: order.params })).expiresAt).toBe(opened.expiresAt);

    // A price sent by the client is ignored: the shop's own price is used.
    const added = await alice.changes.addOrderBasketItem({ params: order.params, body: { sku: waste.sku, quantity: 1, unitPriceIncVat: 1 } as never });
    expect(added.lines.find((line) => line.sku === waste.sku)).toMatchObject({ quantity: 1, unitPriceIncVat: waste.price, change: 'added' });
    expect(added.after.goodsIncVat - added.before.goodsIncVat).toBe(waste.price);
    expect(added.toPayPence).toBe(added.after.totalIncVat - added.paidPence);
    expect(added.difference.totalIncVat).toBe(added.toPayPence);
    expect(await held(order.basketId)).toEqual(new Map([[waste.sku, 1]]));

    const set = await alice.changes.setOrderBasketItem({ params: order.params, body: { sku: waste.sku, quantity: 3 } });
    expect(set.lines.find((line) => line.sku === waste.sku)?.quantity).toBe(3);
    expect(await held(order.basketId)).toEqual(new Map([[waste.sku, 3]]));

    const fewer = await alice.changes.setOrderBasketItem({ params: order.params, body: { sku: mixer.sku, quantity: 1 } });
    expect(fewer.lines.find((line) => line.sku === mixer.sku)).toMatchObject({ quantityBefore: 2, quantity: 1, change: 'fewer' });

    const removed = await alice.changes.removeOrderBasketItem({ params: order.params, body: { sku: waste.sku } });
    expect(removed.lines.some((line) => line.sku === waste.sku)).toBe(false);
    expect(await held(order.basketId)).toEqual(new Map());

    const moved = await alice.changes.setOrderBasketDeliveryDetails({
      params: order.params,
      body: { address: { name: 'Alice Shopper', line1: '2 Shore Road', town: 'Inverness', postcode: 'iv2 3ab' } },
    });
    expect(moved).toMatchObject({ deliveryAddressChanged: true, deliveryAddress: { postcode: 'IV2 3AB' } });
    expect(moved.changes.map((change) => change.modificationType)).toEqual([1, 1, 2, 2, 3]);
    expect(moved.toRefundPence - moved.toPayPence).toBe(moved.paidPence - moved.after.totalIncVat);
  });

  it('refuses each bad input with a clear 4xx and changes nothing', async () => {
    const order = await placeOrder();
    // Another customer's order is the same 404 as an unknown one.
    const others = await failure(bob.changes.openOrderBasket({ params: order.params }));
    const unknown = await failure(alice.changes.openOrderBasket({ params: { id: newOrderNumber() } }));
    expect([others.status, others.code]).toEqual([404, 'ORDER_NOT_FOUND']);
    expect([unknown.status, unknown.code]).toEqual([others.status, others.code]);

    const add = (sku: string, quantity: number) => failure(alice.changes.addOrderBasketItem({ params: order.params, body: { sku, quantity } }));
    expect(await add(waste.sku, 0)).toMatchObject({ status: 400, code: 'ORDER_BASKET_QUANTITY_OUT_OF_RANGE' });
    expect(await add(waste.sku, 1000)).toMatchObject({ status: 400, code: 'ORDER_BASKET_QUANTITY_OUT_OF_RANGE' });
    expect(await add(waste.sku, 1.5)).toMatchObject({ status: 400, code: 'ORDER_BASKET_QUANTITY_NOT_WHOLE' });
    expect(await add('NO-SUCH-SKU', 1)).toMatchObject({ status: 422, code: 'ORDER_BASKET_SKU_NOT_SOLD' });
    const stock = await stockOf(waste.sku);
    const free = stock.onHand - stock.committed - stock.reserved;
    expect(await add(waste.sku, free + 1)).toMatchObject({ status: 422, code: 'ORDER_BASKET_QUANTITY_ABOVE_STOCK' });

    const line = { sku: waste.sku };
    expect(await failure(alice.changes.setOrderBasketItem({ params: order.params, body: { ...line, quantity: 2 } }))).toMatchObject({
      status: 404,
      code: 'ORDER_BASKET_LINE_NOT_FOUND',
    });
    expect(await failure(alice.changes.removeOrderBasketItem({ params: order.params, body: line }))).toMatchObject({
      status: 404,
      code: 'ORDER_BASKET_LINE_NOT_FOUND',
    });
    expect(
      await failure(
        alice.changes.setOrderBasketDeliveryDetails({
          params: order.params,
          body: { address: { name: 'A', line1: '1 Rue', town: 'St Helier', postcode: 'JE2 3AB' } },
        }),
      ),
    ).toMatchObject({ status: 422, code: 'ORDER_BASKET_ADDRESS_NOT_SERVED' });

    const version = (await alice.changes.openOrderBasket({ params: order.params })).orderVersion;
    expect(await failure(alice.changes.completeOrderBasket({ params: order.params, body: { orderVersion: version } }))).toMatchObject({
      status: 422,
      code: 'ORDER_BASKET_EMPTY',
    });
    // Removing everything is a cancellation, not a change.
    await alice.changes.removeOrderBasketItem({ params: order.params, body: { sku: mixer.sku } });
    expect(await failure(alice.changes.completeOrderBasket({ params: order.params, body: { orderVersion: version } }))).toMatchObject({
      status: 422,
      code: 'ORDER_BASKET_NOTHING_LEFT',
    });
    // Left past its expiry: closed, its stock given back, and completing it is refused.
    await alice.changes.addOrderBasketItem({ params: order.params, body: { sku: mixer.sku, quantity: 2 } });
    await alice.changes.addOrderBasketItem({ params: order.params, body: { sku: waste.sku, quantity: 1 } });
    await api.database.db.execute(sql`update order_baskets set expires_at = now() - interval '1 minute' where state = 'open'`);
    expect(await failure(alice.changes.completeOrderBasket({ params: order.params, body: { orderVersion: version } }))).toMatchObject({
      status: 410,
      code: 'ORDER_BASKET_EXPIRED',
    });
    expect(await held(order.basketId)).toEqual(new Map());
    const after = await alice.mine.getMyOrder({ params: { orderNumber: order.orderNumber } });
    expect(after.lines.map((entry) => [entry.sku, entry.quantity])).toEqual([[mixer.sku, 2]]);
  });

  it('explains a code whose minimum spend the changed order no longer meets, rather than dropping it silently, and refunds without it', async () => {
    // WELCOME10: 10% off a spend of £100 or more, once per customer (Carol's only use).
    const { carol } = harness;
    const quantity = Math.ceil(10_000 / mixer.price);
    const { basketId } = await carol.basket.createBasketWithItems({ body: { items: [{ sku: mixer.sku, quantity }] } });
    await carol.basket.addDiscount({ params: { basketId }, body: { code: 'WELCOME10' } });
    const params = { basketId };
    await carol.checkout.setContactDetails({
      params,
      body: { emailAddress: 'carol@example.com', firstName: 'Carol', lastName: 'Shopper', phone: '07700 900124' },
    });
    await carol.checkout.setDeliveryDetails({
      params,
      body: { address: { name: 'Carol Shopper', line1: '3 High Street', town: 'Leeds', postcode: 'LS1 4AP' } },
    });
    await carol.checkout.setBillingDetails({ params, body: { sameAsDelivery: true } });
    await carol.checkout.setDeliveryOption({ params, body: { code: 'standard' } });
    const intent = await carol.checkout.createPaymentIntent({ params, body: {} });
    await confirmLikeTheFrame(api.origin, { id: intent.intentId, clientSecret: intent.clientSecret }, { number: TEST_CARDS.succeeds });
    const placed = await carol.checkout.completePayment({ params });
    const order = { id: placed.orderNumber };

    const opened = await carol.changes.openOrderBasket({ params: order });
    expect(opened.discount).toMatchObject({ code: 'WELCOME10', applies: true, explanation: null });
    expect(opened.before.discountIncVat).toBeGreaterThan(0);
    const fewer = await carol.changes.setOrderBasketItem({ params: order, body: { sku: mixer.sku, quantity: 1 } });
    expect(fewer.discount).toMatchObject({ code: 'WELCOME10', applies: false, explanation: expect.stringContaining('WELCOME10 no longer applies') });
    expect(fewer.notices).toContainEqual({ code: 'discount_removed', message: fewer.discount!.explanation });
    expect(fewer.after.discountIncVat).toBe(0);
    expect(fewer.toRefundPence).toBe(fewer.paidPence - fewer.after.totalIncVat);
    const done = await carol.changes.completeOrderBasket({ params: order, body: { orderVersion: opened.orderVersion } });
    expect(done).toMatchObject({ status: 'completed', refundedPence: fewer.toRefundPence, chargedPence: 0 });
  });

  it('completes an addition: the difference paid by card, the same order number, stock committed, history and an e-mail', async () => {
    const order = await placeOrder();
    const before = await stockOf(waste.sku);
    const opened = await alice.changes.openOrderBasket({ params: order.params });
    const basket = await alice.changes.addOrderBasketItem({ params: order.params, body: { sku: waste.sku, quantity: 1 } });
    const { asked, done } = await payAndComplete(alice.changes, order.orderNumber, opened.orderVersion);
    expect(asked.payment.amountPence).toBe(basket.toPayPence);
    expect(done).toMatchObject({ status: 'completed', orderNumber: order.orderNumber, chargedPence: basket.toPayPence, refundedPence: 0 });

    const changed = await alice.mine.getMyOrder({ params: { orderNumber: order.orderNumber } });
    expect(changed.orderNumber).toBe(order.orderNumber);
    expect(changed.lines.map((line) => [line.sku, line.quantity])).toEqual([
      [mixer.sku, 2],
      [waste.sku, 1],
    ]);
    expect(changed.payment.capturedPence - changed.payment.refundedPence).toBe(basket.after.totalIncVat);
    expect(changed.history.at(-1)).toMatchObject({ kind: 'change', note: expect.stringContaining('Added 1 ×') });
    const after = await stockOf(waste.sku);
    expect([after.committed - before.committed, after.reserved - before.reserved]).toEqual([1, 0]);
    expect(await readOutbox(api.database.db, { template: 'order.changed' })).toEqual(
      expect.arrayContaining([expect.objectContaining({ to: 'alice@example.com' })]),
    );
    // Done once: completing again is refused and charges nothing more.
    expect(await failure(alice.changes.completeOrderBasket({ params: order.params, body: { orderVersion: opened.orderVersion } }))).toMatchObject({
      status: 409,
      code: 'ORDER_BASKET_ALREADY_COMPLETED',
    });
  });

  it('reads to the penny once changed as when placed: its lines and delivery ex VAT are its total less its VAT, worked out per line', async () => {
    // A price whose VAT three times over is a penny away from the VAT of three of it (pence of 1, 2 or 4 more than a multiple of 6 at 20%).
    const where = sql`s.status = 'in_stock' and p.delivery_class = 'parcel' and not p.is_bundle and pr.vat_rate_code = 'standard' and s.on_hand >= 40`;
    const sku = await findSeededSku(api.database.db, sql`${where} and pr.price_inc_vat between 1000 and 4000 and pr.price_inc_vat % 6 in (1, 2, 4)`, 0);
    const vatOf = (pence: number) => vatInPence(pence, 2_000);
    expect(3 * vatOf(sku.price)).not.toBe(vatOf(3 * sku.price));
    const readsToThePenny = (order: Order) => {
      const linesExVat = order.lines.reduce((sum, line) => sum + line.lineTotalExVat, 0);
      expect(linesExVat + lineTotalExVatOf(order.totals.deliveryIncVat, 1, 2_000)).toBe(order.totals.totalIncVat - order.totals.vatIncVat);
    };
    const order = await placeOrder(alice, sku, 1);
    const placed = await alice.mine.getMyOrder({ params: { orderNumber: order.orderNumber } });
    readsToThePenny(placed);

    const opened = await alice.changes.openOrderBasket({ params: order.params });
    expect(opened.before.vatIncluded).toBe(placed.totals.vatIncVat);
    const basket = await alice.changes.addOrderBasketItem({ params: order.params, body: { sku: sku.sku, quantity: 2 } });
    expect(basket.after.totalIncVat - basket.after.vatIncluded).toBe(basket.after.goodsExVat + basket.after.deliveryExVat);
    const { done } = await payAndComplete(alice.changes, order.orderNumber, opened.orderVersion);
    expect(done).toMatchObject({ status: 'completed', chargedPence: basket.toPayPence });

    const changed = await alice.mine.getMyOrder({ params: { orderNumber: order.orderNumber } });
    expect(changed.lines.map((line) => [line.sku, line.quantity])).toEqual([
      [sku.sku, 1],
      [sku.sku, 2],
    ]);
    readsToThePenny(changed);
    // The VAT of each unit, as placing works it out, not that of the three together.
    expect(changed.totals.vatIncVat).toBe(3 * vatOf(sku.price) + vatOf(changed.totals.deliveryIncVat));
    expect(changed.totals).toMatchObject({ totalIncVat: basket.after.totalIncVat, vatIncVat: basket.after.vatIncluded });
  });

  it('completes a removal with an automatic refund of the difference, the stock back on sale', async () => {
    const order = await placeOrder();
    const before = await stockOf(mixer.sku);
    const opened = await alice.changes.openOrderBasket({ params: order.params });
    const basket = await alice.changes.setOrderBasketItem({ params: order.params, body: { sku: mixer.sku, quantity: 1 } });
    expect(basket.toRefundPence).toBeGreaterThanOrEqual(mixer.price);
    const done = await alice.changes.completeOrderBasket({ params: order.params, body: { orderVersion: opened.orderVersion } });
    expect(done).toMatchObject({ status: 'completed', chargedPence: 0, refundedPence: basket.toRefundPence });
    const changed = await alice.mine.getMyOrder({ params: { orderNumber: order.orderNumber } });
    expect(changed.lines[0]).toMatchObject({ quantity: 1, cancelledQuantity: 1 });
    expect(changed.payment.capturedPence - changed.payment.refundedPence).toBe(basket.after.totalIncVat);
    expect((await stockOf(mixer.sku)).committed).toBe(before.committed - 1);
  });

  it('refunds a lower total after a paid change across the order’s payments, never more than each took', async () => {
    const order = await placeOrder();
    const placed = await alice.mine.getMyOrder({ params: { orderNumber: order.orderNumber } });
    const first = placed.payment.capturedPence;
    // A dear addition paid by a second payment, then a change down to one waste: more back than the first payment took.
    const opened = await alice.changes.openOrderBasket({ params: order.params });
    await alice.changes.addOrderBasketItem({ params: order.params, body: { sku: waste.sku, quantity: 5 } });
    const { asked } = await payAndComplete(alice.changes, order.orderNumber, opened.orderVersion);
    if (asked.status !== 'payment_required') throw new Error('expected a payment');
    expect(await harness.chargesOf(order.orderNumber)).toEqual([asked.payment.amountPence]);

    const again = await alice.changes.openOrderBasket({ params: order.params });
    await alice.changes.removeOrderBasketItem({ params: order.params, body: { sku: mixer.sku } });
    const lower = await alice.changes.setOrderBasketItem({ params: order.params, body: { sku: waste.sku, quantity: 1 } });
    expect(lower.toRefundPence).toBeGreaterThan(first);
    const done = await alice.changes.completeOrderBasket({ params: order.params, body: { orderVersion: again.orderVersion } });
    expect(done).toMatchObject({ status: 'completed', refundedPence: lower.toRefundPence });

    // The checkout payment is given back in full, the rest from the change's own payment.
    const gateway = sandboxGateway(api.app);
    const { ref } = (await rowsOf<{ ref: string }>(sql`select payment_intent_ref as ref from orders where order_number = ${order.orderNumber}`))[0]!;
    const checkout = (await gateway.retrieveIntent(ref))!;
    const change = (await gateway.retrieveIntent(asked.payment.intentId))!;
    expect(checkout.amountRefundedPence).toBe(first);
    expect(change.amountRefundedPence).toBe(lower.toRefundPence - first);
    expect(change.amountRefundedPence).toBeLessThanOrEqual(change.amountPence);
    const after = await alice.mine.getMyOrder({ params: { orderNumber: order.orderNumber } });
    expect(after.payment.capturedPence - after.payment.refundedPence).toBe(lower.after.totalIncVat);

    // Cancelled later: what is left comes back from the change's payment, each payment back in full and no further.
    await staff.orders.cancelOrder({ params: { orderNumber: order.orderNumber }, body: { reason: 'Customer changed their mind' } });
    expect((await gateway.retrieveIntent(asked.payment.intentId))!.amountRefundedPence).toBe(change.amountPence);
    expect((await gateway.retrieveIntent(ref))!.amountRefundedPence).toBe(first);
  });

  it('lets staff change a customer’s order with the same rules', async () => {
    const order = await placeOrder();
    const opened = await staff.changes.openOrderBasket({ params: order.params });
    await staff.changes.setOrderBasketItem({ params: order.params, body: { sku: mixer.sku, quantity: 1 } });
    expect(await staff.changes.completeOrderBasket({ params: order.params, body: { orderVersion: opened.orderVersion } })).toMatchObject({
      status: 'completed',
    });
    const rows = (await api.database.db.execute(sql`select actor, by_staff from order_change_history where basket_id in
      (select id from order_baskets where order_id = (select id from orders where order_number = ${order.orderNumber}))`)) as unknown as {
      rows: { actor: string; by_staff: number }[];
    };
    expect(rows.rows).toEqual([{ actor: 'user-staff', by_staff: 1 }]);
    // The history names the member of staff to staff; the customer sees that staff changed it, not who.
    const forStaff = await staff.orders.getOrderForStaff({ params: { orderNumber: order.orderNumber } });
    expect(forStaff.history.filter((entry) => entry.kind === 'change')).toEqual([expect.objectContaining({ by: 'staff', byName: 'Sam Staff' })]);
    const forCustomer = await alice.mine.getMyOrder({ params: { orderNumber: order.orderNumber } });
    expect(forCustomer.history.filter((entry) => entry.kind === 'change')).toEqual([expect.objectContaining({ by: 'staff', byName: null })]);
  });
});

describe('the VAT invoice of a changed order', () => {
  /** The order's VAT invoice (or one of its documents by number) as its customer downloads it: status, number and text. */
  async function download(orderNumber: string, number?: string, who = 'alice') {
    const query = number ? `?number=${number}` : '';
    const answer = await fetch(`${api.serviceUrl('help-centre')}/Order/${orderNumber}/vat-invoice${query}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${who}` },
    });
    return readPdf(answer);
  }
  /** Staff's download of one of the order's documents, from the order's staff page. */
  const staffDownload = async (orderNumber: string, number: string, who = 'staff') =>
    readPdf(await fetch(`${api.serviceUrl('orders')}/Staff/Orders/${orderNumber}/VatDocuments/${number}`, { headers: { authorization: `Bearer ${who}` } }));
  async function readPdf(answer: Response) {
    if (answer.status !== 200) return { status: answer.status, number: null, text: JSON.stringify(await answer.json()) };
    const named = /"((?:INV|CN)-\d{7})\.pdf"/.exec(answer.headers.get('content-disposition') ?? '')![1]!;
    return { status: 200, number: named, text: pdfText(new Uint8Array(await answer.arrayBuffer())) };
  }
  const pounds = (pence: number) => formatPence(pence);
  const sequenceOf = (number: string) => Number(number.slice(-7));

  it('once issued, is cancelled by a credit note and replaced by a new invoice, numbered in sequence, after each change', async () => {
    const order = await placeOrder();
    // No invoice asked for yet: a change issues none.
    expect((await alice.mine.getMyOrder({ params: { orderNumber: order.orderNumber } })).vatDocuments).toEqual([]);
    const first = await download(order.orderNumber);
    const placed = await alice.mine.getMyOrder({ params: { orderNumber: order.orderNumber } });
    expect(placed.vatDocuments).toEqual([expect.objectContaining({ number: first.number, kind: 'invoice', replacedBy: null })]);

    // A dearer change paid by card.
    const opened = await alice.changes.openOrderBasket({ params: order.params });
    const added = await alice.changes.addOrderBasketItem({ params: order.params, body: { sku: waste.sku, quantity: 1 } });
    await payAndComplete(alice.changes, order.orderNumber, opened.orderVersion);
    const changed = await alice.mine.getMyOrder({ params: { orderNumber: order.orderNumber } });
    const [old, credit, current] = changed.vatDocuments;
    expect(changed.vatDocuments).toHaveLength(3);
    expect(old).toMatchObject({ number: first.number, kind: 'invoice', replacedBy: current!.number });
    expect(credit).toMatchObject({ kind: 'credit_note', cancels: first.number });
    expect(credit!.number).toMatch(/^CN-\d{7}$/);
    expect(current).toMatchObject({ kind: 'invoice', replacedBy: null });
    expect(sequenceOf(current!.number)).toBeGreaterThan(sequenceOf(first.number!));
    // Staff's view of the order lists the same.
    expect((await staff.orders.getOrderForStaff({ params: { orderNumber: order.orderNumber } })).vatDocuments).toEqual(changed.vatDocuments);

    // The old invoice reads as it did, saying what replaced it; the credit note cancels all of it; the new one has the new total.
    const before = await download(order.orderNumber, first.number!);
    expect(before.text).toContain(`Invoice number: ${first.number}`);
    expect(before.text).toContain(pounds(placed.payment.capturedPence));
    expect(before.text).toContain(`Cancelled by credit note ${credit!.number} and replaced by VAT invoice ${current!.number}.`);
    const note = await download(order.orderNumber, credit!.number);
    expect(note).toMatchObject({ status: 200, number: credit!.number });
    expect(note.text).toContain('Credit note');
    expect(note.text).toContain(`Credit note number: ${credit!.number}`);
    expect(note.text).toContain(`Cancels VAT invoice ${first.number}`);
    expect(note.text).toContain(pounds(placed.payment.capturedPence));
    const now = await download(order.orderNumber);
    expect(now.number).toBe(current!.number);
    expect(now.text).toContain(pounds(added.after.totalIncVat));
    // The added item is a line of its own on the new invoice, not on the old one.
    const wasteName = added.lines.find((line) => line.sku === waste.sku)!.productName.slice(0, 40);
    expect(now.text).toContain(wasteName);
    expect(before.text).not.toContain(wasteName);

    // A cheaper change later: the second invoice is cancelled in turn, the third has the lower total and no credit note for the change's refund.
    const again = await alice.changes.openOrderBasket({ params: order.params });
    const lower = await alice.changes.removeOrderBasketItem({ params: order.params, body: { sku: waste.sku } });
    await alice.changes.completeOrderBasket({ params: order.params, body: { orderVersion: again.orderVersion } });
    const twice = (await alice.mine.getMyOrder({ params: { orderNumber: order.orderNumber } })).vatDocuments;
    expect(twice.map((document) => document.kind)).toEqual(['invoice', 'credit_note', 'invoice', 'credit_note', 'invoice']);
    const third = twice[4]!;
    expect(sequenceOf(third.number)).toBeGreaterThan(sequenceOf(current!.number));
    const secondNote = await download(order.orderNumber, twice[3]!.number);
    expect(secondNote.text).toContain(`Cancels VAT invoice ${current!.number}`);
    expect(secondNote.text).toContain(pounds(added.after.totalIncVat));
    const last = await download(order.orderNumber);
    expect(last.number).toBe(third.number);
    expect(last.text).toContain(pounds(lower.after.totalIncVat));
    expect(last.text).not.toContain('Credit notes (refunds against this invoice)');

    // Another order's document, or a made-up number, is a clear 4xx.
    const other = await placeOrder();
    expect(await download(other.orderNumber, first.number!)).toMatchObject({ status: 404 });
    expect((await download(other.orderNumber, first.number!)).text).toContain('VAT_DOCUMENT_NOT_FOUND');
    expect(await download(order.orderNumber, 'INV-12')).toMatchObject({ status: 400 });
  });

  it('lists each invoice and credit note with its date and amount, which staff download from the order and no other customer can', async () => {
    const order = await placeOrder();
    const first = await download(order.orderNumber);
    const placed = await alice.mine.getMyOrder({ params: { orderNumber: order.orderNumber } });
    expect(placed.vatDocuments).toEqual([
      { number: first.number, kind: 'invoice', issuedAt: expect.any(String), amountPence: placed.totals.totalIncVat, replacedBy: null },
    ]);
    const opened = await alice.changes.openOrderBasket({ params: order.params });
    const added = await alice.changes.addOrderBasketItem({ params: order.params, body: { sku: waste.sku, quantity: 1 } });
    await payAndComplete(alice.changes, order.orderNumber, opened.orderVersion);
    const { vatDocuments } = await alice.mine.getMyOrder({ params: { orderNumber: order.orderNumber } });
    expect(vatDocuments.map(({ kind, amountPence }) => ({ kind, amountPence }))).toEqual([
      { kind: 'invoice', amountPence: placed.totals.totalIncVat },
      { kind: 'credit_note', amountPence: placed.totals.totalIncVat },
      { kind: 'invoice', amountPence: added.after.totalIncVat },
    ]);
    const credit = vatDocuments[1]!;
    expect(Date.parse(credit.issuedAt)).toBeGreaterThanOrEqual(Date.parse(vatDocuments[0]!.issuedAt));
    expect((await staff.orders.getOrderForStaff({ params: { orderNumber: order.orderNumber } })).vatDocuments).toEqual(vatDocuments);

    // Staff download each, as the customer does; only a document the order has, and never a new invoice by reading.
    for (const document of vatDocuments) {
      const staffCopy = await staffDownload(order.orderNumber, document.number);
      expect(staffCopy).toMatchObject({ status: 200, number: document.number });
      expect(staffCopy.text).toBe((await download(order.orderNumber, document.number)).text);
    }
    expect(await staffDownload(order.orderNumber, 'INV-9999999')).toMatchObject({ status: 404 });
    expect((await staffDownload(order.orderNumber, 'INV-9999999')).text).toContain('VAT_DOCUMENT_NOT_FOUND');
    expect(await staffDownload(order.orderNumber, 'NOT-A-NUMBER')).toMatchObject({ status: 400 });
    // A customer is not staff, even for their own order.
    expect(await staffDownload(order.orderNumber, credit.number, 'alice')).toMatchObject({ status: 403 });

    // Another customer cannot download them: the same refusal as for an order that is not there, saying nothing of it.
    const others = await download(order.orderNumber, credit.number, 'bob');
    expect(others.status).toBe(403);
    expect(JSON.parse(others.text)).toMatchObject({ code: 'ORDER_LINK_REQUIRED' });
    expect(JSON.parse(others.text).detail).not.toContain(credit.number);
    const unknown = await download(newOrderNumber(), credit.number, 'bob');
    expect([unknown.status, JSON.parse(unknown.text).code]).toEqual([others.status, 'ORDER_LINK_REQUIRED']);
    expect((await download(order.orderNumber, undefined, 'bob')).status).toBe(403);
  });
});

describe('staff changing an order for a customer on the phone (decision 0089)', () => {
  it('sends a change that raises the total to the customer to review and pay, charging and changing nothing; the customer pays and completes it', async () => {
    const order = await placeOrder();
    const opened = await staff.changes.openOrderBasket({ params: order.params });
    const added = await staff.changes.addOrderBasketItem({ params: order.params, body: { sku: waste.sku, quantity: 1 } });
    expect(added.toPayPence).toBeGreaterThan(0);
    const sent = await staff.changes.completeOrderBasket({ params: order.params, body: { orderVersion: opened.orderVersion } });
    expect(sent).toMatchObject({ status: 'sent_to_customer', sentTo: 'a***@example.com', amountPence: added.toPayPence });
    if (sent.status !== 'sent_to_customer') throw new Error('expected the changes to be sent to the customer');
    // The changes and their stock are kept as long as the link works, not the basket's usual half hour.
    expect(Date.parse(sent.keptUntil) - Date.now()).toBeGreaterThan(23 * 60 * 60 * 1000);
    expect((await alice.changes.openOrderBasket({ params: order.params })).expiresAt).toBe(new Date(sent.keptUntil).toISOString());
    expect(await held(order.basketId)).toEqual(new Map([[waste.sku, 1]]));
    const [email] = await readOutbox(api.database.db, { to: 'alice@example.com', template: 'order.change-to-pay' });
    expect(email!.subject).toContain(order.orderNumber);
    expect(email!.text).toContain(`Added 1 ×`);
    expect(email!.text).toMatch(/\/order-help\/link\/[A-Za-z0-9_-]+\?to=change/);
    // Pressed again for the same changes: the same answer, no second e-mail.
    expect(await staff.changes.completeOrderBasket({ params: order.params, body: { orderVersion: opened.orderVersion } })).toMatchObject({
      status: 'sent_to_customer',
    });
    expect(await readOutbox(api.database.db, { to: 'alice@example.com', template: 'order.change-to-pay' })).toHaveLength(1);
    const untouched = await alice.mine.getMyOrder({ params: { orderNumber: order.orderNumber } });
    expect(untouched.lines.map((line) => line.sku)).toEqual([mixer.sku]);
    const asked = (await api.database.db.execute(sql`select count(*)::int as n from order_baskets where payment_intent_ref is not null and order_id =
      (select id from orders where order_number = ${order.orderNumber})`)) as unknown as { rows: { n: number }[] };
    expect(asked.rows[0]!.n).toBe(0);

    // The customer opens their order's changes: staff's are there, and they pay the difference by card.
    const seen = await alice.changes.openOrderBasket({ params: order.params });
    expect(seen.lines.find((line) => line.sku === waste.sku)).toMatchObject({ change: 'added', quantity: 1 });
    const { done } = await payAndComplete(alice.changes, order.orderNumber, seen.orderVersion);
    expect(done).toMatchObject({ status: 'completed', chargedPence: added.toPayPence });
    const history = (await staff.orders.getOrderForStaff({ params: { orderNumber: order.orderNumber } })).history.filter((entry) => entry.kind === 'change');
    expect(history).toEqual([expect.objectContaining({ by: 'customer', byName: null })]);
  });

  it('refuses staff’s change made against an older version of the order with 409, as the customer’s', async () => {
    const order = await placeOrder();
    const opened = await staff.changes.openOrderBasket({ params: order.params });
    await staff.changes.setOrderBasketItem({ params: order.params, body: { sku: mixer.sku, quantity: 1 } });
    await staff.orders.advanceOrder({ params: { orderNumber: order.orderNumber }, body: { status: 'processing' } });
    const refused = await failure(staff.changes.completeOrderBasket({ params: order.params, body: { orderVersion: opened.orderVersion } }));
    expect(refused).toMatchObject({ status: 409, code: 'ORDER_BASKET_STALE' });
    expect((await alice.mine.getMyOrder({ params: { orderNumber: order.orderNumber } })).lines[0]).toMatchObject({ quantity: 2, cancelledQuantity: 0 });
  });
});

describe('order baskets racing', () => {
  it('refuses a change made against an older version of the order with 409 saying what changed, and charges nothing', async () => {
    const order = await placeOrder();
    const opened = await alice.changes.openOrderBasket({ params: order.params });
    await alice.changes.addOrderBasketItem({ params: order.params, body: { sku: waste.sku, quantity: 1 } });
    await staff.orders.advanceOrder({ params: { orderNumber: order.orderNumber }, body: { status: 'processing' } });
    const refused = await failure(alice.changes.completeOrderBasket({ params: order.params, body: { orderVersion: opened.orderVersion } }));
    expect(refused).toMatchObject({ status: 409, code: 'ORDER_BASKET_STALE' });
    expect(refused.message).toMatch(/changed since you opened/);
    const rows = (await api.database.db.execute(sql`select count(*)::int as n from order_baskets where payment_intent_ref is not null and order_id =
      (select id from orders where order_number = ${order.orderNumber})`)) as unknown as { rows: { n: number }[] };
    expect(rows.rows[0]!.n).toBe(0);
  });

  it('two tabs completing one change: one wins, the other is 409, one charge', async () => {
    const order = await placeOrder();
    const opened = await alice.changes.openOrderBasket({ params: order.params });
    await alice.changes.addOrderBasketItem({ params: order.params, body: { sku: waste.sku, quantity: 1 } });
    const asked = await alice.changes.completeOrderBasket({ params: order.params, body: { orderVersion: opened.orderVersion } });
    if (asked.status !== 'payment_required') throw new Error('expected a payment');
    // The second tab asks for its own payment: the same intent comes back, never a second charge.
    const again = await alice.changes.completeOrderBasket({ params: order.params, body: { orderVersion: opened.orderVersion } });
    expect(again).toMatchObject({ status: 'payment_required', payment: { intentId: asked.payment.intentId } });
    await confirmLikeTheFrame(api.origin, { id: asked.payment.intentId, clientSecret: asked.payment.clientSecret }, { number: TEST_CARDS.succeeds });
    const body = { orderVersion: opened.orderVersion, paymentIntentId: asked.payment.intentId };
    const results = await Promise.allSettled([0, 1].map(() => alice.changes.completeOrderBasket({ params: order.params, body })));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const lost = results.find((result) => result.status === 'rejected');
    expect((lost as PromiseRejectedResult).reason).toMatchObject({ status: 409 });
    const changed = await alice.mine.getMyOrder({ params: { orderNumber: order.orderNumber } });
    expect(changed.lines.filter((line) => line.sku === waste.sku)).toHaveLength(1);
    const intent = await sandboxGateway(api.app).retrieveIntent(asked.payment.intentId);
    expect(intent).toMatchObject({ status: 'succeeded', amountRefundedPence: 0 });
  });

  it('a change completed while staff dispatch: one wins, the other is told; a payment for a change not made goes back', async () => {
    const order = await placeOrder();
    const opened = await alice.changes.openOrderBasket({ params: order.params });
    await alice.changes.addOrderBasketItem({ params: order.params, body: { sku: waste.sku, quantity: 1 } });
    const asked = await alice.changes.completeOrderBasket({ params: order.params, body: { orderVersion: opened.orderVersion } });
    if (asked.status !== 'payment_required') throw new Error('expected a payment');
    await confirmLikeTheFrame(api.origin, { id: asked.payment.intentId, clientSecret: asked.payment.clientSecret }, { number: TEST_CARDS.succeeds });
    const [completed, dispatched] = await Promise.allSettled([
      alice.changes.completeOrderBasket({ params: order.params, body: { orderVersion: opened.orderVersion, paymentIntentId: asked.payment.intentId } }),
      staff.orders.advanceOrder({ params: { orderNumber: order.orderNumber }, body: { status: 'dispatched', carrier: 'DPD', trackingNumber: 'DPD123456' } }),
    ]);
    expect(dispatched.status).toBe('fulfilled');
    const intent = (await sandboxGateway(api.app).retrieveIntent(asked.payment.intentId))!;
    const order2 = await alice.mine.getMyOrder({ params: { orderNumber: order.orderNumber } });
    // Whichever won, the order and the card agree: the change is on the order and paid, or neither.
    const applied = completed.status === 'fulfilled';
    const staleRefusal = completed.status === 'rejected' ? (completed.reason as { status: number; code?: string }) : null;
    expect(staleRefusal === null ? 'applied' : `${staleRefusal.status} ${staleRefusal.code}`).toBe(applied ? 'applied' : '409 ORDER_BASKET_STALE');
    expect(order2.lines.some((line) => line.sku === waste.sku)).toBe(applied);
    expect(intent.amountRefundedPence).toBe(applied ? 0 : intent.amountPence);
  });

  it('the last unit, added by a change and bought by another shopper at once, is never oversold', async () => {
    const last = await findSeededSku(
      api.database.db,
      sql`s.status = 'in_stock' and p.delivery_class = 'parcel' and not p.is_bundle and pr.price_inc_vat between 1000 and 4000`,
      9,
    );
    const order = await placeOrder();
    await setStock(api.database.db, last.sku, 'in_stock', 1);
    const { basketId } = await bob.basket.createBasketWithItems({ body: { items: [{ sku: last.sku, quantity: 1 }] } });
    const params = { basketId };
    await bob.checkout.setContactDetails({ params, body: { emailAddress: 'bob@example.com', firstName: 'Bob', lastName: 'Buyer', phone: '07700 900124' } });
    await bob.checkout.setDeliveryDetails({ params, body: { address: { name: 'Bob Buyer', line1: '3 High Street', town: 'Leeds', postcode: 'LS1 4AP' } } });
    await bob.checkout.setBillingDetails({ params, body: { sameAsDelivery: true } });
    await bob.checkout.setDeliveryOption({ params, body: { code: 'standard' } });
    await alice.changes.openOrderBasket({ params: order.params });
    const results = await Promise.allSettled([
      alice.changes.addOrderBasketItem({ params: order.params, body: { sku: last.sku, quantity: 1 } }),
      bob.checkout.createPaymentIntent({ params, body: {} }),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled').length).toBeLessThanOrEqual(1);
    const stock = await stockOf(last.sku);
    expect(stock.reserved + stock.committed).toBeLessThanOrEqual(1);
  });
});
