import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * A customer's saved address: delivery or billing, with a nickname, the notes a large-item courier
 * needs and Royal Mail's `udprn` when it came from the postcode lookup. One default of each type per
 * account (the partial unique index); the postcode is kept normalised.
 */
export const savedAddresses = pgTable(
  'saved_addresses',
  {
    id: uuid('id').primaryKey(),
    ownerId: text('owner_id').notNull(),
    addressType: text('address_type', { enum: ['delivery', 'billing'] }).notNull(),
    nickname: text('nickname'),
    name: text('name').notNull(),
    company: text('company'),
    line1: text('line1').notNull(),
    line2: text('line2'),
    town: text('town').notNull(),
    county: text('county'),
    postcode: text('postcode').notNull(),
    phone: text('phone'),
    udprn: integer('udprn'),
    isDefault: boolean('is_default').notNull().default(false),
    accessNotes: text('access_notes'),
    tailLift: boolean('tail_lift').notNull().default(false),
    kerbsideOnly: boolean('kerbside_only').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('saved_addresses_owner_idx').on(table.ownerId, table.addressType, table.updatedAt),
    uniqueIndex('saved_addresses_one_default_idx')
      .on(table.ownerId, table.addressType)
      .where(sql`${table.isDefault}`),
    check('saved_addresses_type_check', sql`${table.addressType} in ('delivery', 'billing')`),
  ],
);
