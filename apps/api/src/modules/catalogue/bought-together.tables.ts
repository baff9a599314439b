import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { BOUGHT_TOGETHER_CHOICES } from '@shop/contracts';
import { products } from './catalogue.tables.ts';

/**
 * Products bought in the same orders (decision 0117), worked out afresh from orders by the
 * `bought-together` job: one row each way round, so a product's pairs are one index read.
 */
export const boughtTogetherPairs = pgTable(
  'bought_together_pairs',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    pairedProductId: integer('paired_product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Orders holding both. */
    ordersTogether: integer('orders_together').notNull(),
    /** How many times more often they are bought together than chance would have it, in hundredths (420: 4.2). */
    liftHundredths: integer('lift_hundredths').notNull(),
    countedAt: timestamp('counted_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.pairedProductId] }),
    check('bought_together_pairs_distinct_check', sql`${table.productId} <> ${table.pairedProductId}`),
  ],
);

/** Staff's say over a product's pairs: a pinned product is shown first whatever orders say, a blocked one never (who and when: product_audit). */
export const boughtTogetherChoices = pgTable(
  'bought_together_choices',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    pairedProductId: integer('paired_product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    choice: text('choice', { enum: BOUGHT_TOGETHER_CHOICES }).notNull(),
    chosenAt: timestamp('chosen_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.pairedProductId] }),
    index('bought_together_choices_paired_idx').on(table.pairedProductId),
    check('bought_together_choices_distinct_check', sql`${table.productId} <> ${table.pairedProductId}`),
  ],
);
