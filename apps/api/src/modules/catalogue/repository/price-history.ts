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
    .where(sql`${priceHistory.offeringId} = any(${sql.param([...offeringIds])}::int[])`)
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
export function startPriceStep(db: Transaction, offeringId: number, price: { priceIncVat: number; priceExVat: number }, at: Date): Promise<void> {
  return startPriceSteps(db, [{ offeringId, ...price }], at);
}

/** Each offering's step in force closed at `at` and its new one opened, two statements for all. */
export async function startPriceSteps(
  tx: Transaction,
  steps: readonly { offeringId: number; priceIncVat: number; priceExVat: number }[],
  at: Date,
): Promise<void> {
  if (steps.length === 0) return;
  await tx
    .update(priceHistory)
    .set({ effectiveUntil: at })
    .where(and(sql`${priceHistory.offeringId} = any(${sql.param(steps.map((step) => step.offeringId))}::int[])`, isNull(priceHistory.effectiveUntil)));
  // The rows as arrays: one text for any number of steps (decision 0154).
  await tx.execute(sql`insert into ${priceHistory} (offering_id, price_inc_vat, price_ex_vat, effective_from)
    select *, ${at.toISOString()}::timestamptz from unnest(${sql.param(steps.map((step) => step.offeringId))}::int[],
      ${sql.param(steps.map((step) => step.priceIncVat))}::int[], ${sql.param(steps.map((step) => step.priceExVat))}::int[])`);
}

/** Each offering's price row set, in one statement. */
export async function updatePrices(
  tx: Transaction,
  rows: readonly {
    offeringId: number;
    priceIncVat: number;
    priceExVat: number;
    vatRateCode: string;
    wasPriceIncVat: number | null;
    wasPriceExVat: number | null;
  }[],
): Promise<void> {
  if (rows.length === 0) return;
  const column = <K extends keyof (typeof rows)[number]>(key: K) => sql.param(rows.map((row) => row[key]));
  await tx.execute(sql`
    update ${prices} set price_inc_vat = changed.price_inc_vat, price_ex_vat = changed.price_ex_vat, vat_rate_code = changed.vat_rate_code,
      was_price_inc_vat = changed.was_price_inc_vat, was_price_ex_vat = changed.was_price_ex_vat
    from unnest(${column('offeringId')}::int[], ${column('priceIncVat')}::int[], ${column('priceExVat')}::int[], ${column('vatRateCode')}::text[],
      ${column('wasPriceIncVat')}::int[], ${column('wasPriceExVat')}::int[])
      as changed(offering_id, price_inc_vat, price_ex_vat, vat_rate_code, was_price_inc_vat, was_price_ex_vat)
    where ${prices.offeringId} = changed.offering_id`);
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
