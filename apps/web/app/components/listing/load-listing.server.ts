import { ApiError } from '@shop/api-client';
import type { Listing } from '@shop/contracts';
import { data, redirect } from 'react-router';
import {
  clearFilters,
  hasFilters,
  listingRequest,
  listingSearch,
  pageCount,
  withPage,
  type ListingRequest,
  type ListingState,
} from '../../lib/listing-params.ts';
import { throwIfRateLimited } from '../../lib/api.server.ts';
import { tileListing, type TileListing } from '../../lib/tile-cards.ts';

export interface LoadedListing<T extends Listing = Listing> {
  /** Its cards as tiles draw them (lib/tile-cards.ts). */
  listing: TileListing<T>;
  /** Set when the address's filters were refused (e.g. an unknown facet): the listing is then unfiltered. */
  problem: string | null;
}

/**
 * Runs one listing call for a page's state. Filters the API refuses (400) are dropped with a message
 * instead of failing the page; a page past the end redirects to the last page; an unknown listing is
 * a 404, a visitor over their rate limit a 429 and an unreachable catalogue a 503, all rendered by
 * the error boundary.
 */
export async function loadListing<T extends Listing>(
  url: URL,
  state: ListingState,
  call: (request: ListingRequest) => Promise<T>,
  query?: string,
): Promise<LoadedListing<T>> {
  try {
    const listing = await call(listingRequest(state));
    const lastPage = pageCount(listing.pagination.total);
    if (state.page > lastPage) throw redirect(`${url.pathname}${listingSearch(withPage(state, lastPage), query)}`);
    return { listing: tileListing(listing), problem: null };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 400 && hasFilters(state)) {
      const listing = await loadListing(url, clearFilters(state), call, query);
      return { listing: listing.listing, problem: 'Some of the filters in this link no longer apply, so we’re showing everything instead.' };
    }
    if (error.status === 404) throw data(null, { status: 404 });
    throwIfRateLimited(error);
    process.stderr.write(`[web] listing unavailable: ${error.status} ${error.message}\n`);
    throw data({ reason: 'catalogue-unavailable' }, { status: 503 });
  }
}

/** Listing pages may be cached briefly by a CDN; one drawn for someone is made private (lib/private-pages.server.ts). */
export const LISTING_CACHE_CONTROL = 'public, max-age=60';

/**
 * The listing routes' `headers`: the root's headers plus a short public cache. Error pages (404, 503)
 * keep their own headers and are not cached.
 */
export function listingHeaders({ parentHeaders, errorHeaders }: { parentHeaders: Headers; errorHeaders?: Headers }): Headers {
  const headers = new Headers(parentHeaders);
  if (errorHeaders) {
    errorHeaders.forEach((value, name) => headers.set(name, value));
    return headers;
  }
  headers.set('Cache-Control', LISTING_CACHE_CONTROL);
  return headers;
}
