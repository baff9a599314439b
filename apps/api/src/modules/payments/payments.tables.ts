import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// ── the shop's side ─────────────────────────────────────────────────────────────────────────────

/** Webhook events the shop has handled, by the gateway's event id: a redelivery is acknowledged and ignored. */
export const paymentWebhookEvents = pgTable('payment_webhook_events', {
  id: text('id').primaryKey(),
  gateway: text('gateway').notNull(),
  type: text('type').notNull(),
  intentRef: text('intent_ref'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

// ── the sandbox gateway's own tables (a stand-in for the gateway's servers) ─────────────────────

/** The sandbox's generated webhook signing secret, when SANDBOX_WEBHOOK_SECRET is not set. */
export const sandboxSettings = pgTable('sandbox_settings', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

export const sandboxCustomers = pgTable('sandbox_customers', {
  id: text('id').primaryKey(),
  email: text('email').notNull(),
  name: text('name'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const CARD_BEHAVIOURS = ['succeeds', 'requires_authentication', 'insufficient_funds', 'generic_decline', 'live_card'] as const;
export type CardBehaviour = (typeof CARD_BEHAVIOURS)[number];

/**
 * A card as the sandbox keeps it: brand, last four, expiry and billing details only. `behaviour`
 * is what the test card number meant, so a saved card can be charged again without its number;
 * `fingerprint` is a keyed hash (as Stripe's) that recognises the same card twice.
 */
export const sandboxPaymentMethods = pgTable(
  'sandbox_payment_methods',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id').references(() => sandboxCustomers.id),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    fingerprint: text('fingerprint').notNull(),
    behaviour: text('behaviour', { enum: CARD_BEHAVIOURS }).notNull(),
    billing: jsonb('billing').$type<Record<string, string | null>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sandbox_payment_methods_customer_idx').on(table.customerId)],
);

export const sandboxIntents = pgTable(
  'sandbox_intents',
  {
    id: text('id').primaryKey(),
    clientSecret: text('client_secret').notNull(),
    status: text('status').notNull(),
    amountPence: integer('amount_pence').notNull(),
    amountRefundedPence: integer('amount_refunded_pence').notNull().default(0),
    customerId: text('customer_id').references(() => sandboxCustomers.id),
    paymentMethodId: text('payment_method_id').references(() => sandboxPaymentMethods.id),
    savePaymentMethod: boolean('save_payment_method').notNull().default(false),
    lastError: jsonb('last_error').$type<{ code: string; declineCode: string | null; message: string }>(),
    /** Where the challenge page sends the customer back to, given at confirm time. */
    returnUrl: text('return_url'),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    /** Goes up with every change: webhook payloads carry it, so a receiver can tell old from new. */
    version: integer('version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'sandbox_intents_status_check',
      sql`${table.status} in ('requires_payment_method', 'requires_confirmation', 'requires_action', 'processing', 'succeeded', 'canceled')`,
    ),
    check('sandbox_intents_amount_check', sql`${table.amountPence} > 0 and ${table.amountRefundedPence} between 0 and ${table.amountPence}`),
  ],
);

export const sandboxRefunds = pgTable('sandbox_refunds', {
  id: text('id').primaryKey(),
  intentId: text('intent_id')
    .notNull()
    .references(() => sandboxIntents.id),
  amountPence: integer('amount_pence').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The sandbox's webhook outbox: written in the transaction that changes the intent, delivered
 * after commit by the worker. One event may have two deliveries (the chaos copy).
 */
export const sandboxWebhookDeliveries = pgTable(
  'sandbox_webhook_deliveries',
  {
    id: text('id').primaryKey(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    payload: text('payload').notNull(),
    status: text('status', { enum: ['pending', 'sending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('sandbox_webhook_deliveries_status_check', sql`${table.status} in ('pending', 'sending', 'delivered', 'failed')`),
    index('sandbox_webhook_deliveries_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    index('sandbox_webhook_deliveries_lease_idx')
      .on(table.lockedUntil)
      .where(sql`${table.status} = 'sending'`),
  ],
);

/**
 * The shop's customer at the gateway, per signed-in shopper: where their saved cards live, and
 * which one they pay with first. Cards themselves stay at the gateway.
 */
export const paymentCustomers = pgTable('payment_customers', {
  userId: text('user_id').primaryKey(),
  gateway: text('gateway').notNull(),
  customerRef: text('customer_ref').notNull(),
  defaultPaymentMethodRef: text('default_payment_method_ref'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
