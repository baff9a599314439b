import type { CacheRegistry, CacheStats } from '../../../platform/cache.ts';
import type { SearchEngine } from '../search.port.ts';
import { memoryReviewSearch } from '../memory/review-engine.ts';
import { postgresProductSearch } from './product-search.ts';

/**
 * The PostgreSQL full-text engine (SEARCH_ENGINE=postgres, decision 0059): product listings,
 * search and suggestions asked of the database each time, through `tsvector` and `pg_trgm`
 * indexes, with nothing of the catalogue held in this process, for catalogues larger than one
 * instance's memory. Staff's review search is the memory engine's: it has no PostgreSQL
 * counterpart yet (decision 0061).
 */
export function postgresEngine(caches: CacheRegistry): SearchEngine {
  const reviewIndexes: ReturnType<typeof memoryReviewSearch>[] = [];
  return {
    products: (source) => postgresProductSearch(source),
    reviews(source) {
      const index = memoryReviewSearch(source);
      reviewIndexes.push(index);
      return index;
    },
    watch() {
      // The newest review index's figures (the composition makes one); product answers are not kept.
      const none = (): CacheStats => ({ entries: 0, bytes: 0, maxEntries: 0, maxBytes: null, hits: 0, misses: 0, evictions: 0 });
      caches.watch('reviews-search-index', () => reviewIndexes.at(-1)?.stats() ?? none());
    },
    memory: () => ({
      indexBytes: reviewIndexes.reduce((sum, index) => sum + index.stats().bytes, 0),
      answerBytes: 0,
      answerBudgetBytes: 0,
    }),
  };
}
