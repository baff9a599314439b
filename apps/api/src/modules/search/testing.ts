/** Test helpers: how a query is cut into words and which trade words mean the same (the demo catalogue's names are checked against them). */
export { expandSynonyms, searchTerms } from './memory/search-query.ts';
/** How long a listing snapshot is served unchecked: listings, and the product pages kept with them, are that fresh. */
export { LISTING_SNAPSHOT_TTL_MS } from './memory/listing-index.ts';
