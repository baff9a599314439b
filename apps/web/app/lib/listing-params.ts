/**
 * The listing pages keep their whole state in the address (`?finish=chrome&width_mm=600-mm&sort=4&page=2`),
 * so every filtered view is a shareable, server-rendered link. This module maps the address to an API
 * request and back; it is pure so it can be tested without a browser or the API.
 */

/** Spec §3 sort options, in the order the sort control lists them. */
export const SORT_CHOICES = [
  { value: 1, label: 'Recommended' },
  { value: 2, label: 'Price: low to high' },
  { value: 3, label: 'Price: high to low' },
  { value: 4, label: 'Largest discount' },
] as const;
export type SortValue = (typeof SORT_CHOICES)[number]['value'];

export const LISTING_PAGE_SIZE = 24;
/** The API refuses page numbers above this. */
const MAX_PAGE = 10_000;
/** Limits that match the API's request schema, so a hand-edited address is trimmed rather than refused. */
const MAX_OPTIONS_PER_FACET = 50;
const MAX_OPTION_LENGTH = 200;
const MAX_FACETS = 30;

/** Parameters that are not facets: the search text, sort and page. */
const RESERVED = new Set(['q', 'sort', 'page']);
/** Facet identifiers are snake_case words ("width_mm", "in_stock"); anything else is not a filter. */
const FACET_IDENTIFIER = /^[a-z][a-z0-9_]{0,59}$/;
/** Campaign and click ids that links from ads and e-mails carry: never filters. */
const TRACKING = /^(utm_[a-z_]+|gclid|fbclid|msclkid|mc_cid|mc_eid|_ga)$/;

export interface ListingState {
  page: number;
  sort: SortValue;
  /** Facet identifier → selected option identifiers ('price' holds price bands such as "10000-25000"). */
  facets: Record<string, string[]>;
}

export interface ListingRequest {
  pageNumber: number;
  size: number;
  sort: SortValue;
  facets: Record<string, string[]>;
}

function parseSort(value: string | null): SortValue {
  const number = Number(value);
  return SORT_CHOICES.find((choice) => choice.value === number)?.value ?? 1;
}

function parsePage(value: string | null): number {
  const number = Number.parseInt(value ?? '', 10);
  if (!Number.isFinite(number) || number < 1) return 1;
  return Math.min(number, MAX_PAGE);
}

/** Reads the listing state from an address's query, dropping anything that cannot be a filter. */
export function parseListingParams(search: URLSearchParams): ListingState {
  const facets: Record<string, string[]> = {};
  for (const [key, raw] of search) {
    if (RESERVED.has(key) || TRACKING.test(key) || !FACET_IDENTIFIER.test(key)) continue;
    const value = raw.trim();
    if (!value || value.length > MAX_OPTION_LENGTH) continue;
    const selected = facets[key] ?? (Object.keys(facets).length < MAX_FACETS ? (facets[key] = []) : undefined);
    if (selected && !selected.includes(value) && selected.length < MAX_OPTIONS_PER_FACET) selected.push(value);
  }
  return { page: parsePage(search.get('page')), sort: parseSort(search.get('sort')), facets };
}

/** The body fields a listing call takes for this state (the caller adds `slug` or `query`). */
export function listingRequest(state: ListingState): ListingRequest {
  return { pageNumber: state.page, size: LISTING_PAGE_SIZE, sort: state.sort, facets: state.facets };
}

/**
 * The canonical query for a state: `q` first, facets in a stable order, default sort and page 1
 * left out, so equal states give equal links (and cache keys).
 */
export function listingSearch(state: ListingState, query?: string): string {
  const params = new URLSearchParams();
  if (query) params.set('q', query);
  for (const key of Object.keys(state.facets).toSorted()) {
    for (const value of state.facets[key] ?? []) params.append(key, value);
  }
  if (state.sort !== 1) params.set('sort', String(state.sort));
  if (state.page > 1) params.set('page', String(state.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const hasFilters = (state: ListingState) => Object.values(state.facets).some((values) => values.length > 0);

/**
 * Segment's "Product List Filtered" properties for a view with filters or a sort chosen (docs/domain.md
 * §10.7), null for the listing as it first shows: each chosen option as a filter, the sort by its label.
 */
export function listFiltered(
  state: ListingState,
  category: string,
): { category: string; filters: { type: string; value: string }[]; sorts: { type: string; value: string }[] } | null {
  const filters = Object.entries(state.facets).flatMap(([type, values]) => values.map((value) => ({ type, value })));
  if (filters.length === 0 && state.sort === 1) return null;
  const sorts = state.sort === 1 ? [] : [{ type: 'sort', value: SORT_CHOICES.find((choice) => choice.value === state.sort)!.label }];
  return { category, filters, sorts };
}

/** Adds or removes one option; any change of filters starts again at page 1. */
export function toggleOption(state: ListingState, facet: string, option: string): ListingState {
  const current = state.facets[facet] ?? [];
  const next = current.includes(option) ? current.filter((value) => value !== option) : [...current, option];
  const facets = { ...state.facets, [facet]: next };
  if (next.length === 0) delete facets[facet];
  return { ...state, page: 1, facets };
}

export const clearFilters = (state: ListingState): ListingState => ({ ...state, page: 1, facets: {} });
export const withSort = (state: ListingState, sort: SortValue): ListingState => ({ ...state, page: 1, sort });
export const withPage = (state: ListingState, page: number): ListingState => ({ ...state, page });

export const pageCount = (total: number, size = LISTING_PAGE_SIZE) => Math.max(1, Math.ceil(total / size));

/** "Showing 25–48 of 312 products", or null when there is nothing to show. */
export function resultsSummary(pagination: { from: number; total: number }, shown: number): string | null {
  if (pagination.total === 0 || shown === 0) return null;
  const noun = pagination.total === 1 ? 'product' : 'products';
  return `Showing ${pagination.from + 1}–${pagination.from + shown} of ${pagination.total.toLocaleString('en-GB')} ${noun}`;
}
