import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueEditorClient, type CatalogueEditorClient } from '@shop/api-client';
import type { Autocomplete, Listing, SearchListing, StaffProduct } from '@shop/contracts';
import type { DatabaseHandle } from '../db/client.ts';
import type { Actor } from '../platform/context.ts';
import { openSameDatabase } from './test-database.ts';
import { startTestApi, type TestApi } from './test-api.ts';

/**
 * A product made by staff, or by an import, or renamed, is patched into every instance's catalogue
 * snapshot when its notice comes (decisions 0138 and 0149): listings, search by name and by code, and suggestions
 * show it, with no rebuild. Each instance's clock stands still, so no check of its snapshot ever
 * falls due: a rebuild would need a `catalogue` notice (none is heard) and would still wait
 * CHANGE_REBUILD_GAP_MS on the clock, so only a patch can show the product. On PostgreSQL a second
 * instance on the same database (the storefront's, say) is asked too.
 */
const onPostgres = process.env.TEST_DATABASE === 'postgres';
const NOTICE_BOUND_MS = 5_000;
const actors: Record<string, Actor> = { manager: { userId: 'user-casey', name: 'Casey Catalogue', roles: ['shopper', 'catalogue-manager'] } };
const standing = new Date();
const clock = { now: () => standing };

let api: TestApi;
let staff: CatalogueEditorClient;
let seeded: StaffProduct;
/** The product the first test adds; the next adds a variant to it. */
let quillon: StaffProduct;
let secondDatabase: DatabaseHandle | undefined;
let reader: FastifyInstance | undefined;

beforeAll(async () => {
  api = await startTestApi({ clock, authenticate: async (authorization) => actors[authorization.replace(/^Bearer /, '')] ?? null });
  staff = createCatalogueEditorClient({ baseUrl: api.serviceUrl('catalogue'), getAccessToken: () => 'manager' });
  const first = (await staff.searchStaffProducts({ query: { pageSize: 1 } })).items[0]!;
  seeded = await staff.getStaffProduct({ params: { id: first.id } });
  if (onPostgres) {
    secondDatabase = await openSameDatabase(api.database);
    const { buildApi } = await import('../api.ts');
    reader = await buildApi({ config: api.config, database: secondDatabase, clock });
    await reader.ready();
  }
}, 240_000);
afterAll(async () => {
  await reader?.close();
  await secondDatabase?.close();
  await api?.close();
});

/** The instances asked: this one, and on PostgreSQL the other. */
const instances = (): FastifyInstance[] => [api.app, ...(reader ? [reader] : [])];

const ask = async <T>(instance: FastifyInstance, url: string, payload: object): Promise<T> =>
  (await instance.inject({ method: 'POST', url: `/api/catalogue/${url}`, payload })).json() as T;

/** What an instance shows of a product: found by its name, by its code, suggested, and listed in its category. */
async function shownBy(instance: FastifyInstance, name: string, sku: string, categorySlug: string) {
  const byName = await ask<SearchListing>(instance, 'Search', { query: name, size: 48 });
  const byCode = await ask<SearchListing>(instance, 'Search', { query: sku });
  const suggestions = await instance.inject({
    method: 'GET',
    url: '/api/catalogue/Search/Autocomplete',
    query: { query: name.split(' ').slice(-2).join(' ') },
  });
  const suggested = suggestions.json() as Autocomplete;
  const listed: string[] = [];
  for (let pageNumber = 1; ; pageNumber++) {
    const page = await ask<Listing>(instance, 'Listings/Categories', { slug: categorySlug, pageNumber, size: 100, sort: 2 });
    listed.push(...page.products.map((product) => product.sku));
    if (page.products.length < 100) break;
  }
  return {
    byName: byName.products.some((product) => product.sku === sku),
    byCode: byCode.exactMatch?.sku ?? null,
    suggested: suggested.products.some((product) => product.sku === sku),
    listed: listed.includes(sku),
  };
}

/** Waits until every instance shows the product everywhere, within the bound; then no instance has heard a `catalogue` notice. */
async function shownEverywhere(name: string, sku: string, categorySlug: string, structural: number[]) {
  for (const instance of instances()) {
    await expect
      .poll(() => shownBy(instance, name, sku, categorySlug), { timeout: NOTICE_BOUND_MS, interval: 50 })
      .toEqual({ byName: true, byCode: sku, suggested: true, listed: true });
  }
  expect(instances().map((instance) => instance.platform.changes.heard().catalogue)).toEqual(structural);
}

describe('new products patched into every instance’s snapshot', () => {
  it('shows a product staff add in listings, search by name and code, and suggestions, with no rebuild', async () => {
    // Each instance has its snapshot before the product is made.
    for (const instance of instances()) expect((await shownBy(instance, 'Quillon Basin', 'QUILL7-WH', seeded.categorySlug)).listed).toBe(false);
    const structural = instances().map((instance) => instance.platform.changes.heard().catalogue);
    const products = instances().map((instance) => instance.platform.changes.heard().products);
    quillon = await staff.createStaffProduct({
      body: {
        name: 'Zanthorpe Quillon Basin',
        description: 'A wall-hung basin added by staff.',
        brandSlug: seeded.brandSlug,
        categorySlug: seeded.categorySlug,
        variant: { sku: 'QUILL7-WH', label: 'White', priceIncVat: 14_900, vatRateCode: 'standard', stockOnHand: 12 },
      },
    });
    await shownEverywhere('Zanthorpe Quillon Basin', 'QUILL7-WH', seeded.categorySlug, structural);
    // Heard as the product's own notice.
    expect(instances().every((instance, k) => instance.platform.changes.heard().products > products[k]!)).toBe(true);
  });

  it('finds a variant staff add to a listed product by its code, and in its finish, with no rebuild', async () => {
    const structural = instances().map((instance) => instance.platform.changes.heard().catalogue);
    const sku = 'QUILL7-MB';
    await staff.addStaffVariant({
      params: { id: quillon.id },
      body: { version: quillon.version, sku, label: 'Matt black', priceIncVat: 15_900, vatRateCode: 'standard', stockOnHand: 3 },
    });
    for (const instance of instances()) {
      const shown = async () => {
        const byCode = await ask<SearchListing>(instance, 'Search', { query: sku });
        const inFinish = await ask<SearchListing>(instance, 'Search', { query: 'Zanthorpe Quillon', facets: { finish: ['matt-black'] } });
        return { byCode: byCode.exactMatch?.sku ?? null, inFinish: inFinish.products.map((product) => product.sku) };
      };
      await expect.poll(shown, { timeout: NOTICE_BOUND_MS, interval: 50 }).toEqual({ byCode: sku, inFinish: ['QUILL7-WH'] });
    }
    expect(instances().map((instance) => instance.platform.changes.heard().catalogue)).toEqual(structural);
  });

  it('finds a product staff rename by its new name, and no longer by its old one, with no rebuild', async () => {
    const structural = instances().map((instance) => instance.platform.changes.heard().catalogue);
    const products = instances().map((instance) => instance.platform.changes.heard().products);
    const { version } = await staff.getStaffProduct({ params: { id: quillon.id } });
    await staff.updateStaffProduct({ params: { id: quillon.id }, body: { version, name: 'Zanthorpe Brackwell Basin' } });
    await shownEverywhere('Zanthorpe Brackwell Basin', 'QUILL7-WH', seeded.categorySlug, structural);
    for (const instance of instances()) {
      const byOldName = await ask<SearchListing>(instance, 'Search', { query: 'Quillon', size: 48 });
      const suggested = await instance.inject({ method: 'GET', url: '/api/catalogue/Search/Autocomplete', query: { query: 'quillon' } });
      expect(byOldName.products.map((product) => product.sku)).not.toContain('QUILL7-WH');
      expect((suggested.json() as Autocomplete).products.map((product) => product.sku)).not.toContain('QUILL7-WH');
    }
    expect(instances().every((instance, k) => instance.platform.changes.heard().products > products[k]!)).toBe(true);
  });

  it('shows the products an import makes, batch by batch, with no rebuild', async () => {
    const choices = await staff.getStaffProductChoices({});
    const brand = choices.brands[0]!;
    const category = choices.categories.find((candidate) => candidate.slug === seeded.categorySlug) ?? choices.categories[0]!;
    const structural = instances().map((instance) => instance.platform.changes.heard().catalogue);
    const file = [
      'sku,product_slug,product_name,brand,category,description,variant_label,price_inc_vat_pence,vat_rate,stock_on_hand',
      `VELD7-WH,veldridge-basin,Veldridge Basin,${brand.name},${category.name},"A basin, made by file.",White,18900,standard,4`,
      'VELD7-MB,veldridge-basin,,,,,Matt black,19900,standard,0',
      `ORMS7-CH,ormsby-tap,Ormsby Tap,${brand.name},${category.name},"A tap, made by file.",Chrome,8900,standard,7`,
    ].join('\n');
    const checked = await staff.checkRangeImport({ body: { fileName: 'new.csv', content: Buffer.from(file).toString('base64') } });
    expect(checked).toMatchObject({ changing: 3, refused: 0 });
    await staff.applyRangeImport({ params: { id: checked.id } });
    // As the `range-imports` job applies it, batch by batch.
    while ((await api.app.composed.services.catalogue.applyDueRangeImport({ db: api.database.db, clock })) > 0);
    await shownEverywhere('Veldridge Basin', 'VELD7-WH', category.slug, structural);
    await shownEverywhere('Ormsby Tap', 'ORMS7-CH', category.slug, structural);
    // Filtered by a finish only its second variant comes in.
    for (const instance of instances()) {
      const inFinish = await ask<SearchListing>(instance, 'Search', { query: 'Veldridge', facets: { finish: ['matt-black'] } });
      expect(inFinish.products.map((product) => product.sku)).toEqual(['VELD7-WH']);
    }
  });
});
