const UK_HOUR = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: 'numeric', hourCycle: 'h23' });

/**
 * Midnight UK time at the start of a day such as `2026-11-24` (or of the day after, for an
 * inclusive "to"): what a staff search's dates mean. UK time is UTC or UTC+1, so midnight there is
 * midnight UTC or the hour before it.
 */
export function ukDayStart(date: string, dayAfter = false): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const utc = Date.UTC(year, month - 1, day + (dayAfter ? 1 : 0));
  const summer = new Date(utc - 3_600_000);
  const hour = Number(UK_HOUR.formatToParts(summer).find((part) => part.type === 'hour')!.value);
  return hour === 0 ? summer : new Date(utc);
}
