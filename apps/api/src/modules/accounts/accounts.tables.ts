import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { NEWSLETTER_SOURCES, NEWSLETTER_STATUSES } from '@shop/contracts';

/**
 * The newsletter list (decision 0044): one row per address, whatever happens to it. A sign-up is
 * `pending` until the link in its confirmation e-mail is followed; only `confirmed` rows may be
 * mailed. The confirmation token is kept as a hash (it is what gives consent); the unsubscribe token
 * as it is, because every newsletter e-mail, now and later, carries it and it only ever stops mail.
 */
export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** As typed, trimmed: what the e-mails are sent to. */
    email: text('email').notNull(),
    /** Lower-cased: one row per address, however it is typed. */
    emailKey: text('email_key').notNull(),
    status: text('status', { enum: NEWSLETTER_STATUSES }).notNull().default('pending'),
    source: text('source', { enum: NEWSLETTER_SOURCES }),
    confirmTokenHash: text('confirm_token_hash'),
    confirmTokenExpiresAt: timestamp('confirm_token_expires_at', { withTimezone: true }),
    unsubscribeToken: text('unsubscribe_token').notNull(),
    /** When a confirmation e-mail was last queued: another is not sent within the resend window. */
    confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The latest sign-up for this address: unconfirmed rows are removed a while after it. */
    lastRequestedAt: timestamp('last_requested_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (table) => [
    check('newsletter_subscriptions_status_check', sql`${table.status} in ('pending', 'confirmed', 'unsubscribed')`),
    uniqueIndex('newsletter_subscriptions_email_key_idx').on(table.emailKey),
    uniqueIndex('newsletter_subscriptions_confirm_token_idx').on(table.confirmTokenHash),
    uniqueIndex('newsletter_subscriptions_unsubscribe_token_idx').on(table.unsubscribeToken),
    // The staff list, newest first, by status; and the pruning of old unconfirmed sign-ups.
    index('newsletter_subscriptions_status_created_idx').on(table.status, table.createdAt),
    index('newsletter_subscriptions_created_idx').on(table.createdAt, table.id),
    index('newsletter_subscriptions_pending_idx')
      .on(table.lastRequestedAt)
      .where(sql`${table.status} = 'pending'`),
  ],
);
