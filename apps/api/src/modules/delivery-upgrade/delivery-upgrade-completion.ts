/**
 * Completing a delivery upgrade, paid or with nothing to pay. The payment is checked with the
 * gateway first (succeeded, for exactly the difference the server worked out); then, under the
 * upgrade's row lock and the order's, the order takes the new delivery if it is still at the version
 * the choice was priced on and not dispatched. When the order moved on first (dispatch won the race,
 * an order change, a cut-off passed while paying) the payment goes straight back, the customer is
 * e-mailed, and the answer is 409 saying so. Asked again after it was done: the same upgrade, one charge.
 */
import { formatPenceShort, londonLongDate, type DeliveryUpgradeCompletion } from '@shop/contracts';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { ChangeableOrder, OrderProof } from '../orders/index.ts';
import { choiceStillHolds, quoteOrder } from './delivery-upgrade-quote.ts';
import type { DeliveryOptionCode } from '../delivery/index.ts';
import type { DeliveryUpgradeDeps } from './delivery-upgrade.deps.ts';
import { DeliveryUpgradeErrors } from './delivery-upgrade.errors.ts';
import * as repository from './delivery-upgrade.repository.ts';
import type { DeliveryUpgradeRow } from './delivery-upgrade.repository.ts';

/** The caller, with the e-mailed link's token when a guest pays (decision 0049). */
type Ctx = ServiceContext & OrderProof;

/** Thrown inside the completing transaction to roll it back when the order moved on. */
class Stale extends Error {}

const dayText = (date: string) => londonLongDate(`${date}T12:00:00Z`);

const deliveryOf = (row: DeliveryUpgradeRow) => ({
  code: row.optionCode as DeliveryOptionCode,
  name: row.optionName!,
  date: row.deliveryDate,
  earliestDate: row.earliestDate,
  latestDate: row.latestDate,
});

export const completionOf = (order: Pick<ChangeableOrder, 'orderNumber'>, row: DeliveryUpgradeRow, version: number): DeliveryUpgradeCompletion => ({
  orderNumber: order.orderNumber,
  orderVersion: version,
  delivery: deliveryOf(row),
  chargedPence: row.paymentPence ?? 0,
});

export async function completeUpgrade(
  deps: DeliveryUpgradeDeps,
  ctx: Ctx,
  orderNumber: string,
  input: { paid: boolean; paymentIntentId?: string },
): Promise<DeliveryUpgradeCompletion> {
  const order = await deps.orders.orderForChange(ctx, orderNumber);
  const row = await repository.findOpen(ctx.db, order.id);
  if (!row) return answerAgain(order, input.paymentIntentId, await repository.findLatest(ctx.db, order.id));
  if (!row.optionCode || row.differencePence === null || row.pricePence === null) throw DeliveryUpgradeErrors.noOption();
  const charged = input.paid ? await paidAmount(deps, row, input.paymentIntentId) : 0;
  if (!input.paid && row.differencePence > 0) throw DeliveryUpgradeErrors.paymentRequired(row.differencePence);

  // Still possible for the order as it is now? Paid, the money goes back when not; unpaid, the refusal says why.
  let reason: string | null = null;
  try {
    const quote = await quoteOrder(deps, ctx, order);
    if (!choiceStillHolds(deps, ctx, quote, row) || charged !== row.differencePence) {
      if (!input.paid) throw DeliveryUpgradeErrors.quoteChanged();
      reason = 'The delivery’s price or dates changed while you were paying (a cut-off may have passed), or the order was changed.';
    }
  } catch (error) {
    if (!input.paid || !(error instanceof AppError) || error.code !== 'DELIVERY_UPGRADE_TOO_LATE') throw error;
    reason = `The order is now ${order.status}, so its delivery can no longer be changed.`;
  }
  if (reason) return refuse(deps, ctx, order, row, charged, reason);

  const now = ctx.clock.now();
  const delivery = deliveryOf(row);
  const summary = `Delivery upgraded to ${delivery.name}${delivery.date ? ` on ${dayText(delivery.date)}` : ''}`;
  let version: number | null;
  try {
    version = await ctx.db.transaction(async (tx) => {
      const locked = await repository.findOpen(tx, order.id, true);
      // Completed (or refused) by a call alongside, which held the lock first.
      if (!locked || locked.id !== row.id) return null;
      const result = await deps.orders.applyDeliveryUpgrade(
        { db: tx, actor: ctx.actor, clock: ctx.clock, linkToken: ctx.linkToken },
        {
          orderNumber: order.orderNumber,
          expectedVersion: row.orderVersion,
          delivery: { ...delivery, collection: null },
          deliveryPence: order.deliveryPence + charged,
          chargedPence: charged,
          paymentIntentRef: input.paid ? row.paymentIntentRef : null,
          summary,
        },
        now,
      );
      if (result.stale) throw new Stale(result.stale);
      await repository.update(tx, row.id, { state: 'completed', closedAt: now, paymentPence: charged }, now);
      await deps.notifications.enqueueEmail(
        { db: tx },
        {
          to: order.emailAddress,
          ...upgradedEmail(deps, order, summary, charged),
          template: 'order.delivery-upgraded',
          dedupeKey: `order.delivery-upgraded:${row.id}`,
        },
      );
      return result.version;
    });
  } catch (error) {
    if (!(error instanceof Stale)) throw error;
    if (!input.paid) throw DeliveryUpgradeErrors.notApplied(order.orderNumber, error.message, 0);
    return refuse(deps, ctx, order, row, charged, error.message);
  }
  if (version === null) return answerAgain(order, input.paymentIntentId, await repository.findLatest(ctx.db, order.id));
  return completionOf(order, { ...row, paymentPence: charged }, version);
}

/** The upgrade was done (or refused) already: the same answer again, with nothing charged twice. */
function answerAgain(order: ChangeableOrder, paymentIntentId: string | undefined, latest: DeliveryUpgradeRow | undefined): DeliveryUpgradeCompletion {
  if (latest?.state === 'completed' && (!paymentIntentId || paymentIntentId === latest.paymentIntentRef)) return completionOf(order, latest, order.version);
  if (latest?.state === 'refunded')
    throw DeliveryUpgradeErrors.notApplied(order.orderNumber, 'The order moved on before the upgrade could be made.', latest.paymentPence ?? 0);
  throw DeliveryUpgradeErrors.notStarted(order.orderNumber);
}

/** What the gateway says was paid for this upgrade: its own payment, succeeded. */
async function paidAmount(deps: DeliveryUpgradeDeps, row: DeliveryUpgradeRow, paymentIntentId: string | undefined): Promise<number> {
  if (row.differencePence === 0) throw DeliveryUpgradeErrors.nothingToPay();
  if (!row.paymentIntentRef) throw DeliveryUpgradeErrors.noPaymentStarted();
  if (paymentIntentId && paymentIntentId !== row.paymentIntentRef) throw DeliveryUpgradeErrors.paymentMismatch();
  const intent = await deps.payments.gateway().retrieveIntent(row.paymentIntentRef);
  if (!intent) throw DeliveryUpgradeErrors.noPaymentStarted();
  if (intent.status === 'requires_action') throw DeliveryUpgradeErrors.paymentNeedsAction();
  if (intent.status !== 'succeeded') throw DeliveryUpgradeErrors.paymentIncomplete();
  return intent.amountPence;
}

/**
 * Paid for an upgrade that can no longer apply: the payment goes back in full, once (keyed by the
 * upgrade), the upgrade is closed as refunded, the customer is e-mailed, and the answer says so.
 * Should the provider not answer, the upgrade stays open, so asking again refunds it then.
 */
async function refuse(deps: DeliveryUpgradeDeps, ctx: Ctx, order: ChangeableOrder, row: DeliveryUpgradeRow, charged: number, reason: string): Promise<never> {
  await deps.payments.onceKeyIsFree(() => deps.payments.gateway().refund(row.paymentIntentRef!, undefined, `delivery-upgrade:${row.id}:not-applied`));
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    if (!(await repository.update(tx, row.id, { state: 'refunded', closedAt: now, paymentPence: charged }, now))) return;
    const email = deps.notifications.renderEmail({
      subject: `We could not upgrade the delivery of order ${order.orderNumber}`,
      preheader: `Your ${formatPenceShort(charged)} is being refunded`,
      heading: 'Your delivery was not upgraded',
      paragraphs: [
        reason,
        `We are refunding the ${formatPenceShort(charged)} you paid for the upgrade to your card: your bank may take a few working days to show it.`,
        `Your order will come by ${order.delivery.name}, as before.`,
      ],
      action: { label: 'See the order', url: `${deps.publicUrl}${order.pagePath}` },
    });
    await deps.notifications.enqueueEmail(
      { db: tx },
      { to: order.emailAddress, ...email, template: 'order.delivery-upgrade-refunded', dedupeKey: `order.delivery-upgrade-refunded:${row.id}` },
    );
  });
  ctx.log.info({ order: order.orderNumber, upgrade: row.id }, 'a paid delivery upgrade could not apply; its payment was refunded');
  throw DeliveryUpgradeErrors.notApplied(order.orderNumber, reason, charged);
}

function upgradedEmail(deps: DeliveryUpgradeDeps, order: ChangeableOrder, summary: string, charged: number) {
  return deps.notifications.renderEmail({
    subject: `The delivery of your order ${order.orderNumber} has been upgraded`,
    preheader: summary,
    heading: 'Your delivery has been upgraded',
    paragraphs: [
      `${summary} for order ${order.orderNumber}.`,
      charged > 0
        ? `We have taken ${formatPenceShort(charged)} from your card for it, as a payment of its own. ` +
          'If you cancel the order before we dispatch it, we refund it with the rest of the order.'
        : 'There was nothing more to pay for it.',
      'Your order number stays the same.',
    ],
    action: { label: 'See the order', url: `${deps.publicUrl}${order.pagePath}` },
  });
}
