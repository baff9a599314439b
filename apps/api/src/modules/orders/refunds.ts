/**
 * Money going back: staff cancel an order before dispatch (the whole payment, the stock, any
 * discount code) or refund one after it (in part or in full). Like placing an order, it spans
 * modules, and the payment provider is never called inside a database transaction:
 *
 * 1. under the order's row lock, check the action is allowed and record the refund as `pending`,
 *    with an idempotency key derived from the order, the action and its number; commit;
 * 2. ask the provider with that key (no transaction open);
 * 3. under the lock again, settle the refund and make its effects (status, history, stock, discount
 *    code, e-mail), once: the settle is a conditional update from `pending`.
 *
 * A double click or a retry finds the pending refund at step 1 and carries it on with the same key,
 * so the provider refunds once and both get the same order back (or 409 while the first still
 * runs). Once it has settled, a repeat is refused: a cancellation because the order is cancelled, a
 * refund because the caller says what it saw refunded already, which no longer matches. When the
 * provider does not answer, or answers that the refund is still on its way, the refund stays
 * pending: a retry finishes it, or the provider's refund webhooks do (`refund-webhooks.ts`),
 * matching the provider's refunds to the order's by their ids, so a refund never counts twice. A
 * refund taken from several payments (the checkout payment and the charges for later changes and
 * delivery upgrades) keeps each payment's share (`providerParts`), and each share's webhook is
 * followed: the refund has succeeded when all shares have, and failed when one fails.
 */
import type { FastifyBaseLogger } from 'fastify';
import { CANCELLABLE_STATUSES, REFUNDABLE_STATUSES, type Order } from '@shop/contracts';
import type { Database, Transaction } from '../../db/client.ts';
import type { Actor, Clock } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { Refund } from '../payments/index.ts';
import { paidFor } from './line-quantities.ts';
import { reread } from './order-view.ts';
import { bookExternal, cancelled, settle } from './refund-outcomes.ts';
import { keepParts, refundFromPayments } from './refund-shares.ts';
import { OrderErrors } from './orders.errors.ts';
import * as repository from './orders.repository.ts';
import type { OrderLineRow, OrderRefundRow, OrderRow } from './orders.repository.ts';
import type { ProviderRefundPart } from './orders.tables.ts';
import type { OrdersDeps } from './orders.deps.ts';

/** The service's dependencies with the shop's address (for e-mails), and the gateway when money is asked back. */
type Effects = OrdersDeps;
export type RefundDeps = OrdersDeps;

interface Ctx {
  db: Database | Transaction;
  actor: Actor | null;
  clock: Clock;
  log: FastifyBaseLogger;
}

type Action =
  | { kind: 'cancellation'; reason: string }
  | { kind: 'refund'; amountPence: number; reason: string; alreadyRefundedPence: number }
  | { kind: 'line-cancellation'; lines: readonly CancelledLine[]; reason: string }
  | { kind: 'return-refund'; returnId: string; amountPence: number; reason: string };

/** A line (by position) and how many of it the customer cancels. */
export interface CancelledLine {
  position: number;
  quantity: number;
}

/** What a help-centre action recorded: its refund (when money goes back), and the order after. */
export interface CustomerRefundOutcome {
  order: Order;
  refundId: string | null;
  refundedPence: number;
}

/**
 * The customer cancels some lines before dispatch (the help centre): under the order's lock, their
 * quantities are marked cancelled and their stock given back at once (the goods will not be sent,
 * whatever the provider answers), and the price paid for them is refunded as a part refund. The
 * whole order is cancelled with `cancelOrder` instead, which also gives back delivery and the code.
 */
export async function cancelOrderLines(
  deps: RefundDeps,
  ctx: Ctx,
  orderNumber: string,
  input: { lines: readonly CancelledLine[]; reason: string },
): Promise<CustomerRefundOutcome> {
  const before = await repository.findOrder(ctx.db, repository.byNumber(orderNumber));
  const order = await giveMoneyBack(ctx, orderNumber, { kind: 'line-cancellation', ...input }, deps);
  const refund = before ? newestRefund(await repository.refundsOf(ctx.db, [before.id]), `order:${before.id}:line-cancellation:`) : undefined;
  return { order, refundId: refund?.id ?? null, refundedPence: refund?.state === 'succeeded' ? refund.amountPence : 0 };
}

/**
 * A return received at the warehouse is refunded (the help centre's staff): keyed by the return, so
 * however many times it is asked, at once or one after another, one refund is made; once it has
 * succeeded, asking again changes nothing and answers the same refund.
 */
export async function refundReturn(
  deps: RefundDeps,
  ctx: Ctx,
  orderNumber: string,
  input: { returnId: string; amountPence: number; reason: string },
): Promise<CustomerRefundOutcome> {
  const before = await repository.findOrder(ctx.db, repository.byNumber(orderNumber));
  if (!before) throw OrderErrors.staffNotFound(orderNumber);
  const order = await giveMoneyBack(ctx, orderNumber, { kind: 'return-refund', ...input }, deps);
  const refund = newestRefund(await repository.refundsOf(ctx.db, [before.id]), returnKeyPrefix(before.id, input.returnId));
  return { order, refundId: refund?.id ?? null, refundedPence: refund?.state === 'succeeded' ? refund.amountPence : 0 };
}

const returnKeyPrefix = (orderId: string, returnId: string) => `order:${orderId}:return:${returnId}:`;
const newestRefund = (refunds: readonly OrderRefundRow[], keyPrefix: string) => refunds.filter((refund) => refund.idempotencyKey.startsWith(keyPrefix)).at(-1);

export function cancelOrder(deps: RefundDeps, ctx: Ctx, orderNumber: string, input: { reason: string }): Promise<Order> {
  return giveMoneyBack(ctx, orderNumber, { kind: 'cancellation', reason: input.reason }, deps);
}

export function refundOrder(
  deps: RefundDeps,
  ctx: Ctx,
  orderNumber: string,
  input: { amountPence: number; reason: string; alreadyRefundedPence: number },
): Promise<Order> {
  return giveMoneyBack(ctx, orderNumber, { kind: 'refund', ...input }, deps);
}

const inTransaction = <T>(db: Database | Transaction, work: (tx: Transaction) => Promise<T>): Promise<T> => db.transaction(work);

async function giveMoneyBack(ctx: Ctx, orderNumber: string, action: Action, deps: RefundDeps): Promise<Order> {
  const recorded = await inTransaction(ctx.db, (db) => recordIntent(db, orderNumber, action, ctx.actor, ctx.clock.now(), deps));
  return carryOut(ctx, orderNumber, recorded, action, deps);
}

/**
 * Steps 2 and 3 for a refund an order basket's completion recorded as pending, in its own transaction
 * (`order-changes.ts`): the provider asked with its key, then the refund settled under the order's lock.
 */
export async function refundRecorded(deps: RefundDeps, ctx: Ctx, orderNumber: string, refundId: string): Promise<Order> {
  const order = await repository.findOrder(ctx.db, repository.byNumber(orderNumber));
  if (!order) throw OrderErrors.staffNotFound(orderNumber);
  const refund = (await repository.refundsOf(ctx.db, [order.id])).find((candidate) => candidate.id === refundId);
  if (!refund || refund.state !== 'pending') return reread(ctx.db, order, 'staff');
  return carryOut(
    ctx,
    orderNumber,
    { order, refund },
    { kind: 'refund', amountPence: refund.amountPence, reason: refund.reason, alreadyRefundedPence: 0 },
    deps,
  );
}

/**
 * An order's refund left pending because the provider's answer was lost (decision 0113): the provider
 * is asked again with the refund's own key, which answers what it did the first time and never credits
 * twice, and the refund is settled as the first answer would have settled it. False when nothing was pending.
 * Whoever asks at the same time (staff repeating the action, a second copy of the provider's webhook)
 * settles it once: the settle is a conditional update under the order's lock.
 */
export async function finishPendingRefund(deps: RefundDeps, ctx: Ctx, orderId: string): Promise<boolean> {
  const order = await repository.findOrder(ctx.db, repository.byId(orderId));
  const pending = order && (await repository.refundsOf(ctx.db, [order.id])).find((refund) => refund.state === 'pending');
  if (!order || !pending) return false;
  await refundRecorded(deps, ctx, order.orderNumber, pending.id);
  return true;
}

async function carryOut(
  ctx: Ctx,
  orderNumber: string,
  recorded: { order: OrderRow; refund: OrderRefundRow | null },
  action: Action,
  deps: RefundDeps,
): Promise<Order> {
  let gatewayRef: string | null = null;
  let pendingAt: string | null = null;
  let parts: ProviderRefundPart[] = [];
  if (recorded.refund) {
    let outcome: Refund;
    try {
      ({ answer: outcome, parts } = await refundFromPayments(deps, ctx, recorded.order, recorded.refund));
    } catch (error) {
      throw await gatewayFailed(ctx, recorded.refund, error);
    }
    if (outcome.status === 'failed') throw await gatewayFailed(ctx, recorded.refund, OrderErrors.providerRefundFailed());
    gatewayRef = outcome.id;
    // Not back yet (Stripe answers `pending` for some ways of paying), from any of the payments: it stays
    // pending, linked to the provider's refund, and counts only once the provider's webhooks say all succeeded.
    if (outcome.status === 'pending' || parts.some((part) => part.status === 'pending')) pendingAt = outcome.id;
  }
  return inTransaction(ctx.db, async (db) => {
    let order = (await repository.lockOrder(db, repository.byNumber(orderNumber)))!;
    const strays = recorded.refund && parts.length > 0 ? await keepParts(db, recorded.refund, parts) : [];
    // Known by a stray (linked from its webhook): known by the provider's answer instead.
    if (recorded.refund && gatewayRef && strays.length > 0)
      await repository.relinkRefund(
        db,
        recorded.refund.id,
        strays.map((part) => part.refundRef),
        gatewayRef,
      );
    for (const stray of strays.filter((part) => part.status === 'succeeded')) {
      await bookExternal(
        deps,
        db,
        order,
        { id: stray.refundRef, intentRef: stray.intentRef, amountPence: stray.amountPence, status: 'succeeded' },
        ctx.clock.now(),
      );
      order = (await repository.findOrder(db, repository.byId(order.id)))!;
    }
    if (recorded.refund && pendingAt) await repository.linkRefund(db, recorded.refund.id, pendingAt);
    else if (recorded.refund) await settle(deps, db, order, recorded.refund, gatewayRef, ctx.clock.now());
    // Nothing to give back (the provider refunded it all already): the cancellation still happens.
    else if (action.kind === 'cancellation' && CANCELLABLE_STATUSES.includes(order.status))
      await cancelled(deps, db, order, { reason: action.reason, actor: ctx.actor?.userId ?? null, refundedPence: 0 }, ctx.clock.now());
    return reread(db, order, 'staff');
  });
}

/** Step 1: is the action allowed, and the refund to ask for (a pending one of the same action is carried on, not doubled). */
async function recordIntent(
  db: Transaction,
  orderNumber: string,
  action: Action,
  actor: Actor | null,
  now: Date,
  deps: Pick<Effects, 'inventory'>,
): Promise<{ order: OrderRow; refund: OrderRefundRow | null }> {
  const order = await repository.lockOrder(db, repository.byNumber(orderNumber));
  if (!order) throw OrderErrors.staffNotFound(orderNumber);
  if (action.kind === 'cancellation' || action.kind === 'line-cancellation') {
    if (order.status === 'cancelled') throw OrderErrors.alreadyCancelled(order.orderNumber);
    if (!CANCELLABLE_STATUSES.includes(order.status)) throw OrderErrors.notCancellable(order.orderNumber, order.status);
  } else if (!REFUNDABLE_STATUSES.includes(order.status)) {
    throw OrderErrors.notRefundable(order.orderNumber, order.status);
  }
  const refunds = await repository.refundsOf(db, [order.id]);
  const pending = refunds.find((refund) => refund.state === 'pending');
  if (action.kind === 'line-cancellation') return recordLineCancellation(deps, db, order, action, pending, actor, now);
  if (action.kind === 'return-refund') {
    const prefix = returnKeyPrefix(order.id, action.returnId);
    const own = refunds.filter((refund) => refund.idempotencyKey.startsWith(prefix) && refund.state !== 'failed');
    // Refunded already (a second request, or a retry after the answer was lost): nothing more to do.
    if (own.some((refund) => refund.state === 'succeeded')) return { order, refund: null };
    if (pending && !own.includes(pending)) throw OrderErrors.refundInProgress(pending);
    if (pending) return { order, refund: pending };
    const remaining = order.capturedPence - order.refundedPence;
    if (action.amountPence > remaining) throw OrderErrors.refundTooLarge(remaining);
    const refund = await repository.insertRefund(
      db,
      {
        orderId: order.id,
        kind: 'refund',
        amountPence: action.amountPence,
        reason: action.reason,
        state: 'pending',
        actor: actor?.userId ?? null,
        requestedAt: now,
      },
      (sequence) => `${prefix}${sequence}`,
    );
    return { order, refund };
  }
  if (pending) {
    const same = pending.kind === action.kind && (action.kind === 'cancellation' || pending.amountPence === action.amountPence);
    if (!same) throw OrderErrors.refundInProgress(pending);
    return { order, refund: pending };
  }
  // Partial refunds may rightly repeat, so a second click after the first went through is told by what the caller saw.
  if (action.kind === 'refund' && action.alreadyRefundedPence !== order.refundedPence) throw OrderErrors.refundsChanged(order.refundedPence);
  if (action.kind !== 'cancellation' && action.kind !== 'refund') throw new Error('handled above');
  const remaining = order.capturedPence - order.refundedPence;
  const amountPence = action.kind === 'cancellation' ? remaining : action.amountPence;
  if (amountPence > remaining) throw OrderErrors.refundTooLarge(remaining);
  if (amountPence === 0) return { order, refund: null };
  const refund = await repository.insertRefund(
    db,
    { orderId: order.id, kind: action.kind, amountPence, reason: action.reason, state: 'pending', actor: actor?.userId ?? null, requestedAt: now },
    (sequence) => `order:${order.id}:${action.kind}:${sequence}`,
  );
  return { order, refund };
}

/** Step 1 of a customer's cancellation of lines: the quantities marked cancelled, their stock released, the refund recorded. */
async function recordLineCancellation(
  deps: Pick<Effects, 'inventory'>,
  db: Transaction,
  order: OrderRow,
  action: { lines: readonly CancelledLine[]; reason: string },
  pending: OrderRefundRow | undefined,
  actor: Actor | null,
  now: Date,
): Promise<{ order: OrderRow; refund: OrderRefundRow | null }> {
  if (pending) throw OrderErrors.refundInProgress(pending);
  const lines = await repository.linesOf(db, order.id);
  const chosen: { line: OrderLineRow; quantity: number }[] = [];
  for (const wanted of action.lines) {
    const line = lines.find((candidate) => candidate.position === wanted.position);
    if (!line) throw OrderErrors.noSuchLine(wanted.position);
    const left = line.quantity - line.cancelledQuantity;
    if (left === 0) throw OrderErrors.lineAlreadyCancelled(line.productName);
    if (wanted.quantity > left) throw OrderErrors.cancelTooMany(line.productName, left);
    chosen.push({ line, quantity: wanted.quantity });
  }
  for (const { line, quantity } of chosen) await repository.addCancelledQuantity(db, order.id, line.position, quantity);
  await deps.inventory.releaseCommittedLines(
    { db },
    order.basketId,
    chosen.map(({ line, quantity }) => ({ sku: line.sku, quantity })),
  );
  const amountPence = Math.min(
    order.capturedPence - order.refundedPence,
    chosen.reduce((sum, { line, quantity }) => sum + paidFor(line, quantity, order), 0),
  );
  const what = chosen.map(({ line, quantity }) => `${quantity} × ${line.productName}`).join(', ');
  const reason = `Customer cancelled ${what}: ${action.reason}`.slice(0, 500);
  if (amountPence === 0) return { order, refund: null };
  const refund = await repository.insertRefund(
    db,
    { orderId: order.id, kind: 'refund', amountPence, reason, state: 'pending', actor: actor?.userId ?? null, requestedAt: now },
    (sequence) => `order:${order.id}:line-cancellation:${sequence}`,
  );
  return { order, refund };
}

/**
 * The provider said no, or nothing. A refusal (4xx) moved no money: the refund is marked failed
 * and the order is as it was. Still running elsewhere (a double click): 409. No answer: the refund
 * stays pending, since it may have happened; a retry with the same key or the webhook settles it.
 */
async function gatewayFailed(ctx: Ctx, refund: OrderRefundRow, error: unknown): Promise<AppError> {
  if (error instanceof AppError && error.code === 'IDEMPOTENCY_IN_PROGRESS') return OrderErrors.refundInProgress(refund);
  // Paid on account: the credit provider did not answer; its words say so, and the refund stays pending as below.
  const onAccount = error instanceof AppError && error.code.startsWith('CREDIT_');
  if (onAccount && error.status >= 500) {
    ctx.log.error({ refund: refund.id, code: error.code }, 'the credit provider did not confirm a credit; the refund stays pending');
    return OrderErrors.refundUnconfirmed(error.message);
  }
  if (error instanceof AppError && error.status >= 400 && error.status < 500) {
    await inTransaction(ctx.db, async (db) => {
      await repository.lockOrder(db, repository.byId(refund.orderId));
      await repository.markRefundFailed(db, refund.id, error.message, ctx.clock.now());
    });
    ctx.log.warn({ refund: refund.id, code: error.code }, 'the payment provider refused a refund');
    return onAccount ? OrderErrors.creditRefused(error.message) : OrderErrors.refundRefused(error.message);
  }
  ctx.log.error({ err: error, refund: refund.id }, 'the payment provider did not confirm a refund; it stays pending');
  return OrderErrors.refundUnconfirmed();
}
