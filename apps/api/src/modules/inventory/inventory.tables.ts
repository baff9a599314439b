import { check, date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/** How a sku's availability is shown: the four states of DOMAIN.md §8.2 ("Stock"). */
export const STOCK_STATUSES = ['in_stock', 'low_stock', 'made_to_order', 'out_of_stock'] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];

/** Stock per sku: what is on the shelf, what open orders have claimed, and when more arrives. */
export const stockLevels = pgTable(
  'stock_levels',
  {
    sku: text('sku').primaryKey(),
    onHand: integer('on_hand').notNull().default(0),
    committed: integer('committed').notNull().default(0),
    status: text('status', { enum: STOCK_STATUSES }).notNull(),
    eta: date('eta', { mode: 'string' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('stock_levels_status_idx').on(table.status),
    check('stock_levels_quantities_check', sql`${table.onHand} >= 0 and ${table.committed} >= 0`),
  ],
);
