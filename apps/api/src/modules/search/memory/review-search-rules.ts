/**
 * The arithmetic of staff search's counts (issue 21, decisions 0037 and 0043), kept apart so it is
 * tested on its own. The search index counts what the search's words, photos and products match,
 * by rating, status and source (at most 5 × 3 × 2 groups); the total and every facet follow from
 * those groups, each facet leaving out its own filter (the status counts say what each status tab
 * would find).
 */
import { REVIEW_SOURCES, REVIEW_STATUSES, type ReviewSearchFacetsPage, type ReviewSource, type ReviewStatus } from '@shop/contracts';

export interface CountGroup {
  rating: number;
  status: ReviewStatus;
  source: ReviewSource;
  count: number;
}

/** The filters the facets are about: each facet's own is left out when that facet is counted. */
export interface FacetFilters {
  ratingFrom?: number;
  ratingTo?: number;
  status?: ReviewStatus;
  source?: ReviewSource;
  verifiedOnly?: boolean;
}

export type FacetName = 'rating' | 'status' | 'source' | 'verified';

/** Whether a group's reviews pass the filters, but for facet `omit`'s own. */
export function passes(group: CountGroup, filters: FacetFilters, omit?: FacetName): boolean {
  if (omit !== 'rating' && filters.ratingFrom !== undefined && group.rating < filters.ratingFrom) return false;
  if (omit !== 'rating' && filters.ratingTo !== undefined && group.rating > filters.ratingTo) return false;
  if (omit !== 'status' && filters.status !== undefined && group.status !== filters.status) return false;
  if (omit !== 'source' && filters.source !== undefined && group.source !== filters.source) return false;
  if (omit !== 'verified' && filters.verifiedOnly && group.source !== 'VerifiedOrder') return false;
  return true;
}

const sum = (groups: readonly CountGroup[], keep: (group: CountGroup) => boolean) =>
  groups.reduce((total, group) => total + (keep(group) ? group.count : 0), 0);

/** The reviews the whole search finds. */
export const totalOf = (groups: readonly CountGroup[], filters: FacetFilters): number => sum(groups, (group) => passes(group, filters));

/** Every review counted, whatever the filters: what the search's words, photos and products alone match. */
export const matchedOf = (groups: readonly CountGroup[]): number => sum(groups, () => true);

const RATINGS = [5, 4, 3, 2, 1];

/** Each facet's counts, every value listed (zeros too), in the contract's order. */
export function facetsOf(groups: readonly CountGroup[], filters: FacetFilters): ReviewSearchFacetsPage['facets'] {
  const facet = <T extends string | number>(name: FacetName, values: readonly T[], valueOf: (group: CountGroup) => T) =>
    values.map((value) => ({ value: String(value), count: sum(groups, (group) => valueOf(group) === value && passes(group, filters, name)) }));
  return {
    rating: facet('rating', RATINGS, (group) => group.rating),
    status: facet('status', REVIEW_STATUSES, (group) => group.status),
    source: facet('source', REVIEW_SOURCES, (group) => group.source),
    verified: facet('verified', ['true', 'false'], (group) => String(group.source === 'VerifiedOrder')),
  };
}
