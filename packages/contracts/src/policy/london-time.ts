/**
 * The shop's days and times are London's (docs/domain.md §4.3): every date or time a person reads,
 * and every day the rules count, is turned from an instant here, whatever the server's time zone.
 * The formatters are made once: building one per call showed in busy paths.
 */

export const LONDON_TIME_ZONE = 'Europe/London';

const LONG_DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: LONDON_TIME_ZONE });
const WEEKDAY = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: LONDON_TIME_ZONE });
const CLOCK = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: LONDON_TIME_ZONE });
const ISO_DAY = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: LONDON_TIME_ZONE });
const DAY_MONTH = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', timeZone: LONDON_TIME_ZONE });
const WEEKDAY_NAME = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: LONDON_TIME_ZONE });
const SHORT_DAY = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: LONDON_TIME_ZONE });
const SHORT_DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: LONDON_TIME_ZONE });
const SHORT_DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: LONDON_TIME_ZONE,
});
const LONG_DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: LONDON_TIME_ZONE,
});
const NUMERIC_DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZone: LONDON_TIME_ZONE,
});
const PARTS = new Intl.DateTimeFormat('en-GB', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: LONDON_TIME_ZONE,
});

const instant = (at: Date | string): Date => (typeof at === 'string' ? new Date(at) : at);

/** "26 November 2026". */
export const londonLongDate = (at: Date | string): string => LONG_DATE.format(instant(at));
/** "Thursday 26 November". */
export const londonWeekday = (at: Date | string): string => WEEKDAY.format(instant(at));
/** "09:05", on the 24-hour clock. */
export const londonClock = (at: Date | string): string => CLOCK.format(instant(at));
/** "2026-11-26": the day in London, as the rules count days. */
export const londonIsoDate = (at: Date | string): string => ISO_DAY.format(instant(at));
/** "Thursday 26 November, 09:05": when something is due, as e-mails and pages say it. */
export const londonDue = (at: Date | string, joiner = ', '): string => `${londonWeekday(at)}${joiner}${londonClock(at)}`;

/** "26 November". */
export const londonDayMonth = (at: Date | string): string => DAY_MONTH.format(instant(at));
/** "Thursday". */
export const londonWeekdayName = (at: Date | string): string => WEEKDAY_NAME.format(instant(at));
/** "Thu 26 Nov". */
export const londonShortDay = (at: Date | string): string => SHORT_DAY.format(instant(at)).replace(',', '');
/** "26 Nov 2026": the staff pages' day. */
export const londonShortDate = (at: Date | string): string => SHORT_DATE.format(instant(at));
/** "26 Nov 2026, 09:05": the staff pages' time. */
export const londonShortDateTime = (at: Date | string): string => SHORT_DATE_TIME.format(instant(at));
/** "26 November 2026 at 9:05": when an order was placed or a request sent, on the customer's and trade pages. */
export const londonLongDateTime = (at: Date | string): string => LONG_DATE_TIME.format(instant(at));
/** "26/11/2026, 09:05:07": to the second, where staff need the exact moment. */
export const londonNumericDateTime = (at: Date | string): string => NUMERIC_DATE_TIME.format(instant(at));

/** "2026-11-26 09:05": sorts as text, in a spreadsheet. */
export function londonSortableDateTime(at: Date | string): string {
  const parts = Object.fromEntries(PARTS.formatToParts(instant(at)).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/**
 * The instant London's day such as `2026-11-24` starts (or the day after it, for an inclusive "to"):
 * what a staff search's dates mean. London is UTC or UTC+1, so its midnight is midnight UTC or the
 * hour before it.
 */
export function londonDayStart(isoDate: string, dayAfter = false): Date {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const utc = Date.UTC(year, month - 1, day + (dayAfter ? 1 : 0));
  const summer = new Date(utc - 3_600_000);
  return londonClock(summer).startsWith('00:') ? summer : new Date(utc);
}

/** `14:00` → `2pm`, `11:30` → `11:30am`, `12:00` → `midday`: times as GOV.UK writes them. */
export function clockText(hhmm: string): string {
  const [hours = 0, minutes = 0] = hhmm.split(':').map(Number);
  if (hours === 12 && minutes === 0) return 'midday';
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${twelve}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}${hours < 12 ? 'am' : 'pm'}`;
}
