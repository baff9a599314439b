import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A project: a named list of products for one job, kept by its owner and shared by e-mail. Its id is
 * opaque (144 random bits); another customer's project is answered as unknown.
 */
export const projects = pgTable(
  'projects',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id').notNull(),
    /** Shown to whoever it is shared with, as "shared by". */
    ownerName: text('owner_name').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    siteReference: text('site_reference'),
    lineCount: integer('line_count').notNull().default(0),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('projects_owner_idx').on(table.ownerId, table.updatedAt)],
);

/** One variant on a project, with its quantity and note; `addedAt` orders the lines, newest first. */
export const projectItems = pgTable(
  'project_items',
  {
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    quantity: integer('quantity').notNull(),
    note: text('note'),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.projectId, table.sku] }), check('project_items_quantity_check', sql`${table.quantity} between 1 and 999`)],
);

/**
 * What each viewer last saw of a line (their own price: a trade owner's price is never compared with
 * a homeowner's), so a refresh reports only what changed for them.
 */
export const projectItemsSeen = pgTable(
  'project_items_seen',
  {
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    sku: text('sku').notNull(),
    priceIncVat: integer('price_inc_vat').notNull(),
    available: boolean('available').notNull(),
  },
  (table) => [primaryKey({ columns: [table.projectId, table.userId, table.sku] }), index('project_items_seen_user_idx').on(table.userId)],
);

/**
 * A project shared with an e-mail address, as view or edit. It is matched to whoever signs in with
 * that (confirmed) address, so a share made before the person has an account waits for it.
 */
export const projectShares = pgTable(
  'project_shares',
  {
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    recipientEmail: text('recipient_email').notNull(),
    role: text('role', { enum: ['view', 'edit'] }).notNull(),
    sharedAt: timestamp('shared_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.projectId, table.recipientEmail] }), index('project_shares_recipient_idx').on(table.recipientEmail, table.sharedAt)],
);

/** A basket lines were added to from the project: the order placed from that basket is the project's. */
export const projectBaskets = pgTable(
  'project_baskets',
  {
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    basketId: text('basket_id').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.projectId, table.basketId] })],
);
