import { CATALOGUE_INTEREST_LABELS, type PrintedCatalogueRequest } from '@shop/contracts';
import { toCsv } from '../staff-discounts/csv.ts';
import { csvTime } from '../staff-reviews/reviews-csv.ts';

/** Posting catalogues is dispatch work: order administrators and administrators, as the API's contract requires. */
export const CATALOGUE_DISPATCH_ROLES = ['order-admin', 'admin'] as const;
export const CATALOGUE_DISPATCH_AUDIENCE = { what: 'Printed-catalogue requests', who: 'order administrators' };
export const CATALOGUE_REQUESTS_PATH = '/staff/catalogue-requests';
export const CATALOGUE_REQUESTS_CSV_PATH = '/staff/catalogue-requests/post.csv';
export const CATALOGUE_REQUESTS_PAGE_SIZE = 25;

export type CatalogueRequestStatus = 'waiting' | 'posted';

export function catalogueRequestQuery(search: URLSearchParams): { status: CatalogueRequestStatus | undefined; page: number } {
  const status = search.get('status');
  const page = Number.parseInt(search.get('page') ?? '1', 10);
  return {
    status: status === 'waiting' || status === 'posted' ? status : undefined,
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 100_000) : 1,
  };
}

export function catalogueRequestsHref(query: { status: CatalogueRequestStatus | undefined; page: number }): string {
  const params = new URLSearchParams();
  if (query.status) params.set('status', query.status);
  if (query.page > 1) params.set('page', String(query.page));
  const search = params.toString();
  return `${CATALOGUE_REQUESTS_PATH}${search ? `?${search}` : ''}`;
}

export const interestsText = (request: Pick<PrintedCatalogueRequest, 'interests'>) =>
  request.interests.map((interest) => CATALOGUE_INTEREST_LABELS[interest]).join('; ');

/** The requests being posted as CSV for the mailing house: a header row, then name and address lines in the order a label prints them. */
export function catalogueRequestsCsv(items: readonly PrintedCatalogueRequest[]): string {
  return toCsv([
    ['Name', 'Address line 1', 'Address line 2', 'Town', 'County', 'Postcode', 'Interests', 'Requested (UK time)', 'UDPRN'],
    ...items.map((item) => [
      item.name,
      item.line1,
      item.line2,
      item.town,
      item.county,
      item.postcode,
      interestsText(item),
      csvTime(item.requestedAt),
      item.udprn,
    ]),
  ]);
}

export const catalogueRequestsCsvFilename = (postedAt: string) =>
  `catalogue-requests-${csvTime(postedAt)
    .slice(0, 16)
    .replace(/[^0-9]/g, '')}.csv`;
