import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Actor } from '../../platform/context.ts';
import type { Address } from '@shop/contracts';
import type { CheckoutLine, PricedBasket } from '../basket/index.ts';
import type { ChosenDelivery } from '../pricing/index.ts';
import { baskets } from '../basket/basket.tables.ts';

/**
 * What a payment was started for, kept with it (decision 0095): the basket's lines as checkout chose
 * delivery for them, and the basket priced with the delivery chosen. Completing the payment places
 * exactly this order, without reading and pricing the basket again, once the basket is found unchanged.
 */
export interface PayingFor {
  /** Whose basket it was (null: a guest's): another caller is answered as reading the basket would answer them. */
  ownerId: string | null;
  lines: CheckoutLine[];
  goodsIncVat: number;
  delivery: ChosenDelivery;
  priced: PricedBasket;
}

export interface ContactDetails {
  emailAddress: string;
  firstName: string;
  lastName: string;
  phone: string;
}

/**
 * What a shopper has told checkout about one basket: contact, addresses, the delivery option and
 * the payment in progress. One row per basket; the basket module owns the lines and prices. It goes
 * with its basket (a basket becomes an order, or is merged into a shopper's on sign-in), in the
 * statement that removes the basket (decision 0072).
 */
export const checkouts = pgTable('checkouts', {
  basketId: text('basket_id')
    .primaryKey()
    .references(() => baskets.id, { onDelete: 'cascade' }),
  contact: jsonb('contact').$type<ContactDetails>(),
  deliveryAddress: jsonb('delivery_address').$type<Address>(),
  deliveryInstructions: text('delivery_instructions'),
  billingAddress: jsonb('billing_address').$type<Address>(),
  billingSameAsDelivery: boolean('billing_same_as_delivery').notNull().default(false),
  /** A trade customer's purchase-order or job reference, given with the billing details. */
  orderReference: text('order_reference'),
  deliveryOptionCode: text('delivery_option_code'),
  deliveryDate: date('delivery_date', { mode: 'string' }),
  /** The gateway's intent, the amount it was made for, and what it was made from (basket version, option). */
  paymentIntentRef: text('payment_intent_ref'),
  paymentAmountPence: integer('payment_amount_pence'),
  paymentFingerprint: text('payment_fingerprint'),
  saveCard: boolean('save_card').notNull().default(false),
  /** Payments given up by clearing the payment details: part of the gateway key, so the next start is a new payment. */
  paymentsCleared: integer('payments_cleared').notNull().default(0),
  /** Who started the payment (as the server knew them), so a recovery prices the basket as they saw it. */
  payer: jsonb('payer').$type<Actor | null>(),
  /** The order the payment in progress is for, priced when it started (decision 0095); null without one. */
  payingFor: jsonb('paying_for').$type<PayingFor>(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Payments the gateway says succeeded, written by the webhook in the same transaction that records
 * the event: a worker makes sure each becomes an order or is refunded, even after a crash between
 * the payment and the order.
 */
export const paymentRecoveries = pgTable(
  'payment_recoveries',
  {
    intentRef: text('intent_ref').primaryKey(),
    basketId: text('basket_id').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }),
    outcome: text('outcome'),
  },
  (table) => [
    // The worker's question is "which open notes are due": the settled ones, nearly all, stay out of it.
    index('payment_recoveries_open_idx')
      .on(table.dueAt)
      .where(sql`${table.doneAt} is null`),
  ],
);
