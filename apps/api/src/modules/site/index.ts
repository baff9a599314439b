import type { ApiModule } from '../../platform/module.ts';
import { registerSiteRoutes } from './site.routes.ts';

/**
 * The site: who the shop is and how to reach it (the SHOP_* settings, read from configuration: no
 * service yet). Content pages and global content items of the spec's site service will live here
 * too, in a `SiteService` made by `createSiteService`.
 */
export function createSiteModule(): ApiModule {
  return { name: 'site', registerRoutes: registerSiteRoutes };
}
