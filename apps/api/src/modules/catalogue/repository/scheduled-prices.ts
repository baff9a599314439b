import { sql } from 'drizzle-orm';
import { builtOnce, rawStatement } from '../../../db/built-once.ts';
import type { Transaction } from '../../../db/client.ts';
import { offerings, prices, productVersions, scheduledPrices } from '../catalogue.tables.ts';

/*
 * The SQL of the `scheduled-prices` job (scheduled-prices.ts holds the rules): a batch of due
 * schedules taken and written with one statement of each kind, built once with the batch's rows as
 * arrays, so each has one text whatever the batch's size (decisions 0151, 0154).
 */
const p = sql.placeholder;

/** A schedule due to start or end, with its variant's price as it is now (locked). */
export interface DueSchedule {
  id: number;
  offeringId: number;
  productId: number;
  sku: string;
  status: 'scheduled' | 'started';
  /** A schedule still to start whose end has passed too: it never applies. */
  passed: boolean;
  priceIncVat: number;
  vatRateCode: string;
  restorePriceIncVat: number | null;
  restoreVatRateCode: string | null;
  price: { priceIncVat: number; priceExVat: number; vatRateCode: string };
}

/** A claimed row as the driver gives it: numbers and text as their columns are, or as text where a driver does so. */
type Raw = string | number;
interface DueRow {
  id: Raw;
  offering_id: Raw;
  product_id: Raw;
  sku: string;
  status: string;
  passed: boolean;
  price_inc_vat: Raw;
  vat_rate_code: string;
  restore_price_inc_vat: Raw | null;
  restore_vat_rate_code: string | null;
  now_inc_vat: Raw;
  now_ex_vat: Raw;
  now_vat_rate_code: string;
}
const dueClaim = builtOnce<{ now: string; limit: number }, { rows: DueRow[] }>((db) =>
  rawStatement(
    db,
    sql`select s.id, s.offering_id, o.product_id, o.sku, s.status, s.ends_at is not null and s.ends_at <= ${p('now')}::timestamptz as passed,
        s.price_inc_vat, s.vat_rate_code, s.restore_price_inc_vat, s.restore_vat_rate_code,
        pr.price_inc_vat as now_inc_vat, pr.price_ex_vat as now_ex_vat, pr.vat_rate_code as now_vat_rate_code
      from ${scheduledPrices} s join ${offerings} o on o.id = s.offering_id join ${prices} pr on pr.offering_id = s.offering_id
      where (s.status = 'scheduled' and s.starts_at <= ${p('now')}::timestamptz) or (s.status = 'started' and s.ends_at <= ${p('now')}::timestamptz)
      order by s.starts_at, s.id
      limit ${p('limit')}
      for update of s, pr skip locked`,
  ),
);

/**
 * Up to `limit` schedules due at `now`, earliest first, each locked with its variant's price. Those
 * another worker holds, or whose price a writer holds, are skipped (left for the next pass): the job
 * never waits here, and a schedule is only ever taken by one worker.
 */
export async function claimDueSchedules(tx: Transaction, now: Date, limit: number): Promise<DueSchedule[]> {
  const { rows } = await dueClaim(tx, { now: now.toISOString(), limit });
  return rows.map((row) => ({
    id: Number(row.id),
    offeringId: Number(row.offering_id),
    productId: Number(row.product_id),
    sku: row.sku,
    status: row.status as DueSchedule['status'],
    passed: row.passed,
    priceIncVat: Number(row.price_inc_vat),
    vatRateCode: row.vat_rate_code,
    restorePriceIncVat: row.restore_price_inc_vat === null ? null : Number(row.restore_price_inc_vat),
    restoreVatRateCode: row.restore_vat_rate_code,
    price: { priceIncVat: Number(row.now_inc_vat), priceExVat: Number(row.now_ex_vat), vatRateCode: row.now_vat_rate_code },
  }));
}

const versionsLock = builtOnce<{ ids: number[] }, { rows: { product_id: number }[] }>((db) =>
  rawStatement(
    db,
    sql`with locked as materialized (
        select product_id from ${productVersions} where product_id = any(${p('ids')}::int[]) order by product_id for update skip locked)
      select ids.id as product_id from unnest(${p('ids')}::int[]) as ids(id)
      where ids.id in (select product_id from locked) or not exists (select 1 from ${productVersions} v where v.product_id = ids.id)`,
  ),
);

/**
 * These products' versions locked, in product order, skipping those a staff save or an import holds:
 * returns the products the job may change now (one with no version yet gets its first when it is moved
 * on). The job holds its schedules and prices already, so it must not wait for a writer that may be
 * waiting for them; a product skipped is left for the next pass.
 */
export async function lockVersionsSkipping(tx: Transaction, productIds: readonly number[]): Promise<Set<number>> {
  const { rows } = await versionsLock(tx, { ids: [...new Set(productIds)].toSorted((a, b) => a - b) });
  return new Set(rows.map((row) => Number(row.product_id)));
}

const othersStartedEnd = builtOnce<{ offeringIds: number[]; keep: number[] }, unknown>((db) =>
  rawStatement(
    db,
    sql`update ${scheduledPrices} set status = 'ended'
      where offering_id = any(${p('offeringIds')}::int[]) and status = 'started' and id <> all(${p('keep')}::int[])`,
  ),
);

/** A started price of these offerings that a new one starting replaces, other than those of `keep` (the batch's own): it ends, bringing nothing back. */
export async function endOtherStarted(tx: Transaction, offeringIds: readonly number[], keep: readonly number[]): Promise<void> {
  if (offeringIds.length > 0) await othersStartedEnd(tx, { offeringIds: [...offeringIds], keep: [...keep] });
}

const schedulesSet = builtOnce<Record<'id' | 'status' | 'restorePriceIncVat' | 'restoreVatRateCode', unknown[]>, unknown>((db) =>
  rawStatement(
    db,
    sql`update ${scheduledPrices} set status = changed.status,
        restore_price_inc_vat = coalesce(changed.restore_price_inc_vat, ${scheduledPrices.restorePriceIncVat}),
        restore_vat_rate_code = coalesce(changed.restore_vat_rate_code, ${scheduledPrices.restoreVatRateCode})
      from unnest(${p('id')}::int[], ${p('status')}::text[], ${p('restorePriceIncVat')}::int[], ${p('restoreVatRateCode')}::text[])
        as changed(id, status, restore_price_inc_vat, restore_vat_rate_code)
      where ${scheduledPrices.id} = changed.id`,
  ),
);

/** Each schedule's new status, and for one started the price it brings back at its end: one statement for all. */
export async function setSchedules(
  tx: Transaction,
  rows: readonly { id: number; status: 'started' | 'ended'; restorePriceIncVat: number | null; restoreVatRateCode: string | null }[],
): Promise<void> {
  if (rows.length === 0) return;
  await schedulesSet(tx, {
    id: rows.map((row) => row.id),
    status: rows.map((row) => row.status),
    restorePriceIncVat: rows.map((row) => row.restorePriceIncVat),
    restoreVatRateCode: rows.map((row) => row.restoreVatRateCode),
  });
}
