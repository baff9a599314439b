/**
 * A delivery upgrade paid in a window that closed before it told the shop: the payment's webhook is
 * noted, and once the window has had its chance the recovery job makes the upgrade with it, once; if
 * the order was dispatched meanwhile, the payment goes back and the customer is told; a second payment
 * for the same upgrade that only the gateway reports is refunded.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../platform/jobs.ts';
import { findSeededSku, type SeededSku } from '../../testing/seeded-skus.ts';
import type { TestApi } from '../../testing/test-api.ts';
import { readOutbox } from '../notifications/testing.ts';
import { startOrderChangeApi, type ChangeClients, type OrderChangeHarness } from '../order-baskets/testing.ts';
import { confirmLikeTheFrame, deliverSandboxWebhooks, sandboxGateway, TEST_CARDS } from '../payments/testing.ts';
import { DELIVERY_UPGRADE_RECOVERY_JOB, UPGRADE_RECOVERY_GRACE_MS } from './delivery-upgrade-recovery.ts';

let harness: OrderChangeHarness;
let api: TestApi;
let mixer: SeededSku;
let alice: ChangeClients;
let staff: ChangeClients;
let recovery: Job;

beforeAll(async () => {
  harness = await startOrderChangeApi((origin, intent) => confirmLikeTheFrame(origin, intent, { number: TEST_CARDS.succeeds }));
  ({ api, alice, staff } = harness);
  const parcel = sql`s.status = 'in_stock' and p.delivery_class = 'parcel' and not p.is_bundle and pr.price_inc_vat between 1000 and 2000 and s.on_hand >= 40`;
  mixer = await findSeededSku(api.database.db, parcel, 3);
  recovery = api.app.composed.modules.find((module) => module.name === 'delivery-upgrade')!.jobs!(api.app).find(
    (job) => job.name === DELIVERY_UPGRADE_RECOVERY_JOB,
  )!;
});
afterAll(() => api.close());
afterEach(() => harness.checkInvariants());

/** Every sandbox event delivered to the shop's webhook. */
const deliverAll = async () => {
  while ((await deliverSandboxWebhooks(api.app)).claimed > 0);
};
/** One run of the recovery job, `afterMs` from now. */
const recover = async (afterMs: number) =>
  (await recovery.runOnce({ db: api.database.db, clock: { now: () => new Date(Date.now() + afterMs) }, log: api.app.log })).claimed;
const LATER = UPGRADE_RECOVERY_GRACE_MS + 1_000;

/** A customer's order with a specific-day upgrade chosen and paid by card, its window closed before completing. */
async function upgradePaidThenLeft() {
  const { orderNumber } = await harness.placeOrder({ who: alice, sku: mixer });
  const params = { orderId: orderNumber };
  await alice.upgrade.startDeliveryUpgrade({ params });
  const calendar = await alice.upgrade.getUpgradeSpecificDayOptions({ params, body: {} });
  const day = calendar.days.find((entry) => entry.available)!.date;
  await alice.upgrade.setUpgradeDeliveryOption({ params, body: { code: 'specific_day', date: day } });
  await alice.upgrade.setUpgradeBillingAddress({ params, body: { sameAsOrder: true } });
  const intent = await alice.upgrade.createUpgradePaymentIntent({ params, body: { acceptCharge: true } });
  const paid = await confirmLikeTheFrame(api.origin, { id: intent.intentId, clientSecret: intent.clientSecret }, { number: TEST_CARDS.succeeds });
  if (paid.body.status !== 'succeeded') throw new Error('expected the card to be taken');
  return { orderNumber, params, day, intent };
}

const upgradedEmails = async (orderNumber: string, template: string) =>
  (await readOutbox(api.database.db, { template })).filter((email) => email.subject.includes(orderNumber));

describe('a delivery upgrade paid in a window that closed', () => {
  it('is made with its payment once the window has had its chance: the agreed day on the order, one charge, one e-mail', async () => {
    const { orderNumber, params, day, intent } = await upgradePaidThenLeft();
    await deliverAll();
    // The window gets the first go.
    expect(await recover(0)).toBe(0);
    expect(await recover(LATER)).toBe(1);
    const order = await alice.mine.getMyOrder({ params: { orderNumber } });
    expect(order.delivery).toMatchObject({ code: 'specific_day', date: day });
    expect(await harness.chargesOf(orderNumber)).toEqual([intent.amountPence]);
    expect(await upgradedEmails(orderNumber, 'order.delivery-upgraded')).toHaveLength(1);
    expect(await recover(LATER)).toBe(0);
    // The window comes back to life: the same upgrade, nothing charged twice.
    expect(await alice.upgrade.completeUpgradePayment({ params, body: { paymentIntentId: intent.intentId } })).toMatchObject({
      orderNumber,
      chargedPence: intent.amountPence,
    });
    expect(await harness.chargesOf(orderNumber)).toEqual([intent.amountPence]);
  });

  it('is refunded, and the customer told, when the order was dispatched before the job came to it', async () => {
    const { orderNumber, intent } = await upgradePaidThenLeft();
    await deliverAll();
    await staff.orders.advanceOrder({ params: { orderNumber }, body: { status: 'dispatched', carrier: 'DPD', trackingNumber: 'DPD1' } });
    expect(await recover(LATER)).toBe(1);
    expect(await sandboxGateway(api.app).retrieveIntent(intent.intentId)).toMatchObject({ amountRefundedPence: intent.amountPence });
    expect((await alice.mine.getMyOrder({ params: { orderNumber } })).delivery.code).toBe('standard');
    expect(await upgradedEmails(orderNumber, 'order.delivery-upgrade-refunded')).toHaveLength(1);
  });

  it('a second payment for the same upgrade that only the gateway reports is refunded, and the upgrade made with its own', async () => {
    const { orderNumber, day, intent } = await upgradePaidThenLeft();
    const [upgrade] = (
      (await api.database.db.execute(sql`select id from delivery_upgrades where payment_intent_ref = ${intent.intentId}`)) as unknown as {
        rows: { id: string }[];
      }
    ).rows;
    const gateway = sandboxGateway(api.app);
    const second = await gateway.createIntent({
      amountPence: intent.amountPence,
      metadata: { deliveryUpgradeId: upgrade!.id, orderNumber },
      idempotencyKey: randomUUID(),
    });
    await confirmLikeTheFrame(api.origin, second, { number: TEST_CARDS.succeeds });
    await deliverAll();
    expect(await recover(LATER)).toBe(2);
    expect(await gateway.retrieveIntent(second.id)).toMatchObject({ status: 'succeeded', amountRefundedPence: intent.amountPence });
    expect((await gateway.retrieveIntent(intent.intentId))!.amountRefundedPence).toBe(0);
    expect((await alice.mine.getMyOrder({ params: { orderNumber } })).delivery).toMatchObject({ code: 'specific_day', date: day });
    expect(await harness.chargesOf(orderNumber)).toEqual([intent.amountPence]);
  });
});
