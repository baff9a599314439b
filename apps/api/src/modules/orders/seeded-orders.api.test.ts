/**
 * The demo data's past orders are paid as a checkout's are: staff cancelling one that has not been
 * dispatched refund its payment at the sandbox gateway and give its stock back, once.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrdersClient, type OrdersClient } from '@shop/api-client';
import type { Actor } from '../../platform/context.ts';
import { invariantViolations } from '../../testing/order-invariants.ts';
import { failure, startTestApi, type TestApi } from '../../testing/test-api.ts';
import { createInventoryService } from '../inventory/index.ts';
import { sandboxGateway } from '../payments/testing.ts';

let api: TestApi;
let staff: OrdersClient;
const actors: Record<string, Actor> = { staff: { userId: 'user-staff', roles: ['shopper', 'order-admin'] } };

beforeAll(async () => {
  api = await startTestApi({ authenticate: async (authorization) => actors[authorization.replace(/^Bearer /, '')] ?? null });
  staff = createOrdersClient({ baseUrl: api.serviceUrl('orders'), getAccessToken: () => 'staff' });
});
afterAll(() => api?.close());

const rows = async <T>(query: ReturnType<typeof sql>) => ((await api.database.db.execute(query)) as unknown as { rows: T[] }).rows;

/** Units committed for each of the order's skus, as stock levels say. */
async function committedFor(orderId: string): Promise<Record<string, number>> {
  const found = await rows<{ sku: string; committed: number }>(
    sql`select s.sku, s.committed from stock_counts s where s.sku in (select l.sku from order_lines l where l.order_id = ${orderId}) order by s.sku`,
  );
  return Object.fromEntries(found.map((row) => [row.sku, Number(row.committed)]));
}

describe('a seeded order not yet dispatched', () => {
  it('is cancelled by staff: its payment refunded at the gateway, its stock given back once', async () => {
    const [order] = await rows<{ id: string; order_number: string; payment_intent_ref: string; captured_pence: number }>(
      sql`select id, order_number, payment_intent_ref, captured_pence from orders
          where status = 'placed' and refunded_pence = 0 and basket_id like 'demo-%' order by placed_at desc limit 1`,
    );
    expect(order).toBeTruthy();
    const params = { orderNumber: order!.order_number };
    const ordered = Object.fromEntries(
      (
        await rows<{ sku: string; quantity: number }>(
          sql`select sku, sum(quantity)::int as quantity from order_lines where order_id = ${order!.id} group by sku`,
        )
      ).map((row) => [row.sku, Number(row.quantity)]),
    );
    const before = await committedFor(order!.id);
    expect(await sandboxGateway(api.app).retrieveIntent(order!.payment_intent_ref)).toMatchObject({ status: 'succeeded', amountRefundedPence: 0 });

    const cancelled = await staff.cancelOrder({ params, body: { reason: 'Customer rang to cancel' } });
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      payment: { status: 'refunded', capturedPence: order!.captured_pence, refundedPence: order!.captured_pence, refundablePence: 0 },
      refunds: [{ kind: 'cancellation', amountPence: order!.captured_pence, state: 'succeeded', failure: null }],
    });
    expect(await sandboxGateway(api.app).retrieveIntent(order!.payment_intent_ref)).toMatchObject({ amountRefundedPence: order!.captured_pence });
    const given = Object.fromEntries(Object.entries(before).map(([sku, committed]) => [sku, committed - ordered[sku]!]));
    expect(await committedFor(order!.id)).toEqual(given);

    // A second cancellation is refused and gives nothing back again.
    expect(await failure(staff.cancelOrder({ params, body: { reason: 'Again' } }))).toMatchObject({ status: 409, code: 'ORDER_ALREADY_CANCELLED' });
    expect(await committedFor(order!.id)).toEqual(given);
    expect(await invariantViolations(api.database.db)).toEqual({});
    expect(await createInventoryService().stockInvariantViolations(api.database)).toEqual([]);
  });
});
