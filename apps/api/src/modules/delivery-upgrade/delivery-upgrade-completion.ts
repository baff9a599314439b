/**
 * Completing a delivery upgrade, paid or with nothing to pay. The payment is checked with the
 * gateway first (succeeded, for exactly the difference the server worked out); then, under the
 * upgrade's row lock and the order's, the order takes the new delivery if it is still at the version
 * the choice was priced on and not dispatched. When the order moved on first (dispatch won the race,
 * an order change, a cut-off passed while paying) the payment goes straight back, the customer is
 * e-mailed, and the answer is 409 saying so. Asked again after it was done: the same upgrade, one charge.
 * An order paid on account takes no card (decisions 0101, 0104): with the customer's agreement, the credit
 * provider agrees the order's higher total first (refused, nothing changes), and should the upgrade
 * then not be made, the provider's order is put back.
 */
import { formatPenceShort, londonLongDate, type DeliveryUpgradeCompletion } from '@shop/contracts';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { ChangeableOrder, OrderProof } from '../orders/index.ts';
import type { PaymentIntent } from '../payments/index.ts';
import type { OnAccountChange } from '../trade-credit/index.ts';
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
  input: { paid: boolean; paymentIntentId?: string; onAccount?: { acceptCharge: boolean } },
): Promise<DeliveryUpgradeCompletion> {
  const order = await deps.orders.orderForChange(ctx, orderNumber);
  const row = await repository.findOpen(ctx.db, order.id);
  if (!row) return answerAgain(deps, ctx, order, input.paymentIntentId, await repository.findLatest(ctx.db, order.id));
  if (!row.optionCode || row.differencePence === null || row.pricePence === null) throw DeliveryUpgradeErrors.noOption();
  if (input.paid && order.onAccount) throw DeliveryUpgradeErrors.paidOnAccount();
  if (input.paid && input.paymentIntentId && input.paymentIntentId !== row.paymentIntentRef) await refundStrayPayment(deps, ctx, row.id, input.paymentIntentId);
  const onAccount = input.onAccount ? accountChange(deps, order, row, input.onAccount.acceptCharge) : null;
  const charged = input.paid ? await paidAmount(deps, row, input.paymentIntentId) : (onAccount?.differencePence ?? 0);
  if (!input.paid && !onAccount && row.differencePence > 0) throw DeliveryUpgradeErrors.paymentRequired(row.differencePence);

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

  // One agreement per choice and amount: a second tab or a retry asks the provider the same, and an undo is keyed beside it.
  const creditKey = `credit-upgrade:${row.id}:${row.updatedAt.getTime()}:${charged}`;
  if (onAccount) await deps.tradeCredit.agreeOrderChange(ctx, onAccount, creditKey);
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
          onAccount: onAccount !== null,
          summary,
        },
        now,
      );
      if (result.stale) throw new Stale(result.stale);
      await repository.update(tx, row.id, { state: 'completed', closedAt: now, paymentPence: charged }, now);
      if (onAccount) await deps.tradeCredit.recordOrderChange(tx, onAccount, now);
      await deps.notifications.enqueueEmail(
        { db: tx },
        {
          to: order.emailAddress,
          ...upgradedEmail(deps, order, summary, charged, onAccount !== null),
          template: 'order.delivery-upgraded',
          dedupeKey: `order.delivery-upgraded:${row.id}`,
        },
      );
      return result.version;
    });
  } catch (error) {
    // Agreed with the provider but not made: its order goes back to what it was.
    if (onAccount) await deps.tradeCredit.undoOrderChange(ctx, onAccount, `${creditKey}:undo`);
    if (!(error instanceof Stale)) throw error;
    if (!input.paid) throw DeliveryUpgradeErrors.notApplied(order.orderNumber, error.message, 0);
    return refuse(deps, ctx, order, row, charged, error.message);
  }
  if (version === null) return answerAgain(deps, ctx, order, input.paymentIntentId, await repository.findLatest(ctx.db, order.id));
  return completionOf(order, { ...row, paymentPence: charged }, version);
}

/**
 * The upgrade of an order paid on account, as the provider is asked to agree it: the order's lines as they are, its VAT with the
 * new delivery's, and the difference the server worked out, once the customer has agreed to it (nothing is asked without).
 */
function accountChange(deps: DeliveryUpgradeDeps, order: ChangeableOrder, row: DeliveryUpgradeRow, acceptCharge: boolean): OnAccountChange {
  const differencePence = row.differencePence ?? 0;
  if (!order.onAccount) throw DeliveryUpgradeErrors.notOnAccount();
  if (differencePence === 0) throw DeliveryUpgradeErrors.nothingToPay();
  if (!acceptCharge) throw DeliveryUpgradeErrors.consentRequired(differencePence);
  const vatPence = order.vatPence + deps.orders.deliveryUpgradeVat(differencePence);
  return { kind: 'delivery_upgrade', order, differencePence, vatPence, lines: order.lines };
}

/** The upgrade was done (or refused) already: the same answer again, with nothing charged twice (a second payment made for it goes back). */
async function answerAgain(
  deps: DeliveryUpgradeDeps,
  ctx: Ctx,
  order: ChangeableOrder,
  paymentIntentId: string | undefined,
  latest: DeliveryUpgradeRow | undefined,
): Promise<DeliveryUpgradeCompletion> {
  if (latest && paymentIntentId && paymentIntentId !== latest.paymentIntentRef) await refundStrayPayment(deps, ctx, latest.id, paymentIntentId);
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
 * A payment for this upgrade that is not its payment (a second way of paying that got through
 * nevertheless): refunded in full at once, and the customer told so with a 409.
 */
async function refundStrayPayment(deps: DeliveryUpgradeDeps, ctx: Ctx, upgradeId: string, intentRef: string): Promise<void> {
  const intent = await refundSecondPayment(deps, upgradeId, intentRef);
  if (!intent) return;
  ctx.log.warn({ upgrade: upgradeId, intent: intent.id }, 'a second payment for one delivery upgrade was refunded');
  throw DeliveryUpgradeErrors.secondPaymentRefunded(intent.amountPence);
}

/** Refunds a taken payment for this upgrade in full, once (keyed); the payment, or null when it is not one taken for this upgrade. */
export async function refundSecondPayment(deps: Pick<DeliveryUpgradeDeps, 'payments'>, upgradeId: string, intentRef: string): Promise<PaymentIntent | null> {
  const gateway = deps.payments.gateway();
  const intent = await gateway.retrieveIntent(intentRef);
  if (!intent || intent.metadata.deliveryUpgradeId !== upgradeId || intent.status !== 'succeeded') return null;
  if (intent.amountPence > intent.amountRefundedPence) {
    await deps.payments.onceKeyIsFree(() => gateway.refund(intent.id, undefined, `delivery-upgrade:${upgradeId}:second-payment:${intent.id}`));
  }
  return intent;
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

function upgradedEmail(deps: DeliveryUpgradeDeps, order: ChangeableOrder, summary: string, charged: number, onAccount: boolean) {
  return deps.notifications.renderEmail({
    subject: `The delivery of your order ${order.orderNumber} has been upgraded`,
    preheader: summary,
    heading: 'Your delivery has been upgraded',
    paragraphs: [
      `${summary} for order ${order.orderNumber}.`,
      charged > 0 && onAccount
        ? `Two, our trade credit provider, have agreed the ${formatPenceShort(charged)} for it: it is added to this order’s invoice on account.`
        : charged > 0
          ? `We have taken ${formatPenceShort(charged)} from your card for it, as a payment of its own. ` +
            'If you cancel the order before we dispatch it, we refund it with the rest of the order.'
          : 'There was nothing more to pay for it.',
      'Your order number stays the same.',
    ],
    action: { label: 'See the order', url: `${deps.publicUrl}${order.pagePath}` },
  });
}
