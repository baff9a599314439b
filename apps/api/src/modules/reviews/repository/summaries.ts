import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { Transaction } from '../../../db/client.ts';
import type { SummaryFigures } from '../review-listing-rules.ts';
import { reviewSummaries } from '../reviews.tables.ts';
import type { Db, SummaryRow } from './rows.ts';

// Each product's summary row: the figures shoppers see, changed in the publishing transaction.

/**
 * The product's summary row, locked for the caller's transaction: made first when missing (of two
 * first reviews at once, one inserts and the other finds it), then `SELECT … FOR UPDATE`.
 */
export async function lockSummary(db: Transaction, productId: number, now: Date): Promise<SummaryRow> {
  await db.insert(reviewSummaries).values({ productId, updatedAt: now }).onConflictDoNothing({ target: reviewSummaries.productId });
  const [row] = await db.select().from(reviewSummaries).where(eq(reviewSummaries.productId, productId)).for('update');
  return row!;
}

export async function updateSummary(db: Db, productId: number, figures: SummaryFigures, now: Date): Promise<void> {
  await db
    .update(reviewSummaries)
    .set({ ...figures, updatedAt: now })
    .where(eq(reviewSummaries.productId, productId));
}

/** The product's summary row (undefined before its first published review) and its version, `xmin` (listing-cache.ts says why). */
export async function summaryWithVersion(db: Db, productId: number): Promise<{ row: SummaryRow | undefined; version: string }> {
  const [found] = await db
    .select({ ...getTableColumns(reviewSummaries), version: sql<string>`xmin::text` })
    .from(reviewSummaries)
    .where(eq(reviewSummaries.productId, productId));
  if (!found) return { row: undefined, version: 'none' };
  const { version, ...row } = found;
  return { row, version };
}
