import { londonDayStart, londonIsoDate } from '@shop/contracts';
/**
 * A business's spend and its band, pure (docs/domain.md §3 and §8.3): spend is ex VAT and net of
 * refunds, over calendar windows in UK time; a business moves up to the highest band its rolling
 * 12-month spend reaches, and never down by itself.
 */
import type { TradeBand } from '../pricing/index.ts';

/** What one trade order counts for. */
export interface SpendOrder {
  placedAt: Date;
  /** The order's total ex VAT, as placed. */
  totalExVat: number;
  /** The order's total inc VAT, as placed, and what has been refunded of it (inc VAT). */
  totalIncVat: number;
  refundedIncVat: number;
  savingsExVat: number;
}

/** An order's ex-VAT total less the refunded share of it: a half-refunded order counts half. */
export function netExVat(order: Pick<SpendOrder, 'totalExVat' | 'totalIncVat' | 'refundedIncVat'>): number {
  if (order.totalIncVat <= 0) return 0;
  const kept = Math.max(0, order.totalIncVat - order.refundedIncVat);
  return Math.round((order.totalExVat * kept) / order.totalIncVat);
}

/** Savings count only on what was kept, as spend does. */
export function netSavingsExVat(order: Pick<SpendOrder, 'savingsExVat' | 'totalIncVat' | 'refundedIncVat'>): number {
  if (order.totalIncVat <= 0) return 0;
  const kept = Math.max(0, order.totalIncVat - order.refundedIncVat);
  return Math.round((order.savingsExVat * kept) / order.totalIncVat);
}

/** The calendar date parts in London time. */
function ukParts(at: Date): { year: number; month: number; day: number } {
  const [year, month, day] = londonIsoDate(at).split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

/** Midnight London time at the start of a calendar day (month 1–12; overflowing months roll into the next year). */
export const ukMidnight = (year: number, month: number, day: number): Date => londonDayStart(`${year}-${month}-${day}`);

export interface SpendWindows {
  monthStart: Date;
  quarterStart: Date;
  /** The rolling 12 months: the same moment a year ago. */
  yearAgo: Date;
}

/** This calendar month and quarter (January, April, July, October) in UK time, and the rolling year. */
export function spendWindows(now: Date): SpendWindows {
  const { year, month } = ukParts(now);
  const quarterMonth = month - ((month - 1) % 3);
  const yearAgo = new Date(now);
  yearAgo.setUTCFullYear(yearAgo.getUTCFullYear() - 1);
  return { monthStart: ukMidnight(year, month, 1), quarterStart: ukMidnight(year, quarterMonth, 1), yearAgo };
}

export interface SpendTotals {
  thisMonthExVat: number;
  thisQuarterExVat: number;
  last12MonthsExVat: number;
  savingsLast12MonthsExVat: number;
}

/** Spend and savings per window; orders older than a year are ignored. */
export function spendTotals(orders: readonly SpendOrder[], now: Date): SpendTotals {
  const windows = spendWindows(now);
  const totals: SpendTotals = { thisMonthExVat: 0, thisQuarterExVat: 0, last12MonthsExVat: 0, savingsLast12MonthsExVat: 0 };
  for (const order of orders) {
    if (order.placedAt < windows.yearAgo || order.placedAt > now) continue;
    const net = netExVat(order);
    totals.last12MonthsExVat += net;
    totals.savingsLast12MonthsExVat += netSavingsExVat(order);
    if (order.placedAt >= windows.quarterStart) totals.thisQuarterExVat += net;
    if (order.placedAt >= windows.monthStart) totals.thisMonthExVat += net;
  }
  return totals;
}

/** The bands in order of the spend that reaches them. */
const byThreshold = (bands: readonly TradeBand[]) => bands.toSorted((a, b) => a.qualifyingSpendExVat - b.qualifyingSpendExVat);

/** The band above `current`, or null on the top band. */
export function nextBandAfter(bands: readonly TradeBand[], current: TradeBand): TradeBand | null {
  return byThreshold(bands).find((band) => band.qualifyingSpendExVat > current.qualifyingSpendExVat) ?? null;
}

export interface BandProgress {
  nextBand: TradeBand | null;
  spendToNextBandExVat: number | null;
  /** 0–10000: how far from this band's threshold to the next's (10000 on the top band or past it). */
  progressBasisPoints: number;
}

export function bandProgress(bands: readonly TradeBand[], current: TradeBand, spendExVat: number): BandProgress {
  const nextBand = nextBandAfter(bands, current);
  if (!nextBand) return { nextBand: null, spendToNextBandExVat: null, progressBasisPoints: 10_000 };
  const from = Math.min(current.qualifyingSpendExVat, nextBand.qualifyingSpendExVat);
  const span = nextBand.qualifyingSpendExVat - from;
  const progressed = Math.min(Math.max(0, spendExVat - from), span);
  return {
    nextBand,
    spendToNextBandExVat: Math.max(0, nextBand.qualifyingSpendExVat - spendExVat),
    progressBasisPoints: span > 0 ? Math.floor((progressed * 10_000) / span) : 10_000,
  };
}

/** The band a business moves up to by its spend: the highest it reaches, if above its own; never one below. */
export function bandToMoveUpTo(bands: readonly TradeBand[], current: TradeBand, spendExVat: number): TradeBand | null {
  const reached = byThreshold(bands)
    .filter((band) => band.qualifyingSpendExVat <= spendExVat)
    .at(-1);
  return reached && reached.qualifyingSpendExVat > current.qualifyingSpendExVat ? reached : null;
}

/**
 * Whether a business could move up by its spend, knowing only what its orders of the rolling year came to as placed
 * (`placedExVat`, refunds not taken off): its spend is never more than that, so a sum short of the next band's threshold,
 * or no band above, means no move without reading where each order stands.
 */
export function mayMoveUp(bands: readonly TradeBand[], current: TradeBand, placedExVat: number): boolean {
  const next = nextBandAfter(bands, current);
  return next !== null && placedExVat >= next.qualifyingSpendExVat;
}

/**
 * What trade prices saved on goods worth `tradeExVat` at a band's discount: the retail ex-VAT price
 * is the trade price grossed back up by the discount.
 */
export function savingsAtBand(tradeExVat: number, discountBasisPoints: number): number {
  if (discountBasisPoints <= 0 || discountBasisPoints >= 10_000) return 0;
  return Math.round((tradeExVat * discountBasisPoints) / (10_000 - discountBasisPoints));
}

/** The band change a move up by spend records: made by no one, at the spend that reached the band. */
export function spendBandChange(businessId: number, fromBand: string, toBand: string, spendExVat: number, at: Date) {
  return { businessId, fromBand, toBand, reason: 'spend' as const, note: null, actorUserId: null, actorName: null, spendExVat, at };
}
