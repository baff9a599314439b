import { and, count, desc, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { DataSubject } from '../../platform/personal-data.ts';
import { analyticsDaily, analyticsEvents } from './analytics.tables.ts';

export type EventRow = typeof analyticsEvents.$inferInsert;

/** A roll-up count an event makes, if the event is stored (one per (metric, subject) per beacon: event-rules.ts). */
export interface EventCount {
  messageId: string;
  metric: string;
  subject: string;
}

/** What one statement stores for several beacons (beacons-together.ts): each count says which beacon made it and its day. */
export interface BeaconsWrite {
  rows: EventRow[];
  counts: (EventCount & { beacon: number; day: string })[];
}

/**
 * Stores the events whose ids are new, and adds to each day's roll-up, for each (metric, subject), the
 * number of beacons with a newly stored event that counts it, in one statement: a repeat (a retry, or a
 * beacon sent twice at once) is left out by the key and counts nothing. The rows go as arrays, so the
 * statement is the same text for any number of beacons (planned once) and travels as one round trip.
 * Events and roll-up rows are taken in key order, so two writes at once wait for each other rather than
 * deadlock. Answers the ids it stored.
 */
export async function storeEvents(db: Database, { rows, counts }: BeaconsWrite): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const column = <T>(pick: (row: EventRow) => T) => sql.param(rows.map(pick));
  const countColumn = <T>(pick: (count: BeaconsWrite['counts'][number]) => T) => sql.param(counts.map(pick));
  const result = (await db.execute(sql`with stored as (
      insert into analytics_events (message_id, event, received_at, anonymous_id, user_id, properties)
      select e.message_id, e.event, e.received_at, e.anonymous_id, e.user_id, e.properties::jsonb
      from unnest(${column((row) => row.messageId)}::uuid[], ${column((row) => row.event)}::text[],
                  ${column((row) => (row.receivedAt as Date).toISOString())}::timestamptz[], ${column((row) => row.anonymousId ?? null)}::text[],
                  ${column((row) => row.userId ?? null)}::text[], ${column((row) => JSON.stringify(row.properties))}::text[])
           as e(message_id, event, received_at, anonymous_id, user_id, properties)
      order by e.message_id
      on conflict do nothing
      returning message_id
    ), counted as (
      select c.day, c.metric, c.subject, count(distinct c.beacon)::int as beacons
      from unnest(${countColumn((made) => made.messageId)}::uuid[], ${countColumn((made) => made.beacon)}::int[], ${countColumn((made) => made.day)}::date[],
                  ${countColumn((made) => made.metric)}::text[], ${countColumn((made) => made.subject)}::text[])
           as c(message_id, beacon, day, metric, subject)
      join stored using (message_id)
      group by c.day, c.metric, c.subject
    ), rolled_up as (
      insert into analytics_daily (day, metric, subject, count)
      select day, metric, subject, beacons from counted order by day, metric, subject
      on conflict (day, metric, subject) do update set count = analytics_daily.count + excluded.count
    )
    select message_id::text as id from stored`)) as unknown as { rows: { id: string }[] };
  return new Set(result.rows.map((row) => row.id));
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
