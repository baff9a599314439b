import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBasketClient, createCatalogueClient } from '@shop/api-client';
import type { Actor } from '../../platform/context.ts';
import { findSeededSku } from '../../testing/seeded-skus.ts';
import { countStatements } from '../../testing/statement-counter.ts';
import { startTestApi, type TestApi } from '../../testing/test-api.ts';
import { createPricingService } from './index.ts';

let api: TestApi;
// The shop's clock, standing still: bands and rates are kept a minute of it, so only a change notice makes them read again.
const now = Date.now();
const clock = { now: () => new Date(now) };
const trader: Actor = { userId: 'user-trader', roles: ['shopper', 'trade'], tradeAccountId: 'TA-1' };

beforeAll(async () => {
  api = await startTestApi({ clock, authenticate: async (authorization) => (authorization === 'Bearer trader' ? trader : null) });
});
afterAll(() => api.close());

describe('trade bands and VAT rates', () => {
  it("are rows: docs/domain.md §5's five bands, and the UK's VAT rates with the day each took effect", async () => {
    const pricing = createPricingService();
    const ctx = { db: api.database.db, clock };
    expect(await pricing.tradeBands(ctx)).toEqual([
      { code: 'T1', name: 'Trade Starter', discountBasisPoints: 500, qualifyingSpendExVat: 0 },
      { code: 'T2', name: 'Silver', discountBasisPoints: 1000, qualifyingSpendExVat: 250_000 },
      { code: 'T3', name: 'Gold', discountBasisPoints: 1250, qualifyingSpendExVat: 1_000_000 },
      { code: 'T4', name: 'Platinum', discountBasisPoints: 1500, qualifyingSpendExVat: 2_500_000 },
      { code: 'T5', name: 'Key Account', discountBasisPoints: 2000, qualifyingSpendExVat: 7_500_000 },
    ]);
    expect([...(await pricing.vatRates(ctx)).values()]).toEqual([
      { code: 'reduced', name: 'Reduced rate', basisPoints: 500, inForceFrom: '1997-09-01' },
      { code: 'standard', name: 'Standard rate', basisPoints: 2000, inForceFrom: '2011-01-04' },
      { code: 'zero', name: 'Zero rate', basisPoints: 0, inForceFrom: '1973-04-01' },
    ]);
    expect(await pricing.priceListFor({ ...ctx, actor: null })).toMatchObject({
      pricing: { tradePriced: false, tradeBand: null, tradeBandName: null, tradeDiscountBasisPoints: 0 },
    });
    expect(await pricing.priceListFor({ ...ctx, actor: trader })).toMatchObject({
      pricing: { tradePriced: true, tradeBand: 'T1', tradeBandName: 'Trade Starter', tradeDiscountBasisPoints: 500 },
    });
  });

  it("price trade customers by the band's row: a change reaches cards and baskets as it commits (its change notice), and both agree", async () => {
    const { db } = api.database;
    const item = await findSeededSku(
      db,
      sql`s.status = 'in_stock' and s.on_hand >= 5 and pr.was_price_inc_vat is null and not p.is_bundle and pr.price_inc_vat > 5000`,
    );
    const catalogue = createCatalogueClient({ baseUrl: api.serviceUrl('catalogue'), getAccessToken: () => 'trader' });
    const basket = createBasketClient({ baseUrl: api.serviceUrl('basket'), getAccessToken: () => 'trader' });
    const tradePrice = async () => (await catalogue.getTradePrices({ body: { skus: [item.sku] } })).prices[0]!;
    expect(await tradePrice()).toMatchObject({ tradeBand: 'T1', tradeDiscountBasisPoints: 500, priceExcTax: Math.round(item.exVat * 0.95) });

    await db.execute(sql`update trade_bands set discount_basis_points = 750 where code = 'T1'`);
    try {
      // Kept for up to a minute, but forgotten when the change's notice (migration 0045) is heard: the shop's clock stays still.
      await expect.poll(async () => (await tradePrice()).tradeDiscountBasisPoints).toBe(750);
      const changed = await tradePrice();
      const exVat = Math.round(item.exVat * 0.925);
      expect(changed).toEqual({
        sku: item.sku,
        tradeBand: 'T1',
        tradeBandName: 'Trade Starter',
        tradeDiscountBasisPoints: 750,
        priceExcTax: exVat,
        priceIncTax: Math.round(exVat * 1.2),
      });
      const line = (await basket.createBasketWithItems({ body: { items: [{ sku: item.sku, quantity: 2 }] } })).lines[0]!;
      expect({ incVat: line.unitPriceIncVat, exVat: line.unitPriceExVat }).toEqual({ incVat: changed.priceIncTax, exVat: changed.priceExcTax });
    } finally {
      await db.execute(sql`update trade_bands set discount_basis_points = 500 where code = 'T1'`);
      await expect.poll(async () => (await tradePrice()).tradeDiscountBasisPoints).toBe(500);
    }
  });

  it("work out a price's trade discount with the VAT rate the price names", async () => {
    const { db } = api.database;
    const item = await findSeededSku(
      db,
      sql`s.status = 'in_stock' and s.on_hand >= 5 and pr.was_price_inc_vat is null and not p.is_bundle and pr.price_inc_vat > 5000`,
      6,
    );
    // A mobility aid, say: sold at the reduced rate, its stored prices say so.
    await db.execute(
      sql`update prices set vat_rate_code = 'reduced', price_ex_vat = round(price_inc_vat / 1.05)
        where offering_id = (select id from offerings where sku = ${item.sku})`,
    );
    const exVat = Math.round(Math.round(item.price / 1.05) * 0.95);
    const { prices } = await createCatalogueClient({ baseUrl: api.serviceUrl('catalogue'), getAccessToken: () => 'trader' }).getTradePrices({
      body: { skus: [item.sku] },
    });
    expect(prices[0]).toMatchObject({ priceExcTax: exVat, priceIncTax: Math.round(exVat * 1.05) });
    const basket = await createBasketClient({ baseUrl: api.serviceUrl('basket') }).createBasketWithItems({ body: { items: [{ sku: item.sku, quantity: 1 }] } });
    expect(basket.totals.vat.find((rate) => rate.rateCode === 'reduced')).toMatchObject({
      basisPoints: 500,
      grossPence: item.price,
      vatPence: Math.round((item.price * 500) / 10_500),
    });
  });
  it('in a transaction, come from what its database handle keeps, and never wait on a load of the handle still under way', async () => {
    const pricing = createPricingService();
    const handle = api.database.db;
    const codes = (bands: readonly { code: string }[]) => bands.map((band) => band.code);
    let outside: Promise<unknown> | undefined;
    await handle.transaction(async (tx) => {
      // A load on the handle now waits for a connection this transaction holds (PGlite's only one; on PostgreSQL, a pool
      // every connection of which is a transaction like this): waiting on it here would never end.
      outside = pricing.vatRates({ db: handle, clock });
      expect(codes(await pricing.tradeBands({ db: tx, keptFor: handle, clock }))).toEqual(['T1', 'T2', 'T3', 'T4', 'T5']);
    });
    await outside;
    // Kept now: a transaction reads nothing for them.
    const counter = countStatements(api.database);
    try {
      await handle.transaction(async (tx) => {
        expect(codes(await pricing.tradeBands({ db: tx, keptFor: handle, clock }))).toEqual(['T1', 'T2', 'T3', 'T4', 'T5']);
        expect([...(await pricing.vatRates({ db: tx, keptFor: handle, clock })).keys()]).toContain('standard');
      });
      expect(counter.take().filter((text) => /from "(vat_rates|trade_bands)"/.test(text))).toEqual([]);
    } finally {
      counter.stop();
    }
  });
});
