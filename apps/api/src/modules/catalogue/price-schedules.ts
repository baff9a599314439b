/**
 * A price set now, now until an end, or from a start (decision 0086): the rules the staff editor, an
 * import of the range and the feed share, so each refuses and applies a scheduled price alike.
 */
import type { Transaction } from '../../db/client.ts';
import { changePriceIn } from './price-history.ts';
import * as repository from './repository/product-editor.ts';

/** A scheduled or started price of a variant (`liveSchedulesOf`). */
export interface LiveSchedule {
  priceIncVat: number;
  vatRateCode: string;
  startsAt: Date;
  endsAt: Date | null;
  status: string;
}

/** Schedules by their variant's offering, for a page of the range (no scan of every schedule per variant). */
export function schedulesByOffering<T extends { offeringId: number }>(schedules: readonly T[]): Map<number, T[]> {
  const byOffering = new Map<number, T[]>();
  for (const schedule of schedules) byOffering.set(schedule.offeringId, [...(byOffering.get(schedule.offeringId) ?? []), schedule]);
  return byOffering;
}

/** When a price applies: a null start is from now, a null end until changed. */
export interface PricePeriod {
  startsAt: Date | null;
  endsAt: Date | null;
}

export interface SetPrice {
  priceIncVat: number;
  vatRateCode: string;
}

/** The period asked for, as the shop keeps it: a start now or past is from now. Null when it ends before it starts (or before now). */
export function pricePeriod(asked: PricePeriod, now: Date): PricePeriod | null {
  const startsAt = asked.startsAt && asked.startsAt > now ? asked.startsAt : null;
  if (asked.endsAt && asked.endsAt <= (startsAt ?? now)) return null;
  return { startsAt, endsAt: asked.endsAt };
}

export const isScheduled = (period: PricePeriod): boolean => period.startsAt !== null || period.endsAt !== null;

/** Whether a scheduled or started price meets the period [start or now, end) (a null end is open). A price set now for good meets none. */
export function overlapsSchedule(schedules: readonly LiveSchedule[], period: PricePeriod, now: Date): boolean {
  if (!isScheduled(period)) return false;
  const from = period.startsAt ?? now;
  return schedules.some(
    (schedule) =>
      (schedule.status === 'scheduled' || schedule.status === 'started') &&
      (schedule.endsAt === null || schedule.endsAt > from) &&
      (period.endsAt === null || schedule.startsAt < period.endsAt),
  );
}

/**
 * The same price for the same period is already there (one still to start, or one started, for a
 * period from now): setting it again changes nothing, so a file or feed sent twice is applied once.
 */
export function alreadyScheduled(schedules: readonly LiveSchedule[], price: SetPrice, period: PricePeriod): boolean {
  if (!isScheduled(period)) return false;
  return schedules.some(
    (schedule) =>
      schedule.priceIncVat === price.priceIncVat &&
      schedule.vatRateCode === price.vatRateCode &&
      (schedule.endsAt?.getTime() ?? null) === (period.endsAt?.getTime() ?? null) &&
      (period.startsAt ? schedule.status === 'scheduled' && schedule.startsAt.getTime() === period.startsAt.getTime() : schedule.status === 'started'),
  );
}

/**
 * Sets a variant's price in the caller's transaction (which holds the product's version): from a
 * start, a schedule; otherwise now through the price history (a started schedule gives way), with a
 * started schedule when it has an end, so the price before it comes back. Refuses a period that
 * meets a schedule already there; says whether the price in force changed now.
 */
export async function setPriceIn(
  tx: Transaction,
  variant: { offeringId: number; sku: string },
  price: SetPrice,
  period: PricePeriod,
  basisPointsOf: (vatRateCode: string) => number | undefined,
  now: Date,
): Promise<{ overlaps: true } | { changedNow: boolean }> {
  if (isScheduled(period) && overlapsSchedule(await repository.liveSchedulesOf(tx, [variant.offeringId]), period, now)) return { overlaps: true };
  const { offeringId } = variant;
  if (period.startsAt) {
    await repository.insertSchedule(tx, { offeringId, ...price, startsAt: period.startsAt, endsAt: period.endsAt });
    return { changedNow: false };
  }
  await repository.supersedeStarted(tx, offeringId);
  const changed = await changePriceIn(tx, variant.sku, price, basisPointsOf, now);
  if (period.endsAt) {
    await repository.insertSchedule(tx, {
      offeringId,
      ...price,
      startsAt: now,
      endsAt: period.endsAt,
      status: 'started',
      restorePriceIncVat: changed!.before.priceIncVat,
      restoreVatRateCode: changed!.before.vatRateCode,
    });
  }
  return { changedNow: true };
}
