import type { CacheRegistry, CacheStats } from '../../../platform/cache.ts';
import type { SearchEngine } from '../search.port.ts';
import { memoryProductSearch } from './product-engine.ts';
import { memoryReviewSearch } from './review-engine.ts';
import type { SynonymTable } from '../search-synonyms.ts';

/**
 * The in-memory engine, the default (decisions 0005, 0039, 0042, 0043): every product's listing
 * facts and every review's search facts held in this process, answers in a few milliseconds, at the
 * cost of the memory they take and a load at start.
 */
export function memoryEngine(answerBudget: () => number, caches: CacheRegistry, synonyms: SynonymTable): SearchEngine {
  const productIndexes: ReturnType<typeof memoryProductSearch>[] = [];
  const reviewIndexes: ReturnType<typeof memoryReviewSearch>[] = [];
  return {
    products(source) {
      const index = memoryProductSearch(source, answerBudget, synonyms);
      productIndexes.push(index);
      return index;
    },
    reviews(source) {
      const index = memoryReviewSearch(source);
      reviewIndexes.push(index);
      return index;
    },
    watch() {
      // The newest index's figures (the composition makes one of each).
      const none = (): CacheStats => ({ entries: 0, bytes: 0, maxEntries: 0, maxBytes: null, hits: 0, misses: 0, evictions: 0 });
      caches.watch('catalogueAnswers', () => productIndexes.at(-1)?.answers.stats() ?? none());
      caches.watch('catalogueSearchMatches', () => productIndexes.at(-1)?.answers.matchStats() ?? none());
      caches.watch('reviews-search-index', () => reviewIndexes.at(-1)?.stats() ?? none());
    },
    memory: () => ({
      // The review index weighs itself; the product snapshot's typed arrays are not weighed.
      indexBytes: reviewIndexes.reduce((sum, index) => sum + index.stats().bytes, 0),
      answerBytes: productIndexes.reduce((sum, index) => sum + index.answers.stats().bytes + index.answers.matchStats().bytes, 0),
      answerBudgetBytes: answerBudget(),
    }),
  };
}
