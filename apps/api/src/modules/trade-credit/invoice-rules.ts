/**
 * Where an invoice on account stands (decision 0091): the provider's order state and due date,
 * read against today's date in the UK. Pure: the trade orders list and its totals read the same rules.
 */
import type { OnAccountStanding } from '@shop/contracts';
import type { CreditOrderState } from './credit-provider.ts';

export interface InvoiceFacts {
  state: CreditOrderState;
  amountPence: number;
  refundedPence: number;
  /** YYYY-MM-DD, set by the provider once the order is fulfilled (dispatched). */
  dueDate: string | null;
  /** When the provider reported the invoice paid by the business. */
  paidAt: Date | null;
}

/** What is still owed on the order and where it stands on `today` (YYYY-MM-DD, UK): due on its due date, overdue the day after, until paid. */
export function invoiceStanding(order: InvoiceFacts, today: string): { standing: OnAccountStanding; outstandingPence: number } {
  const outstandingPence = Math.max(0, order.amountPence - order.refundedPence);
  if (outstandingPence === 0 || order.state === 'CANCELLED' || order.state === 'REFUNDED' || order.state === 'REJECTED') {
    return { standing: 'settled', outstandingPence: 0 };
  }
  // The provider says the business has paid its invoice: nothing is due or overdue on it any more.
  if (order.paidAt) return { standing: 'paid', outstandingPence: 0 };
  // Not yet dispatched, or dispatched and the provider not told yet: the term has not started.
  if (order.state !== 'FULFILLED' || !order.dueDate) return { standing: 'awaiting_dispatch', outstandingPence };
  return { standing: today > order.dueDate ? 'overdue' : 'due', outstandingPence };
}

/** The totals of a business's invoices on account: awaiting dispatch, due (not yet late), overdue, and the next due date. */
export function invoiceTotals(
  orders: readonly InvoiceFacts[],
  today: string,
): { awaitingDispatchPence: number; duePence: number; overduePence: number; nextDueDate: string | null } {
  const totals = { awaitingDispatchPence: 0, duePence: 0, overduePence: 0, nextDueDate: null as string | null };
  for (const order of orders) {
    const { standing, outstandingPence } = invoiceStanding(order, today);
    if (standing === 'awaiting_dispatch') totals.awaitingDispatchPence += outstandingPence;
    if (standing === 'overdue') totals.overduePence += outstandingPence;
    if (standing === 'due') {
      totals.duePence += outstandingPence;
      if (!totals.nextDueDate || order.dueDate! < totals.nextDueDate) totals.nextDueDate = order.dueDate;
    }
  }
  return totals;
}
