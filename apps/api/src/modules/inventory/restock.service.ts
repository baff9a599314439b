import type { StockLevelView, StockNotice } from '@shop/contracts';
import type { Database } from '../../db/client.ts';
import type { CallerContext, Clock, ServiceContext } from '../../platform/context.ts';
import type { RestockDeps } from './inventory.deps.ts';
import * as repository from './inventory.repository.ts';
import { noticeByToken, productFacts, requestNotice, sendDueNotices, unsubscribe } from './stock-notices.ts';

type DbContext = Pick<ServiceContext, 'db'>;

/**
 * Restocking: the staff stock screen (a sku's stock and who waits for it; stock that arrived) and the
 * back-in-stock notices customers ask for, e-mailed through notifications once stock returns.
 */
export interface RestockService {
  /** A sku's stock as staff see it, with the notices waiting for it; 422 for a product code we do not sell. */
  stockLevel(ctx: DbContext, sku: string): Promise<StockLevelView>;
  /** Stock arrived: on hand goes up, and waiting notices go out on the job's next run. */
  addStock(ctx: Pick<ServiceContext, 'db' | 'clock'>, sku: string, quantity: number): Promise<StockLevelView>;
  requestBackInStockNotice(ctx: CallerContext, body: { sku: string; emailAddress?: string }): Promise<StockNotice>;
  getBackInStockNotice(ctx: DbContext, token: string): Promise<StockNotice>;
  unsubscribeBackInStockNotice(ctx: Pick<ServiceContext, 'db' | 'clock'>, token: string): Promise<StockNotice>;
  /** One batch of back-in-stock e-mails (the polling job's work). */
  sendDueNotices(ctx: { db: Database; clock: Clock }): Promise<{ claimed: number }>;
}

async function stockLevel(deps: RestockDeps, ctx: DbContext, sku: string): Promise<StockLevelView> {
  const product = await productFacts(deps, ctx.db, sku);
  const stockRow = await deps.inventory.stockRecord(ctx, product.sku);
  const available = (await deps.inventory.availabilityOf(ctx, [product.sku])).get(product.sku);
  return {
    sku: product.sku,
    productName: product.productName,
    status: available?.status ?? 'out_of_stock',
    onHand: stockRow?.onHand ?? 0,
    available: Number.isFinite(available?.sellable) ? (available?.sellable ?? 0) : (stockRow?.onHand ?? 0),
    waitingNotices: await repository.countWaitingNotices(ctx.db, product.sku),
  };
}

async function addStock(deps: RestockDeps, ctx: Pick<ServiceContext, 'db' | 'clock'>, sku: string, quantity: number): Promise<StockLevelView> {
  const product = await productFacts(deps, ctx.db, sku);
  await deps.inventory.addStock(ctx, product.sku, quantity, ctx.clock.now());
  return stockLevel(deps, ctx, product.sku);
}

export function createRestockService(deps: RestockDeps): RestockService {
  return {
    stockLevel: (ctx, sku) => stockLevel(deps, ctx, sku),
    addStock: (ctx, sku, quantity) => addStock(deps, ctx, sku, quantity),
    requestBackInStockNotice: (ctx, body) => requestNotice(deps, ctx, body),
    getBackInStockNotice: (ctx, token) => noticeByToken(deps, ctx, token),
    unsubscribeBackInStockNotice: (ctx, token) => unsubscribe(deps, ctx, token),
    sendDueNotices: (ctx) => sendDueNotices(deps, ctx),
  };
}
