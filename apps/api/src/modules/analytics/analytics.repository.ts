import { and, count, desc, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { londonIsoDate } from '@shop/contracts';
import type { Database } from '../../db/client.ts';
import type { DataSubject } from '../../platform/personal-data.ts';
import { analyticsDaily, analyticsEvents } from './analytics.tables.ts';

export type EventRow = typeof analyticsEvents.$inferInsert;

/** A roll-up count an event makes, if the event is stored (one per (metric, subject) per batch: event-rules.ts). */
export interface EventCount {
  messageId: string;
  metric: string;
  subject: string;
}

/**
 * Stores the batch's events whose ids are new, and adds one to the day's roll-up for each (metric,
 * subject) that a newly stored event of the batch counts, in one statement: a repeat (a retry, or a
 * batch sent twice at once) is left out by the key and counts nothing. The rows go as arrays, so the
 * statement is the same text for any batch (planned once) and travels as one round trip. Events and
 * roll-up rows are taken in key order, so two batches at once wait for each other rather than deadlock.
 * Answers how many events were stored.
 */
export async function storeEvents(db: Database, receivedAt: Date, rows: readonly EventRow[], counts: readonly EventCount[]): Promise<number> {
  if (rows.length === 0) return 0;
  const column = <T>(pick: (row: EventRow) => T) => sql.param(rows.map(pick));
  const day = londonIsoDate(receivedAt);
  const result = (await db.execute(sql`with stored as (
      insert into analytics_events (message_id, event, received_at, anonymous_id, user_id, properties)
      select e.message_id, e.event, ${receivedAt}, e.anonymous_id, e.user_id, e.properties::jsonb
      from unnest(${column((row) => row.messageId)}::uuid[], ${column((row) => row.event)}::text[], ${column((row) => row.anonymousId ?? null)}::text[],
                  ${column((row) => row.userId ?? null)}::text[], ${column((row) => JSON.stringify(row.properties))}::text[])
           as e(message_id, event, anonymous_id, user_id, properties)
      order by e.message_id
      on conflict do nothing
      returning message_id
    ), counted as (
      select distinct c.metric, c.subject
      from unnest(${sql.param(counts.map((made) => made.messageId))}::uuid[], ${sql.param(counts.map((made) => made.metric))}::text[],
                  ${sql.param(counts.map((made) => made.subject))}::text[]) as c(message_id, metric, subject)
      join stored using (message_id)
    ), rolled_up as (
      insert into analytics_daily (day, metric, subject, count)
      select ${day}::date, metric, subject, 1 from counted order by metric, subject
      on conflict (day, metric, subject) do update set count = analytics_daily.count + 1
    )
    select count(*)::int as stored from stored`)) as unknown as { rows: { stored: number }[] };
  return result.rows[0]!.stored;
}

/** The products a signed-in shopper viewed, newest first, each once. */
export async function productsViewedBy(db: Database, userId: string, limit: number): Promise<number[]> {
  const rows = await db
    .select({ productId: sql<string>`${analyticsEvents.properties}->>'product_id'`, lastViewed: sql<Date>`max(${analyticsEvents.receivedAt})` })
    .from(analyticsEvents)
    .where(and(eq(analyticsEvents.userId, userId), eq(analyticsEvents.event, 'Product Viewed')))
    .groupBy(sql`1`)
    .orderBy(desc(sql`2`))
    .limit(limit);
  return rows.map((row) => Number(row.productId));
}

/** A metric's counts per subject and day between two London days (inclusive). */
export function dailyCounts(db: Database, metrics: readonly string[], from: string, to: string) {
  return db
    .select({ day: analyticsDaily.day, metric: analyticsDaily.metric, subject: analyticsDaily.subject, count: analyticsDaily.count })
    .from(analyticsDaily)
    .where(and(inArray(analyticsDaily.metric, [...metrics]), gte(analyticsDaily.day, from), lte(analyticsDaily.day, to)));
}

/** A metric's totals per subject between two London days, largest first. */
export function topSubjects(db: Database, metric: string, from: string, to: string, limit: number) {
  const total = sql<number>`sum(${analyticsDaily.count})::int`;
  return db
    .select({ subject: analyticsDaily.subject, count: total })
    .from(analyticsDaily)
    .where(and(eq(analyticsDaily.metric, metric), gte(analyticsDaily.day, from), lte(analyticsDaily.day, to)))
    .groupBy(analyticsDaily.subject)
    .orderBy(desc(total), analyticsDaily.subject)
    .limit(limit);
}

export async function countEventsOf(db: Database, subject: DataSubject): Promise<number> {
  if (!subject.userId) return 0;
  const [row] = await db.select({ n: count() }).from(analyticsEvents).where(eq(analyticsEvents.userId, subject.userId));
  return row?.n ?? 0;
}

/** Erasure: the person's events stay for the statistics, tied to no one. */
export async function anonymiseEventsOf(db: Database, subject: DataSubject): Promise<number> {
  if (!subject.userId) return 0;
  const rows = await db
    .update(analyticsEvents)
    .set({ userId: null, anonymousId: null })
    .where(and(isNotNull(analyticsEvents.userId), eq(analyticsEvents.userId, subject.userId)))
    .returning({ messageId: analyticsEvents.messageId });
  return rows.length;
}

/** Days over which a product's views and additions halve in weight. */
const TRENDING_HALF_LIFE_DAYS = 7;

/**
 * Products by what shoppers viewed (1) and added to a basket (3) from `from` to `today`, each day's
 * count weighing half as much a week on, most first.
 */
export async function trendingProducts(db: Database, from: string, today: string, limit: number): Promise<number[]> {
  const weight = sql`case when ${analyticsDaily.metric} = 'product-added' then 3 else 1 end`;
  const decay = sql`power(0.5, (${today}::date - ${analyticsDaily.day}) / ${TRENDING_HALF_LIFE_DAYS}::float)`;
  const score = sql<number>`sum(${analyticsDaily.count} * ${weight} * ${decay})`;
  const rows = await db
    .select({ subject: analyticsDaily.subject, score })
    .from(analyticsDaily)
    .where(and(inArray(analyticsDaily.metric, ['product-viewed', 'product-added']), gte(analyticsDaily.day, from), lte(analyticsDaily.day, today)))
    .groupBy(analyticsDaily.subject)
    .orderBy(desc(score), analyticsDaily.subject)
    .limit(limit);
  return rows.map((row) => Number(row.subject));
}
