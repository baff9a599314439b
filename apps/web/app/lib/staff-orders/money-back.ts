import { ApiError } from '@shop/api-client';
import { CANCELLABLE_STATUSES, formatPence, REFUNDABLE_STATUSES, type Order, type OrderRefund } from '@shop/contracts';
import { apiProblemMessage } from '../api-problem.ts';
import { parsePounds } from '../staff-discounts/amounts.ts';

// The shop's policy, as the API applies it: cancel before dispatch, refund after it; one refund at a time.

export interface MoneyBackActions {
  /** Cancelling is offered (a pending cancellation is finished by cancelling again). */
  cancel: boolean;
  /** A new refund is offered. */
  refund: boolean;
  /** A refund not settled yet: unconfirmed (retrying finishes it) or on its way at the provider; either must end first. */
  pending: OrderRefund | null;
}

/** What staff may do about the order's money now, so only allowed buttons are offered. */
export function moneyBackActions(order: Pick<Order, 'status' | 'payment' | 'refunds'>): MoneyBackActions {
  const pending = order.refunds.find((refund) => refund.state === 'pending') ?? null;
  return {
    // A pending cancellation the provider has is on its way: cancelling again would change nothing.
    cancel: CANCELLABLE_STATUSES.includes(order.status) && (pending === null || (pending.kind === 'cancellation' && !pending.withProvider)),
    refund: REFUNDABLE_STATUSES.includes(order.status) && pending === null && order.payment.refundablePence > 0,
    pending,
  };
}

export const REFUND_KIND_NAMES: Record<OrderRefund['kind'], string> = {
  cancellation: 'Cancellation',
  refund: 'Refund',
  external: 'At the payment provider',
};

/** A refund's state as staff read it: a pending one the provider has is on its way, else unconfirmed. */
export function refundStateName(refund: Pick<OrderRefund, 'state' | 'withProvider'>): string {
  if (refund.state === 'pending') return refund.withProvider ? 'On its way' : 'Not confirmed yet';
  return refund.state === 'succeeded' ? 'Refunded' : 'Refused';
}

export type MoneyBackField = 'amount' | 'reason';

export interface MoneyBackValues {
  /** Pounds as typed (refunds only). */
  amount: string;
  reason: string;
}

export interface MoneyBackProblem {
  fields: Partial<Record<MoneyBackField, string>>;
  /** A sentence for the whole request, shown in the dialog above its buttons. */
  summary: string | null;
  /** The order changed meanwhile (moved on, cancelled, refunded elsewhere): reload it. */
  stale: boolean;
}

const REASON_MESSAGE = 'Give the reason, in a few words';

/** Checks what was typed before asking the API; the amount in pounds becomes pence without floating point. */
export function checkMoneyBack(
  values: MoneyBackValues,
  refundablePence: number | null,
): { body: { amountPence: number; reason: string } | { reason: string } } | { problem: MoneyBackProblem } {
  const fields: MoneyBackProblem['fields'] = {};
  const reason = values.reason.trim();
  if (reason.length < 3) fields.reason = REASON_MESSAGE;
  let amountPence = 0;
  if (refundablePence !== null) {
    const parsed = parsePounds(values.amount, { max: refundablePence });
    if (!parsed.ok) fields.amount = parsed.message;
    else if (parsed.value === 0) fields.amount = 'Enter an amount of at least £0.01';
    else amountPence = parsed.value;
  }
  if (fields.amount || fields.reason) return { problem: { fields, summary: null, stale: false } };
  return { body: refundablePence === null ? { reason } : { amountPence, reason } };
}

// Refusals that mean the order is no longer where the page shows it.
const STALE_CODES = new Set([
  'ORDER_ALREADY_CANCELLED',
  'ORDER_NOT_CANCELLABLE',
  'ORDER_NOT_REFUNDABLE',
  'ORDER_REFUNDS_CHANGED',
  'ORDER_REFUND_IN_PROGRESS',
  'ORDER_REFUND_UNCONFIRMED',
]);

/**
 * Where the API's refusal belongs: field errors (`body.amountPence`, `body.reason`) next to their
 * fields, anything else as the summary. The provider's refusals are 502s with the API's own words,
 * which say what happened to the money: shown as they are, not as "something went wrong".
 */
export function moneyBackProblem(error: unknown): MoneyBackProblem {
  const problem: MoneyBackProblem = { fields: {}, summary: apiProblemMessage(error), stale: false };
  if (!(error instanceof ApiError)) return problem;
  const data = error.data as { errors?: { path?: unknown; message?: unknown }[] } | null | undefined;
  for (const item of Array.isArray(data?.errors) ? data.errors : []) {
    if (typeof item.message !== 'string') continue;
    if (item.path === 'body.amountPence') problem.fields.amount ??= item.message;
    if (item.path === 'body.reason') problem.fields.reason ??= item.message;
  }
  if (error.code?.startsWith('ORDER_')) problem.summary = error.message;
  if (problem.fields.amount || problem.fields.reason) problem.summary = null;
  problem.stale = STALE_CODES.has(error.code ?? '');
  return problem;
}

/** A payment provider's refusal, or a refund it has not confirmed: a 502 whose words say what happened to the money, shown as they are. */
export const isProviderAnswer = (error: ApiError) => error.status === 502 && (error.code ?? '').startsWith('ORDER_');

/** What the page says once money went back: the newest refund of that kind, as the order now shows it. */
export function moneyBackDone(kind: 'cancel' | 'refund', order: Pick<Order, 'orderNumber' | 'refunds'>): string {
  const refund = order.refunds.findLast((each) => each.kind === (kind === 'cancel' ? 'cancellation' : 'refund'));
  const amount = formatPence(refund?.amountPence ?? 0);
  if (refund?.state !== 'succeeded') return `The refund of ${amount} on ${order.orderNumber} is not confirmed by the payment provider yet.`;
  return kind === 'cancel' ? `${order.orderNumber} is cancelled and ${amount} refunded.` : `${amount} refunded on ${order.orderNumber}.`;
}
