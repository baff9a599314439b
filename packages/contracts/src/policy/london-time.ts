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

/** `14:00` → `2pm`, `11:30` → `11:30am`, `12:00` → `midday`: times as GOV.UK writes them. */
export function clockText(hhmm: string): string {
  const [hours = 0, minutes = 0] = hhmm.split(':').map(Number);
  if (hours === 12 && minutes === 0) return 'midday';
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${twelve}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}${hours < 12 ? 'am' : 'pm'}`;
}
