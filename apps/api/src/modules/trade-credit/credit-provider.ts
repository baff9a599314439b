/**
 * The credit provider port: a small, Two-shaped surface the shop codes against (docs/domain.md §3.3
 * of the spec's notes; decision "the credit provider's path segment"). Two adapters implement it:
 * the sandbox (default, in process, its own tables, fixed test companies) and Two's HTTP API
 * (TWO_API_KEY). Amounts are integer pence. The merchant's key never crosses this port: the
 * browser gets a delegation token, short-lived and scoped to one user and one business.
 */
import type { CreditDecision, CreditDeclineReason, CreditEventType, CreditProposalStatus, OnAccountRefusal } from '@shop/contracts';

export type CreditProviderKind = 'sandbox' | 'two';

/** A business at the provider: a company by its Companies House number (a sole trader's is synthetic, given on acceptance). */
export interface CreditCustomerKey {
  organisationNumber: string;
}

export interface ProviderCustomerUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  merchantUserId: string;
  verified: boolean;
  isLegalRep: boolean;
  verificationUrl: string | null;
}

export interface ProviderCredit {
  decision: CreditDecision;
  declineReason: CreditDeclineReason | null;
  limitPence: number;
  availablePence: number;
  maxSingleOrderPence: number;
  arrearsPence: number;
}

export interface ProviderProposal {
  id: string;
  status: CreditProposalStatus;
  /** Given by the provider on acceptance: the sole trader's organisation number from then on. */
  organisationNumber: string | null;
  submittedAt: Date | null;
}

export interface ProposalFields {
  tradingName: string;
  tradingAddress: { line1: string; town: string; postcode: string };
  proprietorName: string;
  dateOfBirth: string;
  homeAddress: { line1: string; town: string; postcode: string };
}

/**
 * An order on account at the provider (Two's order states): CREATED while it checks the order,
 * VERIFIED once it approves it (the shop may then place it), REJECTED, then FULFILLED on dispatch
 * (the 30-day term starts), REFUNDED (all of it credited back) or CANCELLED before fulfilment.
 */
export const CREDIT_ORDER_STATES = ['CREATED', 'VERIFIED', 'REJECTED', 'FULFILLED', 'REFUNDED', 'CANCELLED'] as const;
export type CreditOrderState = (typeof CREDIT_ORDER_STATES)[number];

/** Why the provider declines an order (our names for its reasons). */
export type CreditOrderDecline = Exclude<OnAccountRefusal, 'not_verified' | 'provider_unavailable'>;

/** A line of an order at the provider: prices inc VAT. */
export interface CreditOrderLine {
  sku: string;
  name: string;
  quantity: number;
  unitPricePence: number;
  lineTotalPence: number;
}

/** What the provider is asked to approve: the amount, the basket's lines and where the goods go. */
export interface CreditOrderRequest {
  /** The basket's id: the merchant's reference for the order. */
  merchantReference: string;
  merchantUserId: string;
  amountPence: number;
  vatPence: number;
  lines: CreditOrderLine[];
  /** null for click & collect: the goods leave from the branch. */
  deliveryAddress: { line1: string; town: string; postcode: string; country: string } | null;
}

export interface ProviderOrder {
  id: string;
  state: CreditOrderState;
  /** Its gross amount, as created or last edited (what was refunded is not taken off). */
  amountPence: number;
  /**
   * Its net and tax amounts and its lines, as created or last edited (Two's `net_amount`, `tax_amount`, `line_items`):
   * null when the provider's answer does not say them.
   */
  netPence: number | null;
  vatPence: number | null;
  lines: CreditOrderLine[] | null;
  refundedPence: number;
  declineReason: CreditOrderDecline | null;
  fulfilledAt: Date | null;
  /** The invoice's due date (YYYY-MM-DD): the term's days after fulfilment. */
  dueDate: string | null;
  /** Where the business pays the invoice (the provider's bank account and the reference to quote); null for a rejected order. */
  payee: CreditPayee | null;
  /** When the business paid the provider's invoice; null until then. */
  paidAt: Date | null;
}

/**
 * A webhook event from the provider, its signature verified: an order's new state (the order as it
 * stands after the event), or a business's credit decision. `occurredAt` orders an order's events.
 */
export interface CreditWebhookEvent {
  id: string;
  type: CreditEventType;
  occurredAt: Date;
  organisationNumber: string | null;
  order: ProviderOrder | null;
  decision: { decision: CreditDecision; declineReason: CreditDeclineReason | null } | null;
}

/** A webhook refused before anything is read from it: no signature, a forged one, or one signed too long ago (a replay). */
export class WebhookRefused extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'WebhookRefused';
  }
}

/** The provider's UK bank account the buyer pays an invoice on account into, and the reference that matches the payment to it. */
export interface CreditPayee {
  name: string;
  /** As printed: 12-34-56. */
  sortCode: string;
  /** Eight digits. */
  accountNumber: string;
  reference: string;
}

/** Days from dispatch until an invoice on account is due. */
export const CREDIT_TERM_DAYS = 30;

/** Why a call could not be made: the shop says what to do (pay by card; try later) and logs `detail`, never the key. */
export class CreditProviderUnavailable extends Error {
  readonly detail: string;
  constructor(detail: string) {
    super(detail);
    this.detail = detail;
    this.name = 'CreditProviderUnavailable';
  }
}

/** The provider refused a delegation token: run out (`expired`), or not one it made for this user and business. */
export class DelegationRefused extends Error {
  readonly reason: 'expired' | 'invalid';
  constructor(reason: 'expired' | 'invalid') {
    super(`delegation token ${reason}`);
    this.reason = reason;
    this.name = 'DelegationRefused';
  }
}

/** The provider has the proposal in another state than the call needs (submitted already, say). */
export class ProposalStateRefused extends Error {
  readonly status: CreditProposalStatus;
  constructor(status: CreditProposalStatus) {
    super(`proposal is ${status}`);
    this.status = status;
    this.name = 'ProposalStateRefused';
  }
}

/** A provider's refusal of a call about an order (an order not in a state to fulfil or refund): a 4xx of Two's. */
export class CreditOrderRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CreditOrderRefused';
  }
}

export interface CreditProvider {
  readonly kind: CreditProviderKind;
  /** The business's credit as the provider decides it now; null when the provider does not know the number. */
  credit(customer: CreditCustomerKey): Promise<ProviderCredit | null>;
  /** The customer user the shop made for this sign-in account, or null. */
  findCustomerUser(customer: CreditCustomerKey, merchantUserId: string): Promise<ProviderCustomerUser | null>;
  createCustomerUser(
    customer: CreditCustomerKey,
    input: { email: string; firstName: string; lastName: string; merchantUserId: string; redirectUrl: string },
    idempotencyKey: string,
  ): Promise<ProviderCustomerUser>;
  /** A token for the provider's sign-up in the browser; throws DelegationRefused never, CreditProviderUnavailable when down. */
  createDelegationToken(input: { userId: string; customer: CreditCustomerKey | null; proposalId: string | null; scopes: string[] }): Promise<{
    token: string;
    expiresAt: Date;
  }>;
  createProposal(input: { merchantUserId: string; email: string }, idempotencyKey: string): Promise<ProviderProposal>;
  getProposal(id: string): Promise<ProviderProposal | null>;
  /** DRAFT → SUBMITTED with the fields; the delegation token must be one made for this proposal and be unexpired. */
  submitProposal(id: string, fields: ProposalFields, delegationToken: string, idempotencyKey: string): Promise<ProviderProposal>;
  /** Would the provider approve this order now (Two's order intent)? Changes nothing. */
  checkOrder(customer: CreditCustomerKey, order: CreditOrderRequest): Promise<{ approved: true } | { approved: false; reason: CreditOrderDecline }>;
  /** Creates the order: approved at once (VERIFIED), still being checked (CREATED) or REJECTED; the key makes a repeat answer the same order. */
  createOrder(customer: CreditCustomerKey, order: CreditOrderRequest, idempotencyKey: string): Promise<ProviderOrder>;
  getOrder(id: string): Promise<ProviderOrder | null>;
  /** Dispatched: the term starts (the due date is set). A repeat answers the same. */
  fulfilOrder(id: string, idempotencyKey: string): Promise<ProviderOrder>;
  /** Credits the business: a cancellation before fulfilment, or a refund after it. */
  refundOrder(id: string, amountPence: number, idempotencyKey: string): Promise<ProviderOrder>;
  /**
   * Two's "Edit order", before fulfilment: the order's contents and its gross amount (`order.amountPence`,
   * what was refunded still deducted from it) as they now are. A higher amount is decided as a new order
   * would be (the business's credit less this order's own use; the single-order maximum); refused, the
   * order is left as it was. Setting the amount it already has answers approved, so a retry is harmless.
   * CreditOrderRefused when the order is not one to edit (fulfilled, cancelled, unknown).
   */
  updateOrder(
    id: string,
    order: CreditOrderRequest,
    idempotencyKey: string,
  ): Promise<{ approved: true; order: ProviderOrder } | { approved: false; reason: CreditOrderDecline }>;
  /** Gives up an order that did not become the shop's order (its credit is free again). */
  cancelOrder(id: string, idempotencyKey: string): Promise<ProviderOrder>;
  /** The header the provider signs its webhooks in. */
  readonly webhookSignatureHeader: string;
  /** Verifies a webhook's signature (and its age) over the exact body and reads it; WebhookRefused otherwise. */
  parseWebhook(rawBody: string, signature: string | undefined, now: Date): Promise<CreditWebhookEvent>;
}
