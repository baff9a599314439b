/** Versioned trade terms and their acceptances. */
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { tradeTerms, tradeTermsAcceptances } from '../trade.tables.ts';

export type TermsRow = typeof tradeTerms.$inferSelect;
export type AcceptanceRow = typeof tradeTermsAcceptances.$inferSelect;

export async function currentTerms(db: Database): Promise<TermsRow | undefined> {
  const [row] = await db.select().from(tradeTerms).orderBy(desc(tradeTerms.version)).limit(1);
  return row;
}

/** Publishes the next version (one more than the highest): two published at once cannot share a number. */
export async function insertNextTerms(db: Database, terms: Omit<TermsRow, 'version'>): Promise<TermsRow> {
  const [row] = await db
    .insert(tradeTerms)
    .values({ ...terms, version: sql<number>`(select coalesce(max(${tradeTerms.version}), 0) + 1 from ${tradeTerms})` })
    .returning();
  return row!;
}

export async function latestAcceptance(db: Database, tradeAccountId: number): Promise<AcceptanceRow | undefined> {
  const [row] = await db
    .select()
    .from(tradeTermsAcceptances)
    .where(eq(tradeTermsAcceptances.tradeAccountId, tradeAccountId))
    .orderBy(desc(tradeTermsAcceptances.version))
    .limit(1);
  return row;
}

export async function latestAcceptances(db: Database, tradeAccountIds: readonly number[]): Promise<Map<number, number>> {
  if (tradeAccountIds.length === 0) return new Map();
  const rows = await db
    .select({ tradeAccountId: tradeTermsAcceptances.tradeAccountId, version: sql<number>`max(${tradeTermsAcceptances.version})` })
    .from(tradeTermsAcceptances)
    .where(inArray(tradeTermsAcceptances.tradeAccountId, [...tradeAccountIds]))
    .groupBy(tradeTermsAcceptances.tradeAccountId);
  return new Map(rows.map((row) => [row.tradeAccountId, Number(row.version)]));
}

/** Accepting again keeps the first time it was accepted. */
export async function insertAcceptance(db: Database, acceptance: AcceptanceRow): Promise<void> {
  await db.insert(tradeTermsAcceptances).values(acceptance).onConflictDoNothing();
}
