import { asc, eq, inArray, sql } from 'drizzle-orm';
import { builtOnce, rawStatement } from '../../../db/built-once.ts';
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

/*
 * A price change's statements are sent for one sku by the editor and for a batch's hundreds by an
 * import or the scheduled-prices job, so they are built once with their rows as arrays (decisions
 * 0151, 0154, 0158): one text for any number of rows, prepared once by each connection.
 */
const p = sql.placeholder;
const stepsClose = builtOnce<{ offeringIds: number[]; at: string }, unknown>((db) =>
  rawStatement(
    db,
    sql`update ${priceHistory} set effective_until = ${p('at')}::timestamptz
      where offering_id = any(${p('offeringIds')}::int[]) and effective_until is null`,
  ),
);
const stepsOpen = builtOnce<{ offeringIds: number[]; priceIncVat: number[]; priceExVat: number[]; at: string }, unknown>((db) =>
  rawStatement(
    db,
    sql`insert into ${priceHistory} (offering_id, price_inc_vat, price_ex_vat, effective_from)
      select *, ${p('at')}::timestamptz from unnest(${p('offeringIds')}::int[], ${p('priceIncVat')}::int[], ${p('priceExVat')}::int[])`,
  ),
);

/** Each offering's step in force closed at `at` and its new one opened, two statements for all. */
export async function startPriceSteps(
  tx: Transaction,
  steps: readonly { offeringId: number; priceIncVat: number; priceExVat: number }[],
  at: Date,
): Promise<void> {
  if (steps.length === 0) return;
  const offeringIds = steps.map((step) => step.offeringId);
  await stepsClose(tx, { offeringIds, at: at.toISOString() });
  await stepsOpen(tx, {
    offeringIds,
    priceIncVat: steps.map((step) => step.priceIncVat),
    priceExVat: steps.map((step) => step.priceExVat),
    at: at.toISOString(),
  });
}

type PriceRow = {
  offeringId: number;
  priceIncVat: number;
  priceExVat: number;
  vatRateCode: string;
  wasPriceIncVat: number | null;
  wasPriceExVat: number | null;
};
const pricesUpdate = builtOnce<{ [K in keyof PriceRow]: PriceRow[K][] }, unknown>((db) =>
  rawStatement(
    db,
    sql`update ${prices} set price_inc_vat = changed.price_inc_vat, price_ex_vat = changed.price_ex_vat, vat_rate_code = changed.vat_rate_code,
        was_price_inc_vat = changed.was_price_inc_vat, was_price_ex_vat = changed.was_price_ex_vat
      from unnest(${p('offeringId')}::int[], ${p('priceIncVat')}::int[], ${p('priceExVat')}::int[], ${p('vatRateCode')}::text[],
        ${p('wasPriceIncVat')}::int[], ${p('wasPriceExVat')}::int[])
        as changed(offering_id, price_inc_vat, price_ex_vat, vat_rate_code, was_price_inc_vat, was_price_ex_vat)
      where ${prices.offeringId} = changed.offering_id`,
  ),
);

/** Each offering's price row set, in one statement. */
export async function updatePrices(tx: Transaction, rows: readonly PriceRow[]): Promise<void> {
  if (rows.length === 0) return;
  await pricesUpdate(tx, {
    offeringId: rows.map((row) => row.offeringId),
    priceIncVat: rows.map((row) => row.priceIncVat),
    priceExVat: rows.map((row) => row.priceExVat),
    vatRateCode: rows.map((row) => row.vatRateCode),
    wasPriceIncVat: rows.map((row) => row.wasPriceIncVat),
    wasPriceExVat: rows.map((row) => row.wasPriceExVat),
  });
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
