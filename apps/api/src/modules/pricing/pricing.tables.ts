import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * VAT as data (docs/domain.md §1): the rates in force, by code. A price stores both amounts and names
 * the rate it was worked out with (`prices.vat_rate_code`). Today's rows are written by the
 * migration that made these tables.
 */
export const vatRates = pgTable(
  'vat_rates',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    basisPoints: integer('basis_points').notNull(),
    /** When this rate took effect (the standard 20% on 4 January 2011). */
    inForceFrom: date('in_force_from', { mode: 'string' }).notNull(),
  },
  (table) => [check('vat_rates_basis_points_check', sql`${table.basisPoints} between 0 and 10000`)],
);

/**
 * Trade bands (docs/domain.md §5): the ex-VAT discount each gives and the rolling 12-month spend that
 * qualifies for it. Rows, so staff can change them; the migration that made them writes today's five.
 */
export const tradeBands = pgTable(
  'trade_bands',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    discountBasisPoints: integer('discount_basis_points').notNull(),
    /** Pence ex VAT; 0 for the band an account gets on approval. */
    qualifyingSpendExVat: integer('qualifying_spend_ex_vat').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One band per spend, so the band given on approval (no spend) is one row.
    uniqueIndex('trade_bands_qualifying_spend_idx').on(table.qualifyingSpendExVat),
    check('trade_bands_discount_check', sql`${table.discountBasisPoints} between 0 and 10000`),
    check('trade_bands_spend_check', sql`${table.qualifyingSpendExVat} >= 0`),
  ],
);
