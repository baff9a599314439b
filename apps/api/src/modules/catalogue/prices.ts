/**
 * Prices the catalogue answers for: a trade customer's prices for the skus on screen, and staff's
 * change of a sku's retail price (its history and was-price are price-history.ts's).
 */
import type { TradePrices } from '@shop/contracts';
import type { CallerContext } from '../../platform/context.ts';
import type { CatalogueDeps, ListingContext } from './catalogue.deps.ts';
import { CatalogueErrors } from './catalogue.errors.ts';
import * as history from './price-history.ts';
import type { PriceChange } from './price-history.ts';
import { findSellableOfferings } from './sellable-offerings.ts';

/**
 * A trade customer's prices for the skus on screen, priced by the pricing module as the basket and
 * checkout price them, so all three agree. Asked for apart from the (public, cached) cards.
 */
export async function getTradePrices({ pricing, inventory }: CatalogueDeps, ctx: CallerContext, skus: readonly string[]): Promise<TradePrices> {
  const list = await pricing.priceListFor(ctx);
  // The endpoint admits the trade role only; pricing decides who is trade-priced.
  const tradeBand = list.pricing.tradePriced ? list.pricing.tradeBand : null;
  if (!tradeBand) throw CatalogueErrors.notTradePriced();
  const offerings = await findSellableOfferings(inventory, ctx, skus);
  return {
    prices: [...new Set(skus)].flatMap((sku) => {
      const offering = offerings.get(sku);
      if (!offering) return [];
      const price = pricing.unitPrice(offering, list);
      const discounted = price.exVat < offering.priceExVat;
      return [
        {
          sku,
          priceIncTax: price.incVat,
          priceExcTax: price.exVat,
          tradeBand,
          tradeBandName: list.pricing.tradeBandName ?? tradeBand,
          tradeDiscountBasisPoints: discounted ? list.pricing.tradeDiscountBasisPoints : 0,
        },
      ];
    }),
  };
}

export async function changePrice(deps: CatalogueDeps, ctx: ListingContext, sku: string, priceIncVat: number): Promise<PriceChange> {
  if (!Number.isSafeInteger(priceIncVat) || priceIncVat <= 0) throw CatalogueErrors.badPrice();
  const rates = await deps.pricing.vatRates(ctx);
  const changed = await history.changePrice(ctx.db, sku, priceIncVat, (code) => rates.get(code)?.basisPoints, ctx.clock.now());
  if (!changed) throw CatalogueErrors.skuNotFound(sku);
  return changed;
}
