/**
 * The price history of skus and the was-prices it allows (docs/domain.md §1): a price changes only
 * here, with its history row in the same transaction, and a was-price is only ever what
 * `reference-price.ts` decides from that history, worked out again as reductions age out.
 */
import { lineTotalExVatOf } from '@shop/contracts';
import type { Database, Transaction } from '../../db/client.ts';
import * as repository from './repository/price-history.ts';
import { referencePrice, type PriceStep } from './reference-price.ts';

/** Offerings whose was-prices one pass of `refreshReferencePrices` reads at a time. */
const REFRESH_PAGE = 2_000;

/** Each offering's steps, oldest first. */
export async function stepsOf(db: Database | Transaction, offeringIds: readonly number[]): Promise<Map<number, PriceStep[]>> {
  const steps = new Map<number, PriceStep[]>();
  if (offeringIds.length === 0) return steps;
  const rows = await repository.historyOf(db, offeringIds);
  for (const { offeringId, ...step } of rows) steps.set(offeringId, [...(steps.get(offeringId) ?? []), step]);
  return steps;
}

/** Each sku's history, oldest first (the trade demo prices its past orders at the price then). */
export async function priceHistoryOf(db: Database, skus: readonly string[]): Promise<Map<string, PriceStep[]>> {
  if (skus.length === 0) return new Map();
  const rows = await repository.offeringIdsOf(db, skus);
  const steps = await stepsOf(
    db,
    rows.map((row) => row.id),
  );
  return new Map(rows.map((row) => [row.sku, steps.get(row.id) ?? []]));
}

export interface PriceChange {
  sku: string;
  priceIncVat: number;
  priceExVat: number;
  wasPriceIncVat: number | null;
}

/**
 * Sets a sku's price (inc VAT) from `at`: closes the step in force, opens the new one with its
 * ex-VAT figure at the sku's VAT rate, and works out its was-price, in one transaction with the
 * price row locked. Null when there is no such sku; the same price again changes nothing.
 */
export async function changePrice(
  db: Database,
  sku: string,
  priceIncVat: number,
  basisPointsOf: (vatRateCode: string) => number | undefined,
  at: Date,
): Promise<PriceChange | null> {
  const changed = await db.transaction((tx) => changePriceIn(tx, sku, { priceIncVat, vatRateCode: null }, basisPointsOf, at));
  return changed && { sku, priceIncVat: changed.priceIncVat, priceExVat: changed.priceExVat, wasPriceIncVat: changed.wasPriceIncVat };
}

/**
 * `changePrice` in the caller's transaction, and at another VAT rate when `vatRateCode` names one
 * (null keeps the sku's): a new ex-VAT figure at the same inc-VAT price is a new step too.
 */
export async function changePriceIn(
  tx: Transaction,
  sku: string,
  price: { priceIncVat: number; vatRateCode: string | null },
  basisPointsOf: (vatRateCode: string) => number | undefined,
  at: Date,
): Promise<(PriceChange & { offeringId: number; before: { priceIncVat: number; vatRateCode: string } }) | null> {
  const row = await repository.lockPriceOf(tx, sku);
  if (!row) return null;
  const [changed] = await changeLockedPricesIn(tx, [{ locked: { ...row, sku }, ...price }], basisPointsOf, at);
  return changed!;
}

/** A price row read and locked in the caller's transaction. */
export interface LockedPrice {
  offeringId: number;
  sku: string;
  priceIncVat: number;
  priceExVat: number;
  vatRateCode: string;
}

/**
 * Several skus' prices changed as `changePriceIn` changes one, their rows already locked by the
 * caller (an import's batch): one statement of each kind for all.
 */
export async function changeLockedPricesIn(
  tx: Transaction,
  changes: readonly { locked: LockedPrice; priceIncVat: number; vatRateCode: string | null }[],
  basisPointsOf: (vatRateCode: string) => number | undefined,
  at: Date,
): Promise<(PriceChange & { offeringId: number; before: { priceIncVat: number; vatRateCode: string } })[]> {
  const set = changes.map(({ locked, priceIncVat, vatRateCode }) => {
    const code = vatRateCode ?? locked.vatRateCode;
    return { locked, priceIncVat, vatRateCode: code, priceExVat: exVatOf(priceIncVat, code, basisPointsOf, locked.sku) };
  });
  await repository.startPriceSteps(
    tx,
    set
      .filter(({ locked, priceIncVat, priceExVat }) => locked.priceIncVat !== priceIncVat || locked.priceExVat !== priceExVat)
      .map(({ locked, priceIncVat, priceExVat }) => ({ offeringId: locked.offeringId, priceIncVat, priceExVat })),
    at,
  );
  const steps = await stepsOf(
    tx,
    set.map(({ locked }) => locked.offeringId),
  );
  const rows = set.map(({ locked, priceIncVat, priceExVat, vatRateCode }) => {
    const was = referencePrice(steps.get(locked.offeringId) ?? [], at);
    return {
      offeringId: locked.offeringId,
      priceIncVat,
      priceExVat,
      vatRateCode,
      wasPriceIncVat: was?.wasPriceIncVat ?? null,
      wasPriceExVat: was?.wasPriceExVat ?? null,
    };
  });
  await repository.updatePrices(tx, rows);
  return set.map(({ locked }, index) => ({
    sku: locked.sku,
    ...rows[index]!,
    before: { priceIncVat: locked.priceIncVat, vatRateCode: locked.vatRateCode },
  }));
}

/**
 * A price less the VAT in it, the VAT rounded to the penny (`lineTotalExVatOf`): the rule baskets, orders and
 * VAT invoices work lines out by, so the ex-VAT price a card shows is the one the basket and the invoice show.
 */
export function exVatOf(priceIncVat: number, vatRateCode: string, basisPointsOf: (vatRateCode: string) => number | undefined, sku: string): number {
  const basisPoints = basisPointsOf(vatRateCode);
  if (basisPoints === undefined) throw new Error(`No VAT rate "${vatRateCode}" for ${sku}`);
  return lineTotalExVatOf(priceIncVat, 1, basisPoints);
}

/**
 * A new sku's first price, from `at`, in the caller's transaction: its price row and the first step
 * of its history, so the reference-price rule reads it from its start (no was-price: it has no past).
 */
export async function firstPriceIn(
  tx: Transaction,
  offering: { id: number; sku: string },
  price: { priceIncVat: number; vatRateCode: string },
  basisPointsOf: (vatRateCode: string) => number | undefined,
  at: Date,
): Promise<void> {
  const priceExVat = exVatOf(price.priceIncVat, price.vatRateCode, basisPointsOf, offering.sku);
  await repository.insertPrice(tx, { offeringId: offering.id, vatRateCode: price.vatRateCode, priceIncVat: price.priceIncVat, priceExVat });
  await repository.startPriceStep(tx, offering.id, { priceIncVat: price.priceIncVat, priceExVat }, at);
}

/**
 * Works every was-price out again from the history as of `now` and stores those that differ (a
 * reduction that has run as long as the higher price did loses its "was"); returns how many changed.
 * Only offerings that have had more than one price, or show a was-price, can differ.
 */
export async function refreshReferencePrices(db: Database, now: Date): Promise<number> {
  let changed = 0;
  let after = 0;
  for (;;) {
    const candidates = await repository.pricesWithPast(db, after, REFRESH_PAGE);
    if (candidates.length === 0) return changed;
    const steps = await stepsOf(
      db,
      candidates.map((row) => row.offeringId),
    );
    for (const row of candidates) {
      const was = referencePrice(steps.get(row.offeringId) ?? [], now);
      const incVat = was?.wasPriceIncVat ?? null;
      const exVat = was?.wasPriceExVat ?? null;
      // Only rows that change are written: every write to prices moves the listings' change counter on.
      if (incVat === row.wasPriceIncVat && exVat === row.wasPriceExVat) continue;
      await repository.updatePrice(db, row.offeringId, { wasPriceIncVat: incVat, wasPriceExVat: exVat });
      changed += 1;
    }
    after = candidates.at(-1)!.offeringId;
  }
}
