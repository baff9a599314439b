/**
 * A variant's width, finish and handing are its product's facet values (`variantFacetValues`), for a
 * variant staff add as for the seed's; migration 0089 gives them to variants added before that rule
 * reached them. Here such a variant is made as they were (its facet values taken away), the
 * migration's statement is run, and the product is found by its Finish filter again.
 */
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueEditorClient, type CatalogueEditorClient } from '@shop/api-client';
import type { StaffProduct } from '@shop/contracts';
import type { Actor } from '../../platform/context.ts';
import { startTestApi, type TestApi } from '../../testing/test-api.ts';

const MIGRATION = new URL('../../../drizzle/0089_variant_facet_values.sql', import.meta.url);
const actors: Record<string, Actor> = { manager: { userId: 'user-casey', name: 'Casey Catalogue', roles: ['shopper', 'catalogue-manager'] } };

let api: TestApi;
let staff: CatalogueEditorClient;
let seeded: StaffProduct;

beforeAll(async () => {
  api = await startTestApi({ authenticate: async (authorization) => actors[authorization.replace(/^Bearer /, '')] ?? null });
  staff = createCatalogueEditorClient({ baseUrl: api.serviceUrl('catalogue'), getAccessToken: () => 'manager' });
  const first = (await staff.searchStaffProducts({ query: { pageSize: 1 } })).items[0]!;
  seeded = await staff.getStaffProduct({ params: { id: first.id } });
}, 240_000);
afterAll(async () => api?.close());

const facetsOf = async (productId: number) =>
  (
    (await api.database.db.execute(
      sql`select facet, value from product_facet_values where product_id = ${productId} and facet in ('finish', 'width_mm', 'handing') order by facet, value`,
    )) as unknown as { rows: { facet: string; value: string }[] }
  ).rows;

describe('a variant’s options as its product’s facet values', () => {
  it('are kept when staff add the product and a variant, and given back by migration 0089 where they are missing', async () => {
    const made = await staff.createStaffProduct({
      body: {
        name: 'Ellerby Countertop Basin',
        description: 'A countertop basin added by staff.',
        brandSlug: seeded.brandSlug,
        categorySlug: seeded.categorySlug,
        variant: { sku: 'ELLB9-WH', label: 'White', priceIncVat: 12_900, vatRateCode: 'standard', stockOnHand: 5 },
      },
    });
    await staff.addStaffVariant({
      params: { id: made.id },
      body: { version: made.version, sku: 'ELLB9-MB', label: 'Matt black', priceIncVat: 13_900, vatRateCode: 'standard', stockOnHand: 2 },
    });
    const kept = [
      { facet: 'finish', value: 'Matt black' },
      { facet: 'finish', value: 'White' },
    ];
    expect(await facetsOf(made.id)).toEqual(kept);

    // As a variant added before the rule: no facet values of its options.
    await api.database.db.execute(sql`delete from product_facet_values where product_id = ${made.id} and facet = 'finish'`);
    expect(await facetsOf(made.id)).toEqual([]);
    await api.database.exec(fs.readFileSync(MIGRATION, 'utf8'));
    expect(await facetsOf(made.id)).toEqual(kept);
    // Run again, it adds nothing twice.
    await api.database.exec(fs.readFileSync(MIGRATION, 'utf8'));
    expect(await facetsOf(made.id)).toEqual(kept);
  });
});
