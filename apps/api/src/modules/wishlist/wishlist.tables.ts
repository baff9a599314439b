import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * A wishlist. Guests reach theirs by its id alone (144 random bits); a shopper's carry their user id
 * and, once saved, a name. The share code lets anyone retrieve a copy, never the wishlist itself.
 */
export const wishlists = pgTable(
  'wishlists',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id'),
    name: text('name'),
    /** Eight readable symbols, stored without the hyphen; issued on save or the first e-mail. */
    shareCode: text('share_code'),
    savedAt: timestamp('saved_at', { withTimezone: true }),
    version: integer('version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('wishlists_owner_idx').on(table.ownerId, table.updatedAt), uniqueIndex('wishlists_share_code_idx').on(table.shareCode)],
);

/** One sku on a wishlist, with the price it had when added so a drop can be shown. */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    wishlistId: text('wishlist_id')
      .notNull()
      .references(() => wishlists.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    quantity: integer('quantity').notNull(),
    note: text('note'),
    /** Pence inc VAT when added (retail or trade); 0 if it was not sold then. */
    priceWhenAddedIncVat: integer('price_when_added_inc_vat').notNull(),
    /** Pence inc VAT at the last refresh, so the next refresh reports only new changes. */
    lastSeenIncVat: integer('last_seen_inc_vat').notNull(),
    /** Whether it could be bought at the last refresh, to report "back in stock". */
    lastSeenAvailable: boolean('last_seen_available').notNull().default(true),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.wishlistId, table.sku] }), check('wishlist_items_quantity_check', sql`${table.quantity} between 1 and 999`)],
);
