import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A basket. Guests reach theirs by its id alone (≥ 128 random bits); a shopper's baskets carry
 * their user id. `version` goes up with every change, and a change saved against a version that
 * has moved on is refused and redone, so parallel updates never overwrite each other.
 */
export const baskets = pgTable(
  'baskets',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id'),
    /** Discount channel: Website 100, Trade Site 200, Trade App 300. */
    channel: integer('channel').notNull().default(100),
    discountCode: text('discount_code'),
    version: integer('version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('baskets_owner_idx').on(table.ownerId, table.updatedAt)],
);

/** One sku in a basket. Unit prices are those last shown, so a refresh can report changes. */
export const basketLines = pgTable(
  'basket_lines',
  {
    basketId: text('basket_id')
      .notNull()
      .references(() => baskets.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    quantity: integer('quantity').notNull(),
    /** Pence inc VAT per pack when last priced: retail or trade. */
    pricedUnitIncVat: integer('priced_unit_inc_vat').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.basketId, table.sku] }), check('basket_lines_quantity_check', sql`${table.quantity} between 1 and 999`)],
);

/** A saved copy of a basket, found by a code a person can read over the phone. */
export const savedBaskets = pgTable(
  'saved_baskets',
  {
    retrievalCode: text('retrieval_code').primaryKey(),
    sourceBasketId: text('source_basket_id').notNull(),
    ownerId: text('owner_id'),
    lines: jsonb('lines').$type<{ sku: string; quantity: number }[]>().notNull(),
    discountCode: text('discount_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('saved_baskets_expires_idx').on(table.expiresAt),
    // Saving a basket again finds the code its unchanged state was saved under.
    index('saved_baskets_source_idx').on(table.sourceBasketId, table.createdAt),
  ],
);
