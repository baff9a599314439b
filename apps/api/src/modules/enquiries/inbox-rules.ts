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
