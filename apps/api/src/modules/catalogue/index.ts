import type { ApiModule } from '../../platform/module.ts';
import { registerCatalogueRoutes } from './catalogue.routes.ts';
import { categoriesSeed } from './catalogue.seed.ts';

export { getNavigation } from './catalogue.service.ts';

export const catalogueModule: ApiModule = {
  name: 'catalogue',
  registerRoutes: registerCatalogueRoutes,
  seeds: [categoriesSeed],
};
