import type { CacheRegistry } from '../../platform/cache.ts';
import type { FilesService } from '../files/index.ts';

/** What content needs: the app's cache registry, to report the pages it keeps, and files, to keep the pictures staff upload for pages. */
export interface ContentDeps {
  caches: CacheRegistry;
  /** Pictures staff upload for pages are kept by files (judged by content, re-encoded without metadata, resized). */
  files: FilesService;
}
