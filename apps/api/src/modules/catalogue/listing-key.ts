import type { ListingInput } from './listing-facets.ts';

/** The same listing request however its facets were ordered: facets and their options sorted. */
export function listingKey(input: ListingInput): string {
  const facets = Object.keys(input.facets)
    .filter((identifier) => input.facets[identifier]!.length > 0)
    .toSorted()
    .map((identifier) => `${identifier}=${input.facets[identifier]!.toSorted().join(',')}`);
  return `${input.pageNumber}|${input.size}|${input.sort}|${input.price?.gte ?? ''}-${input.price?.lte ?? ''}|${facets.join('&')}`;
}
