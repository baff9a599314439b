import type { Address, ShopDetails } from '@shop/contracts';
import type { DeliveryService } from '../delivery/index.ts';
import type { DiscountsService } from '../discounts/index.ts';
import type { InventoryService } from '../inventory/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { Database, Transaction } from '../../db/client.ts';
import type { Clock } from '../../platform/context.ts';
import type { PaymentsService, Refund } from '../payments/index.ts';
import type { FastifyBaseLogger } from 'fastify';

/**
 * E-mails go through notifications (with delivery's words for a collection point); a cancellation
 * gives back the stock (inventory) and the discount code (discounts); past orders written as demo
 * data have their payments recorded by payments, so they can be refunded like any other.
 */
export interface OrdersDeps {
  notifications: NotificationsService;
  delivery: DeliveryService;
  inventory: InventoryService;
  discounts: DiscountsService;
  /** Refunds go through the configured gateway; the demo's past payments are recorded in the sandbox. */
  payments: Pick<PaymentsService, 'recordPastPayments' | 'gateway'>;
  /** The shop's address, for the links in order e-mails. */
  publicUrl: string;
  /** The company named on VAT invoices. */
  shop: ShopDetails;
  /** Orders paid on account (`payment_method` on_account) are refunded and dispatched through trade credit, given by `settleOnAccountThrough`. */
  accountPayments?: AccountPayments;
}

/** The order paid on account is the credit provider's order (`paymentIntentRef`): what orders asks of it. */
export interface AccountPayments {
  /**
   * Credits the business's account, with a refund's key; answers as a gateway's refund does. Before dispatch the provider's
   * order is edited to `credit.after` (or cancelled when nothing is left); after it, the provider refunds (decision 0153).
   */
  refund(ctx: { db: Database | Transaction; clock: Clock; log?: FastifyBaseLogger }, credit: AccountCredit): Promise<Refund>;
  /** In the dispatch's transaction. */
  noteDispatched(db: Transaction, orderRef: string, now: Date): Promise<void>;
  /** After the dispatch commits: the provider's term starts (told later when it cannot be reached now). */
  fulfil(ctx: { db: Database | Transaction; clock: Clock; log?: FastifyBaseLogger }, orderRef: string): Promise<void>;
  /** What the VAT invoice says about paying: the term, the provider's due date once dispatched, and its bank details. */
  invoiceTerms(db: Database | Transaction, orderRef: string): Promise<OnAccountTerms | null>;
}

/** A credit to an order paid on account: its share of a refund, keyed by the refund, and the order as it stands once it is made. */
export interface AccountCredit {
  /** The provider's order. */
  orderRef: string;
  amountPence: number;
  idempotencyKey: string;
  after: OrderOnAccountAfterCredit;
}

/**
 * The order as it stands once a credit is made, worked out from the order's own records (what it was paid, the refunds before
 * this one, the quantities cancelled), so asking again with the same refund describes the same order.
 */
export interface OrderOnAccountAfterCredit {
  orderNumber: string;
  customerId: string | null;
  /** What is left to pay on account once the credit is made. */
  amountPence: number;
  /** The VAT in it. */
  vatPence: number;
  /** The lines still to be sent (ordered less cancelled), with their prices. */
  lines: { sku: string; productName: string; quantity: number; unitPriceIncVat: number }[];
  /** Where the goods go; null for click & collect. */
  deliveryAddress: Address | null;
}

/** An invoice on account's terms, as the credit provider gives them. */
export interface OnAccountTerms {
  termDays: number;
  /** YYYY-MM-DD, once the order is dispatched. */
  dueDate: string | null;
  payee: { name: string; sortCode: string; accountNumber: string; reference: string } | null;
  /** When the provider reported the invoice paid (ISO instant); null until then. */
  paidAt: string | null;
}

/** Paid on account: the order's payment is the credit provider's order. */
export const ON_ACCOUNT = 'on_account';

export function accountPaymentsOf(deps: OrdersDeps): AccountPayments {
  if (!deps.accountPayments) throw new Error('An order paid on account, but no trade credit is set up to settle it');
  return deps.accountPayments;
}
