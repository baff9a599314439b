import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueClient, type CatalogueClient } from '@shop/api-client';
import type { ProductSummary } from '@shop/contracts';
import { startTestApi, type TestApi } from '../../testing/test-api.ts';

let api: TestApi;
let client: CatalogueClient;
/** The cloakroom basin of the product spec: PL000109-1 (default) and PL000109-2. */
let basin: ProductSummary;

beforeAll(async () => {
  api = await startTestApi();
  client = createCatalogueClient({ baseUrl: api.serviceUrl('catalogue') });
  basin = await client.getProductSummaryBySku({ query: { sku: 'PL000109-2' } });
});
afterAll(() => api.close());

describe('search by product code', () => {
  it('a variant code, in any case, with or without its dash, names the product and that variant', async () => {
    expect(basin.offerings.map((offering) => offering.sku)).toEqual(['PL000109-1', 'PL000109-2']);
    for (const query of ['PL000109-2', 'pl000109-2', 'pl0001092', 'PL000109 2', ' Pl000109-2 ']) {
      const listing = await client.search({ body: { query } });
      expect({ query, exactMatch: listing.exactMatch }).toEqual({ query, exactMatch: { slug: basin.slug, sku: 'PL000109-2' } });
      expect(listing.products.map((product) => product.slug)).toEqual([basin.slug]);
      expect(listing.pagination.total).toBe(1);
    }
  });

  it("a product's own code names the product, its default variant chosen by the product page", async () => {
    for (const query of ['PL000109', 'pl000109', 'PL000109-']) {
      expect((await client.search({ body: { query } })).exactMatch).toEqual({ slug: basin.slug, sku: null });
    }
    const refined = await client.refineSearch({ body: { query: 'pl000109-1', sort: 2 } });
    expect(refined.exactMatch).toEqual({ slug: basin.slug, sku: 'PL000109-1' });
  });

  it('an unknown code, or a code among words, is an ordinary search', async () => {
    const unknown = await client.search({ body: { query: 'PL999999-1' } });
    expect(unknown.exactMatch).toBeNull();
    expect(unknown.products.map((product) => product.slug)).not.toContain(basin.slug);
    const words = await client.search({ body: { query: 'basin PL000109' } });
    expect(words.exactMatch).toBeNull();
    const basins = await client.search({ body: { query: 'basin', size: 10 } });
    expect(basins.exactMatch).toBeNull();
    expect(basins.products.every((product) => /basin/i.test(product.productName))).toBe(true);
  });
});

describe('autocomplete by product code', () => {
  const shown = async (query: string) => (await client.autocomplete({ query: { query } })).products.map(({ productName, sku }) => ({ productName, sku }));

  it('suggests the products a partial code starts, in code order, each named with its code', async () => {
    const products = await shown('PL00010');
    expect(products.map((product) => product.productName.match(/\((PL\d+)\)$/)?.[1])).toEqual([
      'PL000100',
      'PL000101',
      'PL000102',
      'PL000103',
      'PL000104',
      'PL000105',
    ]);
    expect((await shown('pl000109-'))[0]).toEqual({ productName: `${basin.productName} (PL000109)`, sku: 'PL000109-1' });
  });

  it('a whole variant code suggests its product with that variant', async () => {
    for (const query of ['PL000109-2', 'pl0001092']) {
      expect((await shown(query))[0]).toEqual({ productName: `${basin.productName} (PL000109-2)`, sku: 'PL000109-2' });
    }
  });

  it('words are suggested as before, named without a code', async () => {
    const products = await shown('basin');
    expect(products.length).toBeGreaterThan(0);
    expect(products.every((product) => /basin/i.test(product.productName) && !/\(PL\d/.test(product.productName))).toBe(true);
  });
});
