import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * A request for the printed catalogue by post. `address_key` is the address as compared (postcode
 * and first line, without case, spaces or punctuation): one request per key in six months. The
 * account is kept when the customer was signed in, so it is erased with the account.
 */
export const catalogueRequests = pgTable(
  'catalogue_requests',
  {
    id: uuid('id').primaryKey(),
    ownerId: text('owner_id'),
    name: text('name').notNull(),
    line1: text('line1').notNull(),
    line2: text('line2'),
    town: text('town').notNull(),
    county: text('county'),
    postcode: text('postcode').notNull(),
    udprn: integer('udprn'),
    addressKey: text('address_key').notNull(),
    interests: text('interests').array().notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    postedAt: timestamp('posted_at', { withTimezone: true }),
  },
  (table) => [
    index('catalogue_requests_address_idx').on(table.addressKey, table.requestedAt),
    index('catalogue_requests_waiting_idx').on(table.postedAt, table.requestedAt),
    index('catalogue_requests_owner_idx').on(table.ownerId),
  ],
);

/**
 * Consent to offers by post, recorded apart from the request (UK GDPR: consent is its own record,
 * with the words the customer agreed to and when), never needed for the catalogue itself.
 */
export const postalMarketingConsents = pgTable(
  'postal_marketing_consents',
  {
    id: uuid('id').primaryKey(),
    ownerId: text('owner_id'),
    name: text('name').notNull(),
    line1: text('line1').notNull(),
    postcode: text('postcode').notNull(),
    addressKey: text('address_key').notNull(),
    wording: text('wording').notNull(),
    source: text('source').notNull(),
    givenAt: timestamp('given_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('postal_marketing_consents_address_idx').on(table.addressKey), index('postal_marketing_consents_owner_idx').on(table.ownerId)],
);
