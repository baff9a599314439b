import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBasketClient, createCatalogueClient, type CatalogueClient } from '@shop/api-client';
import type { Actor } from '../../platform/context.ts';
import { findSeededSku } from '../../testing/seeded-skus.ts';
import { failure, startTestApi, type TestApi } from '../../testing/test-api.ts';

let api: TestApi;
const actors: Record<string, Actor> = {
  shopper: { userId: 'user-shopper', roles: ['shopper'] },
  trader: { userId: 'user-trader', roles: ['shopper', 'trade'], tradeAccountId: 'TA-1' },
};
let guest: CatalogueClient;
let trader: CatalogueClient;
let shopper: CatalogueClient;

beforeAll(async () => {
  api = await startTestApi({ authenticate: async (authorization) => actors[authorization.replace(/^Bearer /, '')] ?? null });
  const baseUrl = api.serviceUrl('catalogue');
  guest = createCatalogueClient({ baseUrl });
  trader = createCatalogueClient({ baseUrl, getAccessToken: () => 'trader' });
  shopper = createCatalogueClient({ baseUrl, getAccessToken: () => 'shopper' });
});
afterAll(() => api.close());

const post = (path: string, body: unknown, token?: string) =>
  fetch(`${api.serviceUrl('catalogue')}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });

describe('trade prices', () => {
  it('are for trade customers only: 401 signed out, 403 for a retail shopper', async () => {
    const { sku } = await findSeededSku(api.database.db, sql`not p.is_bundle`);
    expect((await failure(guest.getTradePrices({ body: { skus: [sku] } }))).status).toBe(401);
    const refused = await failure(shopper.getTradePrices({ body: { skus: [sku] } }));
    expect(refused.status).toBe(403);
  });

  it('are what the basket charges a trade customer, ex and inc VAT, for each sku asked', async () => {
    const { db } = api.database;
    const plain = await findSeededSku(
      db,
      sql`s.status = 'in_stock' and s.on_hand >= 5 and pr.was_price_inc_vat is null and not p.is_bundle and pr.price_inc_vat > 5000`,
    );
    const offer = await findSeededSku(db, sql`s.status = 'in_stock' and s.on_hand >= 5 and pr.was_price_inc_vat is not null and not p.is_bundle`);
    const { prices } = await trader.getTradePrices({ body: { skus: [plain.sku, 'NOPE-1', offer.sku, plain.sku] } });
    // Unknown skus are left out, repeats answered once, in the order asked.
    expect(prices.map((price) => price.sku)).toEqual([plain.sku, offer.sku]);
    const [plainPrice] = prices;
    // Band T1 (Trade Starter): 5% off the ex-VAT price, VAT added back.
    expect(plainPrice).toEqual({
      sku: plain.sku,
      priceExcTax: Math.round(plain.exVat * 0.95),
      priceIncTax: Math.round(Math.round(plain.exVat * 0.95) * 1.2),
      tradeBand: 'T1',
      tradeBandName: 'Trade Starter',
      tradeDiscountBasisPoints: 500,
    });

    const basket = await createBasketClient({ baseUrl: api.serviceUrl('basket'), getAccessToken: () => 'trader' }).createBasketWithItems({
      body: {
        items: [
          { sku: plain.sku, quantity: 1 },
          { sku: offer.sku, quantity: 1 },
        ],
      },
    });
    expect(basket.pricing.tradePriced).toBe(true);
    for (const price of prices) {
      const line = basket.lines.find((entry) => entry.sku === price.sku)!;
      expect({ sku: price.sku, incVat: line.unitPriceIncVat, exVat: line.unitPriceExVat }).toEqual({
        sku: price.sku,
        incVat: price.priceIncTax,
        exVat: price.priceExcTax,
      });
    }
  });

  it('give no trade discount on a bundle already on offer', async () => {
    const bundle = await findSeededSku(api.database.db, sql`p.is_bundle and pr.was_price_inc_vat > pr.price_inc_vat`, 0);
    const { prices } = await trader.getTradePrices({ body: { skus: [bundle.sku] } });
    expect(prices).toEqual([
      { sku: bundle.sku, priceIncTax: bundle.price, priceExcTax: bundle.exVat, tradeBand: 'T1', tradeBandName: 'Trade Starter', tradeDiscountBasisPoints: 0 },
    ]);
  });

  it('are never cached, and refuse bad input with a 400', async () => {
    const { sku } = await findSeededSku(api.database.db, sql`not p.is_bundle`);
    const response = await post('/Products/TradePrices', { skus: [sku] }, 'trader');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('etag')).toBeNull();
    for (const body of [{ skus: [] }, { skus: Array.from({ length: 101 }, (_, i) => `SKU-${i}`) }, { skus: [''] }, {}]) {
      expect({ body, status: (await post('/Products/TradePrices', body, 'trader')).status }).toEqual({ body, status: 400 });
    }
  });
});

describe('public catalogue responses', () => {
  it('are the same for a trade customer as for anyone, with no trade prices, and stay cacheable', async () => {
    const body = { slug: 'taps', size: 24 };
    const [anonymous, asTrader] = await Promise.all([post('/Listings/Categories', body), post('/Listings/Categories', body, 'trader')]);
    expect(asTrader.headers.get('cache-control')).toBe(anonymous.headers.get('cache-control'));
    expect(asTrader.headers.get('cache-control')).toMatch(/^public, max-age=60/);
    expect(asTrader.headers.get('etag')).toBe(anonymous.headers.get('etag'));
    const listing = (await asTrader.json()) as { products: { slug: string; tradePrices: unknown }[] };
    expect(listing.products.every((product) => product.tradePrices === null)).toBe(true);

    const slug = listing.products[0]!.slug;
    expect(await trader.getProductSummary({ query: { slug } })).toEqual(await guest.getProductSummary({ query: { slug } }));
    expect((await trader.getProductSummary({ query: { slug } })).tradePrices).toBeNull();
  });
});
