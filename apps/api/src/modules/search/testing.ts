/** Test helpers: how a query is cut into words. */
export { searchTerms } from './memory/search-query.ts';
/** How long a listing snapshot is served unchecked: listings, and the product pages kept with them, are that fresh. */
export { LISTING_SNAPSHOT_TTL_MS } from './memory/listing-index.ts';
