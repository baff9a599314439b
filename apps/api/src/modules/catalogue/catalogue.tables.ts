import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { PRICE_SCHEDULE_STATUSES, RANGE_IMPORT_STATUSES, type RangeRefusal } from '@shop/contracts';
import { vatRates } from '../pricing/pricing.tables.ts';
import { RETURNABILITIES } from './returnability.ts';

/**
 * Moves on whenever something a listing, a card or a suggestion shows changes (triggers in
 * migrations 0013 and 0014): the in-memory listing snapshot reloads only when it has (search's `memory/listing-index.ts`).
 */
export const catalogueChanges = pgSequence('catalogue_changes');

/** The category tree: top-level departments and their sub-categories. */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'restrict' }),
    position: integer('position').notNull().default(0),
  },
  (table) => [index('categories_parent_position_idx').on(table.parentId, table.position)],
);

/** Which attribute facets a category's listings offer, in display order (sub-categories inherit). */
export const categoryFacets = pgTable(
  'category_facets',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    identifier: text('identifier').notNull(),
    displayName: text('display_name').notNull(),
    position: integer('position').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.categoryId, table.identifier] })],
);

export const brands = pgTable('brands', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  tier: text('tier', { enum: ['value', 'core', 'premium'] }).notNull(),
});

export const DELIVERY_CLASSES = ['parcel', 'large', 'pallet', 'two_man_eligible'] as const;

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** A product as a listing shows it; its skus are offerings. Bundles are products with components. */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    family: text('family').notNull(),
    isBundle: boolean('is_bundle').notNull().default(false),
    guaranteeYears: integer('guarantee_years').notNull().default(1),
    isWeee: boolean('is_weee').notNull().default(false),
    /** Whether it can come back as unwanted (`returnability.ts`, docs/domain.md §8.1). */
    returnability: text('returnability', { enum: RETURNABILITIES }).notNull().default('standard'),
    deliveryClass: text('delivery_class', { enum: DELIVERY_CLASSES }).notNull(),
    /** Attribute name → value, as shown in the specification table. */
    specifications: jsonb('specifications').$type<Record<string, string>>().notNull().default({}),
    /** Average rating × 10 (3.6–4.9 → 36–49), so it stays an integer. */
    ratingTenths: integer('rating_tenths').notNull().default(0),
    reviewsCount: integer('reviews_count').notNull().default(0),
    questionsCount: integer('questions_count').notNull().default(0),
    /** Units sold in the last 90 days, from order lines (`popularity.ts`): "recommended" order and best-seller carousels. */
    popularity: integer('popularity').notNull().default(0),
    /** Name, brand, category and keywords, the text searched (maintained by whoever writes the row). */
    searchText: text('search_text').notNull().default(''),
    search: tsvector('search').generatedAlwaysAs(sql`to_tsvector('english'::regconfig, search_text)`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When staff withdrew it from sale (null: on sale): no listing, search, page or basket shows or sells it; orders keep their copy. */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (table) => [
    index('products_category_idx').on(table.categoryId),
    index('products_brand_idx').on(table.brandId),
    index('products_search_idx').using('gin', table.search),
    index('products_name_trgm_idx').using('gin', sql`${table.name} gin_trgm_ops`),
    // Search's PostgreSQL engine (decision 0059): words as typed (no stemming), of the name and of all searchable text, and their trigrams for typos.
    index('products_name_words_idx').using('gin', sql`to_tsvector('simple'::regconfig, ${table.name})`),
    index('products_all_words_idx').using('gin', sql`to_tsvector('simple'::regconfig, ${table.name} || ' ' || ${table.searchText})`),
    index('products_all_trgm_idx').using('gin', sql`(${table.name} || ' ' || ${table.searchText}) gin_trgm_ops`),
    check('products_returnability_check', sql`${table.returnability} in ('standard', 'sealed-hygiene', 'made-to-measure')`),
  ],
);

/** One sku of a product: a size, finish, handing or pack of it. */
export const offerings = pgTable(
  'offerings',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull().unique(),
    isDefault: boolean('is_default').notNull().default(false),
    label: text('label').notNull(),
    widthMm: integer('width_mm'),
    finish: text('finish'),
    handing: text('handing', { enum: ['left', 'right'] }),
    packQty: integer('pack_qty').notNull().default(1),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    index('offerings_product_idx').on(table.productId, table.position),
    // A code's letters and digits, lower-cased, as search's PostgreSQL engine compares codes (decision 0017).
    index('offerings_code_key_idx').using('btree', sql`lower(regexp_replace(${table.sku}, '[^[:alnum:]]+', '', 'g')) text_pattern_ops`),
    uniqueIndex('offerings_one_default_idx')
      .on(table.productId)
      .where(sql`${table.isDefault}`),
  ],
);

/** The current retail price of a sku in integer pence, both with and without VAT, and the VAT rate (pricing's) it was worked out with. */
export const prices = pgTable(
  'prices',
  {
    offeringId: integer('offering_id')
      .primaryKey()
      .references(() => offerings.id, { onDelete: 'cascade' }),
    vatRateCode: text('vat_rate_code')
      .notNull()
      .references(() => vatRates.code),
    priceIncVat: integer('price_inc_vat').notNull(),
    priceExVat: integer('price_ex_vat').notNull(),
    wasPriceIncVat: integer('was_price_inc_vat'),
    wasPriceExVat: integer('was_price_ex_vat'),
    /** Whole percent off the was-price; 0 when there is none. */
    discountPercentage: integer('discount_percentage').generatedAlwaysAs(
      sql`case when was_price_inc_vat > price_inc_vat then ((was_price_inc_vat - price_inc_vat) * 100 / was_price_inc_vat) else 0 end`,
    ),
  },
  (table) => [check('prices_positive_check', sql`${table.priceIncVat} > 0 and ${table.priceExVat} > 0`)],
);

/**
 * Every retail price a sku has had and when (docs/domain.md §1): written in the same transaction as
 * each change to `prices`, and the only source of its was-price (`reference-price.ts`).
 */
export const priceHistory = pgTable(
  'price_history',
  {
    id: serial('id').primaryKey(),
    offeringId: integer('offering_id')
      .notNull()
      .references(() => offerings.id, { onDelete: 'cascade' }),
    priceIncVat: integer('price_inc_vat').notNull(),
    priceExVat: integer('price_ex_vat').notNull(),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull(),
    /** Null for the price in force. */
    effectiveUntil: timestamp('effective_until', { withTimezone: true }),
  },
  (table) => [
    index('price_history_offering_idx').on(table.offeringId, table.effectiveFrom),
    uniqueIndex('price_history_one_current_idx')
      .on(table.offeringId)
      .where(sql`${table.effectiveUntil} is null`),
    check('price_history_positive_check', sql`${table.priceIncVat} > 0 and ${table.priceExVat} > 0`),
  ],
);

export const BADGES = ['best_seller', 'new', 'free_waste', 'premium', 'recommended'] as const;

export const productBadges = pgTable(
  'product_badges',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    badge: text('badge', { enum: BADGES }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.productId, table.badge] })],
);

/** Facet values per product, normalised for counting (a product with 3 widths has 3 rows). */
export const productFacetValues = pgTable(
  'product_facet_values',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    facet: text('facet').notNull(),
    value: text('value').notNull(),
  },
  (table) => [primaryKey({ columns: [table.productId, table.facet, table.value] }), index('product_facet_values_facet_idx').on(table.facet, table.value)],
);

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    offeringId: integer('offering_id').references(() => offerings.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    altText: text('alt_text').notNull(),
    position: integer('position').notNull().default(0),
  },
  (table) => [index('product_images_product_idx').on(table.productId, table.position)],
);

/** What a bundle product is made of, each component a sku. */
export const bundleComponents = pgTable(
  'bundle_components',
  {
    bundleProductId: integer('bundle_product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    offeringId: integer('offering_id')
      .notNull()
      .references(() => offerings.id),
    quantity: integer('quantity').notNull().default(1),
    /** Its place in the bundle's list ("What's in the set"), the first 0. */
    position: integer('position').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.bundleProductId, table.offeringId] })],
);

/** Accessories a product (or a bundle) needs: required or recommended, with the rule that chose them. */
export const essentialItems = pgTable(
  'essential_items',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Set when the item belongs to the product as part of that bundle only. */
    bundleProductId: integer('bundle_product_id').references(() => products.id, { onDelete: 'cascade' }),
    itemOfferingId: integer('item_offering_id')
      .notNull()
      .references(() => offerings.id),
    requirement: text('requirement', { enum: ['required', 'recommended'] }).notNull(),
    quantity: integer('quantity').notNull().default(1),
    compatibilityRule: text('compatibility_rule').notNull().default(''),
    position: integer('position').notNull().default(0),
  },
  (table) => [index('essential_items_product_idx').on(table.productId, table.bundleProductId)],
);

/** Customer photos: shown only with the customer's consent and once a moderator approves them. */
export const userContent = pgTable(
  'user_content',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    authorName: text('author_name').notNull(),
    caption: text('caption').notNull().default(''),
    imageUrl: text('image_url').notNull(),
    consentGiven: boolean('consent_given').notNull(),
    moderationStatus: text('moderation_status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('user_content_product_idx').on(table.productId, table.moderationStatus)],
);

/**
 * Listings and promotions (spec §3 listing type): 100 new products, 200 a configured listing on a
 * category base with preset facet filters.
 */
export const listings = pgTable('listings', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  listingType: integer('listing_type').notNull(),
  categoryId: integer('category_id').references(() => categories.id),
  /** Preset facet selections, e.g. `{ on_offer: ['yes'] }`. */
  filters: jsonb('filters').$type<Record<string, string[]>>().notNull().default({}),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
});

/**
 * Each product's edit version, staff's optimistic lock (decision 0086): moved on by every staff change
 * of the product or its prices. A table apart from `products`, so a price edit stays a patch of the
 * snapshot (decision 0080) rather than a change that rebuilds it. No row is version 0.
 */
export const productVersions = pgTable('product_versions', {
  productId: integer('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  version: integer('version').notNull(),
});

/**
 * A price staff set to start later, and maybe end: the `scheduled-prices` job starts and ends them
 * (`scheduled-prices.ts`) through the price history like any change; one starting now starts at once.
 */
export const scheduledPrices = pgTable(
  'scheduled_prices',
  {
    id: serial('id').primaryKey(),
    offeringId: integer('offering_id')
      .notNull()
      .references(() => offerings.id, { onDelete: 'cascade' }),
    priceIncVat: integer('price_inc_vat').notNull(),
    vatRateCode: text('vat_rate_code')
      .notNull()
      .references(() => vatRates.code),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    status: text('status', { enum: PRICE_SCHEDULE_STATUSES }).notNull().default('scheduled'),
    /** The price in force when it started: what comes back at its end. */
    restorePriceIncVat: integer('restore_price_inc_vat'),
    restoreVatRateCode: text('restore_vat_rate_code').references(() => vatRates.code),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('scheduled_prices_offering_idx').on(table.offeringId),
    index('scheduled_prices_due_idx')
      .on(table.status, table.startsAt)
      .where(sql`${table.status} in ('scheduled', 'started')`),
    check('scheduled_prices_positive_check', sql`${table.priceIncVat} > 0`),
    check('scheduled_prices_period_check', sql`${table.endsAt} is null or ${table.endsAt} > ${table.startsAt}`),
  ],
);

/** Who changed a product, what and when: staff's edits, and the scheduled-prices job's starts and ends (actor null). */
export const productAudit = pgTable(
  'product_audit',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    actorUserId: text('actor_user_id'),
    actorName: text('actor_name'),
    what: text('what').notNull(),
  },
  (table) => [index('product_audit_product_idx').on(table.productId, table.at), index('product_audit_actor_idx').on(table.actorUserId)],
);

/** One product's rows of a checked import, as applied: its variants' new figures (range-rows.ts). */
export interface PlannedProduct {
  /** null: a new product, made from `add` (decision 0112). */
  productId: number | null;
  /** A new product's details: brand and sub-category by slug; `family` null takes its sub-category's. */
  add?: { line: number; slug: string; name: string; description: string; brandSlug: string; categorySlug: string; family: string | null };
  /** What the file changes of an existing product's name, description, brand (slug) and sub-category (slug). */
  details?: { line: number; name?: string; description?: string; brandSlug?: string; categorySlug?: string };
  /** New variants, in file order (a new product's first is shown first). */
  added?: { line: number; sku: string; label: string; priceIncVat: number; vatRateCode: string; stockOnHand: number }[];
  /** `startsAt`, `endsAt`: ISO instants of a scheduled price (absent in plans checked before files could schedule one). */
  rows: {
    line: number;
    sku: string;
    priceIncVat: number | null;
    vatRateCode: string | null;
    stockOnHand: number | null;
    startsAt?: string | null;
    endsAt?: string | null;
  }[];
}

/**
 * A file of the range checked by staff (a dry run) and, once they apply it, applied in the background
 * by the `range-imports` job, a batch of products per transaction (decision 0127): `productsDone`
 * moves on in the same transaction, so a worker that stops resumes where it was (decision 0093).
 */
export const rangeImports = pgTable(
  'range_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fileName: text('file_name').notNull(),
    status: text('status', { enum: RANGE_IMPORT_STATUSES }).notNull().default('checked'),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
    actorUserId: text('actor_user_id'),
    actorName: text('actor_name').notNull(),
    lines: integer('lines').notNull(),
    changing: integer('changing').notNull(),
    unchanged: integer('unchanged').notNull(),
    refused: integer('refused').notNull(),
    plan: jsonb('plan').$type<PlannedProduct[]>().notNull(),
    productsDone: integer('products_done').notNull().default(0),
    changes: jsonb('changes').$type<{ line: number; sku: string; what: string }[]>().notNull(),
    // Refusals found while applying are marked; those of the check (and of imports stored before the mark) are not.
    refusals: jsonb('refusals').$type<(RangeRefusal & { whileApplying?: 'refused' | 'not-applied' })[]>().notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('range_imports_due_idx')
      .on(table.status)
      .where(sql`${table.status} in ('queued', 'applying')`),
    index('range_imports_actor_idx').on(table.actorUserId),
  ],
);
