/**
 * The skus a shopper viewed, newest first, kept in this browser only (spec §3 "recently viewed"
 * carousels send them to the API). Storage can be full, disabled or tampered with, so every read
 * is checked and every failure ignored.
 */
const STORAGE_KEY = 'plumbline.recently-viewed';
export const RECENTLY_VIEWED_LIMIT = 20;

export function readRecentlyViewed(): string[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((sku): sku is string => typeof sku === 'string' && sku.length <= 60).slice(0, RECENTLY_VIEWED_LIMIT) : [];
  } catch {
    return [];
  }
}

export function recordRecentlyViewed(sku: string): void {
  try {
    const skus = [sku, ...readRecentlyViewed().filter((seen) => seen !== sku)].slice(0, RECENTLY_VIEWED_LIMIT);
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(skus));
  } catch {
    // Private browsing or a full store: the carousel simply has nothing to show.
  }
}
