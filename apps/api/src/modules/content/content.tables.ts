import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A content page or blog post (`kind`, decision 0094): which of its versions (rows of `content_revisions`, subject `<kind>:<slug>`) is the
 * draft, which is published and which is scheduled to be. `version` is the number of its newest
 * version: every change names the version it was made from and is refused when another came first.
 */
export const contentPages = pgTable(
  'content_pages',
  {
    /** `page` or `post`: a post's address is under /blog, so a page and a post may share a slug. */
    kind: text('kind').notNull().default('page'),
    slug: text('slug').notNull(),
    version: integer('version').notNull(),
    draftRevision: integer('draft_revision').notNull(),
    publishedRevision: integer('published_revision'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** When it was first published: a post's date, which later corrections do not move. */
    firstPublishedAt: timestamp('first_published_at', { withTimezone: true }),
    scheduledRevision: integer('scheduled_revision'),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.slug] }),
    check('content_pages_kind_check', sql`${table.kind} in ('page', 'post')`),
    check('content_pages_schedule_check', sql`(${table.scheduledRevision} is null) = (${table.scheduledFor} is null)`),
    check('content_pages_published_check', sql`(${table.publishedRevision} is null) = (${table.publishedAt} is null)`),
  ],
);

/** A global item every page shows (announcement bar, footer columns, delivery promises), and when it shows. */
export const contentGlobalItems = pgTable(
  'content_global_items',
  {
    id: text('id').primaryKey(),
    version: integer('version').notNull(),
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [check('content_global_items_schedule_check', sql`${table.startsAt} is null or ${table.endsAt} is null or ${table.endsAt} > ${table.startsAt}`)],
);

/**
 * Every version of a page, post or global item, kept: what it was, who made it and when. `subject` is
 * `page:<slug>`, `post:<slug>` or `item:<id>`; `document` is the page (title, SEO, blocks) or the item (content, start, end).
 */
export const contentRevisions = pgTable(
  'content_revisions',
  {
    subject: text('subject').notNull(),
    revision: integer('revision').notNull(),
    action: text('action').notNull(),
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    publishAt: timestamp('publish_at', { withTimezone: true }),
    /** The staff member's account and name when they made it; erasure keeps the version and forgets who. */
    byUserId: text('by_user_id'),
    byName: text('by_name').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.subject, table.revision] }), index('content_revisions_by_user_idx').on(table.byUserId)],
);

/**
 * A picture staff uploaded for pages (its bytes kept by files under `id`, purpose `content-image`): what the clean-up of unused
 * pictures weighs. `claimedUntil` is the lease of the clean-up removing it, so two removing at once take each picture once.
 */
export const contentImages = pgTable(
  'content_images',
  {
    id: text('id').primaryKey(),
    size: integer('size').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
  },
  (table) => [index('content_images_uploaded_at_idx').on(table.uploadedAt)],
);

/** Each clean-up of unused pictures: when, by whom (a member of staff, or the daily job) and what it removed. */
export const contentImageCleanups = pgTable(
  'content_image_cleanups',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** The member of staff who asked for it; null for the daily job, and once they are erased. */
    byUserId: text('by_user_id'),
    byName: text('by_name').notNull(),
    /** The ids of the pictures removed. */
    removed: text('removed').array().notNull(),
    removedBytes: bigint('removed_bytes', { mode: 'number' }).notNull(),
    /**
     * This clean-up found every picture uploaded before rows were kept (migration 0086) in the file store and gave each a row:
     * once one has, no clean-up lists the store again (content-image-cleanup.ts).
     */
    sweptStore: boolean('swept_store').notNull().default(false),
  },
  (table) => [index('content_image_cleanups_at_idx').on(table.at), index('content_image_cleanups_by_user_idx').on(table.byUserId)],
);

/**
 * The blog's categories, managed by content editors: a post names one by `slug` in its documents, so
 * the slug never changes and a category is removed only when no post's draft, published or scheduled version is in it.
 * Listed in the order they were added (`position`). `version` counts its changes: a change names the one it was made from (migration 0088).
 */
export const blogCategories = pgTable(
  'blog_categories',
  {
    slug: text('slug').primaryKey(),
    position: integer('position').generatedAlwaysAsIdentity().notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    version: integer('version').notNull().default(1),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [check('blog_categories_slug_check', sql`${table.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`)],
);
