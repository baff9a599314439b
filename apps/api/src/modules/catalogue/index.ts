import type { ApiModule } from '../../platform/module.ts';
import { cataloguePersonalData } from './catalogue.personal-data.ts';
import type { InventoryService } from '../inventory/index.ts';
import type { PricingService } from '../pricing/index.ts';
import { registerCatalogueRoutes } from './catalogue.routes.ts';
import type { CatalogueService } from './catalogue.service.ts';
import { categoriesSeed } from './catalogue.seed.ts';
import { productsSeed } from './products.seed.ts';
import { catalogueJobs } from './catalogue-jobs.ts';
import type { UnitsSoldSince } from './popularity.ts';
import type { CoPurchasesSince } from './bought-together.ts';
import type { FilesService } from '../files/index.ts';

export { createCatalogueService, type CatalogueService } from './catalogue.service.ts';
export type { CatalogueDeps } from './catalogue.deps.ts';
export type { SellableOffering } from './sellable-offerings.ts';
export type { ReviewedProduct, ReviewFigures } from './review-figures.ts';
export { RETURNABILITIES, type Returnability } from './returnability.ts';

export interface CatalogueModuleDeps {
  catalogue: CatalogueService;
  /** Reads staff's picture uploads as their bytes arrive. */
  files: FilesService;
  /** The demo seed prices its products with pricing's VAT rate and records their stock with inventory. */
  pricing: PricingService;
  inventory: InventoryService;
  /** How many demo products the seed generates (the demo's own count unless a benchmark asks for more). */
  demoProducts?: number;
  /** Units sold per sku since a date, from orders, for the best-sellers job (orders are made after the catalogue). */
  unitsSoldSince: UnitsSoldSince;
  /** Products bought in the same orders, for the bought-together job. */
  coPurchasesSince: CoPurchasesSince;
}

/**
 * The catalogue: products and their offerings, listings, search and suggestions (answered by
 * search's index over its rows), and a product's delivery options. Prices for a caller come from
 * pricing, what can be sold from inventory.
 */
export function createCatalogueModule({
  catalogue,
  files,
  pricing,
  inventory,
  demoProducts,
  unitsSoldSince,
  coPurchasesSince,
}: CatalogueModuleDeps): ApiModule {
  return {
    name: 'catalogue',
    personalData: cataloguePersonalData,
    registerRoutes: (app) => registerCatalogueRoutes(app, catalogue, files),
    seeds: [categoriesSeed, productsSeed({ pricing, inventory }, demoProducts)],
    jobs: () => catalogueJobs(catalogue, { unitsSoldSince, coPurchasesSince }),
  };
}
