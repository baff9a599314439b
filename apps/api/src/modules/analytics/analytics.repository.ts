import { and, count, desc, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { DataSubject } from '../../platform/personal-data.ts';
import { analyticsDaily, analyticsEvents } from './analytics.tables.ts';
import type { RollupIncrement } from './event-rules.ts';

export type EventRow = typeof analyticsEvents.$inferInsert;

/**
 * Stores the events whose ids are new and answers those ids; a repeat (in this batch's retry, or a
 * batch sent twice at once) is left out by the key. Inserted in id order, so two batches sharing ids
 * wait for each other in the same order rather than deadlock.
 */
export async function insertNewEvents(db: Database, rows: readonly EventRow[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const sorted = rows.toSorted((a, b) => (a.messageId < b.messageId ? -1 : 1));
  const inserted = await db.insert(analyticsEvents).values(sorted).onConflictDoNothing().returning({ messageId: analyticsEvents.messageId });
  return new Set(inserted.map((row) => row.messageId));
}

/** Adds a batch's increments to the daily roll-up (sorted by the caller: rows are taken in one order). */
export async function addToRollup(db: Database, increments: readonly RollupIncrement[]): Promise<void> {
  if (increments.length === 0) return;
  await db
    .insert(analyticsDaily)
    .values([...increments])
    .onConflictDoUpdate({
      target: [analyticsDaily.day, analyticsDaily.metric, analyticsDaily.subject],
      set: { count: sql`${analyticsDaily.count} + excluded.count` },
    });
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
