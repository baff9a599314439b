/**
 * Working days, UK bank holidays and cut-off times in Europe/London. Dates are ISO `YYYY-MM-DD`
 * strings (a London calendar day); instants are `Date`s. Pure functions over gov.uk's bank holidays.
 */
import { LONDON_TIME_ZONE } from '@shop/contracts';
import { LruCache } from '../../platform/cache.ts';
import { bankHolidayList, type IsoDate } from './bank-holidays.ts';
import type { HolidayRegion } from './postcode.ts';

export type { IsoDate } from './bank-holidays.ts';

/** gov.uk's bank holidays per division, substitute days included (`bank-holidays.ts` says how far they reach). */
export const BANK_HOLIDAYS = bankHolidayList.holidays;

/** The last day the lists above cover: past it, every weekday would count as a working day. */
export const BANK_HOLIDAYS_LISTED_UNTIL: IsoDate = bankHolidayList.listedUntil;

const londonParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: LONDON_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** Minutes London was ahead of UTC at an instant, asked of the time-zone database (slow: a few µs). */
function zoneOffsetMinutes(instant: Date): number {
  const parts = Object.fromEntries(londonParts.formatToParts(instant).map((part) => [part.type, Number(part.value)]));
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return Math.round((wall - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/**
 * London's offset changes only on the hour (01:00 UTC, when the clocks go forward or back), so it
 * is looked up once per hour of time and kept: delivery dates and calendars ask for hundreds of
 * instants a request, and the time-zone lookup was a fifth of the time of placing an order.
 */
const offsetByHour = new LruCache<number, number>({ maxEntries: 100_000 });

/** Minutes London is ahead of UTC at an instant: 0 in GMT, 60 in BST. */
function londonOffsetMinutes(instant: Date): number {
  const hour = Math.floor(instant.getTime() / 3_600_000);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    offset = zoneOffsetMinutes(new Date(hour * 3_600_000));
    offsetByHour.set(hour, offset);
  }
  return offset;
}

/** The London wall-clock date and time of an instant. */
export function londonDateTime(instant: Date): { date: IsoDate; minutes: number } {
  const local = new Date(instant.getTime() + londonOffsetMinutes(instant) * 60_000);
  return { date: local.toISOString().slice(0, 10), minutes: local.getUTCHours() * 60 + local.getUTCMinutes() };
}

/** The instant of a London wall-clock time, e.g. 14:00 on a given day, in GMT or BST as it falls. */
export function londonInstant(date: IsoDate, hhmm: string): Date {
  const wall = Date.parse(`${date}T${hhmm}:00Z`);
  const guess = new Date(wall - londonOffsetMinutes(new Date(wall)) * 60_000);
  return new Date(wall - londonOffsetMinutes(guess) * 60_000);
}

/** ISO 8601 with London's offset, e.g. `2026-06-19T14:00:00+01:00`: what a shopper's clock shows. */
export function formatLondon(instant: Date): string {
  const offset = londonOffsetMinutes(instant);
  const local = new Date(instant.getTime() + offset * 60_000).toISOString().slice(0, 19);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** 0 Sunday … 6 Saturday. */
export const weekday = (date: IsoDate): number => new Date(`${date}T00:00:00Z`).getUTCDay();

export interface WorkingCalendar {
  isWorkingDay(date: IsoDate): boolean;
}

/**
 * Goods leave the warehouse in England and arrive in the destination's region: a working day is a
 * weekday that is a bank holiday in neither.
 */
export function workingCalendar(destination: HolidayRegion): WorkingCalendar {
  let calendar = calendars.get(destination);
  if (!calendar) {
    const holidays = new Set([...BANK_HOLIDAYS['england-and-wales'], ...BANK_HOLIDAYS[destination]]);
    // Every delivery option of every line asks about the same few weeks of days: answer each once.
    const answers = new LruCache<IsoDate, boolean>({ maxEntries: 10_000 });
    const isWorkingDay = (date: IsoDate) => {
      let answer = answers.get(date);
      if (answer === undefined) {
        const day = weekday(date);
        answer = day !== 0 && day !== 6 && !holidays.has(date);
        answers.set(date, answer);
      }
      return answer;
    };
    calendars.set(destination, (calendar = { isWorkingDay }));
  }
  return calendar;
}

const calendars = new Map<HolidayRegion, WorkingCalendar>();

const holidaySets = new Map<HolidayRegion, ReadonlySet<IsoDate>>();

/** Whether a day is a bank holiday in a region (a trade counter closes on its own region's). */
export function isBankHoliday(region: HolidayRegion, date: IsoDate): boolean {
  let holidays = holidaySets.get(region);
  if (!holidays) holidaySets.set(region, (holidays = new Set(BANK_HOLIDAYS[region])));
  return holidays.has(date);
}

/** The first working day on or after `date`. */
export function workingDayOnOrAfter(calendar: WorkingCalendar, date: IsoDate): IsoDate {
  let day = date;
  while (!calendar.isWorkingDay(day)) day = addDays(day, 1);
  return day;
}

/** `count` working days after `date` (`date` itself does not count). */
export function addWorkingDays(calendar: WorkingCalendar, date: IsoDate, count: number): IsoDate {
  let day = date;
  for (let left = count; left > 0;) {
    day = addDays(day, 1);
    if (calendar.isWorkingDay(day)) left--;
  }
  return day;
}

/** The last working day before `date`. */
export function previousWorkingDay(calendar: WorkingCalendar, date: IsoDate): IsoDate {
  let day = addDays(date, -1);
  while (!calendar.isWorkingDay(day)) day = addDays(day, -1);
  return day;
}

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * The day an order placed `now` is dispatched: today when it is a working day and the London time
 * is before the cut-off, else the next working day. Also gives that day's cut-off instant.
 */
export function dispatchDay(calendar: WorkingCalendar, now: Date, cutOff: string): { date: IsoDate; cutOff: Date } {
  const { date: today, minutes } = londonDateTime(now);
  const date = calendar.isWorkingDay(today) && minutes < toMinutes(cutOff) ? today : workingDayOnOrAfter(calendar, addDays(today, 1));
  return { date, cutOff: londonInstant(date, cutOff) };
}

/** The shop's customer service hours, London time: when answering time counts. */
export const OFFICE_HOURS = { opens: '09:00', closes: '17:00' } as const;

/**
 * The instant `hours` office hours after `from` (weekdays 09:00–17:00 London, England and Wales bank
 * holidays closed): when a help-centre request routed with so many working hours falls due. Time
 * outside office hours does not count, so a Friday-evening enquiry with 8 hours is due Monday 17:00.
 */
export function addWorkingHours(from: Date, hours: number): Date {
  const calendar = workingCalendar('england-and-wales');
  const opens = toMinutes(OFFICE_HOURS.opens);
  const closes = toMinutes(OFFICE_HOURS.closes);
  let { date, minutes } = londonDateTime(from);
  if (!calendar.isWorkingDay(date) || minutes >= closes) {
    date = workingDayOnOrAfter(calendar, addDays(date, calendar.isWorkingDay(date) ? 1 : 0));
    minutes = opens;
  } else if (minutes < opens) minutes = opens;
  let left = Math.round(hours * 60);
  while (left > closes - minutes) {
    left -= closes - minutes;
    date = workingDayOnOrAfter(calendar, addDays(date, 1));
    minutes = opens;
  }
  const end = minutes + left;
  return londonInstant(date, `${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}`);
}
