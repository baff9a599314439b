import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { HELP_MESSAGE_AUTHORS, HELP_REQUEST_STATUSES, HELP_REQUEST_TYPES } from '@shop/contracts';
import { orders } from '../orders/orders.tables.ts';

/**
 * Every enquiry, piece of feedback, job application and order request: one queue for the staff
 * inbox. The fields each type asks for are kept as sent (`details`, checked by the type's schema);
 * what the inbox filters and sorts on has its own columns. `dueAt` is the routing time (§8.5) from
 * submission; `version` goes up with every change, so two staff acting at once cannot both succeed.
 */
export const helpRequests = pgTable(
  'help_requests',
  {
    id: uuid('id').primaryKey(),
    /** HC- and six readable symbols: what the customer quotes. */
    reference: text('reference').notNull(),
    type: text('type', { enum: HELP_REQUEST_TYPES }).notNull(),
    status: text('status', { enum: HELP_REQUEST_STATUSES }).notNull().default('new'),
    version: integer('version').notNull().default(1),
    /** The signed-in customer's user id; null for a guest. */
    customerId: text('customer_id'),
    name: text('name').notNull(),
    emailAddress: text('email_address').notNull(),
    phone: text('phone'),
    orderId: uuid('order_id').references(() => orders.id),
    orderNumber: text('order_number'),
    sku: text('sku'),
    /** One line for the inbox's list, written by the server from the details. */
    summary: text('summary').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    assignedToId: text('assigned_to_id'),
    assignedToName: text('assigned_to_name'),
    /** SHA-256 (hex) of the token in the customer's reply link: the link works, the table alone does not. */
    replyTokenHash: text('reply_token_hash').notNull(),
    /**
     * Set for a request that must be recorded once however many calls make it at once (a customer's
     * cancellation, keyed by what it cancelled): the calls after the first are answered with its reference.
     */
    dedupeKey: text('dedupe_key'),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('help_requests_reference_idx').on(table.reference),
    uniqueIndex('help_requests_reply_token_idx').on(table.replyTokenHash),
    uniqueIndex('help_requests_dedupe_idx').on(table.dedupeKey),
    index('help_requests_type_status_idx').on(table.type, table.status, table.createdAt),
    index('help_requests_status_idx').on(table.status, table.createdAt),
    // The inbox counts open requests past their routing time, per type, on every page: from this index alone.
    index('help_requests_due_idx')
      .on(table.dueAt, table.type)
      .where(sql`${table.status} <> 'closed'`),
    index('help_requests_order_idx').on(table.orderId),
    index('help_requests_customer_idx').on(table.customerId, table.createdAt),
    index('help_requests_email_idx').on(sql`lower(${table.emailAddress})`),
  ],
);

/** A request's thread: what the customer wrote (first, and every reply) and what staff answered. */
export const helpRequestMessages = pgTable(
  'help_request_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => helpRequests.id, { onDelete: 'cascade' }),
    author: text('author', { enum: HELP_MESSAGE_AUTHORS }).notNull(),
    /** The staff member's user id; null for the customer. */
    authorId: text('author_id'),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [index('help_request_messages_request_idx').on(table.requestId, table.at)],
);

/** Files sent with a request (photos, a CV), stored through the files module; `fileId` is its id there. */
export const helpRequestFiles = pgTable(
  'help_request_files',
  {
    id: uuid('id').primaryKey(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => helpRequests.id, { onDelete: 'cascade' }),
    fileId: text('file_id').notNull(),
    /** What the form asked for: photo, cv… */
    role: text('role').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('help_request_files_request_idx').on(table.requestId, table.uploadedAt)],
);
