import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * A promotion: its code, where and on what it applies, how much it takes off, when it runs and how
 * often it may be used. `claim_count` is the usage counter the claim's conditional update guards.
 */
export const discountPromotions = pgTable(
  'discount_promotions',
  {
    id: serial('id').primaryKey(),
    /** Stored in capitals; matched after upper-casing what the shopper typed. */
    promotionCode: text('promotion_code').notNull().unique(),
    description: text('description').notNull(),
    channels: integer('channels').array().notNull(),
    targetType: integer('target_type').notNull(),
    targetSkus: text('target_skus')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    targetCategoryIds: integer('target_category_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    targetBrandIds: integer('target_brand_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    discountType: integer('discount_type').notNull(),
    /** Basis points for a percentage, pence for a fixed amount. */
    value: integer('value').notNull(),
    minimumSpendPence: integer('minimum_spend_pence').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    usageLimit: integer('usage_limit'),
    perCustomerLimit: integer('per_customer_limit'),
    combinesWithTradePricing: boolean('combines_with_trade_pricing').notNull().default(false),
    requiresIssueCode: boolean('requires_issue_code').notNull().default(false),
    claimCount: integer('claim_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('discount_promotions_value_check', sql`${table.value} > 0 and (${table.discountType} <> 1 or ${table.value} <= 10000)`),
    check('discount_promotions_dates_check', sql`${table.endsAt} is null or ${table.endsAt} > ${table.startsAt}`),
    check('discount_promotions_usage_check', sql`${table.claimCount} >= 0 and (${table.usageLimit} is null or ${table.claimCount} <= ${table.usageLimit})`),
    index('discount_promotions_starts_idx').on(table.startsAt),
    index('discount_promotions_created_idx').on(table.createdAt, table.id),
  ],
);

/** Single-use codes issued under a promotion (e.g. printed on a leaflet); each is claimed at most once. */
export const discountIssueCodes = pgTable(
  'discount_issue_codes',
  {
    id: serial('id').primaryKey(),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => discountPromotions.id, { onDelete: 'cascade' }),
    /** Unique across all promotions, so a code alone names its promotion. */
    code: text('code').notNull().unique(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('discount_issue_codes_promotion_idx').on(table.promotionId, table.id)],
);

/** One row per redemption, written when an order is placed. */
export const discountClaims = pgTable(
  'discount_claims',
  {
    id: serial('id').primaryKey(),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => discountPromotions.id, { onDelete: 'restrict' }),
    issueCodeId: integer('issue_code_id').references(() => discountIssueCodes.id, { onDelete: 'restrict' }),
    orderId: text('order_id').notNull(),
    customerId: text('customer_id'),
    amountPence: integer('amount_pence').notNull(),
    channel: integer('channel').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    // The database's own guarantee behind "a single-use code is claimed once".
    uniqueIndex('discount_claims_issue_code_idx')
      .on(table.issueCodeId)
      .where(sql`${table.issueCodeId} is not null`),
    index('discount_claims_promotion_idx').on(table.promotionId, table.claimedAt),
    index('discount_claims_customer_idx').on(table.promotionId, table.customerId),
    check('discount_claims_amount_check', sql`${table.amountPence} >= 0`),
  ],
);
