/**
 * The API enforces the shop's policy (`@shop/contracts`, docs/domain.md §7–8) from the same constants
 * the help and legal pages state (`apps/web/app/content/help-pages.test.tsx`): the windows it answers
 * and refuses by, and the status moves staff may make. Nothing here sets a figure of its own.
 */
import {
  CANCELLABLE_STATUSES,
  CHANGE_OF_MIND_RETURN_DAYS,
  DAMAGE_REPORT_HOURS,
  FULFILMENT_STEPS,
  MISSING_REPORT_DAYS,
  mayMoveOrder,
  type OrderStatus,
} from '@shop/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../../testing/test-api.ts';
import { confirmLikeTheFrame, TEST_CARDS } from '../payments/testing.ts';
import { startOrderHelpApi, type OrderHelpHarness } from './order-help.testing.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let harness: OrderHelpHarness;

beforeAll(async () => {
  harness = await startOrderHelpApi('shop-policy', (origin, intent) => confirmLikeTheFrame(origin, intent, { number: TEST_CARDS.succeeds }));
});
afterAll(() => harness.api.close());

const detailOf = (error: { data: unknown }) => (error.data as { detail?: string }).detail ?? '';

describe('the after-sales windows', () => {
  it('run from delivery as the policy sets them, and a late return is refused in its words', async () => {
    const { orderNumber } = await harness.placeOrder({ as: 'alice' });
    await harness.advance(orderNumber, 'delivered');
    const order = await harness.help('alice').getOrderProducts({ params: { orderGuid: orderNumber } });
    const delivered = Date.parse(order.deliveredAt!);
    expect(Date.parse(order.returnWindowEndsAt!) - delivered).toBe(CHANGE_OF_MIND_RETURN_DAYS * DAY);
    expect(Date.parse(order.damageReportEndsAt!) - delivered).toBe(DAMAGE_REPORT_HOURS * HOUR);
    expect(Date.parse(order.missingReportEndsAt!) - delivered).toBe(MISSING_REPORT_DAYS * DAY);

    harness.setAhead(CHANGE_OF_MIND_RETURN_DAYS * DAY + HOUR);
    try {
      const late = await failure(
        harness.help('alice').requestUnwantedItemsReturn({
          params: { id: orderNumber },
          body: { lines: [{ position: 0, quantity: 1 }], reason: 'changed-mind' },
        }),
      );
      expect(late).toMatchObject({ status: 422, code: 'RETURN_WINDOW_CLOSED' });
      expect(detailOf(late)).toContain(`The ${CHANGE_OF_MIND_RETURN_DAYS} days to return unwanted items ended`);
    } finally {
      harness.setAhead(0);
    }
  });
});

describe('the order-status table', () => {
  it('lets staff make only the moves it allows, refusing the rest with ORDER_STATUS_NOT_ALLOWED', async () => {
    const { orderNumber } = await harness.placeOrder({ as: 'alice' });
    const params = { orderNumber };
    const move = (status: Exclude<OrderStatus, 'placed' | 'cancelled' | 'refunded'>) =>
      harness.staff.advanceOrder({ params, body: { status, ...(status === 'dispatched' ? { carrier: 'DPD', trackingNumber: '15501234567890' } : {}) } });
    const staffSteps = FULFILMENT_STEPS.filter((step) => step !== 'placed');

    for (const [index, from] of FULFILMENT_STEPS.entries()) {
      const products = await harness.help('alice').getOrderProducts({ params: { orderGuid: orderNumber } });
      expect(products).toMatchObject({ status: from, canCancel: CANCELLABLE_STATUSES.includes(from) });
      for (const refused of staffSteps.filter((to) => !mayMoveOrder(from, to, 'staff')))
        expect(await failure(move(refused)), `${from} → ${refused}`).toMatchObject({ status: 409, code: 'ORDER_STATUS_NOT_ALLOWED' });
      const next = FULFILMENT_STEPS[index + 1];
      if (next && next !== 'placed') await move(next);
    }
    // Delivered: cancelling is not a move the table allows either; it stays a refund's business.
    expect(await failure(harness.staff.cancelOrder({ params, body: { reason: 'Customer asked' } }))).toMatchObject({
      status: 409,
      code: 'ORDER_NOT_CANCELLABLE',
    });
  });
});
