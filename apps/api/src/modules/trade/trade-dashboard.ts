/** A trade customer's own pages: the dashboard (band, spend, savings, open and latest orders) and buy-again. */
import { isOrderOpen, type BuyAgainProduct, type TradeSummary } from '@shop/contracts';
import { olderOrderSummaries, spendOrders } from './spend-orders.ts';
import { ownAccount } from './trade-accounts.ts';
import { rankBuyAgain } from './buy-again-rank.ts';
import { bandsOf, iso, orderSummary } from './trade-present.ts';
import { bandProgress, spendTotals } from './trade-spend.ts';
import type { TradeContext, TradeDeps } from './trade.deps.ts';
import * as repository from './repository/index.ts';

export async function tradeSummary(deps: TradeDeps, ctx: TradeContext): Promise<TradeSummary> {
  const found = await ownAccount(ctx);
  const db = ctx.db;
  const now = ctx.clock.now();
  const allBands = await bandsOf(deps, ctx);
  const band = allBands.find((entry) => entry.code === found.business.bandCode)!;
  const { orders } = await spendOrders(deps, db, found.business.id, now);
  const totals = spendTotals(orders, now);
  const progress = bandProgress(allBands, band, totals.last12MonthsExVat);
  const open = orders.filter((order) => isOrderOpen(order.status));
  const latest = orders[0] ? orderSummary(orders[0]) : ((await olderOrderSummaries(deps, db, found.business.id, 1))[0] ?? null);
  return {
    tradeExternalId: found.account.tradeExternalId,
    businessName: found.business.tradingName ?? found.business.legalName,
    band,
    nextBand: progress.nextBand,
    spendToNextBandExVat: progress.spendToNextBandExVat,
    progressToNextBandBasisPoints: progress.progressBasisPoints,
    spend: { thisMonthExVat: totals.thisMonthExVat, thisQuarterExVat: totals.thisQuarterExVat, last12MonthsExVat: totals.last12MonthsExVat },
    savingsLast12MonthsExVat: totals.savingsLast12MonthsExVat,
    openOrders: { count: open.length, items: open.slice(0, 5).map(orderSummary) },
    latestOrder: latest,
    asOf: iso(now),
  };
}

/** What the business orders most, priced at its band, leaving out what is no longer sold. */
export async function buyAgain(deps: TradeDeps, ctx: TradeContext, limit: number): Promise<{ items: BuyAgainProduct[] }> {
  const { catalogue, pricing } = deps;
  const found = await ownAccount(ctx);
  const db = ctx.db;
  const now = ctx.clock.now();
  const ranked = rankBuyAgain(
    (await repository.orderedProductsOf(db, found.business.id)).map((row) => ({ ...row })),
    now,
  );
  // A few more than asked, so products no longer sold can be left out without a second round.
  const candidates = ranked.slice(0, limit + 10);
  const offerings = await catalogue.findSellableOfferings(
    { db },
    candidates.map((product) => product.sku),
  );
  const list = await pricing.priceListFor({ db: db, actor: ctx.actor, clock: ctx.clock });
  const items: BuyAgainProduct[] = [];
  for (const product of candidates) {
    const offering = offerings.get(product.sku);
    if (!offering) continue;
    const price = pricing.unitPrice(offering, list);
    const sellable = Number.isFinite(offering.sellable) ? Math.max(0, offering.sellable) : 999;
    items.push({
      sku: product.sku,
      productId: offering.productId,
      productName: offering.productName,
      productSlug: offering.productSlug,
      label: offering.label,
      imageUrl: offering.imageUrl,
      timesOrdered: product.timesOrdered,
      quantityOrdered: product.quantityOrdered,
      lastOrderedAt: iso(product.lastOrderedAt),
      unitPriceExVat: price.exVat,
      unitPriceIncVat: price.incVat,
      retailPriceIncVat: offering.priceIncVat,
      stockStatus: offering.stockStatus,
      maxQuantity: Math.min(999, sellable),
      available: sellable > 0 && offering.stockStatus !== 'out_of_stock',
    });
    if (items.length === limit) break;
  }
  return { items };
}
