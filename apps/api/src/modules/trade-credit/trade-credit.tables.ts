import { sql } from 'drizzle-orm';
import { bigserial, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CREDIT_EVENT_TYPES, CREDIT_PROPOSAL_STATUSES, CREDIT_WEBHOOK_EFFECTS, ON_ACCOUNT_CHANGE_KINDS } from '@shop/contracts';
import { orders } from '../orders/orders.tables.ts';
import { tradeAccounts } from '../trade/trade.tables.ts';
import { CREDIT_ORDER_STATES, type CreditOrderDecline, type CreditOrderLine, type CreditPayee, type ProposalFields } from './credit-provider.ts';

/**
 * A trade account's link with the credit provider: its organisation number there (the Companies
 * House number; a sole trader's once accepted), the customer user made for its holder, a sole
 * trader's proposal and when the verification link was last e-mailed (the resend limit).
 */
export const tradeCreditLinks = pgTable(
  'trade_credit_links',
  {
    tradeAccountId: integer('trade_account_id').primaryKey(),
    businessId: integer('business_id').notNull(),
    userId: text('user_id').notNull(),
    organisationNumber: text('organisation_number'),
    providerUserId: text('provider_user_id'),
    lastNotifiedAt: timestamp('last_notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('trade_credit_links_user_idx').on(table.userId)],
);

/**
 * A sole trader's proposal, under the provider's id. The proprietor's date of birth and home
 * address are kept as submitted (what the provider was told) until erasure clears them.
 */
export const tradeCreditProposals = pgTable(
  'trade_credit_proposals',
  {
    id: text('id').primaryKey(),
    tradeAccountId: integer('trade_account_id').notNull(),
    status: text('status', { enum: CREDIT_PROPOSAL_STATUSES }).notNull(),
    tradingName: text('trading_name'),
    proprietorName: text('proprietor_name'),
    dateOfBirth: text('date_of_birth'),
    homeAddress: jsonb('home_address').$type<ProposalFields['homeAddress']>(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('trade_credit_proposals_account_idx').on(table.tradeAccountId)],
);

/**
 * An order placed on account: the provider's order id beside the shop's order, written in the
 * transaction that places the order. Dispatch tells the provider (the term starts: `due_date`);
 * refunds and cancellations credit the account (`refunded_pence`).
 */
export const tradeCreditOrders = pgTable(
  'trade_credit_orders',
  {
    providerOrderId: text('provider_order_id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    tradeAccountId: integer('trade_account_id')
      .notNull()
      .references(() => tradeAccounts.id),
    amountPence: integer('amount_pence').notNull(),
    refundedPence: integer('refunded_pence').notNull().default(0),
    state: text('state', { enum: CREDIT_ORDER_STATES }).notNull(),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    dueDate: date('due_date'),
    /** The provider's bank account and reference for the invoice, as it last answered. */
    payee: jsonb('payee').$type<CreditPayee>(),
    /** When the provider reported the invoice paid by the business (a webhook): nothing is owed from then on. */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * When the provider's state written here was the provider's: an event that happened before it is
     * late (a retry, a copy) and is not applied over it.
     */
    providerStateAt: timestamp('provider_state_at', { withTimezone: true }),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('trade_credit_orders_order_idx').on(table.orderId),
    index('trade_credit_orders_account_idx').on(table.tradeAccountId, table.placedAt),
  ],
);

/**
 * The changes made to an order on account after it was placed (decisions 0101, 0104), each written in the
 * transaction that makes it, so one agreed with the provider but then not made leaves none: what it was, what
 * it added to the order's invoice (negative: taken off, credited to the account) and the amount on account
 * with the provider after it. Nothing else keeps these per change where trade credit can read them (the staff timeline).
 */
export const tradeCreditOrderChanges = pgTable(
  'trade_credit_order_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    providerOrderId: text('provider_order_id')
      .notNull()
      .references(() => tradeCreditOrders.providerOrderId),
    kind: text('kind', { enum: ON_ACCOUNT_CHANGE_KINDS }).notNull(),
    differencePence: integer('difference_pence').notNull(),
    totalAfterPence: integer('total_after_pence').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [index('trade_credit_order_changes_order_idx').on(table.providerOrderId, table.at)],
);

/**
 * What the shop asked the provider to credit to the account (decision 0110): a staff refund, a return's
 * refund, a customer's or staff's cancellation, a lower order change, each once by the refund's
 * idempotency key, written as soon as the provider has answered, so staff's timeline shows the credit
 * at once and the provider's webhook about it only confirms. `cancellation`: the provider's order was
 * cancelled before dispatch rather than refunded; `edit`: it was edited to what is left before dispatch (decision 0153).
 */
export const tradeCreditCredits = pgTable(
  'trade_credit_credits',
  {
    idempotencyKey: text('idempotency_key').primaryKey(),
    providerOrderId: text('provider_order_id')
      .notNull()
      .references(() => tradeCreditOrders.providerOrderId),
    kind: text('kind', { enum: ['refund', 'cancellation', 'edit'] }).notNull(),
    amountPence: integer('amount_pence').notNull(),
    /** What is left on account on the order after it, as the provider answered. */
    leftPence: integer('left_pence').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [index('trade_credit_credits_order_idx').on(table.providerOrderId, table.at)],
);

/**
 * The provider's webhooks received (signature good), one row per event however often it came, with
 * what it did: applied, superseded by a later event already applied, or nothing to apply it to.
 */
export const tradeCreditWebhooks = pgTable(
  'trade_credit_webhooks',
  {
    eventId: text('event_id').primaryKey(),
    type: text('type', { enum: CREDIT_EVENT_TYPES }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    organisationNumber: text('organisation_number'),
    providerOrderId: text('provider_order_id'),
    /** The trade account it concerns, when the shop knows it (the staff timeline reads it). */
    tradeAccountId: integer('trade_account_id'),
    effect: text('effect', { enum: CREDIT_WEBHOOK_EFFECTS }).notNull(),
    /** What the event said, in a line (the new state, the decision). */
    summary: text('summary').notNull(),
    deliveries: integer('deliveries').notNull().default(1),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    lastReceivedAt: timestamp('last_received_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('trade_credit_webhooks_received_idx').on(table.receivedAt),
    index('trade_credit_webhooks_account_idx').on(table.tradeAccountId, table.occurredAt),
  ],
);

// ── the credit sandbox's own tables (a stand-in for the provider's servers) ─────────────────────

export const creditSandboxUsers = pgTable(
  'credit_sandbox_users',
  {
    id: text('id').primaryKey(),
    organisationNumber: text('organisation_number').notNull(),
    merchantUserId: text('merchant_user_id').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    verificationCode: text('verification_code').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('credit_sandbox_users_merchant_user_idx').on(table.organisationNumber, table.merchantUserId)],
);

export const creditSandboxProposals = pgTable('credit_sandbox_proposals', {
  id: text('id').primaryKey(),
  merchantUserId: text('merchant_user_id').notNull(),
  email: text('email').notNull(),
  status: text('status', { enum: CREDIT_PROPOSAL_STATUSES }).notNull(),
  fields: jsonb('fields').$type<ProposalFields>(),
  organisationNumber: text('organisation_number'),
  submittedAt: timestamp('submitted_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** Delegation tokens the sandbox has made, by the SHA-256 of the token: the token itself is only ever the browser's. */
export const creditSandboxDelegations = pgTable('credit_sandbox_delegations', {
  tokenHash: text('token_hash').primaryKey(),
  subject: text('subject').notNull(),
  organisationNumber: text('organisation_number'),
  proposalId: text('proposal_id'),
  scopes: jsonb('scopes').$type<string[]>().notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** The sandbox's orders: what takes a business's credit (CREATED, VERIFIED, FULFILLED, less what was refunded). */
export const creditSandboxOrders = pgTable(
  'credit_sandbox_orders',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    organisationNumber: text('organisation_number').notNull(),
    merchantReference: text('merchant_reference').notNull(),
    amountPence: integer('amount_pence').notNull(),
    /** Its net and tax amounts and its lines as created or last edited, as Two keeps them (null: an order from before they were kept). */
    netPence: integer('net_pence'),
    vatPence: integer('vat_pence'),
    lines: jsonb('lines').$type<CreditOrderLine[]>(),
    refundedPence: integer('refunded_pence').notNull().default(0),
    state: text('state', { enum: CREDIT_ORDER_STATES }).notNull(),
    declineReason: text('decline_reason').$type<CreditOrderDecline>(),
    /** CREATED until then (a business whose orders are checked for a while), VERIFIED after. */
    verifiedAfter: timestamp('verified_after', { withTimezone: true }),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    dueDate: date('due_date'),
    /** The idempotency keys of the refunds made: a repeated key refunds once. */
    refundKeys: jsonb('refund_keys').$type<string[]>().notNull().default([]),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When its last event happened: each event of an order happens after the one before. */
    lastEventAt: timestamp('last_event_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('credit_sandbox_orders_key_idx').on(table.idempotencyKey), index('credit_sandbox_orders_business_idx').on(table.organisationNumber)],
);

/** The sandbox's settings: its webhook signing secret, made once and shared by every instance. */
export const creditSandboxSettings = pgTable('credit_sandbox_settings', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

/** The sandbox's webhook deliveries: each event is sent twice, the second copy late, as real providers do. */
export const creditSandboxDeliveries = pgTable(
  'credit_sandbox_deliveries',
  {
    id: serial('id').primaryKey(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    payload: text('payload').notNull(),
    sendAfter: timestamp('send_after', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (table) => [
    index('credit_sandbox_deliveries_due_idx')
      .on(table.sendAfter)
      .where(sql`sent_at is null`),
  ],
);
