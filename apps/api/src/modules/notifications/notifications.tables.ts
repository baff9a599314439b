import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const EMAIL_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];
export const EMAIL_TRANSPORTS = ['smtp', 'mailbox'] as const;
export type EmailTransportKind = (typeof EMAIL_TRANSPORTS)[number];

/**
 * The e-mail outbox: a row is written in the same transaction as the change that causes the e-mail,
 * and the dispatcher sends it after commit. `dedupe_key` makes enqueueing idempotent. Bodies are
 * personal data kept only while needed: cleared `EMAIL_BODY_RETENTION_DAYS` after sending (decision 0048).
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    template: text('template').notNull(),
    dedupeKey: text('dedupe_key').unique(),
    status: text('status', { enum: EMAIL_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Null: as soon as possible (a new message). Retries are scheduled by the dispatcher's clock. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    transport: text('transport', { enum: EMAIL_TRANSPORTS }),
    lastError: text('last_error'),
    messageId: text('message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the retention job emptied `html` and `text` (the row stays: the mailbox's record, and its dedupe key). */
    bodiesClearedAt: timestamp('bodies_cleared_at', { withTimezone: true }),
  },
  (table) => [
    check('email_outbox_status_check', sql`${table.status} in ('pending', 'sending', 'sent', 'failed')`),
    check('email_outbox_transport_check', sql`${table.transport} is null or ${table.transport} in ('smtp', 'mailbox')`),
    // The dispatcher's claim: pending rows that are due, plus sending rows whose lease has expired.
    index('email_outbox_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    index('email_outbox_lease_idx')
      .on(table.lockedUntil)
      .where(sql`${table.status} = 'sending'`),
    // The staff mailbox: newest first, optionally for one recipient.
    index('email_outbox_created_idx').on(table.createdAt, table.id),
    index('email_outbox_to_created_idx').on(sql`lower(${table.to})`, table.createdAt),
    // The retention job: finished e-mails whose bodies are still kept, oldest first (a row leaves it once cleared).
    index('email_outbox_retention_idx')
      .on(sql`coalesce(${table.sentAt}, ${table.createdAt})`)
      .where(sql`${table.status} in ('sent', 'failed') and ${table.bodiesClearedAt} is null`),
  ],
);
