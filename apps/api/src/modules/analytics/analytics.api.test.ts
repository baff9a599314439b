import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnalyticsClient, type AnalyticsClient } from '@shop/api-client';
import type { Actor, CallerContext, Clock } from '../../platform/context.ts';
import { countStatements } from '../../testing/statement-counter.ts';
import { failure, startTestApi, type TestApi } from '../../testing/test-api.ts';
import { EVENTS_LIMIT } from './analytics.routes.ts';
import { createAnalyticsService } from './analytics.service.ts';

let api: TestApi;
let now = new Date('2026-03-02T10:00:00Z');
const clock: Clock = { now: () => now };
const actors: Record<string, Actor> = { shopper: { userId: 'user-shopper', roles: ['shopper'] } };
/** Each client a visitor of its own (the storefront says whose visit a call is for), so only the rate-limit test meets the limit. */
let visitors = 0;
let baseUrl: string;
const visitor = (token?: string): AnalyticsClient =>
  createAnalyticsClient({ baseUrl, headers: { 'x-forwarded-for': `198.51.100.${++visitors}` }, ...(token && { getAccessToken: () => token }) });

beforeAll(async () => {
  api = await startTestApi({ seed: false, clock, authenticate: async (authorization) => actors[authorization.replace(/^Bearer /, '')] ?? null });
  baseUrl = api.serviceUrl('analytics');
});
afterAll(() => api.close());

const rows = async <T>(query: ReturnType<typeof sql>) => ((await api.database.db.execute(query)) as unknown as { rows: T[] }).rows;
const rollup = (metric: string, subject = '') =>
  rows<{ n: number }>(sql`select coalesce(sum(count), 0)::int as n from analytics_daily where metric = ${metric} and subject = ${subject}`).then(
    (r) => r[0]!.n,
  );
const stored = (messageId: string) =>
  rows<{ event: string; user_id: string | null; anonymous_id: string | null; properties: Record<string, unknown> }>(
    sql`select event, user_id, anonymous_id, properties from analytics_events where message_id = ${messageId}`,
  ).then((r) => r[0]);

const viewed = (productId: string, extra: Record<string, unknown> = {}) => ({
  type: 'track',
  event: 'Product Viewed',
  messageId: randomUUID(),
  properties: { product_id: productId, sku: `PL${productId}`, category: 'Basins', price: 129.99 },
  ...extra,
});
const searched = (query: string, results: number) => ({ event: 'Products Searched', messageId: randomUUID(), properties: { query, results } });

describe('recording shopping events', () => {
  it('answers 202 at once, stores each event once with the properties the shop keeps, and rolls them up by London day', async () => {
    const view = viewed('101');
    const step = { event: 'Checkout Step Completed', messageId: randomUUID(), properties: { step: 2 } };
    const answer = await visitor().updateActions({ body: { data: { batch: [view, searched('Copper pipe', 12), step] } } });
    expect(answer).toEqual({ accepted: 3, dropped: 0 });
    const row = await stored(view.messageId);
    // No price: what a browser says a product costs is no figure of the shop's.
    expect(row).toEqual({ event: 'Product Viewed', user_id: null, anonymous_id: null, properties: { product_id: '101', sku: 'PL101', category: 'Basins' } });
    expect(await rollup('product-viewed', '101')).toBe(1);
    expect(await rollup('search', 'copper pipe')).toBe(1);
    expect(await rollup('checkout-step', '2')).toBe(1);
    const [day] = await rows<{ day: string }>(sql`select day::text from analytics_daily where metric = 'checkout-step'`);
    expect(day!.day).toBe('2026-03-02');
  });

  it('stores a batch and its roll-up in one statement, whatever its size', async () => {
    const counter = countStatements(api.database);
    try {
      const batch = Array.from({ length: 50 }, (_, k) => (k % 2 ? viewed(String(500 + k)) : searched(`Tap washer ${k}`, k % 3)));
      expect(await visitor().updateActions({ body: { data: { batch } } })).toEqual({ accepted: 50, dropped: 0 });
      // The shop's own background work may send statements meanwhile: only the events' count.
      expect(counter.take().filter((statement) => statement.includes('analytics_'))).toHaveLength(1);
      expect(await rollup('search-no-results', 'tap washer 6')).toBe(1);
      expect(await rollup('product-viewed', '501')).toBe(1);
    } finally {
      counter.stop();
    }
  });

  it('drops an event sent again, in the same batch or a later one, and counts it once', async () => {
    const view = viewed('102');
    expect(await visitor().updateActions({ body: { data: { batch: [view, view] } } })).toEqual({ accepted: 1, dropped: 1 });
    expect(await visitor().updateActions({ body: { data: { batch: [view] } } })).toEqual({ accepted: 0, dropped: 1 });
    expect(await rollup('product-viewed', '102')).toBe(1);
  });

  it('records one of the same batch sent several times at once', async () => {
    const batch = [viewed('103'), viewed('104'), searched('zzz basin', 0)];
    const answers = await Promise.all(Array.from({ length: 6 }, () => visitor().updateActions({ body: { data: { batch } } })));
    expect(answers.map((answer) => answer.accepted).toSorted((a, b) => a - b)).toEqual([0, 0, 0, 0, 0, 3]);
    expect(await rollup('product-viewed', '103')).toBe(1);
    expect(await rollup('search-no-results', 'zzz basin')).toBe(1);
    const [count] = await rows<{ n: number }>(sql`select count(*)::int as n from analytics_events where properties->>'product_id' in ('103', '104')`);
    expect(count!.n).toBe(2);
  });

  it('drops, without refusing the batch, an event of no known name or whose properties do not match its schema', async () => {
    const good = viewed('105');
    const batch = [
      good,
      { event: 'Product Hovered', messageId: randomUUID(), properties: {} },
      { event: 'Product Viewed', messageId: 'not-a-uuid', properties: { product_id: '1', sku: 'A' } },
      { event: 'Product Viewed', messageId: randomUUID(), properties: { product_id: 'DROP TABLE', sku: 'A' } },
      { event: 'Products Searched', messageId: randomUUID(), properties: { query: 'basin' } },
      { event: 'Checkout Step Completed', messageId: randomUUID(), properties: { step: 99 } },
    ];
    expect(await visitor().updateActions({ body: { data: { batch } } })).toEqual({ accepted: 1, dropped: 5 });
  });

  it('refuses a body that is not a batch with a message a person can act on', async () => {
    const cases: [unknown, RegExp][] = [
      [{ data: { events: [] } }, /Send the events as a list named batch/],
      [{ data: { batch: [] } }, /Send at least one event/],
      [{ data: { batch: Array.from({ length: 51 }, () => viewed('1')) } }, /Send at most 50 events at a time/],
      [{}, /Send the events as data.batch/],
    ];
    for (const [body, message] of cases) {
      const error = await failure(visitor().updateActions({ body: body as never }));
      expect([error.status, error.code]).toEqual([400, 'VALIDATION_FAILED']);
      expect(error.message).toMatch(message);
    }
  });

  it('never believes an order’s totals: an Order Completed keeps its number only', async () => {
    const order = {
      event: 'Order Completed',
      messageId: randomUUID(),
      properties: { order_id: 'BP-ABCD2345X', total: 999_999, revenue: 999_999, products: [] },
    };
    expect(await visitor().updateActions({ body: { data: { batch: [order] } } })).toEqual({ accepted: 1, dropped: 0 });
    expect((await stored(order.messageId))!.properties).toEqual({ order_id: 'BP-ABCD2345X' });
  });
});

describe('consent (docs/domain.md §10.7)', () => {
  it('drops events that name a device or person without consent, and never records the signed-in caller then', async () => {
    const device = viewed('201', { anonymousId: 'device-0000001' });
    const named = viewed('202', { userId: 'someone' });
    const plain = viewed('203');
    expect(await visitor('shopper').updateActions({ body: { data: { batch: [device, named, plain] } } })).toEqual({ accepted: 1, dropped: 2 });
    expect(await stored(device.messageId)).toBeUndefined();
    expect(await stored(named.messageId)).toBeUndefined();
    expect(await stored(plain.messageId)).toMatchObject({ user_id: null, anonymous_id: null });
    expect(await rollup('product-viewed', '201')).toBe(0);
  });

  it('with consent keeps the device and the signed-in caller from their token, never the person the browser names', async () => {
    const consent = { consent: { personalisation: true } };
    const view = viewed('204', { anonymousId: 'device-0000002', userId: 'someone-else' });
    expect(await visitor('shopper').updateActions({ body: { data: { batch: [view] }, config: consent } })).toEqual({ accepted: 1, dropped: 0 });
    expect(await stored(view.messageId)).toMatchObject({ user_id: 'user-shopper', anonymous_id: 'device-0000002' });
    const guest = viewed('205', { anonymousId: 'device-0000003' });
    await visitor().updateActions({ body: { data: { batch: [guest] }, config: consent } });
    expect(await stored(guest.messageId)).toMatchObject({ user_id: null, anonymous_id: 'device-0000003' });
  });
});

describe('one visitor in bulk', () => {
  it('counts a product viewed many times in one batch once', async () => {
    const batch = Array.from({ length: 50 }, () => viewed('301'));
    expect(await visitor().updateActions({ body: { data: { batch } } })).toEqual({ accepted: 50, dropped: 0 });
    expect(await rollup('product-viewed', '301')).toBe(1);
  });

  it('is rate-limited per visitor', async () => {
    const send = () =>
      api.app
        .inject({
          method: 'POST',
          url: '/api/analytics/actions/update',
          headers: { 'x-forwarded-for': '203.0.113.9' },
          payload: { data: { batch: [viewed('302')] } },
        })
        .then((reply) => reply.statusCode);
    // The limit's batches at once (each waits for its write to be stored together), then one more.
    const statuses = await Promise.all(Array.from({ length: EVENTS_LIMIT.max }, send));
    statuses.push(await send());
    expect(statuses.slice(0, EVENTS_LIMIT.max).every((status) => status === 202)).toBe(true);
    expect(statuses[EVENTS_LIMIT.max]).toBe(429);
    expect(await rollup('product-viewed', '302')).toBe(EVENTS_LIMIT.max);
  });
});

describe('roll-ups by day', () => {
  it('counts each London day apart: an event just after midnight in summer belongs to the new day', async () => {
    now = new Date('2026-07-01T23:30:00Z');
    await visitor().updateActions({ body: { data: { batch: [searched('late night basin', 0)] } } });
    const [row] = await rows<{ day: string }>(sql`select day::text from analytics_daily where subject = 'late night basin' and metric = 'search'`);
    expect(row!.day).toBe('2026-07-02');
    now = new Date('2026-03-02T10:00:00Z');
  });
});

describe('beacons that come together (decision 0143)', () => {
  // The service itself, with a window no test waits out: its writes go when their events reach the most a write takes.
  const together = (maxEvents: number) => createAnalyticsService({ windowMs: 60_000, maxEvents });
  const at = (iso: string): CallerContext => ({ db: api.database.db, actor: null, clock: { now: () => new Date(iso) } });

  it('are stored in one statement, each answered for its own events; a repeat another beacon carries is that beacon’s drop', async () => {
    const counter = countStatements(api.database);
    try {
      const shared = viewed('401');
      const first = [shared, viewed('401'), searched('brass trap', 3)];
      const second = [shared, viewed('402')];
      const third = [viewed('401')];
      const service = together(first.length + second.length + third.length);
      const ctx = at('2026-03-02T10:00:00Z');
      const answers = await Promise.all([first, second, third].map((batch) => service.updateActions(ctx, { data: { batch } })));
      expect(answers).toEqual([
        { accepted: 3, dropped: 0 },
        { accepted: 1, dropped: 1 },
        { accepted: 1, dropped: 0 },
      ]);
      expect(counter.take().filter((statement) => statement.includes('analytics_'))).toHaveLength(1);
      // Once a beacon: twice in the first, once in the third (the second's was the first's).
      expect(await rollup('product-viewed', '401')).toBe(2);
      expect(await rollup('product-viewed', '402')).toBe(1);
      expect((await stored(shared.messageId))?.event).toBe('Product Viewed');
    } finally {
      counter.stop();
    }
  });

  it('count each beacon on the London day it came, in one write', async () => {
    const service = together(2);
    await Promise.all([
      service.updateActions(at('2026-08-01T22:30:00Z'), { data: { batch: [searched('midnight mixer', 1)] } }),
      service.updateActions(at('2026-08-01T23:30:00Z'), { data: { batch: [searched('midnight mixer', 1)] } }),
    ]);
    const days = await rows<{ day: string; count: number }>(
      sql`select day::text, count from analytics_daily where metric = 'search' and subject = 'midnight mixer' order by day`,
    );
    expect(days).toEqual([
      { day: '2026-08-01', count: 1 },
      { day: '2026-08-02', count: 1 },
    ]);
  });
});
