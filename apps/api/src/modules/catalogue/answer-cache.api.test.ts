import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Health } from '@shop/contracts';
import { startTestApi, type TestApi } from '../../testing/test-api.ts';

// A 1 MB budget: a listing answer with its cards and facets keeps tens of KB, so a few hundred unique queries must evict.
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ env: { CATALOGUE_ANSWER_CACHE_MB: '1', RATE_LIMIT_PER_MINUTE: '1000000' } });
});
afterAll(() => api.close());

const post = (url: string, body: unknown) => api.app.inject({ method: 'POST', url: `/api/catalogue${url}`, payload: body as object });
// The figures themselves: the health call shares one answer a second, so it shows them a little late.
const answerCache = async () => api.app.platform.caches.reports().catalogueAnswers!;

describe('the catalogue’s kept answers', () => {
  it('treat made-up price bounds as the query they amount to: bounds that admit every basin are the listing with none', async () => {
    // The figures are the newest snapshot's: asking makes them this app's, and asking twice keeps the unbounded answer.
    await post('/Listings/Categories', { slug: 'basins' });
    await post('/Listings/Categories', { slug: 'basins' });
    const before = await answerCache();
    for (let index = 0; index < 200; index += 1) {
      const response = await post('/Listings/Categories', { slug: 'basins', price: { gte: 0, lte: 100_000_000 + index } });
      expect(response.statusCode).toBe(200);
    }
    const after = await answerCache();
    expect(after.entries - before.entries).toBe(0);
    expect(after.hits - before.hits).toBe(200);
  });

  it('keep an answer only once it is asked for a second time', async () => {
    const before = await answerCache();
    const once = { slug: 'taps', size: 7, pageNumber: 3 };
    expect((await post('/Listings/Categories', once)).statusCode).toBe(200);
    expect((await answerCache()).entries).toBe(before.entries);
    expect((await post('/Listings/Categories', once)).statusCode).toBe(200);
    expect((await answerCache()).entries).toBe(before.entries + 1);
    await post('/Listings/Categories', once);
    expect((await answerCache()).hits).toBe(before.hits + 1);
  });

  it('stay within their budget in bytes under a flood of unique listings, each asked twice, the least recently used going first', async () => {
    const popular = { slug: 'toilets' };
    await post('/Listings/Categories', popular);
    await post('/Listings/Categories', popular);
    for (let index = 0; index < 300; index += 1) {
      const unique = { slug: 'basins', size: 1 + (index % 100), pageNumber: 1 + Math.floor(index / 100) };
      // Asked twice, so each is kept: the doorkeeper is not what bounds them here.
      expect((await post('/Listings/Categories', unique)).statusCode).toBe(200);
      expect((await post('/Listings/Categories', unique)).statusCode).toBe(200);
      // A popular page asked for now and then stays kept however many unique queries arrive.
      if (index % 5 === 0) await post('/Listings/Categories', popular);
    }
    const figures = await answerCache();
    // The whole budget is the answers': their cards come from the snapshot.
    expect(figures.maxBytes).toBe(1024 * 1024);
    expect(figures.bytes).toBeLessThanOrEqual(1024 * 1024);
    expect(figures.evictions).toBeGreaterThan(0);
    const hitsBefore = figures.hits;
    await post('/Listings/Categories', popular);
    expect((await answerCache()).hits).toBe(hitsBefore + 1);
  });

  it('are reported by the health call with their budget', async () => {
    const health = (await api.app.inject({ url: '/api/health' })).json() as Health;
    expect(health.caches.catalogueAnswers).toMatchObject({ maxBytes: 1024 * 1024, entries: expect.any(Number), evictions: expect.any(Number) });
    expect(health.caches.catalogueSearchMatches).toMatchObject({ maxBytes: 4 * 1024 * 1024, entries: expect.any(Number) });
    expect(health.memory.heapLimitBytes).toBeGreaterThan(health.memory.heapUsedBytes);
  });
});
