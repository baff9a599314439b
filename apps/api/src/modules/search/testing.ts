/** Test helpers: how a query is cut into words and which trade words mean the same (the demo catalogue's names are checked against them). */
export { expandSynonyms, searchTerms } from './memory/search-query.ts';
