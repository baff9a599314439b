import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueClient, type CatalogueClient } from '@shop/api-client';
import { startTestApi, type TestApi } from '../../../testing/test-api.ts';

/**
 * The PostgreSQL engine against the memory engine on the same demo catalogue (decision 0061): the
 * same answers, and answers that follow the rows at once. The demo seed is deterministic, so two
 * APIs seeded apart hold the same products.
 */
let memory: TestApi;
let postgres: TestApi;
let inMemory: CatalogueClient;
let inPostgres: CatalogueClient;
beforeAll(async () => {
  [memory, postgres] = await Promise.all([startTestApi({ env: { SEARCH_ENGINE: 'memory' } }), startTestApi({ env: { SEARCH_ENGINE: 'postgres' } })]);
  inMemory = createCatalogueClient({ baseUrl: memory.serviceUrl('catalogue') });
  inPostgres = createCatalogueClient({ baseUrl: postgres.serviceUrl('catalogue') });
});
afterAll(() => Promise.all([memory?.close(), postgres?.close()]));

const QUERIES = ['basin', 'basn', 'basin tap', 'chrome basin mixer', 'loo', 'rad', 'towel rail', 'thermostatic shower', 'PL0001', 'pl000109', 'showr', 'brass'];

describe('the PostgreSQL engine', () => {
  it('lists departments, facets, counts and pages as the memory engine does', async () => {
    for (const slug of ['basins', 'taps', 'toilets', 'radiators', 'pedestal-basins']) {
      for (const sort of [1, 2, 4] as const) {
        const body = { slug, pageNumber: 2, size: 12, sort };
        expect({ slug, sort, listing: await inPostgres.listCategory({ body }) }).toEqual({ slug, sort, listing: await inMemory.listCategory({ body }) });
      }
      const first = (await inMemory.listCategory({ body: { slug, size: 1 } })).facets.find((facet) => facet.identifier === 'brand')!.options[0]!;
      const refined = { slug, size: 24, facets: { brand: [first.identifier], in_stock: ['yes'] } };
      expect({ slug, listing: await inPostgres.refineCategory({ body: refined }) }).toEqual({
        slug,
        listing: await inMemory.refineCategory({ body: refined }),
      });
    }
  });

  it('searches and suggests as the memory engine does', async () => {
    for (const query of QUERIES) {
      const body = { query, size: 24 };
      expect({ query, results: await inPostgres.search({ body }) }).toEqual({ query, results: await inMemory.search({ body }) });
      expect({ query, suggested: await inPostgres.autocomplete({ query: { query } }) }).toEqual({
        query,
        suggested: await inMemory.autocomplete({ query: { query } }),
      });
    }
  });

  it('answers from the rows as they are: a product renamed is found by its new name at once', async () => {
    const [first] = (await inPostgres.search({ body: { query: 'basin', size: 1 } })).products;
    await postgres.database.db.execute(sql`update products set name = ${'Zanzibar Basin'} where slug = ${first!.slug}`);
    const found = await inPostgres.search({ body: { query: 'zanzibar', size: 5 } });
    expect(found.products.map((product) => [product.slug, product.productName])).toEqual([[first!.slug, 'Zanzibar Basin']]);
    expect((await inPostgres.autocomplete({ query: { query: 'zanz' } })).products.map((product) => product.slug)).toEqual([first!.slug]);
  });
});
