import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db/client.ts';
import { offerings, priceHistory, prices } from '../catalogue.tables.ts';

/** The SQL of prices and their history (price-history.ts holds the rules). */
type Db = Database | Transaction;

export async function insertPriceHistory(db: Database, rows: (typeof priceHistory.$inferInsert)[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 500) await db.insert(priceHistory).values(rows.slice(start, start + 500));
}

/** The history rows of these offerings, by offering, oldest first. */
export function historyOf(db: Db, offeringIds: readonly number[]) {
  return db
    .select()
    .from(priceHistory)
    .where(inArray(priceHistory.offeringId, [...offeringIds]))
    .orderBy(asc(priceHistory.offeringId), asc(priceHistory.effectiveFrom));
}

export function offeringIdsOf(db: Db, skus: readonly string[]) {
  return db
    .select({ id: offerings.id, sku: offerings.sku })
    .from(offerings)
    .where(inArray(offerings.sku, [...skus]));
}

/** The sku's price row, locked for the caller's transaction. */
export async function lockPriceOf(db: Transaction, sku: string) {
  const [row] = await db
    .select({ offeringId: prices.offeringId, vatRateCode: prices.vatRateCode, priceIncVat: prices.priceIncVat, priceExVat: prices.priceExVat })
    .from(prices)
    .innerJoin(offerings, eq(offerings.id, prices.offeringId))
    .where(eq(offerings.sku, sku))
    .for('update', { of: prices });
  return row;
}

/** Closes the offering's step in force at `at` and opens the new one. */
export async function startPriceStep(db: Transaction, offeringId: number, price: { priceIncVat: number; priceExVat: number }, at: Date): Promise<void> {
  await db
    .update(priceHistory)
    .set({ effectiveUntil: at })
    .where(and(eq(priceHistory.offeringId, offeringId), isNull(priceHistory.effectiveUntil)));
  await db.insert(priceHistory).values({ offeringId, ...price, effectiveFrom: at });
}

export async function insertPrice(db: Transaction, row: typeof prices.$inferInsert): Promise<void> {
  await db.insert(prices).values(row);
}

export async function updatePrice(db: Db, offeringId: number, changes: Partial<typeof prices.$inferInsert>): Promise<void> {
  await db.update(prices).set(changes).where(eq(prices.offeringId, offeringId));
}

/** Offerings after `after` (by id) that show a was-price or have had more than one price: only theirs can change. */
export function pricesWithPast(db: Db, after: number, limit: number) {
  return db
    .select({ offeringId: prices.offeringId, wasPriceIncVat: prices.wasPriceIncVat, wasPriceExVat: prices.wasPriceExVat })
    .from(prices)
    .where(
      sql`${prices.offeringId} > ${after} and (${prices.wasPriceIncVat} is not null
          or exists (select 1 from ${priceHistory} h where h.offering_id = ${prices.offeringId} and h.effective_until is not null))`,
    )
    .orderBy(asc(prices.offeringId))
    .limit(limit);
}
