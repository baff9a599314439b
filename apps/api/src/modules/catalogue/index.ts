import type { ApiModule } from '../../platform/module.ts';
import { registerCatalogueRoutes } from './catalogue.routes.ts';
import { categoriesSeed } from './catalogue.seed.ts';
import { productsSeed } from './products.seed.ts';

export { getNavigation } from './catalogue.service.ts';
export { DEMO_PRODUCT_COUNT, generateCatalogue, type GeneratedCatalogue } from './catalogue-generator.ts';
export { insertCatalogue } from './products.seed.ts';
export { findSkuDeliveryFacts } from './catalogue.repository.ts';
export { findSellableOfferings, type SellableOffering } from './sellable-offerings.ts';

export const catalogueModule: ApiModule = {
  name: 'catalogue',
  registerRoutes: registerCatalogueRoutes,
  seeds: [categoriesSeed, productsSeed],
};
