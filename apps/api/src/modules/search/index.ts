import type { ApiModule } from '../../platform/module.ts';
import type { SearchService } from './search.service.ts';
import { registerSearchRoutes } from './search.routes.ts';

export { createSearchService, type SearchService, type SearchSettings } from './search.service.ts';
export { FALLBACK_IMAGE_URL } from './memory/card-facts.ts';
export { CHANGE_REBUILD_GAP_MS } from './memory/listing-index.ts';
export type {
  ConfiguredFacet,
  IdRange,
  IndexContext,
  IndexedCategory,
  IndexedProduct,
  ProductChange,
  ProductSearch,
  ProductSource,
  PromotionScope,
  ReviewChange,
  ReviewSearch,
  ReviewSource,
  SearchEngineName,
  SearchMemoryReport,
  SourcedReview,
} from './search.port.ts';

/**
 * Search (decision 0059): the product listing, search and suggestion index and staff's review
 * index, behind one port whose engine is chosen by SEARCH_ENGINE (in memory by default).
 * Catalogue and reviews answer their calls through it; its own are staff's synonym groups (decision 0109).
 */
export function createSearchModule({ search }: { search: SearchService }): ApiModule {
  return {
    name: 'search',
    // The composition's engine reports what it keeps (health call, start-up log).
    registerRoutes: (app) => {
      search.watch();
      registerSearchRoutes(app, search);
    },
  };
}
