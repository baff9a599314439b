/** What a basket's change is made of, shared by `basket-changes.ts` and `stock-checked-save.ts`. */
import type { Basket } from '@shop/contracts';
import type { SellableOffering } from '../catalogue/index.ts';
import type { KeptBasket } from './kept-baskets.ts';

export interface Item {
  sku: string;
  quantity: number;
}

export interface Change {
  /** The lines wanted; validated against the catalogue before anything is written. */
  lines?: (current: readonly Item[], offerings: Map<string, SellableOffering>) => Item[];
  /** Skus the change needs facts about besides the basket's own. */
  skus?: readonly string[];
  discountCode?: string | null;
  /** Remove lines that cannot be sold, cap quantities at stock and report price changes. */
  refresh?: boolean;
  /** A refused discount code fails the call rather than being dropped (adddiscount). */
  strictDiscount?: boolean;
  /** removediscount names the code it removes: another code is left alone. */
  removingCode?: string;
  /** Its only stock rule: each line it names no more than can be sold, so the save can check that itself (decision 0116). */
  stockOfNamed?: boolean;
}

/** A change worked out and saved: what the caller sees, and the basket as it now is in the database. */
export interface Applied {
  basket: Basket;
  saved: KeptBasket;
}
