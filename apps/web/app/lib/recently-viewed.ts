import { forgetRememberedItems, personalStorageAllowed, REMEMBERING_STORAGE } from './consent.ts';

/**
 * The skus a shopper viewed, newest first, kept in this browser only (spec §3 "recently viewed"
 * carousels send them to the API), and only once the visitor has accepted cookies that remember
 * them (`consent.ts`): without that choice nothing is written, and a list kept before the visitor
 * said no is removed when next read. Storage can be full, disabled or tampered with, so every read
 * is checked and every failure ignored.
 */
const STORAGE_KEY = REMEMBERING_STORAGE.recentlyViewed;
export const RECENTLY_VIEWED_LIMIT = 20;

export function readRecentlyViewed(): string[] {
  try {
    if (!personalStorageAllowed()) {
      forgetRememberedItems();
      return [];
    }
    const parsed: unknown = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((sku): sku is string => typeof sku === 'string' && sku.length <= 60).slice(0, RECENTLY_VIEWED_LIMIT) : [];
  } catch {
    return [];
  }
}

export function recordRecentlyViewed(sku: string): void {
  try {
    if (!personalStorageAllowed()) return void readRecentlyViewed();
    const skus = [sku, ...readRecentlyViewed().filter((seen) => seen !== sku)].slice(0, RECENTLY_VIEWED_LIMIT);
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(skus));
  } catch {
    // Private browsing or a full store: the carousel simply has nothing to show.
  }
}
