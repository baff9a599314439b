import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnalyticsClient, createCatalogueClient, createSiteContentClient, type AnalyticsClient } from '@shop/api-client';
import { HOME_PAGE_SLUG, homeCarouselList } from '@shop/contracts';
import type { Actor, Clock } from '../../platform/context.ts';
import { failure, startTestApi, type TestApi } from '../../testing/test-api.ts';
import { findSeededSku } from '../../testing/seeded-skus.ts';
import { EVENTS_LIMIT } from '../analytics/index.ts';
import { placedOrderInput, recordPlacedOrder } from '../orders/testing.ts';

let api: TestApi;
// Days no demo order or event falls on, so the report's figures are this file's alone.
const now = new Date('2031-01-15T12:00:00Z');
// Events of the per-day report's own days are received later (`receivedOn`); every other test's on `now`.
let received = now;
const clock: Clock = { now: () => received };
const actors: Record<string, Actor> = {
  analyst: { userId: 'user-analyst', roles: ['analyst'] },
  shopper: { userId: 'user-shopper', roles: ['shopper'] },
  admin: { userId: 'user-admin', roles: ['admin'] },
};
let analyst: AnalyticsClient;
let visitors = 0;
let baseUrl: string;
const visitor = () => createAnalyticsClient({ baseUrl, headers: { 'x-forwarded-for': `198.51.100.${++visitors}` } });
const event = (name: string, properties: Record<string, unknown>) => ({ event: name, messageId: randomUUID(), properties });

beforeAll(async () => {
  api = await startTestApi({ clock, authenticate: async (authorization) => actors[authorization.replace(/^Bearer /, '')] ?? null });
  baseUrl = api.serviceUrl('analytics');
  analyst = createAnalyticsClient({ baseUrl, getAccessToken: () => 'analyst' });
});
afterAll(() => api.close());

describe('the staff report', () => {
  it('shows sales per day from orders, top sellers, most viewed, the checkout funnel and searches with no results', async () => {
    const { sku } = await findSeededSku(api.database.db, sql`true`, 7);
    const [{ product_id: productId }] = (
      (await api.database.db.execute(sql`select product_id from offerings where sku = ${sku}`)) as unknown as {
        rows: { product_id: number }[];
      }
    ).rows as [{ product_id: number }];
    const input = placedOrderInput('report-1', { customerId: null, email: 'report@example.com' });
    const line = { ...input.lines[0]!, sku, quantity: 3, lineTotalIncVat: input.lines[0]!.unitPriceIncVat * 3 };
    const placed = await recordPlacedOrder(api.app, { ...input, lines: [line] }, now);
    const [{ total_pence: totalPence }] = (
      (await api.database.db.execute(sql`select total_pence from orders where id = ${placed.orderGuid}`)) as unknown as {
        rows: { total_pence: number }[];
      }
    ).rows as [{ total_pence: number }];

    const product = { product_id: String(productId), sku };
    await visitor().updateActions({
      body: {
        data: {
          batch: [
            event('Product Viewed', product),
            event('Product Added', { ...product, quantity: 3 }),
            event('Products Searched', { query: 'Unobtainium Tap', results: 0 }),
            event('Products Searched', { query: 'basin', results: 40 }),
            event('Cart Viewed', {}),
            event('Checkout Started', {}),
            event('Checkout Step Completed', { step: 1 }),
            event('Checkout Step Completed', { step: 2 }),
            // A forged order: its revenue is no sale.
            event('Order Completed', { order_id: 'BP-FORGED000', revenue: 5_000_000 }),
          ],
        },
      },
    });
    await visitor().updateActions({ body: { data: { batch: [event('Products Searched', { query: 'unobtainium tap ', results: 0 })] } } });

    const report = await analyst.getShopReport({ query: { from: '2031-01-14', to: '2031-01-15' } });
    expect(report.salesPerDay).toEqual([
      { day: '2031-01-14', orders: 0, netPence: 0 },
      { day: '2031-01-15', orders: 1, netPence: totalPence },
    ]);
    expect(report.topSellers[0]).toMatchObject({ productId, units: 3 });
    expect(report.topSellers[0]!.name).toBeTruthy();
    expect(report.mostViewed).toEqual([expect.objectContaining({ productId, views: 1, added: 1 })]);
    expect(report.funnel.map((step) => step.count)).toEqual([1, 1, 1, 1, 0, 0, 1]);
    expect(report.searchesWithoutResults).toEqual([{ query: 'unobtainium tap', count: 2 }]);
  });

  it('shows each carousel’s click-through: a view or press counted once per visitor’s batch, presses never above views, forged ones left out', async () => {
    const day = { query: { from: '2031-01-15', to: '2031-01-15' } };
    const card = { product_id: '12', sku: 'PL000012-1' };
    const seen = (list_id: string) => event('Product List Viewed', { list_id });
    const pressed = (list_id: string, extra: Record<string, unknown> = {}) => event('Product Clicked', { ...card, list_id, position: 2, ...extra });
    // One visitor's batch in bulk: fifty views and fifty presses of one carousel are one of each.
    await visitor().updateActions({
      body: {
        data: { batch: [...Array.from({ length: 25 }, () => seen('bought-together')), ...Array.from({ length: 25 }, () => pressed('bought-together'))] },
      },
    });
    const second = await visitor().updateActions({
      body: {
        data: {
          batch: [
            seen('bought-together'),
            seen('recently-viewed'),
            // Presses on a carousel never seen, with a forged price, and on a list that is none of the shop's.
            pressed('new-in', { price: 99_999 }),
            pressed('my-own-list'),
            // Naming a device without the visitor's consent: dropped.
            { ...pressed('recently-viewed'), anonymousId: 'device-without-consent' },
          ],
        },
      },
    });
    expect(second).toEqual({ accepted: 4, dropped: 1 });
    const report = await analyst.getShopReport(day);
    expect(report.carouselClickThrough).toEqual([
      { carousel: 'bought-together', title: 'Frequently bought together', viewed: 2, clicked: 1, ratePercent: 50 },
      { carousel: 'recently-viewed', title: 'Recently viewed', viewed: 1, clicked: 0, ratePercent: 0 },
    ]);
    // A visitor's events in bulk are refused past the limit (EVENTS_LIMIT calls a minute), and count for nothing more.
    const flood = visitor();
    const statuses: number[] = [];
    for (let batch = 0; batch <= EVENTS_LIMIT.max; batch++) {
      const call = () => flood.updateActions({ body: { data: { batch: [seen('best-sellers'), pressed('best-sellers')] } } });
      statuses.push(batch < EVENTS_LIMIT.max ? (await call(), 202) : (await failure(call())).status);
    }
    expect(statuses.at(-1)).toBe(429);
    const after = (await analyst.getShopReport(day)).carouselClickThrough.find((row) => row.carousel === 'best-sellers');
    expect(after).toMatchObject({ viewed: EVENTS_LIMIT.max, clicked: EVENTS_LIMIT.max, ratePercent: 100 });
  });

  it('draws every day of a range with nothing in it, and the last 28 days without dates', async () => {
    const empty = await analyst.getShopReport({ query: { from: '2031-02-01', to: '2031-02-03' } });
    expect(empty.salesPerDay.map((day) => day.orders)).toEqual([0, 0, 0]);
    expect([empty.topSellers, empty.mostViewed, empty.searchesWithoutResults, empty.carouselClickThrough]).toEqual([[], [], [], []]);
    const recent = await analyst.getShopReport({});
    expect([recent.from, recent.to, recent.salesPerDay.length]).toEqual(['2030-12-19', '2031-01-15', 28]);
  });

  it('refuses a range that ends before it starts, runs past a year or is not dates, the report and its carousels per day alike', async () => {
    const cases: [Record<string, string>, string, RegExp][] = [
      [{ from: '2031-01-15', to: '2031-01-14' }, 'REPORT_RANGE_INVALID', /The end date must be the same as or after the start date/],
      [{ from: '2029-01-01', to: '2031-01-14' }, 'REPORT_RANGE_INVALID', /Choose a range of 366 days or fewer/],
      [{ from: '15/01/2031' }, 'VALIDATION_FAILED', /format 2026-03-01/],
      [{ to: '2031-02-30' }, 'VALIDATION_FAILED', /format 2026-03-01/],
    ];
    for (const [query, code, message] of cases) {
      for (const call of [analyst.getShopReport, analyst.getCarouselDays]) {
        const error = await failure(call({ query }));
        expect([error.status, error.code]).toEqual([400, code]);
        expect(error.message).toMatch(message);
      }
    }
  });

  it('is for analysts and administrators only', async () => {
    const as = (token?: string) => createAnalyticsClient({ baseUrl, ...(token && { getAccessToken: () => token }) });
    for (const call of ['getShopReport', 'getCarouselDays'] as const) {
      expect((await failure(as('shopper')[call]({}))).status).toBe(403);
      expect((await failure(as()[call]({}))).status).toBe(401);
    }
    expect(await as('admin').getCarouselDays({ query: { from: '2031-03-05', to: '2031-03-05' } })).toMatchObject({ carousels: [] });
  });
});

describe('carousel click-through per day', () => {
  /** Events a visitor sends on a London day, received at its noon. */
  async function receivedOn(day: string, batch: ReturnType<typeof event>[]) {
    received = new Date(`${day}T12:00:00Z`);
    try {
      return await visitor().updateActions({ body: { data: { batch } } });
    } finally {
      received = now;
    }
  }

  it('counts the home page’s carousels by the list each of its blocks names, per day, beside the totals', async () => {
    const home = await createSiteContentClient({ baseUrl: api.serviceUrl('site') }).getPageData({ params: { slug: HOME_PAGE_SLUG }, query: {} });
    const lists = home.blocks.flatMap((block) => (block.type === 'productCarousel' ? [homeCarouselList(block.source)] : []));
    // The published home page's own carousels, and the lists a category's or chosen products' carousel would name.
    expect(lists).toEqual(['best-sellers', 'new-in']);
    expect([homeCarouselList({ kind: 'category', categorySlug: 'baths', limit: 12 }), homeCarouselList({ kind: 'skus', skus: ['PL1'] })]).toEqual([
      'home-category',
      'home-picks',
    ]);
    const card = { product_id: '12', sku: 'PL000012-1' };
    const seen = (list_id: string) => event('Product List Viewed', { list_id });
    const pressed = (list_id: string) => event('Product Clicked', { ...card, list_id, position: 1 });
    expect(await receivedOn('2031-03-02', [seen('new-in'), pressed('new-in'), seen('home-category'), seen('home-picks'), pressed('home-picks')])).toEqual({
      accepted: 5,
      dropped: 0,
    });
    await receivedOn('2031-03-02', [seen('new-in')]);
    await receivedOn('2031-03-04', [seen('new-in'), pressed('new-in'), seen('home-category'), pressed('home-category')]);

    const range = { query: { from: '2031-03-01', to: '2031-03-04' } };
    const perDay = await analyst.getCarouselDays(range);
    const figures = (carousel: string) =>
      perDay.carousels.find((row) => row.carousel === carousel)?.days.map((day) => [day.day, day.viewed, day.clicked, day.ratePercent]);
    expect(perDay.carousels.map((row) => [row.carousel, row.title])).toEqual([
      ['new-in', 'New in'],
      ['home-category', 'A category’s products on the home page'],
      ['home-picks', 'Products staff chose for the home page'],
    ]);
    expect(figures('new-in')).toEqual([
      ['2031-03-01', 0, 0, null],
      ['2031-03-02', 2, 1, 50],
      ['2031-03-03', 0, 0, null],
      ['2031-03-04', 1, 1, 100],
    ]);
    expect(figures('home-category')).toEqual([
      ['2031-03-01', 0, 0, null],
      ['2031-03-02', 1, 0, 0],
      ['2031-03-03', 0, 0, null],
      ['2031-03-04', 1, 1, 100],
    ]);
    expect(figures('home-picks')!.filter(([, viewed]) => viewed)).toEqual([['2031-03-02', 1, 1, 100]]);
    // The same events make the report's totals.
    expect((await analyst.getShopReport(range)).carouselClickThrough).toEqual([
      { carousel: 'new-in', title: 'New in', viewed: 3, clicked: 2, ratePercent: 66.7 },
      { carousel: 'home-category', title: 'A category’s products on the home page', viewed: 2, clicked: 1, ratePercent: 50 },
      { carousel: 'home-picks', title: 'Products staff chose for the home page', viewed: 1, clicked: 1, ratePercent: 100 },
    ]);
    const quiet = await analyst.getCarouselDays({ query: { from: '2031-03-05', to: '2031-03-05' } });
    expect(quiet).toEqual({ from: '2031-03-05', to: '2031-03-05', carousels: [] });
    const recent = await analyst.getCarouselDays({});
    expect([recent.from, recent.to]).toEqual(['2030-12-19', '2031-01-15']);
  });
});

describe('what the events drive', () => {
  it('gives a signed-in shopper the products they viewed with consent on another device under “Recently viewed”, and none viewed without it', async () => {
    const products = ((await api.database.db.execute(sql`select id from products order by id limit 3 offset 40`)) as unknown as { rows: { id: number }[] })
      .rows;
    const [phone, laptop, private_] = products.map((row) => ({ product_id: String(row.id), sku: `SKU-${row.id}` }));
    const shopper = createAnalyticsClient({ baseUrl, getAccessToken: () => 'shopper', headers: { 'x-forwarded-for': '192.0.2.50' } });
    const consent = { consent: { personalisation: true } };
    await shopper.updateActions({ body: { data: { batch: [event('Product Viewed', phone!)] }, config: consent } });
    await shopper.updateActions({ body: { data: { batch: [event('Product Viewed', laptop!)] }, config: consent } });
    await shopper.updateActions({ body: { data: { batch: [event('Product Viewed', private_!)] } } });

    const catalogue = (token?: string) => createCatalogueClient({ baseUrl: api.serviceUrl('catalogue'), ...(token && { getAccessToken: () => token }) });
    const recentlyViewed = async (token?: string) =>
      (await catalogue(token).getCarousels({ body: { pageType: 40, recentlyViewedSkus: [] } })).carousels
        .find((carousel) => carousel.identifier === 'recently-viewed')
        ?.products.map((card) => card.id) ?? [];
    const viewed = await recentlyViewed('shopper');
    expect(viewed.toSorted((a, b) => a - b)).toEqual([products[0]!.id, products[1]!.id].toSorted((a, b) => a - b));
    expect(await recentlyViewed()).toEqual([]);
  });
});

describe('trending in a category', () => {
  it('ranks a category’s products by what shoppers view and add now, an addition weighing more than a view', async () => {
    const rows = (
      (await api.database.db.execute(
        sql`select p.id, c.slug from products p join categories c on c.id = p.category_id
          where c.id = (select category_id from products group by category_id having count(*) >= 4 order by category_id desc limit 1) order by p.id limit 4`,
      )) as unknown as { rows: { id: number; slug: string }[] }
    ).rows;
    const slug = rows[0]!.slug;
    const inCategory = rows;
    expect(inCategory).toHaveLength(4);
    const item = (row: { id: number }) => ({ product_id: String(row.id), sku: `SKU-${row.id}` });
    const [a, b, c, d] = inCategory;
    // b: three views; a: one view and one addition (3); c and d: a view each.
    const batches = [
      [a, b, c, d].map((row) => event('Product Viewed', item(row!))),
      [event('Product Viewed', item(b!)), event('Product Added', item(a!))],
      [event('Product Viewed', item(b!))],
    ];
    for (const batch of batches) await visitor().updateActions({ body: { data: { batch } } });

    const catalogue = createCatalogueClient({ baseUrl: api.serviceUrl('catalogue') });
    const { carousels } = await catalogue.getCarousels({ body: { pageType: 20, categorySlug: slug, recentlyViewedSkus: [] } });
    const trending = carousels.find((carousel) => carousel.identifier === 'category-trending')!;
    expect(trending.title).toMatch(/^Trending in /);
    expect(trending.products.map((card) => card.id)).toEqual([a!.id, b!.id, ...[c!.id, d!.id].toSorted((x, y) => String(x).localeCompare(String(y)))]);
  });
});
