import { describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import type { BasketService } from '../modules/basket/index.ts';
import type { DiscountsService } from '../modules/discounts/index.ts';
import type { InventoryService } from '../modules/inventory/index.ts';
import type { TradeService } from '../modules/trade/index.ts';

/**
 * Calls that lock rows or must commit with their caller's writes take a `Transaction`: handing them
 * the plain database handle does not compile (the checks below are `tsc`'s, in `npm run typecheck`).
 */
function outsideATransaction(db: Database, inventory: InventoryService, basket: BasketService, discounts: DiscountsService, trade: TradeService) {
  // @ts-expect-error stock holds change only inside the caller's transaction
  void inventory.reserveStock({ db }, 'basket', [], new Date(), new Date());
  // @ts-expect-error committed stock is given back only inside the cancelling transaction
  void inventory.releaseCommitted({ db }, 'basket');
  // @ts-expect-error the basket is taken for an order only in the transaction that writes the order
  void basket.takeForOrder({ db }, 'basket');
  // @ts-expect-error a discount is claimed in the transaction that writes the order
  void discounts.claimDiscount({ db }, {} as Parameters<DiscountsService['claimDiscount']>[1], new Date());
  // @ts-expect-error a trade order is recorded with the order it belongs to
  void trade.recordTradeOrder(db, {} as Parameters<TradeService['recordTradeOrder']>[1]);
  // @ts-expect-error what a business has ordered is added to with the order
  void trade.recordOrderedProducts(db, {} as Parameters<TradeService['recordOrderedProducts']>[1]);
}

describe('calls that must run in a transaction', () => {
  it('refuse a plain database handle at compile time', () => {
    expect(outsideATransaction).toBeTypeOf('function');
  });
});
