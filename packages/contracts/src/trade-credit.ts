import { z } from 'zod';
import { enteredText } from './checkout.ts';
import { defineEndpoint, publicAccess, requireRole, signedIn } from './endpoint.ts';

/**
 * Trade credit (pay on account) through a business-credit provider: the five calls of the spec under
 * `/api/{creditProvider}/`, the provider being Two (docs/decisions: the credit provider's path segment).
 * Every call is the server's: the browser only ever holds a short-lived delegation token.
 */
export const CREDIT_PROVIDER_SEGMENT = 'two';

/** The provider's sole-trader proposal states (Two's registry API). */
export const CREDIT_PROPOSAL_STATUSES = ['DRAFT', 'SUBMITTED', 'REVIEWING', 'ACCEPTED', 'DECLINED', 'WITHDRAWN'] as const;
export type CreditProposalStatus = (typeof CREDIT_PROPOSAL_STATUSES)[number];

/** What the provider decided about a business; `manual_review` is still open. */
export const CREDIT_DECISIONS = ['approved', 'declined', 'manual_review'] as const;
export type CreditDecision = (typeof CREDIT_DECISIONS)[number];

/** Why the provider declined a business (our names for the reasons the provider gives). */
export const CREDIT_DECLINE_REASONS = ['insolvency', 'insufficient_trading_history', 'low_credit_score', 'company_dissolved', 'identity_not_verified'] as const;
export type CreditDeclineReason = (typeof CREDIT_DECLINE_REASONS)[number];

/** The scopes a delegation token may carry (Two's names). */
export const DELEGATION_SCOPES = ['create_proposal', 'verify_returning_buyer'] as const;

const BODY_NOT_AN_OBJECT = { error: 'Send the details as a JSON object' };
const Instant = z.iso.datetime({ offset: true });

export const CreditStatusSchema = z
  .object({
    decision: z.enum(CREDIT_DECISIONS),
    declineReason: z.enum(CREDIT_DECLINE_REASONS).nullable(),
    message: z.string().describe('What the decision means and what to do, in plain words'),
    limitPence: z.number().int(),
    availablePence: z.number().int(),
    maxSingleOrderPence: z.number().int().describe('The largest single order the provider allows on account'),
    arrearsPence: z.number().int().describe('Overdue with the provider: more orders on account wait until it is paid'),
  })
  .meta({ id: 'CreditStatus' });
export type CreditStatus = z.infer<typeof CreditStatusSchema>;

export const CreditCustomerUserSchema = z
  .object({
    id: z.string().describe('The provider’s id of the user'),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    verified: z.boolean(),
    isLegalRep: z.boolean(),
    verificationUrl: z.string().nullable().describe('Where the user verifies with the provider; null once verified'),
  })
  .meta({ id: 'CreditCustomerUser' });

export const CreditProposalSchema = z
  .object({
    id: z.string(),
    status: z.enum(CREDIT_PROPOSAL_STATUSES),
    tradingName: z.string().nullable(),
    submittedAt: Instant.nullable(),
  })
  .meta({ id: 'CreditProposal' });
export type CreditProposal = z.infer<typeof CreditProposalSchema>;

export const MerchantCustomerUserSchema = z
  .object({
    provider: z.literal(CREDIT_PROVIDER_SEGMENT),
    businessName: z.string(),
    businessType: z.enum(['limited_company', 'llp', 'sole_trader']),
    companyNumber: z.string().nullable().describe('Companies House number; null for a sole trader'),
    customerUser: CreditCustomerUserSchema.nullable().describe('null until the customer user is created'),
    proposal: CreditProposalSchema.nullable().describe('A sole trader’s proposal to the provider; null for a company'),
    credit: CreditStatusSchema.nullable().describe('null until the provider knows the business (a sole trader before acceptance)'),
    lastNotifiedAt: Instant.nullable(),
  })
  .meta({ id: 'MerchantCustomerUser' });
export type MerchantCustomerUser = z.infer<typeof MerchantCustomerUserSchema>;

export const PostMerchantCustomerUserDataSchema = z
  .object(
    {
      firstName: enteredText('First name', 60, 'Enter your first name').optional(),
      lastName: enteredText('Last name', 60, 'Enter your last name').optional(),
    },
    BODY_NOT_AN_OBJECT,
  )
  .meta({ id: 'PostMerchantCustomerUserData' });

export const DelegationTokenSchema = z
  .object({
    token: z.string().describe('For the provider’s sign-up in the browser: scoped to this user and business'),
    scopes: z.array(z.enum(DELEGATION_SCOPES)),
    expiresAt: Instant,
  })
  .meta({ id: 'DelegationToken' });
export type DelegationToken = z.infer<typeof DelegationTokenSchema>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const SoleTraderProposalSubmitDataSchema = z
  .object(
    {
      delegationToken: enteredText('Delegation token', 2000, 'Start again from your trade dashboard: the sign-up link is missing'),
      tradingName: enteredText('Trading name', 120, 'Enter your trading name'),
      tradingAddress: z.object(
        {
          line1: enteredText('Trading address line 1', 120, 'Enter the first line of your trading address'),
          town: enteredText('Trading address town', 80, 'Enter the town of your trading address'),
          postcode: enteredText('Trading address postcode', 16, 'Enter the postcode of your trading address'),
        },
        { error: 'Enter your trading address' },
      ),
      proprietorName: enteredText('Full name', 120, 'Enter your full name'),
      dateOfBirth: z
        .string({ error: 'Enter your date of birth, for example 1980-03-27' })
        .regex(DATE, 'Enter your date of birth as year, month and day, for example 1980-03-27'),
      homeAddress: z.object(
        {
          line1: enteredText('Home address line 1', 120, 'Enter the first line of your home address'),
          town: enteredText('Home address town', 80, 'Enter the town of your home address'),
          postcode: enteredText('Home address postcode', 16, 'Enter the postcode of your home address'),
        },
        { error: 'Enter your home address' },
      ),
    },
    BODY_NOT_AN_OBJECT,
  )
  .meta({ id: 'SoleTraderProposalSubmitData' });
export type SoleTraderProposalSubmitData = z.input<typeof SoleTraderProposalSubmitDataSchema>;

export const ResendNotificationAnswerSchema = z
  .object({ sentTo: z.string(), sentAt: Instant, nextAllowedAt: Instant })
  .meta({ id: 'ResendApplicationNotificationAnswer' });

/** Where an invoice on account stands: not yet dispatched (no term yet), due, overdue, paid (the provider says so), or settled (refunded or cancelled). */
export const ON_ACCOUNT_STANDINGS = ['awaiting_dispatch', 'due', 'overdue', 'paid', 'settled'] as const;
export type OnAccountStanding = (typeof ON_ACCOUNT_STANDINGS)[number];

export const CreditPayeeSchema = z
  .object({
    name: z.string(),
    sortCode: z.string(),
    accountNumber: z.string(),
    reference: z.string(),
  })
  .meta({ id: 'CreditPayee' });

export const OnAccountInvoiceSchema = z
  .object({
    orderNumber: z.string(),
    placedAt: Instant,
    amountPence: z.number().int(),
    outstandingPence: z.number().int(),
    standing: z.enum(ON_ACCOUNT_STANDINGS),
    dueDate: z.iso.date().nullable(),
    payee: CreditPayeeSchema.nullable(),
    /** When Two reported the invoice paid by the business; null until then. */
    paidAt: Instant.nullable(),
  })
  .meta({ id: 'OnAccountInvoice' });
export type OnAccountInvoice = z.infer<typeof OnAccountInvoiceSchema>;

export const OnAccountInvoicesSchema = z
  .object({
    awaitingDispatchPence: z.number().int(),
    duePence: z.number().int(),
    overduePence: z.number().int(),
    nextDueDate: z.iso.date().nullable(),
    termDays: z.number().int(),
    items: z.array(OnAccountInvoiceSchema),
    pageNumber: z.number().int(),
    pageSize: z.number().int(),
    totalCount: z.number().int(),
    totalPages: z.number().int(),
  })
  .meta({ id: 'OnAccountInvoices' });
export type OnAccountInvoices = z.infer<typeof OnAccountInvoicesSchema>;

const invoicePaging = z.object({
  pageNumber: z.coerce
    .number({ error: 'The page number must be a whole number' })
    .int('The page number must be a whole number')
    .min(1, 'Pages start at 1')
    .max(10_000, 'That page is too far on')
    .default(1),
  pageSize: z.coerce
    .number({ error: 'The page size must be a whole number' })
    .int('The page size must be a whole number')
    .min(1, 'Show at least 1 per page')
    .max(50, 'Show at most 50 per page')
    .default(10),
});

export const CreditExposureSchema = z
  .object({
    tradeAccountId: z.number().int(),
    businessName: z.string(),
    organisationNumber: z.string().nullable(),
    limitPence: z.number().int().nullable(),
    inUsePence: z.number().int(),
    overduePence: z.number().int(),
    ordersOnAccount: z.number().int(),
  })
  .meta({ id: 'CreditExposure' });

export const CreditExposurePageSchema = z
  .object({
    inUsePence: z.number().int(),
    overduePence: z.number().int(),
    items: z.array(CreditExposureSchema),
    pageNumber: z.number().int(),
    pageSize: z.number().int(),
    totalCount: z.number().int(),
    totalPages: z.number().int(),
  })
  .meta({ id: 'CreditExposurePage' });
export type CreditExposurePage = z.infer<typeof CreditExposurePageSchema>;

/**
 * The provider's webhook events (our names, after Two's order states and credit decisions); `order.updated`: the order
 * edited before fulfilment (Two's "Edit order"), its amounts and lines as they now are (decision 0157).
 */
export const CREDIT_EVENT_TYPES = [
  'order.verified',
  'order.updated',
  'order.fulfilled',
  'order.paid',
  'order.refunded',
  'order.cancelled',
  'credit.decision',
] as const;
export type CreditEventType = (typeof CREDIT_EVENT_TYPES)[number];

/** What a webhook did: applied; superseded (a later event was applied already, so it changed nothing); or about nothing the shop knows. */
export const CREDIT_WEBHOOK_EFFECTS = ['applied', 'superseded', 'unknown'] as const;
/** What changed an order on account after it was placed: its basket of changes (decision 0101) or its delivery upgraded (decision 0104). */
export const ON_ACCOUNT_CHANGE_KINDS = ['order_change', 'delivery_upgrade'] as const;
export type OnAccountChangeKind = (typeof ON_ACCOUNT_CHANGE_KINDS)[number];
export type CreditWebhookEffect = (typeof CREDIT_WEBHOOK_EFFECTS)[number];

export const CreditWebhookReceiptSchema = z
  .object({ received: z.literal(true), duplicate: z.boolean(), effect: z.enum(CREDIT_WEBHOOK_EFFECTS) })
  .meta({ id: 'CreditWebhookReceipt' });

export const CreditWebhookSchema = z
  .object({
    eventId: z.string(),
    type: z.enum(CREDIT_EVENT_TYPES),
    occurredAt: Instant,
    receivedAt: Instant,
    deliveries: z.number().int(),
    businessName: z.string().nullable(),
    orderNumber: z.string().nullable(),
    effect: z.enum(CREDIT_WEBHOOK_EFFECTS),
    summary: z.string(),
  })
  .meta({ id: 'CreditWebhook' });
export type CreditWebhook = z.infer<typeof CreditWebhookSchema>;

export const CreditWebhookPageSchema = z
  .object({
    /** The provider is the embedded sandbox: staff can make it send events. */
    sandbox: z.boolean(),
    items: z.array(CreditWebhookSchema),
    pageNumber: z.number().int(),
    pageSize: z.number().int(),
    totalCount: z.number().int(),
    totalPages: z.number().int(),
  })
  .meta({ id: 'CreditWebhookPage' });
export type CreditWebhookPage = z.infer<typeof CreditWebhookPageSchema>;

/** One dated step of a business's standing with the provider, for staff's timeline of the trade account. */
export const CreditTimelineEntrySchema = z
  .object({
    at: Instant,
    kind: z.enum(['applied', 'proposal', 'decision', 'event', 'change']),
    text: z.string(),
  })
  .meta({ id: 'CreditTimelineEntry' });
export type CreditTimelineEntry = z.infer<typeof CreditTimelineEntrySchema>;

export const CreditTimelineSchema = z
  .object({
    /** Oldest first. */
    entries: z.array(CreditTimelineEntrySchema),
    /** The provider's decision asked now; null when the business has not applied or the provider cannot be reached. */
    decisionNow: z.string().nullable(),
  })
  .meta({ id: 'CreditTimeline' });
export type CreditTimeline = z.infer<typeof CreditTimelineSchema>;

export const SandboxCreditEventDataSchema = z
  .object({
    type: z.enum(CREDIT_EVENT_TYPES, { error: 'Choose the event to send' }),
    orderNumber: z.string().trim().max(40).optional(),
    tradeAccountId: z.coerce.number().int().positive().optional(),
  })
  .meta({ id: 'SandboxCreditEventData' });

const NOT_YOURS = '404 CREDIT_ACCOUNT_NOT_FOUND for anyone without an approved trade account (shoppers, other businesses: the same as unknown).';
const UNAVAILABLE = '503 CREDIT_PROVIDER_UNAVAILABLE when the provider cannot be reached (nothing changed; pay by card meanwhile).';

export const tradeCreditEndpoints = {
  getMerchantCustomerUser: defineEndpoint({
    service: 'accounts',
    access: signedIn,
    method: 'GET',
    path: `/api/${CREDIT_PROVIDER_SEGMENT}/MerchantCustomerUser`,
    summary: 'The trade account’s customer user at the credit provider, its proposal (sole trader) and its credit: limit, available, largest order, arrears',
    description: `${NOT_YOURS} ${UNAVAILABLE}`,
    responses: { 200: MerchantCustomerUserSchema },
  }),
  postMerchantCustomerUser: defineEndpoint({
    service: 'accounts',
    access: signedIn,
    method: 'POST',
    path: `/api/${CREDIT_PROVIDER_SEGMENT}/MerchantCustomerUser`,
    summary: 'Creates (or links) the customer user at the credit provider for the trade account’s business',
    description:
      'A limited company or LLP is matched by the Companies House number of its trade application; a sole trader gets a DRAFT proposal to fill in. ' +
      `Calling again answers the same user. 422 CREDIT_BUSINESS_TYPE_NOT_SUPPORTED for a partnership. ${NOT_YOURS} ${UNAVAILABLE}`,
    body: PostMerchantCustomerUserDataSchema,
    responses: { 200: MerchantCustomerUserSchema },
  }),
  getDelegationToken: defineEndpoint({
    service: 'accounts',
    access: signedIn,
    method: 'GET',
    path: `/api/${CREDIT_PROVIDER_SEGMENT}/DelegationToken`,
    summary: 'A short-lived token for the provider’s sign-up in the browser, scoped to this user and business (never the merchant key)',
    description: `409 CREDIT_USER_NOT_CREATED before MerchantCustomerUser is posted. ${NOT_YOURS} ${UNAVAILABLE}`,
    responses: { 200: DelegationTokenSchema },
  }),
  submitSoleTraderProposal: defineEndpoint({
    service: 'accounts',
    access: signedIn,
    method: 'POST',
    path: `/api/${CREDIT_PROVIDER_SEGMENT}/SoleTraderProposal/{id}/Submit`,
    summary: 'Submits a sole trader’s proposal to the credit provider: DRAFT becomes SUBMITTED, then the provider reviews it',
    description:
      '400 VALIDATION_FAILED or CREDIT_PROPOSAL_INVALID (a field, beside it); 401 CREDIT_DELEGATION_TOKEN_EXPIRED or CREDIT_DELEGATION_TOKEN_INVALID; ' +
      `409 CREDIT_PROPOSAL_ALREADY_SUBMITTED. ${NOT_YOURS} ${UNAVAILABLE}`,
    params: z.object({ id: z.string().min(1).max(80) }),
    body: SoleTraderProposalSubmitDataSchema,
    responses: { 200: CreditProposalSchema },
  }),
  resendApplicationNotificationEmail: defineEndpoint({
    service: 'accounts',
    access: signedIn,
    method: 'POST',
    path: `/api/${CREDIT_PROVIDER_SEGMENT}/ResendApplicationNotificationEmail`,
    summary: 'E-mails the provider’s verification link to the customer user again',
    description:
      '409 CREDIT_USER_NOT_CREATED before MerchantCustomerUser is posted; 409 CREDIT_USER_ALREADY_VERIFIED; ' +
      `429 CREDIT_RESEND_TOO_SOON (Retry-After) within 5 minutes of the last. ${NOT_YOURS} ${UNAVAILABLE}`,
    bodyType: 'none',
    responses: { 200: ResendNotificationAnswerSchema },
  }),
  listOnAccountInvoices: defineEndpoint({
    service: 'accounts',
    access: signedIn,
    method: 'GET',
    path: `/api/${CREDIT_PROVIDER_SEGMENT}/OnAccountInvoices`,
    summary: 'Orders on account: what each owes, when and where to pay; totals due and overdue',
    description: NOT_YOURS,
    query: invoicePaging,
    responses: { 200: OnAccountInvoicesSchema },
  }),
  getCreditExposure: defineEndpoint({
    service: 'accounts',
    access: requireRole('trade-reviewer'),
    method: 'GET',
    path: `/api/${CREDIT_PROVIDER_SEGMENT}/Exposure`,
    summary: 'Staff: each business on account, most owed first: limit, in use, overdue',
    query: invoicePaging,
    responses: { 200: CreditExposurePageSchema },
  }),
  receiveCreditWebhook: defineEndpoint({
    service: 'accounts',
    access: publicAccess,
    method: 'POST',
    path: `/api/${CREDIT_PROVIDER_SEGMENT}/Webhook`,
    summary: 'The credit provider’s webhooks (signed): an order verified, fulfilled, paid, refunded or cancelled; a business’s credit decision',
    description:
      'Verified with the `Two-Signature` header (`t=<unix seconds>,v1=<HMAC-SHA256 of "t.body">`); a missing, forged or stale (replayed) signature is ' +
      '400 CREDIT_WEBHOOK_SIGNATURE_INVALID and changes nothing. Each event id is applied once; an event older than the state already applied changes nothing.',
    body: z
      .object({ id: z.string().min(1).max(255) })
      .loose()
      .describe('The provider’s signed event; the signature covers the exact bytes sent'),
    responses: { 200: CreditWebhookReceiptSchema },
  }),
  listCreditWebhooks: defineEndpoint({
    service: 'accounts',
    access: requireRole('trade-reviewer'),
    method: 'GET',
    path: `/api/${CREDIT_PROVIDER_SEGMENT}/Webhooks`,
    summary: 'Staff: the provider’s webhooks received, newest first, with what each did',
    query: invoicePaging,
    responses: { 200: CreditWebhookPageSchema },
  }),
  getCreditTimeline: defineEndpoint({
    service: 'accounts',
    access: requireRole('trade-reviewer'),
    method: 'GET',
    path: `/api/${CREDIT_PROVIDER_SEGMENT}/Timeline/{tradeAccountId}`,
    summary: 'Staff: a trade account’s dated steps with the provider (applied, proposal, its decisions and events), and its decision now',
    params: z.object({ tradeAccountId: z.coerce.number().int().positive() }),
    responses: { 200: CreditTimelineSchema },
  }),
  sendSandboxCreditEvent: defineEndpoint({
    service: 'accounts',
    access: requireRole('trade-reviewer'),
    method: 'POST',
    path: `/api/${CREDIT_PROVIDER_SEGMENT}/SandboxEvent`,
    summary: 'Staff, with the sandbox provider only: makes the sandbox send an event for an order on account (by its number) or a business',
    description:
      'The sandbox moves the order on (fulfilled, paid, refunded, cancelled) and sends the event signed, twice, the copy late. ' +
      '404 CREDIT_ORDER_NOT_ON_ACCOUNT for an order not paid on account; 422 CREDIT_SANDBOX_EVENT_REFUSED when the order is not in a state for it.',
    body: SandboxCreditEventDataSchema,
    responses: { 200: z.object({ eventId: z.string(), type: z.enum(CREDIT_EVENT_TYPES) }).meta({ id: 'SandboxCreditEventSent' }) },
  }),
} as const;
