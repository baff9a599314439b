import { WEEE_TAKE_BACK_DAYS, londonIsoDate, weeeTakeBackClosesOn } from '@shop/contracts';

/** Pure rules of the enquiry forms (docs/domain.md §8.4, §10.2): no I/O, tested in enquiry-rules.test.ts. */

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days from one London date to another (whole days; both YYYY-MM-DD). */
const daysBetween = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** "24 November 2026". */
export const readableDate = (date: string): string =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

/**
 * WEEE take-back (§8.4): free for at least 28 days from buying the new item, counted in London days,
 * so an item bought on 1 March can come back up to and including 29 March.
 */
export function weeeWindow(boughtOn: string, now: Date): { open: boolean; closesOn: string; inFuture: boolean } {
  const age = daysBetween(boughtOn, londonIsoDate(now));
  return { open: age >= 0 && age <= WEEE_TAKE_BACK_DAYS, closesOn: weeeTakeBackClosesOn(boughtOn), inFuture: age < 0 };
}

/** The trade desk calls back on weekdays, from today up to 30 days ahead. */
export function callbackDayAvailable(day: string, now: Date): boolean {
  const ahead = daysBetween(londonIsoDate(now), day);
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return ahead >= 0 && ahead <= 30 && weekday !== 0 && weekday !== 6;
}

/** One line for the inbox's list: the customer's words cut short, never HTML-interpreted (it is shown as text). */
export function summaryLine(...parts: (string | null | undefined)[]): string {
  const line = parts
    .filter((part): part is string => Boolean(part))
    .join(' · ')
    .replace(/\s+/g, ' ')
    .trim();
  return line.length > 140 ? `${line.slice(0, 139)}…` : line;
}
