import type { ApiModule } from '../../platform/module.ts';
import { registerCatalogueRoutes } from './catalogue.routes.ts';
import { categoriesSeed } from './catalogue.seed.ts';
import { productsSeed } from './products.seed.ts';

export { getNavigation } from './catalogue.service.ts';
export { DEMO_PRODUCT_COUNT, generateCatalogue, type GeneratedCatalogue } from './catalogue-generator.ts';
export { insertCatalogue } from './products.seed.ts';
export { findSellableOfferings, type SellableOffering } from './sellable-offerings.ts';

/**
 * The catalogue: products and their offerings, listings, search and suggestions, and a product's
 * delivery options. Prices for a caller come from pricing, what can be sold from inventory.
 */
export const catalogueModule: ApiModule = {
  name: 'catalogue',
  registerRoutes: registerCatalogueRoutes,
  seeds: [categoriesSeed, productsSeed],
};
