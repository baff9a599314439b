import type { ApiModule } from '../../platform/module.ts';
import type { CatalogueDependencies } from './catalogue-dependencies.ts';
import { registerCatalogueRoutes } from './catalogue.routes.ts';
import { categoriesSeed } from './catalogue.seed.ts';
import { productsSeed } from './products.seed.ts';

export { getNavigation } from './catalogue.service.ts';
export { DEMO_PRODUCT_COUNT, generateCatalogue, type GeneratedCatalogue } from './catalogue-generator.ts';
export { insertCatalogue } from './products.seed.ts';
export { findSkuDeliveryFacts } from './catalogue.repository.ts';
export { findSellableOfferings, type SellableOffering } from './sellable-offerings.ts';

export type { CatalogueDependencies } from './catalogue-dependencies.ts';

/** The catalogue, given what it needs of delivery and the basket (which both read the catalogue). */
export function createCatalogueModule(deps: CatalogueDependencies): ApiModule {
  return {
    name: 'catalogue',
    registerRoutes: (app) => registerCatalogueRoutes(app, deps),
    seeds: [categoriesSeed, productsSeed],
  };
}
