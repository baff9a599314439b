import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueClient, type CatalogueClient } from '@shop/api-client';
import { startTestApi, type TestApi } from '../../testing/test-api.ts';

const TOP = 6;

/** Fixed queries and what every one of their first six results must be (issue 22's relevance table). */
const EXPECTED: readonly [query: string, every: RegExp][] = [
  ['basin', / basin$/i],
  ['basn', / basin$/i],
  ['sink', / basin$/i],
  ['basin tap', / basin tap$/i],
  ['chrome basin mixer', / basin tap$/i],
  ['loo', / toilet$/i],
  ['wc', / toilet$/i],
  ['close coupled toilet', / close coupled toilet$/i],
  ['rad', / radiator$/i],
  ['towel rail', / towel rail$/i],
  ['bath screen', / bath screen$/i],
  ['shower tray', / tray$/i],
  ['thermostatic shower', / shower$/i],
];

/** The contract every engine keeps (decision 0059): each answers the same table through its own API. */
describe.each(['memory', 'postgres'] as const)('search relevance on the demo catalogue, engine %s', (engine) => {
  let api: TestApi;
  let client: CatalogueClient;
  beforeAll(async () => {
    api = await startTestApi({ env: { SEARCH_ENGINE: engine } });
    client = createCatalogueClient({ baseUrl: api.serviceUrl('catalogue') });
  });
  afterAll(() => api.close());
  it('is answered by that engine', () => {
    expect(api.app.composed.services.search.memory().engine).toBe(engine);
  });

  const topNames = async (query: string) => (await client.search({ body: { query, size: TOP } })).products.map((product) => product.productName);

  it.each(EXPECTED)('“%s” puts first what was asked for', async (query, every) => {
    const names = await topNames(query);
    expect(names).toHaveLength(TOP);
    expect(names.filter((name) => !every.test(name))).toEqual([]);
  });

  it('a whole product code is the one result, and a partial one lists the codes starting so first', async () => {
    const exact = await client.search({ body: { query: 'pl000109' } });
    expect(exact.exactMatch?.slug).toBeTruthy();
    expect(exact.pagination.total).toBe(1);
    const partial = await client.search({ body: { query: 'PL0001', size: TOP } });
    expect(partial.products.map((product) => product.sku.slice(0, 6))).toEqual(Array(TOP).fill('PL0001'));
  });

  it('“basin tap” lists basin taps above basins', async () => {
    const names = (await client.search({ body: { query: 'basin tap', size: 100 } })).products.map((product) => product.productName);
    const lastTap = names.findLastIndex((name) => / tap$/i.test(name));
    // No basin at all (-1 becomes the end) also keeps them below the taps.
    const firstBasin = names.findIndex((name) => / basin$/i.test(name));
    expect(lastTap).toBeGreaterThanOrEqual(0);
    expect(firstBasin === -1 ? names.length : firstBasin).toBeGreaterThan(lastTap);
  });

  it('agrees with the suggestions shown a moment before for the same words', async () => {
    for (const [query] of EXPECTED) {
      const suggested = (await client.autocomplete({ query: { query } })).products.map((product) => product.slug);
      const results = (await client.search({ body: { query, size: suggested.length } })).products.map((product) => product.slug);
      expect({ query, results }).toEqual({ query, results: suggested });
    }
  });
});
