import { createCacheRegistry, DEFAULT_ANSWER_CACHE_BYTES, type CacheRegistry } from '../../platform/cache.ts';
import type { ProductSearch, ProductSource, ReviewSearch, ReviewSource, SearchEngine, SearchEngineName, SearchMemoryReport } from './search.port.ts';
import { memoryEngine } from './memory/memory-engine.ts';
import { postgresEngine } from './postgres/postgres-engine.ts';
import { createSynonymEditor, createSynonymTable, type SynonymEditor, type SynonymTable } from './search-synonyms.ts';

/** How search is set up from configuration when the API starts. */
export interface SearchSettings {
  engine: SearchEngineName;
  /** The memory engine's budget in bytes for kept answers (CATALOGUE_ANSWER_CACHE_MB); the PostgreSQL engine keeps none. */
  answerBudgetBytes: number;
  /** The app's cache registry, which reports what the engine keeps. */
  caches: CacheRegistry;
}

/**
 * The product listing, search and suggestion index and staff's review index (decision 0059):
 * catalogue and reviews hand search a source of their rows and ask it their queries through the
 * index it gives back; they publish changes to it (`update`).
 */
export interface SearchService {
  /** The product index over the catalogue's rows. */
  products(source: ProductSource): ProductSearch;
  /** Staff's review index over the reviews' rows. */
  reviews(source: ReviewSource): ReviewSearch;
  /** Reports what the engine keeps under the platform's cache names (the composition's service, as its API starts). */
  watch(): void;
  /** What the engine in use holds in memory. */
  memory(): SearchMemoryReport;
  /** Staff's synonym groups (decision 0109). */
  synonyms: SynonymEditor;
  /** Another instance changed the groups (the `search-synonyms` change notice): the next search reads them again. */
  synonymsChanged(): void;
}

/** The engine `settings` name (by default in memory, with the default answer budget), fixed for the life of the service. */
export function createSearchService(settings: Partial<SearchSettings> = {}): SearchService {
  const { engine = 'memory', answerBudgetBytes = DEFAULT_ANSWER_CACHE_BYTES, caches = createCacheRegistry() } = settings;
  // One reading of staff's synonym groups per composition, shared by the engine and the staff calls.
  const synonyms = createSynonymTable();
  const chosen = makeEngine(engine, () => answerBudgetBytes, caches, synonyms);
  return {
    products: (source) => chosen.products(source),
    reviews: (source) => chosen.reviews(source),
    watch: () => chosen.watch(),
    memory: () => ({ engine, ...chosen.memory() }),
    synonyms: createSynonymEditor(synonyms),
    synonymsChanged: () => synonyms.changed(),
  };
}

function makeEngine(name: SearchEngineName, answerBudget: () => number, caches: CacheRegistry, synonyms: SynonymTable): SearchEngine {
  return name === 'memory' ? memoryEngine(answerBudget, caches, synonyms) : postgresEngine(synonyms);
}
