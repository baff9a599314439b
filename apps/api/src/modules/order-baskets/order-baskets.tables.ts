import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Address } from '@shop/contracts';
import { orders } from '../orders/orders.tables.ts';

export const ORDER_BASKET_STATES = ['open', 'completed', 'expired'] as const;

/**
 * A change set over a placed order (decision record "order baskets"): at most one open per order (a
 * partial unique index), opened against the order's version, expiring if left (its stock hold with it).
 * `paymentIntentRef` is the one payment for the difference, so two tabs completing it charge once;
 * left to expire, that payment is let go (`paymentReleasedAt`): cancelled, or refunded if it was taken.
 */
export const orderBaskets = pgTable(
  'order_baskets',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** What inventory holds the added stock under: the order's basket id, so the order's own stock rules (cancelling) cover it once committed. */
    stockHoldKey: text('stock_hold_key').notNull(),
    orderVersion: integer('order_version').notNull(),
    state: text('state', { enum: ORDER_BASKET_STATES }).notNull().default('open'),
    deliveryAddress: jsonb('delivery_address').$type<Address>(),
    openedBy: text('opened_by'),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paymentIntentRef: text('payment_intent_ref'),
    paymentPence: integer('payment_pence'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** Expired with a payment: when it was let go (cancelled, or refunded if it had been taken), as the change was never made. */
    paymentReleasedAt: timestamp('payment_released_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('order_baskets_one_open_idx')
      .on(table.orderId)
      .where(sql`${table.state} = 'open'`),
    uniqueIndex('order_baskets_payment_idx')
      .on(table.paymentIntentRef)
      .where(sql`${table.paymentIntentRef} is not null`),
    index('order_baskets_expiry_idx')
      .on(table.expiresAt)
      .where(sql`${table.state} = 'open'`),
    index('order_baskets_payment_to_release_idx')
      .on(table.closedAt)
      .where(sql`${table.state} = 'expired' and ${table.paymentIntentRef} is not null and ${table.paymentReleasedAt} is null`),
    check('order_baskets_state_check', sql`${table.state} in ('open', 'completed', 'expired')`),
  ],
);

/** Each change recorded with the spec's modification type: AddOffering = 1, RemoveOffering = 2, EditDeliveryAddress = 3. */
export const orderBasketChanges = pgTable(
  'order_basket_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    basketId: uuid('basket_id')
      .notNull()
      .references(() => orderBaskets.id, { onDelete: 'cascade' }),
    modificationType: integer('modification_type').notNull(),
    sku: text('sku'),
    quantity: integer('quantity'),
    address: jsonb('address').$type<Address>(),
    actor: text('actor'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('order_basket_changes_basket_idx').on(table.basketId, table.id),
    check('order_basket_changes_type_check', sql`${table.modificationType} in (1, 2, 3)`),
    check('order_basket_changes_quantity_check', sql`${table.quantity} is null or ${table.quantity} > 0`),
  ],
);

/** An order's completed changes: who, when, from which version to which, what changed and what moved on the card. */
export const orderChangeHistory = pgTable(
  'order_change_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    basketId: uuid('basket_id').notNull(),
    fromVersion: integer('from_version').notNull(),
    toVersion: integer('to_version').notNull(),
    actor: text('actor'),
    byStaff: integer('by_staff').notNull().default(0),
    summary: text('summary').notNull(),
    totalBeforePence: integer('total_before_pence').notNull(),
    totalAfterPence: integer('total_after_pence').notNull(),
    chargedPence: integer('charged_pence').notNull(),
    refundedPence: integer('refunded_pence').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('order_change_history_order_idx').on(table.orderId, table.at),
    check('order_change_history_money_check', sql`${table.chargedPence} >= 0 and ${table.refundedPence} >= 0`),
  ],
);

/**
 * A payment the gateway says was taken for a basket whose payment it is not (a second way of paying
 * whose window closed before it told us): noted by the webhook, refunded in full by the expiry job
 * (the webhook's transaction cannot wait on the gateway).
 */
export const orderBasketStrayPayments = pgTable(
  'order_basket_stray_payments',
  {
    intentRef: text('intent_ref').primaryKey(),
    basketId: uuid('basket_id')
      .notNull()
      .references(() => orderBaskets.id, { onDelete: 'cascade' }),
    notedAt: timestamp('noted_at', { withTimezone: true }).notNull(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (table) => [
    index('order_basket_stray_payments_due_idx')
      .on(table.notedAt)
      .where(sql`${table.refundedAt} is null`),
  ],
);
