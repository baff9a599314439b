import { date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Shopping events as they arrived (`POST /api/analytics/actions/update`), append-only: one row per
 * event id (a repeat is dropped by the key), with only the properties the shop uses (never a price
 * or total a browser claims). `anonymous_id` and `user_id` are set only with the visitor's consent
 * to being remembered (docs/domain.md §10.7); without it a row ties to no one.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    messageId: uuid('message_id').primaryKey(),
    event: text('event').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    anonymousId: text('anonymous_id'),
    userId: text('user_id'),
    properties: jsonb('properties').$type<Record<string, unknown>>().notNull(),
  },
  (table) => [
    index('analytics_events_user_idx').on(table.userId, table.receivedAt),
    index('analytics_events_anonymous_idx').on(table.anonymousId, table.receivedAt),
    index('analytics_events_received_idx').on(table.receivedAt),
  ],
);

/**
 * The events rolled up by London day: how many of each `metric` (a product viewed or added, a
 * search, a search with no results, a checkout step) for each `subject` (the product id, the
 * query, the step). Counted in the transaction that stores the events, for the events stored.
 */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    metric: text('metric').notNull(),
    subject: text('subject').notNull(),
    count: integer('count').notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.metric, table.subject] }), index('analytics_daily_metric_idx').on(table.metric, table.day)],
);
