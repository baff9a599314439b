import type { DeliveryService } from '../delivery/index.ts';
import type { InventoryService } from '../inventory/index.ts';
import type { PricingService } from '../pricing/index.ts';
import type { UnitsSoldSince } from './popularity.ts';

/** What the catalogue asks of other modules: prices from pricing, stock from inventory, delivery's rules. */
export interface CatalogueDeps {
  pricing: PricingService;
  inventory: InventoryService;
  delivery: DeliveryService;
  /** Units sold per sku since a date, from orders (given late by api.ts: orders come after the catalogue); none without it. */
  unitsSoldSince?: UnitsSoldSince;
  /** The kept listing, search and suggestion answers' budget in bytes (CATALOGUE_ANSWER_CACHE_MB; default 64 MB). */
  answerBudgetBytes?: number;
}
