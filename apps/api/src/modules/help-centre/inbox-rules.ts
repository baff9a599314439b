import type { HelpRequestStatus } from '@shop/contracts';

/**
 * The inbox's rules, apart from the database: where a request may move and when it is overdue.
 *
 * `new` is only where a request starts. Staff may move an open request to any other open status or
 * close it, and reopen a closed one (as in progress); a reply waits for the customer. A customer's
 * reply puts the request back in staff hands (in progress), closed or not (decision 0032).
 */
export function staffMoveAllowed(from: HelpRequestStatus, to: HelpRequestStatus): boolean {
  if (to === 'new' || from === to) return false;
  if (from === 'closed') return to === 'in_progress';
  return true;
}

/** A staff reply needs an open request: a closed one is reopened first, so nobody answers it by accident. */
export const staffMayReply = (status: HelpRequestStatus): boolean => status !== 'closed';

/** What assigning does to the status: picking a new request up starts it; otherwise it stays. */
export const statusAfterAssigning = (status: HelpRequestStatus): HelpRequestStatus => (status === 'new' ? 'in_progress' : status);

/** Past its routing time (§8.5) and not closed: what the inbox counts as overdue. */
export const isOverdue = (request: { status: HelpRequestStatus; dueAt: Date }, now: Date): boolean =>
  request.status !== 'closed' && request.dueAt.getTime() < now.getTime();

const UK_PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  hourCycle: 'h23',
});

/** Midnight UK time at the start of `2026-11-24` (or of the day after, for an inclusive "to"). */
export function ukDayStart(date: string, dayAfter = false): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const utc = Date.UTC(year, month - 1, day + (dayAfter ? 1 : 0));
  // UK time is UTC or UTC+1: midnight there is midnight UTC, or an hour before it.
  const summer = new Date(utc - 3_600_000);
  const hour = Number(UK_PARTS.formatToParts(summer).find((part) => part.type === 'hour')!.value);
  return hour === 0 ? summer : new Date(utc);
}

const DAY_MS = 86_400_000;
/** "Older than N days": sent before this instant. */
export const olderThan = (now: Date, days: number): Date => new Date(now.getTime() - days * DAY_MS);

/** A reference typed whole finds that one request; fewer symbols find those starting so (`HC-` added when left out). */
export function referenceFilter(typed: string): { exact: string } | { prefix: string } | null {
  const symbols = typed.trim().toUpperCase().replace(/^HC-?/, '');
  if (!symbols) return null;
  const reference = `HC-${symbols}`;
  return symbols.length === 6 ? { exact: reference } : { prefix: reference };
}
