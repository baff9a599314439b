import type { CatalogueService } from '../catalogue/index.ts';
import type { DiscountsService } from '../discounts/index.ts';
import type { InventoryService } from '../inventory/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { PricingService } from '../pricing/index.ts';
import type { KeptBaskets } from './kept-baskets.ts';

/**
 * Unit prices, trade bands and totals are pricing's: a basket shows what it works out. What can be
 * sold is the catalogue's (with inventory's stock); codes are judged and claimed by discounts.
 */
export interface BasketDeps {
  pricing: PricingService;
  catalogue: CatalogueService;
  /** A change's save reads and checks the stock of what it names itself (decision 0116). */
  inventory: InventoryService;
  discounts: DiscountsService;
  notifications: NotificationsService;
  /** The shop's address, for saved baskets' retrieval links. */
  publicUrl: string;
  /** Draws a saved basket's retrieval code (default `newRetrievalCode`, random); tests draw codes already taken. */
  newRetrievalCode?: () => string;
  /** The baskets this instance saved last (decision 0100); the service makes its own when none is given. */
  kept?: KeptBaskets;
}
