import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsClient, createTradeClient, type TradeClient } from '@shop/api-client';
import type { Actor } from '../../platform/context.ts';
import { failure, startTestApi, type TestApi } from '../../testing/test-api.ts';

/** The trade dashboard, buy-again and the order list, read by trade@demo.test over its two seeded years of orders. */
let api: TestApi;
const actors: Record<string, Actor> = {
  shopper: { userId: 'user-shopper', roles: ['shopper'] },
  // The trade role without a trade account here (an external provider's token, say).
  stranger: { userId: 'user-stranger', roles: ['shopper', 'trade'] },
};
const client = (name: string): TradeClient => createTradeClient({ baseUrl: api.serviceUrl('accounts'), getAccessToken: () => name });

beforeAll(async () => {
  api = await startTestApi({ authenticate: async (authorization) => actors[authorization.replace(/^Bearer /, '')] ?? null });
  const rows = (await api.database.db.execute(
    sql`select id, email from identity_users where email in ('trade@demo.test', 'orders@northbathrooms.demo.test')`,
  )) as unknown as { rows: { id: string; email: string }[] };
  for (const row of rows.rows) actors[row.email.split('@')[0]!] = { userId: row.id, email: row.email, roles: ['shopper', 'trade'] };
});
afterAll(() => api.close());

describe('the trade dashboard', () => {
  it('sums the business’s spend ex VAT, net of refunds, this month, quarter and year, with its band and the way to the next', async () => {
    const summary = await client('trade').getTradeSummary();
    const band = await client('trade').getTradeBandAccount({ params: { tradeExternalId: summary.tradeExternalId } });
    expect(summary).toMatchObject({ businessName: 'Taylor Trade', band: band.band, nextBand: band.nextBand, spendToNextBandExVat: band.spendToNextBandExVat });
    expect(summary.spend.last12MonthsExVat).toBe(band.spendLast12MonthsExVat);
    expect(summary.spend.last12MonthsExVat).toBeGreaterThan(250_000);
    expect(summary.spend.thisQuarterExVat).toBeGreaterThanOrEqual(summary.spend.thisMonthExVat);
    expect(summary.spend.last12MonthsExVat).toBeGreaterThanOrEqual(summary.spend.thisQuarterExVat);
    expect(summary.savingsLast12MonthsExVat).toBeGreaterThan(0);
    expect(summary.progressToNextBandBasisPoints).toBeGreaterThanOrEqual(0);
    expect(summary.progressToNextBandBasisPoints).toBeLessThanOrEqual(10_000);
    // The seeded history moved the business up by its spend, never down.
    expect(band.history.at(-1)).toMatchObject({ from: null, to: 'T1', reason: 'approval' });
    expect(band.history.slice(0, -1).every((change) => change.reason === 'spend')).toBe(true);

    // Open orders are the ones not delivered yet; the latest is the newest of all.
    const orders = await createAccountsClient({ baseUrl: api.serviceUrl('accounts'), getAccessToken: () => 'trade' }).listMyOrders({
      query: { pageSize: 100 },
    });
    const open = orders.items.filter((order) => ['placed', 'processing', 'picking', 'dispatched'].includes(order.status));
    expect(summary.openOrders.count).toBe(open.length);
    expect(summary.openOrders.items.map((order) => order.orderNumber)).toEqual(open.slice(0, 5).map((order) => order.orderNumber));
    expect(summary.latestOrder?.orderNumber).toBe(orders.items[0]?.orderNumber);
    // The order list shows trade totals ex VAT.
    expect(orders.items[0]).toMatchObject({ tradePriced: true, totalExVat: summary.latestOrder!.totalExVat });
    expect(orders.items.every((order) => order.totalExVat === order.totals.totalIncVat - order.totals.vatIncVat)).toBe(true);
  });

  it('is each business’s own, and only for trade account holders', async () => {
    const north = await client('orders').getTradeSummary();
    const taylor = await client('trade').getTradeSummary();
    expect(north.tradeExternalId).not.toBe(taylor.tradeExternalId);
    expect(north.band.code).toBe('T5');
    expect(north.nextBand).toBeNull();
    expect(north.progressToNextBandBasisPoints).toBe(10_000);
    const others = await failure(client('trade').getTradeBandAccount({ params: { tradeExternalId: north.tradeExternalId } }));
    expect([others.status, others.code]).toEqual([404, 'TRADE_ACCOUNT_NOT_FOUND']);
    expect((await failure(client('shopper').getTradeSummary())).status).toBe(403);
    expect((await failure(client('stranger').getTradeSummary())).code).toBe('TRADE_ACCOUNT_NOT_FOUND');
  });
});

describe('buy again', () => {
  it('lists what the business orders most, often and lately first, at today’s price for its band, with stock', async () => {
    const summary = await client('trade').getTradeSummary();
    const { items } = await client('trade').getBuyAgainProducts({ query: { limit: 10 } });
    expect(items).toHaveLength(10);
    const discount = summary.band.discountBasisPoints;
    for (const item of items) {
      expect(item.timesOrdered).toBeGreaterThan(0);
      expect(item.unitPriceExVat).toBeLessThan(item.retailPriceIncVat);
      expect(item.unitPriceIncVat).toBeLessThanOrEqual(item.retailPriceIncVat);
      expect(item.available).toBe(item.maxQuantity > 0 && item.stockStatus !== 'out_of_stock');
    }
    // The band's discount off the ex-VAT price (a bundle already on offer may have none).
    expect(items.some((item) => Math.abs(item.unitPriceExVat - Math.round((item.retailPriceIncVat / 1.2) * (1 - discount / 10_000))) <= 2)).toBe(true);
    // Ranked: the first has been ordered more often, or as often and more lately, than one further down.
    const first = items[0]!;
    const last = items.at(-1)!;
    expect(first.timesOrdered >= last.timesOrdered || Date.parse(first.lastOrderedAt) > Date.parse(last.lastOrderedAt)).toBe(true);
    expect((await client('trade').getBuyAgainProducts({ query: {} })).items.length).toBeGreaterThan(10);
    const badLimit = await failure(client('trade').getBuyAgainProducts({ query: { limit: 500 } }));
    expect([badLimit.status, badLimit.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect((await failure(client('shopper').getBuyAgainProducts({ query: {} }))).status).toBe(403);
  });
});

describe('the band review job', () => {
  it('moves up a business whose 12-month spend now reaches a band (its threshold was lowered), never down, and records why', async () => {
    const [job] = api.app.composed.modules.find((module) => module.name === 'trade')!.jobs!(api.app);
    // Two minutes on: pricing keeps the bands a minute, and the job must see the lowered threshold.
    const run = () => job!.runOnce({ db: api.database.db, clock: { now: () => new Date(Date.now() + 120_000) }, log: api.app.log });
    const coastal = async () =>
      (
        (await api.database.db.execute(sql`select id, band_code from businesses where legal_name = 'Coastal Gas Services Ltd'`)) as unknown as {
          rows: { id: number; band_code: string }[];
        }
      ).rows[0]!;
    expect((await coastal()).band_code).toBe('T1');
    // Reviewed within the day already (the seed reviews them): nothing is claimed.
    expect(await run()).toEqual({ claimed: 0 });
    await api.database.db.execute(sql`update trade_bands set qualifying_spend_ex_vat = 100 where code = 'T2'`);
    await api.database.db.execute(sql`update businesses set band_reviewed_at = null`);
    expect((await run()).claimed).toBe(12);
    const business = await coastal();
    expect(business.band_code).toBe('T2');
    const changes = (await api.database.db.execute(
      sql`select from_band, to_band, reason, spend_ex_vat from trade_band_changes where business_id = ${business.id} order by at desc limit 1`,
    )) as unknown as {
      rows: { from_band: string; to_band: string; reason: string; spend_ex_vat: number }[];
    };
    expect(changes.rows[0]).toMatchObject({ from_band: 'T1', to_band: 'T2', reason: 'spend' });
    expect(changes.rows[0]!.spend_ex_vat).toBeGreaterThanOrEqual(100);
    // The North's Key Account band is untouched: never down.
    expect((await client('orders').getTradeSummary()).band.code).toBe('T5');
  });
});
