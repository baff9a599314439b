import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  TRADE_APPLICATION_STATUSES,
  TRADE_BAND_CHANGE_REASONS,
  TRADE_BUSINESS_TYPES,
  TRADE_DOCUMENT_KINDS,
  TRADE_TYPES,
  type TradeApplicationData,
  type TradeTerms,
} from '@shop/contracts';
import { orders } from '../orders/orders.tables.ts';
import { tradeBands } from '../pricing/pricing.tables.ts';

/**
 * Applications for a trade account. The details are kept as the applicant sent them (normalised:
 * numbers and postcode in capitals); `version` goes up with every change, so a reviewer acts on what
 * they saw and two reviewers acting at once cannot both succeed. At most one open application per
 * user (a partial unique index), whatever the application does.
 */
export const tradeApplications = pgTable(
  'trade_applications',
  {
    id: serial('id').primaryKey(),
    tradeExternalId: text('trade_external_id').notNull(),
    userId: text('user_id').notNull(),
    userEmail: text('user_email').notNull(),
    userName: text('user_name').notNull(),
    status: text('status', { enum: TRADE_APPLICATION_STATUSES }).notNull(),
    version: integer('version').notNull().default(1),
    details: jsonb('details').$type<TradeApplicationData>().notNull(),
    question: text('question'),
    answer: text('answer'),
    disapprovalReason: text('disapproval_reason'),
    approvedBandCode: text('approved_band_code').references(() => tradeBands.code),
    tradeAccountId: integer('trade_account_id'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('trade_applications_external_id_idx').on(table.tradeExternalId),
    uniqueIndex('trade_applications_one_open_idx')
      .on(table.userId)
      .where(sql`${table.status} in ('submitted', 'more_info_required')`),
    index('trade_applications_user_idx').on(table.userId, table.submittedAt),
    index('trade_applications_status_idx').on(table.status, table.submittedAt),
  ],
);

/** Every change of an application's status: who, when, from and to, and the question, answer or reason. */
export const tradeApplicationEvents = pgTable(
  'trade_application_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => tradeApplications.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status', { enum: TRADE_APPLICATION_STATUSES }),
    toStatus: text('to_status', { enum: TRADE_APPLICATION_STATUSES }).notNull(),
    actorUserId: text('actor_user_id').notNull(),
    actorName: text('actor_name').notNull(),
    /** A reviewer's step (shown to applicants without the name) rather than the applicant's own. */
    byStaff: boolean('by_staff').notNull(),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [index('trade_application_events_application_idx').on(table.applicationId, table.at)],
);

/** Proof documents: the bytes are the files module's (`fileId`); the type is what the content is. */
export const tradeApplicationDocuments = pgTable(
  'trade_application_documents',
  {
    id: uuid('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => tradeApplications.id, { onDelete: 'cascade' }),
    fileId: text('file_id').notNull(),
    kind: text('kind', { enum: TRADE_DOCUMENT_KINDS }).notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('trade_application_documents_application_idx').on(table.applicationId, table.uploadedAt)],
);

/** A business trading with the shop: it has a band, and its accounts' trade orders count towards the next. */
export const businesses = pgTable(
  'businesses',
  {
    id: serial('id').primaryKey(),
    legalName: text('legal_name').notNull(),
    tradingName: text('trading_name'),
    businessType: text('business_type', { enum: TRADE_BUSINESS_TYPES }).notNull(),
    companyNumber: text('company_number'),
    vatNumber: text('vat_number'),
    trade: text('trade', { enum: TRADE_TYPES }).notNull(),
    tradeOther: text('trade_other'),
    yearsTrading: integer('years_trading').notNull(),
    employees: integer('employees').notNull(),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2'),
    town: text('town').notNull(),
    county: text('county'),
    postcode: text('postcode').notNull(),
    bandCode: text('band_code')
      .notNull()
      .references(() => tradeBands.code),
    bandSetBy: text('band_set_by', { enum: TRADE_BAND_CHANGE_REASONS }).notNull(),
    bandChangedAt: timestamp('band_changed_at', { withTimezone: true }).notNull(),
    /** When the band review job last looked at its spend. */
    bandReviewedAt: timestamp('band_reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('businesses_band_idx').on(table.bandCode), index('businesses_band_reviewed_idx').on(table.bandReviewedAt)],
);

/** A trade account: one sign-in account (the holder) trading for a business, under an unguessable external id. */
export const tradeAccounts = pgTable(
  'trade_accounts',
  {
    id: serial('id').primaryKey(),
    tradeExternalId: text('trade_external_id').notNull(),
    userId: text('user_id').notNull(),
    userEmail: text('user_email').notNull(),
    userName: text('user_name').notNull(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id),
    applicationId: integer('application_id').references(() => tradeApplications.id),
    contactName: text('contact_name').notNull(),
    contactRole: text('contact_role'),
    contactPhone: text('contact_phone').notNull(),
    contactEmail: text('contact_email'),
    gasSafeNumber: text('gas_safe_number'),
    niceicNumber: text('niceic_number'),
    otherRegistration: text('other_registration'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('trade_accounts_external_id_idx').on(table.tradeExternalId),
    uniqueIndex('trade_accounts_user_idx').on(table.userId),
    uniqueIndex('trade_accounts_email_idx').on(sql`lower(${table.userEmail})`),
    index('trade_accounts_business_idx').on(table.businessId),
  ],
);

/** Every band a business has been on: on approval, moved up by its spend, or set by staff. */
export const tradeBandChanges = pgTable(
  'trade_band_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    fromBand: text('from_band').references(() => tradeBands.code),
    toBand: text('to_band')
      .notNull()
      .references(() => tradeBands.code),
    reason: text('reason', { enum: TRADE_BAND_CHANGE_REASONS }).notNull(),
    note: text('note'),
    actorUserId: text('actor_user_id'),
    actorName: text('actor_name'),
    spendExVat: integer('spend_ex_vat'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [index('trade_band_changes_business_idx').on(table.businessId, table.at)],
);

/**
 * The trade side of an order placed at trade prices: whose business it counts for, the band it was
 * priced on, and its goods ex VAT and what trade prices saved, as they were when it was placed.
 * Refunds and cancellations are the order's own, read from the orders module.
 */
export const tradeOrders = pgTable(
  'trade_orders',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id),
    tradeAccountId: integer('trade_account_id')
      .notNull()
      .references(() => tradeAccounts.id),
    orderNumber: text('order_number').notNull(),
    bandCode: text('band_code').notNull(),
    itemCount: integer('item_count').notNull(),
    /** The order's totals, delivery included, as placed: refunds are the order's own. */
    totalIncVat: integer('total_inc_vat').notNull(),
    totalExVat: integer('total_ex_vat').notNull(),
    savingsExVat: integer('savings_ex_vat').notNull(),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('trade_orders_business_idx').on(table.businessId, table.placedAt),
    check('trade_orders_amounts_check', sql`${table.totalExVat} >= 0 and ${table.savingsExVat} >= 0`),
  ],
);

/**
 * What a business has ordered, per sku: how many orders and packs, and when last. Kept as orders are
 * placed, so buy-again reads one row per product the business buys rather than every line of two years.
 */
export const tradeOrderedProducts = pgTable(
  'trade_ordered_products',
  {
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    timesOrdered: integer('times_ordered').notNull(),
    quantityOrdered: integer('quantity_ordered').notNull(),
    lastOrderedAt: timestamp('last_ordered_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.businessId, table.sku] })],
);

/** Versioned trade terms: the highest version is current. Version 1 is written by a migration; later ones by `publishTerms`. */
export const tradeTerms = pgTable('trade_terms', {
  version: integer('version').primaryKey(),
  title: text('title').notNull(),
  sections: jsonb('sections').$type<TradeTerms['sections']>().notNull(),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
});

/** Who accepted which version, and when. */
export const tradeTermsAcceptances = pgTable(
  'trade_terms_acceptances',
  {
    tradeAccountId: integer('trade_account_id')
      .notNull()
      .references(() => tradeAccounts.id, { onDelete: 'cascade' }),
    version: integer('version')
      .notNull()
      .references(() => tradeTerms.version),
    userId: text('user_id').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.tradeAccountId, table.version] })],
);
