import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallerContext } from '../../platform/context.ts';
import { startTestApi, type TestApi } from '../../testing/test-api.ts';
import { placedOrderInput, recordPlacedOrder } from './testing.ts';

/** `purchasedLine`: how the reviews module checks a verified purchase (issue 21), on a real database. */
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

/** The app's own orders service, as reviews is given it. */
const orders = () => api.app.composed.services.orders;
const as = (userId: string | null): CallerContext => ({
  db: api.database.db,
  actor: userId ? { userId, roles: ['shopper'] } : null,
  clock: { now: () => new Date() },
});

describe('a purchased line', () => {
  it('is the signed-in owner’s line for a sku; anyone else’s order is the same 404 as an unknown one', async () => {
    const order = await recordPlacedOrder(
      api.app,
      placedOrderInput('purchased-line', { customerId: 'user-line-owner', email: 'owner@lines.example' }),
      new Date(),
    );
    expect(await orders().purchasedLine(as('user-line-owner'), order.orderNumber, 'TAP-1')).toMatchObject({
      orderNumber: order.orderNumber,
      orderStatus: 'placed',
      position: 0,
      sku: 'TAP-1',
      productSlug: 'basin-mixer',
      quantity: 2,
      cancelledQuantity: 0,
    });
    expect(await orders().purchasedLine(as('user-line-owner'), order.orderNumber, 'NOT-ON-IT')).toBeNull();
    for (const caller of ['user-someone-else', null]) {
      await expect(orders().purchasedLine(as(caller), order.orderNumber, 'TAP-1')).rejects.toMatchObject({ status: 404, code: 'ORDER_NOT_FOUND' });
    }
    await expect(orders().purchasedLine(as('user-line-owner'), 'BP99999999', 'TAP-1')).rejects.toMatchObject({ status: 404, code: 'ORDER_NOT_FOUND' });
  });
});
