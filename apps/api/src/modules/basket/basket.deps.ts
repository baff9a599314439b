import type { CatalogueService } from '../catalogue/index.ts';
import type { DiscountsService } from '../discounts/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { PricingService } from '../pricing/index.ts';

/**
 * Unit prices, trade bands and totals are pricing's: a basket shows what it works out. What can be
 * sold is the catalogue's (with inventory's stock); codes are judged and claimed by discounts.
 */
export interface BasketDeps {
  pricing: PricingService;
  catalogue: CatalogueService;
  discounts: DiscountsService;
  notifications: NotificationsService;
  /** The shop's address, for saved baskets' retrieval links. */
  publicUrl: string;
  /** Draws a saved basket's retrieval code (default `newRetrievalCode`, random); tests draw codes already taken. */
  newRetrievalCode?: () => string;
}
