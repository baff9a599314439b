import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallerContext } from '../../platform/context.ts';
import { startTestApi, type TestApi } from '../../testing/test-api.ts';
import { createCatalogueService } from '../catalogue/index.ts';
import { createDeliveryService } from '../delivery/index.ts';
import { createDiscountsService } from '../discounts/index.ts';
import { createInventoryService } from '../inventory/index.ts';
import { createNotificationsService } from '../notifications/index.ts';
import { createPaymentsService } from '../payments/index.ts';
import { createPricingService } from '../pricing/index.ts';
import { createOrdersService } from './orders.service.ts';
import { placedOrderInput, recordPlacedOrder } from './testing.ts';

/** `purchasedLine`: how the reviews module checks a verified purchase (issue 21), on a real database. */
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

const delivery = createDeliveryService();
const inventory = createInventoryService();
const orders = createOrdersService({
  notifications: createNotificationsService(),
  delivery,
  inventory,
  discounts: createDiscountsService(),
  payments: createPaymentsService({ delivery }),
  catalogue: createCatalogueService({ pricing: createPricingService(), inventory, delivery }),
});
const as = (userId: string | null): CallerContext => ({
  db: api.database.db,
  actor: userId ? { userId, roles: ['shopper'] } : null,
  clock: { now: () => new Date() },
});

describe('a purchased line', () => {
  it('is the signed-in owner’s line for a sku; anyone else’s order is the same 404 as an unknown one', async () => {
    const order = await recordPlacedOrder(
      api.database.db,
      placedOrderInput('purchased-line', { customerId: 'user-line-owner', email: 'owner@lines.example' }),
      new Date(),
      api.config.publicUrl,
    );
    expect(await orders.purchasedLine(as('user-line-owner'), order.orderNumber, 'TAP-1')).toMatchObject({
      orderNumber: order.orderNumber,
      orderStatus: 'placed',
      position: 0,
      sku: 'TAP-1',
      productSlug: 'basin-mixer',
      quantity: 2,
      cancelledQuantity: 0,
    });
    expect(await orders.purchasedLine(as('user-line-owner'), order.orderNumber, 'NOT-ON-IT')).toBeNull();
    for (const caller of ['user-someone-else', null]) {
      await expect(orders.purchasedLine(as(caller), order.orderNumber, 'TAP-1')).rejects.toMatchObject({ status: 404, code: 'ORDER_NOT_FOUND' });
    }
    await expect(orders.purchasedLine(as('user-line-owner'), 'BP99999999', 'TAP-1')).rejects.toMatchObject({ status: 404, code: 'ORDER_NOT_FOUND' });
  });
});
