/**
 * The staff reports' rules, pure: which London days a report covers, every day of them drawn (a day
 * without sales is a zero, not a gap), and the checkout funnel's steps in order.
 */
import { CAROUSEL_LISTS, londonIsoDate, REPORT_MAX_DAYS, type CarouselDays, type ShopReport } from '@shop/contracts';

/** Without dates a report covers the last four weeks, today included. */
export const DEFAULT_REPORT_DAYS = 28;

const DAY_MS = 86_400_000;
const dayNumber = (isoDay: string) => Date.UTC(Number(isoDay.slice(0, 4)), Number(isoDay.slice(5, 7)) - 1, Number(isoDay.slice(8, 10))) / DAY_MS;
const isoDayOf = (number: number) => new Date(number * DAY_MS).toISOString().slice(0, 10);

export type ReportRange = { from: string; to: string } | { refusal: 'end-before-start' | 'too-long' };

/** The range asked for, or the default one ending today; refused when it ends before it starts or runs past a year. */
export function reportRange(asked: { from?: string; to?: string }, now: Date): ReportRange {
  const to = asked.to ?? londonIsoDate(now);
  const from = asked.from ?? isoDayOf(dayNumber(to) - (DEFAULT_REPORT_DAYS - 1));
  if (dayNumber(to) < dayNumber(from)) return { refusal: 'end-before-start' };
  if (dayNumber(to) - dayNumber(from) + 1 > REPORT_MAX_DAYS) return { refusal: 'too-long' };
  return { from, to };
}

/** Every day from `from` to `to`, each with its figures or zeros. */
export function everyDay<T extends { day: string }>(from: string, to: string, rows: readonly T[], zero: Omit<T, 'day'>): T[] {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const days: T[] = [];
  for (let day = dayNumber(from); day <= dayNumber(to); day++) {
    const iso = isoDayOf(day);
    days.push(byDay.get(iso) ?? ({ ...zero, day: iso } as T));
  }
  return days;
}

/** The checkout's steps as events number them (lib/events/checkout-events.ts in the storefront). */
const CHECKOUT_STEPS = ['Contact details', 'Delivery address', 'Delivery option', 'Billing address'] as const;

/** The funnel, in order: the basket viewed, checkout started, each step completed, orders placed (from orders). */
export function funnel(counts: { cartViewed: number; checkoutStarted: number; steps: ReadonlyMap<string, number>; ordersPlaced: number }) {
  return [
    { step: 'Viewed the basket', count: counts.cartViewed },
    { step: 'Started checkout', count: counts.checkoutStarted },
    ...CHECKOUT_STEPS.map((step, index) => ({ step, count: counts.steps.get(String(index + 1)) ?? 0 })),
    { step: 'Placed an order', count: counts.ordersPlaced },
  ];
}

/**
 * Each carousel's click-through from the roll-up's counts, most viewed first. A press is counted
 * only up to the times the carousel was seen: a browser can send presses it never had (a forged or
 * replayed event), and a rate over 100% would mean nothing; a carousel never seen is left out, as
 * are ids that are not the shop's.
 */
export function carouselClickThrough(
  viewed: readonly { subject: string; count: number }[],
  clicked: readonly { subject: string; count: number }[],
): ShopReport['carouselClickThrough'] {
  const views = new Map(viewed.map((row) => [row.subject, row.count]));
  const presses = new Map(clicked.map((row) => [row.subject, row.count]));
  return Object.entries(CAROUSEL_LISTS)
    .filter(([carousel]) => (views.get(carousel) ?? 0) > 0)
    .map(([carousel, title]) => ({ carousel, title, ...clickThrough(views.get(carousel) ?? 0, presses.get(carousel) ?? 0) }))
    .toSorted((a, b) => b.viewed - a.viewed || a.carousel.localeCompare(b.carousel));
}

/** A carousel's figures for some time: presses only up to its views (see above), and the rate to one decimal place. */
function clickThrough(viewed: number, clicked: number) {
  const pressed = Math.min(clicked, viewed);
  return { viewed, clicked: pressed, ratePercent: Math.round((pressed / viewed) * 1000) / 10 };
}

/**
 * Each carousel's figures per London day, from the roll-up's rows of `carousel-viewed` and
 * `carousel-clicked`: the carousels seen in the range, in the totals' order, each with every day of
 * it (a day it was not seen has no rate, not a rate of nought), presses capped per day as in the totals.
 */
export function carouselDays(
  from: string,
  to: string,
  rows: readonly { day: string; metric: string; subject: string; count: number }[],
): CarouselDays['carousels'] {
  const total = (metric: string) => {
    const sums = new Map<string, number>();
    for (const row of rows) if (row.metric === metric) sums.set(row.subject, (sums.get(row.subject) ?? 0) + row.count);
    return [...sums].map(([subject, count]) => ({ subject, count }));
  };
  const counts = new Map(rows.map((row) => [`${row.metric} ${row.subject} ${row.day}`, row.count]));
  const countOf = (metric: string, carousel: string, day: string) => counts.get(`${metric} ${carousel} ${day}`) ?? 0;
  return carouselClickThrough(total('carousel-viewed'), total('carousel-clicked')).map(({ carousel, title }) => ({
    carousel,
    title,
    days: everyDay(from, to, [], {}).map(({ day }) => {
      const viewed = countOf('carousel-viewed', carousel, day);
      const clicked = countOf('carousel-clicked', carousel, day);
      return viewed > 0 ? { day, ...clickThrough(viewed, clicked) } : { day, viewed: 0, clicked: 0, ratePercent: null };
    }),
  }));
}
