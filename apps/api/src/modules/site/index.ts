import type { ApiModule } from '../../platform/module.ts';
import { registerSiteRoutes } from './site.routes.ts';

/**
 * The site service: who the shop is and how to reach it (the SHOP_* settings). Content pages and
 * global content items of the spec's site service will live here too.
 */
export const siteModule: ApiModule = {
  name: 'site',
  registerRoutes: registerSiteRoutes,
};
