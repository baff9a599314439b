/**
 * The baskets this instance changed last, each as it was saved (decision 0100): a change starts
 * from the kept copy instead of reading the basket again, and saves against its version as before,
 * so a copy another instance (or checkout) has moved on from is caught by that save and read afresh.
 * Nothing but a change reads these; a shopper's GET still reads the database.
 */
import type { BasketRow, LineRow } from './basket.repository.ts';

/** Baskets kept at most: the ones being filled now (about a kilobyte each). */
export const KEPT_BASKETS_MAX = 10_000;

export interface KeptBasket {
  row: BasketRow;
  lines: LineRow[];
}

export interface KeptBaskets {
  get(basketId: string): KeptBasket | undefined;
  /** The basket as a change or a read found it in the database (committed). */
  keep(basket: KeptBasket): void;
  forget(basketId: string): void;
}

export function keptBaskets(max = KEPT_BASKETS_MAX): KeptBaskets {
  // A Map iterates in insertion order: re-setting a key moves it last, so the first key is the least recently kept.
  const kept = new Map<string, KeptBasket>();
  return {
    get: (basketId) => kept.get(basketId),
    keep(basket) {
      kept.delete(basket.row.id);
      kept.set(basket.row.id, basket);
      if (kept.size > max) kept.delete(kept.keys().next().value!);
    },
    forget: (basketId) => void kept.delete(basketId),
  };
}
