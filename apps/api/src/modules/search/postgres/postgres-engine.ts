import type { SearchEngine } from '../search.port.ts';
import { postgresProductSearch } from './product-search.ts';
import { postgresReviewSearch } from './review-search.ts';
import type { SynonymTable } from '../search-synonyms.ts';

/**
 * The PostgreSQL full-text engine (SEARCH_ENGINE=postgres, decisions 0059 and 0061): product
 * listings, search and suggestions, and staff's review search, asked of the database each time,
 * through `tsvector` and `pg_trgm` indexes, with nothing of the catalogue or the reviews held in
 * this process, for shops larger than one instance's memory.
 */
export function postgresEngine(synonyms: SynonymTable): SearchEngine {
  return {
    products: (source) => postgresProductSearch(source, synonyms),
    reviews: () => postgresReviewSearch(),
    // Nothing is kept: no index and no answers to report.
    watch() {},
    memory: () => ({ indexBytes: 0, answerBytes: 0, answerBudgetBytes: 0 }),
  };
}
