import { boolean, check, date, index, integer, pgTable, pgView, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { STOCK_STATUSES } from './availability.ts';

/**
 * Stock per sku: what is on the shelf, what placed orders have claimed (`committed`), what payments
 * in progress hold (`reserved`), and when more arrives. Available = on hand − committed − reserved,
 * never negative for stocked goods: the invariant on hand = available + committed + reserved holds.
 * An order just placed may still be counted in `reserved` (`stillReserved` below); the `stock_counts`
 * view has the two split exactly.
 */
export const stockLevels = pgTable(
  'stock_levels',
  {
    sku: text('sku').primaryKey(),
    onHand: integer('on_hand').notNull().default(0),
    committed: integer('committed').notNull().default(0),
    reserved: integer('reserved').notNull().default(0),
    status: text('status', { enum: STOCK_STATUSES }).notNull(),
    eta: date('eta', { mode: 'string' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('stock_levels_status_idx').on(table.status),
    check('stock_levels_quantities_check', sql`${table.onHand} >= 0 and ${table.committed} >= 0`),
    check('stock_levels_reserved_check', sql`${table.reserved} >= 0`),
  ],
);

/**
 * A stock row as counted exactly (migration 0094): the holds of orders placed since the stock-hold-expiry job last ran
 * are still in the row's `reserved` (decision 0161), and count here as committed.
 */
export const stockCounts = pgView('stock_counts', {
  sku: text('sku').notNull(),
  status: text('status', { enum: STOCK_STATUSES }).notNull(),
  onHand: integer('on_hand').notNull(),
  committed: integer('committed').notNull(),
  reserved: integer('reserved').notNull(),
}).existing();

export const RESERVATION_STATES = ['held', 'committed', 'released'] as const;

/**
 * Stock held for one basket while its payment runs, until `expiresAt`: committed when the order is
 * placed, released when the payment fails, is abandoned or the hold runs out.
 */
export const stockReservations = pgTable(
  'stock_reservations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    basketId: text('basket_id').notNull(),
    sku: text('sku').notNull(),
    quantity: integer('quantity').notNull(),
    state: text('state', { enum: RESERVATION_STATES }).notNull().default('held'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Committed by an order's placing, which leaves the stock row alone (one best seller's row would otherwise be the
     * one every order waits on): its units are still counted in the row's `reserved` until the stock-hold-expiry job
     * moves them to `committed` (decision 0161). `stock_counts` counts them as committed meanwhile.
     */
    stillReserved: boolean('still_reserved').notNull().default(false),
  },
  (table) => [
    index('stock_reservations_basket_idx').on(table.basketId, table.state),
    index('stock_reservations_still_reserved_idx')
      .on(table.sku)
      .where(sql`${table.state} = 'committed' and ${table.stillReserved}`),
    index('stock_reservations_expiry_idx').on(table.state, table.expiresAt),
    // A basket holds a sku once: a second hold for it replaces the first, never adds to it.
    uniqueIndex('stock_reservations_held_once')
      .on(table.basketId, table.sku)
      .where(sql`${table.state} = 'held'`),
    check('stock_reservations_quantity_check', sql`${table.quantity} > 0`),
  ],
);

/**
 * "Notify me when back in stock": one live request per product code and address (a partial unique
 * index); `notifiedAt` is set in the same statement that claims it, so the e-mail goes once.
 */
export const stockNotificationRequests = pgTable(
  'stock_notification_requests',
  {
    id: uuid('id').primaryKey(),
    reference: text('reference').notNull(),
    sku: text('sku').notNull(),
    emailAddress: text('email_address').notNull(),
    customerId: text('customer_id'),
    channel: integer('channel').notNull(),
    /** SHA-256 (hex) of the token in the unsubscribe link. */
    unsubscribeTokenHash: text('unsubscribe_token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('stock_notification_requests_reference_idx').on(table.reference),
    uniqueIndex('stock_notification_requests_token_idx').on(table.unsubscribeTokenHash),
    uniqueIndex('stock_notification_requests_live_idx')
      .on(table.sku, sql`lower(${table.emailAddress})`)
      .where(sql`${table.notifiedAt} is null and ${table.unsubscribedAt} is null`),
    index('stock_notification_requests_waiting_idx')
      .on(table.sku)
      .where(sql`${table.notifiedAt} is null and ${table.unsubscribedAt} is null`),
  ],
);
