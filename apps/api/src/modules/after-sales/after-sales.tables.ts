import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { RETURN_STATUSES } from '@shop/contracts';
import { helpRequests } from '../enquiries/enquiries.tables.ts';
import { orders } from '../orders/orders.tables.ts';

/**
 * A return of unwanted (or faulty) goods: requested by the customer through the help centre,
 * authorised or refused by staff, received at the warehouse, then refunded through orders' refund
 * code. What was returned is counted per order line, so goods cannot be returned twice.
 */
export const orderReturns = pgTable(
  'order_returns',
  {
    id: uuid('id').primaryKey(),
    /** RT- and six readable symbols: on the label and in the instructions. */
    reference: text('reference').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    requestId: uuid('request_id')
      .notNull()
      .references(() => helpRequests.id),
    status: text('status', { enum: RETURN_STATUSES }).notNull().default('requested'),
    version: integer('version').notNull().default(1),
    reason: text('reason').notNull(),
    /** What the refund will be, in pence, worked out when it was requested (lines at the price paid). */
    refundPence: integer('refund_pence').notNull(),
    /** Orders' refund id once the money has gone back. */
    refundId: uuid('refund_id'),
    refusalReason: text('refusal_reason'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    authorisedAt: timestamp('authorised_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('order_returns_reference_idx').on(table.reference),
    index('order_returns_order_idx').on(table.orderId),
    check('order_returns_refund_check', sql`${table.refundPence} >= 0`),
  ],
);

export const orderReturnLines = pgTable(
  'order_return_lines',
  {
    returnId: uuid('return_id')
      .notNull()
      .references(() => orderReturns.id, { onDelete: 'cascade' }),
    /** The order line's position (order_lines is keyed by order and position). */
    position: integer('position').notNull(),
    sku: text('sku').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (table) => [uniqueIndex('order_return_lines_idx').on(table.returnId, table.position), check('order_return_lines_quantity_check', sql`${table.quantity} > 0`)],
);
