/** Test helpers: where search's product index reads the catalogue from, for suites that build an index of their own. */
export { catalogueSource } from './search-source.ts';
