/**
 * Returns handled by staff (authorise, refuse, receive and refund) and the races the issue names:
 * cancelling while staff dispatch, two refunds of one return, two first downloads of one invoice.
 * Raced requests are meaningful on PostgreSQL (`--project api-postgres`), where they really overlap.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '../../testing/test-api.ts';
import { failure } from '../../testing/test-api.ts';
import { readOutbox } from '../notifications/testing.ts';
import { confirmLikeTheFrame, TEST_CARDS } from '../payments/testing.ts';
import { startOrderHelpApi, type OrderHelpHarness } from './order-help.testing.ts';

let harness: OrderHelpHarness;
let api: TestApi;

beforeAll(async () => {
  harness = await startOrderHelpApi('returns', (origin, intent) => confirmLikeTheFrame(origin, intent, { number: TEST_CARDS.succeeds }));
  api = harness.api;
});
afterAll(() => api.close());

const succeededRefunds = async (orderNumber: string) => {
  const result = (await api.database.db.execute(
    sql`select r.amount_pence from order_refunds r join orders o on o.id = r.order_id where o.order_number = ${orderNumber} and r.state = 'succeeded'`,
  )) as unknown as { rows: { amount_pence: number }[] };
  return result.rows.map((row) => Number(row.amount_pence));
};

/** A delivered guest order with a return of one unit requested. */
async function requestedReturn() {
  const order = await harness.placeOrder({ quantity: 2 });
  await harness.advance(order.orderNumber, 'delivered');
  const requested = await harness.help(undefined, await harness.linkFor(order)).requestUnwantedItemsReturn({
    params: { id: order.orderNumber },
    body: { lines: [{ position: 0, quantity: 1 }], reason: 'changed-mind' },
  });
  return { order, requested, params: { reference: requested.reference } };
}

describe('staff handling a return', () => {
  it('authorises it, receives it and refunds it once; a second receipt is 409; customers cannot call these', async () => {
    const { order, requested, params } = await requestedReturn();
    const staff = harness.help('staff');
    expect(await staff.getReturn({ params })).toMatchObject({
      returnReference: requested.returnReference,
      orderNumber: order.orderNumber,
      status: 'requested',
      refundPence: harness.sku.price,
      lines: [{ position: 0, sku: harness.sku.sku, quantity: 1, unitPriceIncVat: harness.sku.price }],
    });
    expect(await failure(harness.help('alice').getReturn({ params }))).toMatchObject({ status: 403 });
    expect(await failure(staff.receiveReturn({ params, body: {} }))).toMatchObject({ status: 409, code: 'RETURN_STATUS_NOT_ALLOWED' });
    expect(await failure(staff.authoriseReturn({ params, body: { version: 7 } }))).toMatchObject({ status: 409, code: 'RETURN_CHANGED' });

    const authorised = await staff.authoriseReturn({ params, body: { version: 1 } });
    expect(authorised).toMatchObject({ status: 'authorised', version: 2 });
    expect(await readOutbox(api.database.db, { to: order.email, template: 'help-centre.return-authorised' })).toHaveLength(1);
    expect(await failure(staff.refuseReturn({ params, body: { reason: 'Too late' } }))).toMatchObject({ status: 409, code: 'RETURN_STATUS_NOT_ALLOWED' });

    const received = await staff.receiveReturn({ params, body: {} });
    expect(received).toMatchObject({ status: 'refunded', refundedAt: expect.any(String), receivedAt: expect.any(String) });
    expect(await succeededRefunds(order.orderNumber)).toEqual([harness.sku.price]);
    expect(await failure(staff.receiveReturn({ params, body: {} }))).toMatchObject({ status: 409, code: 'RETURN_ALREADY_REFUNDED' });
    expect(await failure(staff.getReturn({ params: { reference: 'HC-ZZZZZZ' } }))).toMatchObject({ status: 404, code: 'RETURN_NOT_FOUND' });
  });

  it('refuses one with the reason the customer reads, and the goods can be asked back again', async () => {
    const { order, params } = await requestedReturn();
    const staff = harness.help('staff');
    const blank = await failure(staff.refuseReturn({ params, body: { reason: '' } }));
    expect(JSON.stringify(blank.data)).toContain('Enter the reason: the customer reads it');
    expect(await staff.refuseReturn({ params, body: { reason: 'The seal has been broken.' } })).toMatchObject({
      status: 'refused',
      refusalReason: 'The seal has been broken.',
    });
    const [email] = await readOutbox(api.database.db, { to: order.email, template: 'help-centre.return-refused' });
    expect(email!.text).toContain('The seal has been broken.');
    const products = await harness.help(undefined, await harness.linkFor(order)).getOrderProducts({ params: { orderGuid: order.orderNumber } });
    expect(products.lines[0]).toMatchObject({ returnedQuantity: 0, returnableQuantity: 2 });
  });
});

describe('races', () => {
  it('two receipts of one return at once refund it once', async () => {
    const { order, params } = await requestedReturn();
    const staff = harness.help('staff');
    await staff.authoriseReturn({ params, body: {} });
    const results = await Promise.allSettled([staff.receiveReturn({ params, body: {} }), staff.receiveReturn({ params, body: {} })]);
    expect(results.some((result) => result.status === 'fulfilled')).toBe(true);
    const refused = results.flatMap((result) => (result.status === 'rejected' ? [(result.reason as { status: number }).status] : []));
    expect(refused.filter((status) => status !== 409)).toEqual([]);
    expect(await succeededRefunds(order.orderNumber)).toEqual([harness.sku.price]);
    expect(await staff.getReturn({ params })).toMatchObject({ status: 'refunded' });
  });

  it('cancelling while staff dispatch: exactly one wins, and the customer is told which', async () => {
    for (let round = 0; round < 3; round += 1) {
      const order = await harness.placeOrder({ as: 'alice' });
      await harness.advance(order.orderNumber, 'picking');
      const [cancel, dispatch] = await Promise.allSettled([
        harness.help('alice').cancelOrder({ params: { id: order.orderNumber }, body: { reason: 'No longer needed' } }),
        harness.staff.advanceOrder({
          params: { orderNumber: order.orderNumber },
          body: { status: 'dispatched', carrier: 'DPD', trackingNumber: '15501234567890' },
        }),
      ]);
      expect(cancel.status).toBe('fulfilled');
      const answer = (cancel as PromiseFulfilledResult<{ outcome: string; refundedPence: number; returnReference: string | null }>).value;
      const dispatchWon = dispatch.status === 'fulfilled';
      const seen = {
        outcome: answer.outcome,
        refundedPence: answer.refundedPence,
        returnReference: answer.returnReference?.slice(0, 3) ?? null,
        dispatch: dispatch.status === 'fulfilled' ? 'dispatched' : (dispatch.reason as { status: number }).status,
        refunds: await succeededRefunds(order.orderNumber),
      };
      // The dispatch won: the cancellation became a return, nothing refunded yet. Or the
      // cancellation won: refunded in full, and the dispatch was refused.
      expect(seen).toEqual(
        dispatchWon
          ? { outcome: 'return', refundedPence: 0, returnReference: 'RT-', dispatch: 'dispatched', refunds: [] }
          : { outcome: 'cancelled', refundedPence: order.totalIncVat, returnReference: null, dispatch: 409, refunds: [order.totalIncVat] },
      );
    }
  });

  it('two first downloads of an invoice at once get one number', async () => {
    const order = await harness.placeOrder({ as: 'alice' });
    const download = () =>
      fetch(`${api.serviceUrl('help-centre')}/Order/${order.orderNumber}/vat-invoice`, { method: 'POST', headers: harness.headers('alice') });
    const [first, second] = await Promise.all([download(), download()]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const numbers = [first, second].map((response) => response.headers.get('content-disposition')!.match(/INV-\d{7}/)![0]);
    expect(numbers[0]).toBe(numbers[1]);
    const stored = (await api.database.db.execute(
      sql`select count(*)::int as n from vat_invoices v join orders o on o.id = v.order_id where o.order_number = ${order.orderNumber}`,
    )) as unknown as { rows: { n: number }[] };
    expect(Number(stored.rows[0]!.n)).toBe(1);
  });
});
