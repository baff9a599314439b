/**
 * UK bank holidays for England and Wales, Scotland and Northern Ireland, as gov.uk publishes them
 * (decision 0024). `bank-holidays.json` beside this file holds gov.uk's feed with where and when it
 * was copied; `npm run holidays:refresh` replaces it. The list ends with the last year gov.uk has
 * announced, so it runs out: the API warns at start-up, and `bank-holidays.test.ts` fails, once
 * less than a year of it is left.
 */
import fs from 'node:fs';
import type { HolidayRegion } from './postcode.ts';

export type IsoDate = string;

/** The feed's own divisions, which are the regions whose holidays a postcode follows. */
export const DIVISIONS: readonly HolidayRegion[] = ['england-and-wales', 'scotland', 'northern-ireland'];

/** Refresh the list when less than this is left: gov.uk announces a year about a year ahead. */
export const NOTICE_DAYS = 365;

export interface BankHolidayList {
  /** Weekday dates, sorted, per division (substitute days in place of weekend ones, as gov.uk lists them). */
  holidays: Readonly<Record<HolidayRegion, readonly IsoDate[]>>;
  /** 31 December of the last year every division covers: past it, every weekday would count as a working day. */
  listedUntil: IsoDate;
  source: string;
  copiedOn: IsoDate;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Reads gov.uk's feed (`{ division: { division, events: [{ title, date, notes }] } }`), wrapped as
 * `{ source, copiedOn, divisions }`. Throws on anything else, so a bad refresh fails its test and
 * the start-up rather than quietly making every day a working day.
 */
export function parseBankHolidays(file: unknown): BankHolidayList {
  const { source, copiedOn, divisions } = (file ?? {}) as { source?: unknown; copiedOn?: unknown; divisions?: unknown };
  if (typeof source !== 'string' || typeof copiedOn !== 'string' || !ISO_DATE.test(copiedOn)) {
    throw new Error('bank holidays: the file must say its source and the day it was copied (copiedOn, YYYY-MM-DD)');
  }
  const holidays = {} as Record<HolidayRegion, IsoDate[]>;
  let listedUntilYear = Infinity;
  for (const division of DIVISIONS) {
    const events = (divisions as Record<string, { events?: unknown } | undefined> | undefined)?.[division]?.events;
    if (!Array.isArray(events) || events.length === 0) throw new Error(`bank holidays: no events for ${division}`);
    const dates = events.map((event: { date?: unknown }) => event?.date);
    const wrong = dates.find((date) => typeof date !== 'string' || !ISO_DATE.test(date) || Number.isNaN(Date.parse(date)));
    if (wrong !== undefined) throw new Error(`bank holidays: ${division} has a date that is not YYYY-MM-DD: ${JSON.stringify(wrong)}`);
    holidays[division] = (dates as IsoDate[]).toSorted();
    listedUntilYear = Math.min(listedUntilYear, Number(holidays[division].at(-1)!.slice(0, 4)));
  }
  return { holidays, listedUntil: `${listedUntilYear}-12-31`, source, copiedOn };
}

export const bankHolidayList = parseBankHolidays(JSON.parse(fs.readFileSync(new URL('./bank-holidays.json', import.meta.url), 'utf8')));

/** Whole days from `today` to the last listed day (negative once it has passed). */
export function daysListedAfter(today: IsoDate, list: Pick<BankHolidayList, 'listedUntil'> = bankHolidayList): number {
  return Math.round((Date.parse(`${list.listedUntil}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** What to say at start-up when less than a year of bank holidays is left, else null. */
export function bankHolidayWarning(today: IsoDate, list: Pick<BankHolidayList, 'listedUntil'> = bankHolidayList): string | null {
  const left = daysListedAfter(today, list);
  if (left >= NOTICE_DAYS) return null;
  const state = left < 0 ? `ended on ${list.listedUntil}: every weekday since counts as a working day` : `end on ${list.listedUntil}, ${left} days from now`;
  return `UK bank holidays ${state}. Refresh apps/api/src/modules/delivery/bank-holidays.json with "npm run holidays:refresh" (docs/decisions/0024).`;
}
