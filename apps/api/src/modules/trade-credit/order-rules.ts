/**
 * How a credit provider decides one order on account (the sandbox decides as Two does), and when
 * an invoice on account is due. Pure: the sandbox and the checkout's offer read the same rules.
 */
import { londonIsoDate } from '@shop/contracts';
import { CREDIT_TERM_DAYS, type CreditOrderDecline, type CreditOrderRequest, type CreditOrderState, type ProviderCredit } from './credit-provider.ts';

/**
 * The provider's answer for an order of `amountPence` given the business's credit now (`inUsePence`
 * more of it taken by its open orders): the first reason it fails, or null when it is approved.
 */
export function orderDecline(
  credit: ProviderCredit,
  inUsePence: number,
  order: Pick<CreditOrderRequest, 'amountPence' | 'deliveryAddress'>,
): CreditOrderDecline | null {
  if (credit.decision === 'manual_review') return 'manual_review';
  if (credit.decision !== 'approved') return 'business_declined';
  if (credit.arrearsPence > 0) return 'in_arrears';
  // Two sends goods on account to addresses in the UK only.
  if (order.deliveryAddress && order.deliveryAddress.country !== 'GB') return 'delivery_address_refused';
  if (order.amountPence > credit.maxSingleOrderPence) return 'over_single_order_limit';
  if (order.amountPence > credit.availablePence - inUsePence) return 'over_available_credit';
  return null;
}

/** The due date (YYYY-MM-DD): the term's days after the day of dispatch, in UK time. */
export function dueDateFrom(fulfilledAt: Date, termDays: number = CREDIT_TERM_DAYS): string {
  const day = londonIsoDate(fulfilledAt);
  const due = new Date(`${day}T12:00:00Z`);
  due.setUTCDate(due.getUTCDate() + termDays);
  return due.toISOString().slice(0, 10);
}

/** How the provider credits an order on account: cancelling it, editing it to what is left, or refunding it. */
export type CreditBy = 'cancel' | 'edit' | 'refund';

/**
 * How a credit is made at the provider (decision 0153), as Two allows: before dispatch nothing is invoiced, so the order is
 * cancelled when nothing is left on it, else edited to what is left (`leftPence`, from the shop's own records, so a retry asks
 * the same); once dispatched, the invoice is credited by a refund (a credit note). An order the provider has cancelled already
 * (an earlier attempt whose answer was lost) is asked again the same way.
 */
export function creditBy(order: { state: CreditOrderState; dispatchedAt: Date | null; fulfilledAt: Date | null }, leftPence: number): CreditBy {
  if (order.dispatchedAt || order.fulfilledAt || order.state === 'FULFILLED' || order.state === 'REFUNDED') return 'refund';
  if (order.state === 'CANCELLED' || leftPence <= 0) return 'cancel';
  return 'edit';
}
