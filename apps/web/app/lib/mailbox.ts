import { londonShortDateTime, type MailboxEmailStatus } from '@shop/contracts';
import type { BadgeTone } from '../components/ui/badge.tsx';

export const MAILBOX_PAGE_SIZE = 20;

/** Who the mailbox is for (its contract: role `admin`), as its pages say so. */
export const MAILBOX_AUDIENCE = { what: 'The staff mailbox', who: 'administrators' };

/** The list's filter and page, read from the address (`?to=&page=`). */
export function mailboxQuery(search: URLSearchParams): { to: string | undefined; page: number } {
  const to = search.get('to')?.trim().slice(0, 320) || undefined;
  const page = Number.parseInt(search.get('page') ?? '1', 10);
  return { to, page: Number.isFinite(page) && page >= 1 ? Math.min(page, 100_000) : 1 };
}

/** The address of a page of the list, keeping the filter. */
export function mailboxHref(to: string | undefined, page: number): string {
  const params = new URLSearchParams();
  if (to) params.set('to', to);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return `/staff/mailbox${query ? `?${query}` : ''}`;
}

export const EMAIL_STATUS: Record<MailboxEmailStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Waiting', tone: 'neutral' },
  sending: { label: 'Sending', tone: 'info' },
  sent: { label: 'Sent', tone: 'success' },
  failed: { label: 'Failed', tone: 'sale' },
};

/** "21 Nov 2026, 14:12", in UK time. */
export const formatMailboxTime = (iso: string) => londonShortDateTime(iso);

/**
 * The e-mail's HTML for a sandboxed `<iframe srcdoc>`: links open in a new tab (the sandbox lets
 * pop-ups leave it), so in a shop with no e-mail server, whose mailbox shows one-time links, a demo
 * visitor can follow a verification or reset link (decision 0048). Scripts never run: the sandbox
 * does not allow them.
 */
export function emailDocument(html: string): string {
  return `<base target="_blank"><meta name="referrer" content="no-referrer">${html}`;
}
