// The one in-process cache shape, shared with the storefront (packages/contracts/src/lru-cache.ts).
export { LruCache, type CacheOptions } from '@shop/contracts/lru-cache';
