import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { QUESTION_REJECTION_REASONS, QUESTION_STATUSES, REVIEW_HOLD_REASONS, REVIEW_REJECTION_REASONS, REVIEW_SOURCES, REVIEW_STATUSES } from '@shop/contracts';
import { products } from '../catalogue/catalogue.tables.ts';
import { orders } from '../orders/orders.tables.ts';

/** What staff search looks in: the four texts of a review joined by line breaks (repository/search-source.ts). */
export const reviewWords = (columns: { title: AnyPgColumn; text: AnyPgColumn; publishedTitle: AnyPgColumn; publishedText: AnyPgColumn }) => {
  const published = sql`coalesce(${columns.publishedTitle}, '') || chr(10) || coalesce(${columns.publishedText}, '')`;
  return sql`(${columns.title} || chr(10) || ${columns.text} || chr(10) || ${published})`;
};

/** The combining-diacritics blocks, as a regular expression: staff search's PostgreSQL engine takes accents off with it. */
const COMBINING_MARKS = sql.raw(`'[\\u0300-\\u036f\\u1ab0-\\u1aff\\u1dc0-\\u1dff\\u20d0-\\u20ff\\ufe20-\\ufe2f]'`);

/**
 * Moves on with every review written or changed: a row's `changed_seq` is taken from it on insert
 * and, by trigger (migration 0032), on every update. Staff search's in-memory index reads the rows
 * changed since it last looked by it (repository/search-source.ts).
 */
export const reviewChanges = pgSequence('review_changes');

/**
 * A customer's review of a product. One per person per product (a partial unique index over the
 * signed-in author), and a verified one at most once per order line. What the author wrote is kept
 * as written; a moderator's edit goes in `publishedTitle`/`publishedText` and is marked as edited.
 * `version` goes up with every change, so two moderators acting at once cannot both succeed.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    sku: text('sku').notNull(),
    source: text('source', { enum: REVIEW_SOURCES }).notNull(),
    /** The author's user id; null only for demo rows imported without an account. */
    customerId: text('customer_id'),
    emailAddress: text('email_address'),
    displayName: text('display_name').notNull(),
    town: text('town'),
    orderId: uuid('order_id').references(() => orders.id),
    orderLinePosition: integer('order_line_position'),
    rating: integer('rating').notNull(),
    qualityRating: integer('quality_rating'),
    valueRating: integer('value_rating'),
    fittingRating: integer('fitting_rating'),
    wouldRecommend: boolean('would_recommend'),
    title: text('title').notNull(),
    text: text('text').notNull(),
    publishedTitle: text('published_title'),
    publishedText: text('published_text'),
    edited: boolean('edited').notNull().default(false),
    shopReply: text('shop_reply'),
    status: text('status', { enum: REVIEW_STATUSES }).notNull().default('pending'),
    heldReason: text('held_reason', { enum: REVIEW_HOLD_REASONS }),
    rejectionReason: text('rejection_reason', { enum: REVIEW_REJECTION_REASONS }),
    version: integer('version').notNull().default(1),
    helpfulCount: integer('helpful_count').notNull().default(0),
    photoCount: integer('photo_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    moderatedBy: text('moderated_by'),
    changedSeq: bigint('changed_seq', { mode: 'number' })
      .notNull()
      .default(sql`nextval('review_changes')`),
  },
  (table) => [
    uniqueIndex('reviews_one_per_author_idx')
      .on(table.productId, table.customerId)
      .where(sql`${table.customerId} is not null and ${table.status} <> 'rejected'`),
    uniqueIndex('reviews_one_per_order_line_idx')
      .on(table.orderId, table.orderLinePosition)
      .where(sql`${table.orderId} is not null and ${table.status} <> 'rejected'`),
    // Newest first with the id to break ties, as the listing sorts: read in order, no sort step (oldest reads it backwards).
    index('reviews_product_published_idx')
      .on(table.productId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.status} = 'published'`),
    // A product page's other sorts and the photo filter, read in order a page at a time (bench:reviews, decision 0037).
    index('reviews_product_highest_idx')
      .on(table.productId, table.rating.desc().nullsFirst(), table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.status} = 'published'`),
    index('reviews_product_lowest_idx')
      .on(table.productId, table.rating.asc(), table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.status} = 'published'`),
    index('reviews_product_helpful_idx')
      .on(table.productId, table.helpfulCount.desc().nullsFirst(), table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.status} = 'published'`),
    index('reviews_product_photos_idx')
      .on(table.productId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.status} = 'published' and ${table.photoCount} > 0`),
    // The moderators' queues in the simple search (`POST /Search/Reviews`), newest first.
    index('reviews_status_idx').on(table.status, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('reviews_sku_idx').on(table.sku, table.createdAt),
    index('reviews_changed_idx').on(table.changedSeq),
    // Staff search's index loads reviews in date order (repository/search-source.ts); the simple search reads by date.
    index('reviews_created_idx').on(table.createdAt, table.id),
    index('reviews_facets_idx').on(table.productId, table.status, table.rating, table.source, table.photoCount),
    // Staff search on search's PostgreSQL engine (decision 0061): the words, accents off and lower-cased, by trigram;
    // written exactly as search/postgres/postgres-search.repository.ts asks, or the index is not used.
    index('reviews_words_trgm_idx').using('gin', sql`lower(regexp_replace(normalize(${reviewWords(table)}, NFKD), ${COMBINING_MARKS}, '', 'g')) gin_trgm_ops`),
    check('reviews_rating_check', sql`${table.rating} between 1 and 5`),
    check(
      'reviews_sub_ratings_check',
      sql`coalesce(${table.qualityRating}, 1) between 1 and 5
        and coalesce(${table.valueRating}, 1) between 1 and 5
        and coalesce(${table.fittingRating}, 1) between 1 and 5`,
    ),
  ],
);

/** Photos sent with a review, stored through the files module (`fileId` is its id there). */
export const reviewPhotos = pgTable(
  'review_photos',
  {
    id: uuid('id').primaryKey(),
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    fileId: text('file_id').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    position: integer('position').notNull(),
  },
  (table) => [uniqueIndex('review_photos_position_idx').on(table.reviewId, table.position)],
);

/** Every moderation step of a review: who, when, from and to, and the reason or edit. */
export const reviewEvents = pgTable(
  'review_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status', { enum: REVIEW_STATUSES }),
    toStatus: text('to_status', { enum: REVIEW_STATUSES }).notNull(),
    note: text('note'),
    actor: text('actor'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [index('review_events_review_idx').on(table.reviewId, table.at)],
);

/** "Was this helpful?": one vote per person (a signed-in user id, or a hashed visitor key) per review. */
export const reviewHelpfulVotes = pgTable(
  'review_helpful_votes',
  {
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    voterKey: text('voter_key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.reviewId, table.voterKey] })],
);

/**
 * Each product's published reviews summed up, changed in the same transaction as every publish or
 * un-publish (under this row's lock), so a summary never disagrees with the reviews behind it. The
 * catalogue's `rating_tenths` and `reviews_count` are set from it in that transaction too.
 */
export const reviewSummaries = pgTable(
  'review_summaries',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id),
    count: integer('count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    stars1: integer('stars_1').notNull().default(0),
    stars2: integer('stars_2').notNull().default(0),
    stars3: integer('stars_3').notNull().default(0),
    stars4: integer('stars_4').notNull().default(0),
    stars5: integer('stars_5').notNull().default(0),
    qualitySum: integer('quality_sum').notNull().default(0),
    qualityCount: integer('quality_count').notNull().default(0),
    valueSum: integer('value_sum').notNull().default(0),
    valueCount: integer('value_count').notNull().default(0),
    fittingSum: integer('fitting_sum').notNull().default(0),
    fittingCount: integer('fitting_count').notNull().default(0),
    recommendYes: integer('recommend_yes').notNull().default(0),
    recommendCount: integer('recommend_count').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    check('review_summaries_count_check', sql`${table.count} = ${table.stars1} + ${table.stars2} + ${table.stars3} + ${table.stars4} + ${table.stars5}`),
  ],
);

/** A shopper's question about a product; published with the shop's (or a customer's) answer. */
export const productQuestions = pgTable(
  'product_questions',
  {
    id: uuid('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    sku: text('sku'),
    /** The help centre's request it came from (HC- reference), when it came that way. */
    helpReference: text('help_reference'),
    askerName: text('asker_name').notNull(),
    customerId: text('customer_id'),
    question: text('question').notNull(),
    answer: text('answer'),
    answeredBy: text('answered_by'),
    /** Who the published answer is from: the shop's team, or a customer who bought the product. */
    answerSource: text('answer_source', { enum: ['shop', 'customer'] }),
    answererName: text('answerer_name'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    status: text('status', { enum: QUESTION_STATUSES }).notNull().default('pending'),
    /** Why a moderator rejected it (or took it down), from the fixed list; cleared when it is published. */
    rejectionReason: text('rejection_reason', { enum: QUESTION_REJECTION_REASONS }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('product_questions_product_published_idx')
      .on(table.productId, table.createdAt)
      .where(sql`${table.status} = 'published'`),
    index('product_questions_status_idx').on(table.status, table.createdAt),
    uniqueIndex('product_questions_help_reference_idx')
      .on(table.helpReference)
      .where(sql`${table.helpReference} is not null`),
  ],
);

/**
 * "Review your purchase": one e-mail per delivered order, claimed by inserting this row in the same
 * transaction as the e-mail, so two job runs at once send it once.
 */
export const reviewInvitations = pgTable('review_invitations', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id),
  emailAddress: text('email_address').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
});

/**
 * A customer who bought the product asked to answer a question. The link's token is kept only as
 * a hash; their answer waits here until a moderator publishes it as the question's answer.
 */
export const questionAnswerInvitations = pgTable(
  'question_answer_invitations',
  {
    id: uuid('id').primaryKey(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => productQuestions.id, { onDelete: 'cascade' }),
    customerId: text('customer_id'),
    emailAddress: text('email_address').notNull(),
    tokenHash: text('token_hash').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    answererName: text('answerer_name'),
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('question_answer_invitations_token_idx').on(table.tokenHash),
    uniqueIndex('question_answer_invitations_once_idx').on(table.questionId, table.emailAddress),
    index('question_answer_invitations_answered_idx')
      .on(table.questionId, table.answeredAt)
      .where(sql`${table.answer} is not null`),
  ],
);
