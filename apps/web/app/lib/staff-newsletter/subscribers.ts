import { NEWSLETTER_STATUSES, type NewsletterExport, type NewsletterStatus } from '@shop/contracts';
import { toCsv } from '../staff-discounts/csv.ts';
import { csvTime } from '../staff-reviews/reviews-csv.ts';
import { NEWSLETTER_SOURCE_NAMES } from '../newsletter.ts';

/** Staff who keep the newsletter list: content editors (marketing) and administrators, as the API's contract requires. */
export const NEWSLETTER_ROLES = ['content-editor', 'admin'] as const;
export const NEWSLETTER_AUDIENCE = { what: 'The newsletter list', who: 'content editors' };
export const SUBSCRIBERS_PAGE_SIZE = 25;

export interface SubscriberQuery {
  status: NewsletterStatus | undefined;
  email: string | undefined;
  page: number;
}

/** The list's filter and page, from the screen's address. */
export function subscriberQuery(search: URLSearchParams): SubscriberQuery {
  const status = search.get('status');
  const email = search.get('email')?.trim().slice(0, 320) || undefined;
  const page = Number.parseInt(search.get('page') ?? '1', 10);
  return {
    status: (NEWSLETTER_STATUSES as readonly (string | null)[]).includes(status) ? (status as NewsletterStatus) : undefined,
    email,
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 100_000) : 1,
  };
}

/** The address of a page of the list, keeping the filter. */
export function subscribersHref(query: SubscriberQuery): string {
  const params = new URLSearchParams();
  if (query.status) params.set('status', query.status);
  if (query.email) params.set('email', query.email);
  if (query.page > 1) params.set('page', String(query.page));
  const search = params.toString();
  return `/staff/newsletter${search ? `?${search}` : ''}`;
}

/** Confirmed subscribers as CSV (a header row first), for a mailing tool: the address, when it was confirmed (UK time) and the form. */
export function subscribersCsv(exported: NewsletterExport): string {
  return toCsv([
    ['Email address', 'Confirmed (UK time)', 'Signed up with'],
    ...exported.items.map((item) => [item.email, csvTime(item.confirmedAt), item.source ? NEWSLETTER_SOURCE_NAMES[item.source] : null]),
  ]);
}

/** Where staff download the confirmed subscribers as CSV. */
export const SUBSCRIBERS_CSV_PATH = '/staff/newsletter/subscribers.csv';

export const subscribersCsvFilename = (exportedAt: string) => `newsletter-subscribers-${csvTime(exportedAt).slice(0, 10)}.csv`;
