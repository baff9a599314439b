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

/**
 * Whether crediting `amountPence` to an order on account is cancelling it at the provider (Two's cancel: nothing
 * is invoiced) rather than refunding it (a credit note): all that is left on it, before dispatch. An order the
 * provider has cancelled already (an earlier attempt whose answer was lost) is asked again the same way.
 */
export function cancelsOrder(
  order: { state: CreditOrderState; dispatchedAt: Date | null; fulfilledAt: Date | null; amountPence: number; refundedPence: number },
  amountPence: number,
): boolean {
  if (order.dispatchedAt || order.fulfilledAt) return false;
  if (order.state === 'CANCELLED') return true;
  return (order.state === 'CREATED' || order.state === 'VERIFIED') && amountPence >= order.amountPence - order.refundedPence;
}
