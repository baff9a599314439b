import type { ReviewSearch } from '../search.port.ts';
import { searchWords } from '../memory/review-search-index.ts';
import { facetsOf, totalOf, type CountGroup } from '../memory/review-search-rules.ts';
import { reviewsMatching } from './postgres-search.repository.ts';

/**
 * Staff's review search asked of the reviews' table each time (decision 0061): nothing is kept
 * between searches, so a search sees every change committed before it was asked, on any instance,
 * with no index to load or catch up. The words are split and folded by the memory engine's own
 * `searchWords`, and the total and facets follow from the counts by the memory engine's own rules
 * (`totalOf`, `facetsOf`), so the two engines cannot drift.
 */
export function postgresReviewSearch(): ReviewSearch {
  return {
    // Nothing to load, nothing to catch up: the rows are read as they are when asked.
    build: () => {},
    update: () => {},
    async search({ db }, query) {
      const none = { ids: [], total: 0, facets: facetsOf([], query.filters) };
      // An unknown brand or category finds nothing, as typing without letters or digits does.
      if (query.productIds?.size === 0) return none;
      const words = query.words === undefined ? [] : searchWords(query.words);
      if (query.words !== undefined && words.length === 0) return none;
      const { filters } = query;
      const found = await reviewsMatching(db, {
        words,
        hasPhotos: query.hasPhotos,
        productIds: query.productIds ? [...query.productIds] : undefined,
        ratingFrom: filters.ratingFrom,
        ratingTo: filters.ratingTo,
        status: filters.status,
        source: filters.source,
        verifiedOnly: filters.verifiedOnly,
        sort: query.sort,
        offset: query.offset,
        limit: query.limit,
      });
      const groups = found.groups as CountGroup[];
      return { ids: found.ids, total: totalOf(groups, filters), facets: facetsOf(groups, filters) };
    },
  };
}
