import { londonDayStart, type CarouselDays, type ShopReport } from '@shop/contracts';
import type { CallerContext } from '../../platform/context.ts';
import { carouselClickThrough, carouselDays, everyDay, funnel, reportRange } from './report-rules.ts';
import type { ReportsDeps } from './reports.deps.ts';
import { ReportErrors } from './reports.errors.ts';

const TOP = 10;

/** The staff reports (`/staff/reports`): sales from orders, what shoppers did from the events' daily roll-up. */
export interface ReportsService {
  getShopReport(ctx: CallerContext, asked: { from?: string; to?: string }): Promise<ShopReport>;
  /** Each carousel's click-through per day, from the same events as the report's totals. */
  getCarouselDays(ctx: CallerContext, asked: { from?: string; to?: string }): Promise<CarouselDays>;
}

/** The days asked for, or the refusal saying what to change. */
function rangeOf(ctx: CallerContext, asked: { from?: string; to?: string }) {
  const range = reportRange(asked, ctx.clock.now());
  if ('refusal' in range) throw range.refusal === 'end-before-start' ? ReportErrors.endBeforeStart() : ReportErrors.tooLong();
  return range;
}

export function createReportsService({ analytics, orders, catalogue }: ReportsDeps): ReportsService {
  /** Each product's name and address, found by its first sku. */
  async function productsNamed(ctx: CallerContext, productIds: readonly number[]) {
    const variants = await catalogue.variantsOf(ctx, productIds);
    const firstSkus = [...variants.values()].flatMap((skus) => skus.slice(0, 1).map((variant) => variant.sku));
    const offerings = await catalogue.findSellableOfferings(ctx, firstSkus);
    return new Map([...offerings.values()].map((offering) => [offering.productId, { name: offering.productName, slug: offering.productSlug }]));
  }

  return {
    async getShopReport(ctx, asked) {
      const { from, to } = rangeOf(ctx, asked);
      const [start, until] = [londonDayStart(from), londonDayStart(to, true)];
      const [sales, unitsBySku, viewed, added, noResults, steps, carousels] = await Promise.all([
        orders.salesByDay(ctx, start, until),
        orders.unitsSoldBetween(ctx, start, until),
        analytics.topSubjects(ctx, { metric: 'product-viewed', from, to, limit: TOP }),
        analytics.topSubjects(ctx, { metric: 'product-added', from, to, limit: 1000 }),
        analytics.topSubjects(ctx, { metric: 'search-no-results', from, to, limit: 20 }),
        Promise.all(['cart-viewed', 'checkout-started', 'checkout-step'].map((metric) => analytics.topSubjects(ctx, { metric, from, to, limit: 20 }))),
        Promise.all(['carousel-viewed', 'carousel-clicked'].map((metric) => analytics.topSubjects(ctx, { metric, from, to, limit: 20 }))),
      ]);
      // Units sold per product, from the skus orders sold.
      const offerings = await catalogue.findSellableOfferings(ctx, [...unitsBySku.keys()]);
      const unitsByProduct = new Map<number, number>();
      for (const [sku, units] of unitsBySku) {
        const productId = offerings.get(sku)?.productId;
        if (productId !== undefined) unitsByProduct.set(productId, (unitsByProduct.get(productId) ?? 0) + units);
      }
      const topSold = [...unitsByProduct].toSorted(([a, x], [b, y]) => y - x || a - b).slice(0, TOP);
      const viewedIds = viewed.map((row) => Number(row.subject));
      const names = await productsNamed(ctx, [...new Set([...topSold.map(([id]) => id), ...viewedIds])]);
      const addedBy = new Map(added.map((row) => [row.subject, row.count]));
      const [cartViewed, checkoutStarted, stepRows] = steps;
      const total = (rows: readonly { count: number }[]) => rows.reduce((sum, row) => sum + row.count, 0);
      const salesPerDay = everyDay(from, to, sales, { orders: 0, netPence: 0 });
      return {
        from,
        to,
        salesPerDay,
        topSellers: topSold.flatMap(([productId, units]) => {
          const named = names.get(productId);
          return named ? [{ productId, ...named, units }] : [];
        }),
        mostViewed: viewed.flatMap((row) => {
          const named = names.get(Number(row.subject));
          return named ? [{ productId: Number(row.subject), ...named, views: row.count, added: addedBy.get(row.subject) ?? 0 }] : [];
        }),
        funnel: funnel({
          cartViewed: total(cartViewed!),
          checkoutStarted: total(checkoutStarted!),
          steps: new Map(stepRows!.map((row) => [row.subject, row.count])),
          ordersPlaced: total(salesPerDay.map((day) => ({ count: day.orders }))),
        }),
        searchesWithoutResults: noResults.map((row) => ({ query: row.subject, count: row.count })),
        carouselClickThrough: carouselClickThrough(carousels[0]!, carousels[1]!),
      };
    },

    async getCarouselDays(ctx, asked) {
      const { from, to } = rangeOf(ctx, asked);
      const rows = await analytics.dailyCounts(ctx, { metrics: ['carousel-viewed', 'carousel-clicked'], from, to });
      return { from, to, carousels: carouselDays(from, to, rows) };
    },
  };
}
