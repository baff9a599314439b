import type { CacheRegistry } from '../../platform/cache.ts';

/** Content needs no other module: only the app's cache registry, to report the pages it keeps. */
export interface ContentDeps {
  caches: CacheRegistry;
}
