import { answerWeight, LruCache, SeenOnce, type CacheRegistry } from '../../platform/cache.ts';
import type { ReviewedProduct } from '../catalogue/index.ts';

/**
 * A product's review listings and summary kept in process by each reviews service (decision 0037),
 * keyed by the version of the product's `review_summaries` row: its `xmin`, the id of the
 * transaction that last wrote it. Every publish and take-down changes that row in its own transaction (summaries.ts), so the
 * first read after one commits, on any instance, finds a new version and misses: a publish shows
 * at once everywhere, with no message between instances. Reading the version is one primary-key
 * lookup, which also gives the published counts (a listing's total without counting rows).
 * `updated_at` alone would not do: two publishes in one millisecond (or under a test's frozen
 * clock) would leave it unchanged. What changes a published review without changing its
 * product's figures (a helpful vote; anything else done to a published review that does not write
 * the summary row) shows when its entry ages out, after ANSWER_TTL_MS.
 */
/** How long a kept answer may be served: helpful counts lag by at most this much. */
export const ANSWER_TTL_MS = 10_000;
const MAX_ENTRIES = 20_000;
/** Listing pages are a few kB each: this keeps thousands, and no flood of odd queries can grow the process past it. */
const MAX_BYTES = 32 * 1024 * 1024;

/**
 * The kept answers and products of one reviews service, so of one app and its one database: never shared with another
 * app in the process, so keys need not name the database.
 */
export interface ListingCache {
  /**
   * The answer kept for `key` under `version`, or `load()`'s, kept for the next callers once it has
   * been asked for twice. Callers arriving while a kept answer loads share the one load; the same
   * object is handed to each, so the HTTP layer writes it out and hashes its ETag once (platform/bind.ts).
   */
  keptAnswer<T>(key: string, version: string, load: () => Promise<T>): Promise<T>;
  /**
   * The product a public listing or summary names by slug: asked twice for every product page, so it is
   * kept for PRODUCT_TTL_MS (the time the catalogue's own listings may lag a rename), leaving a page's
   * reviews one database round trip each (their summary's version). A slug with no product is not
   * kept: a product added a moment ago is found at once.
   */
  keptProduct(slug: string, load: () => Promise<ReviewedProduct | null>): Promise<ReviewedProduct | null>;
}

const PRODUCT_TTL_MS = 60_000;

export function createListingCache(caches: CacheRegistry): ListingCache {
  const answers = new LruCache<string, Promise<unknown>>({ maxEntries: MAX_ENTRIES, maxBytes: MAX_BYTES, sizeOf: () => 0, ttlMs: ANSWER_TTL_MS });
  caches.watch('reviews-listings', () => answers.stats());
  /**
   * An answer is kept the second time it is asked for (as the catalogue's are, decision 0040): most
   * pages past the first, sorts and star filters of a product are asked for once in ANSWER_TTL_MS,
   * and keeping each would make it outlive two young-generation collections and fill the old one
   * with answers no one asks for again, whose full collections held product pages up (bench:reviews).
   */
  const askedBefore = new SeenOnce();
  const products = new LruCache<string, Promise<ReviewedProduct | null>>({ maxEntries: MAX_ENTRIES, ttlMs: PRODUCT_TTL_MS });
  caches.watch('reviews-products', () => products.stats());

  return {
    keptAnswer<T>(key: string, version: string, load: () => Promise<T>): Promise<T> {
      const cacheKey = `${version}|${key}`;
      return answers.getOrLoad(
        cacheKey,
        load as () => Promise<unknown>,
        Date.now(),
        (answer) => answerWeight(cacheKey, answer),
        (asked) => askedBefore.again(asked),
      ) as Promise<T>;
    },
    keptProduct(slug, load) {
      const key = slug;
      return products.getOrLoad(key, async () => {
        const product = await load();
        // Kept from the moment the load began: a slug with no product is let go once that is known.
        if (product === null) products.delete(key);
        return product;
      });
    },
  };
}
