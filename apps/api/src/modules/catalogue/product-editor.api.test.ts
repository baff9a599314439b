import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBasketClient, createCatalogueClient, createCatalogueEditorClient, type ApiError, type CatalogueEditorClient } from '@shop/api-client';
import { DELIVERY_CLASS_NAMES, RETURNABILITY_NAMES, type Problem, type StaffProduct } from '@shop/contracts';
import type { Actor } from '../../platform/context.ts';
import { failure, startTestApi, type TestApi } from '../../testing/test-api.ts';
import { SCHEDULED_PRICES_JOB } from './catalogue-jobs.ts';

let api: TestApi;
const actors: Record<string, Actor> = {
  manager: { userId: 'user-casey', name: 'Casey Catalogue', roles: ['shopper', 'catalogue-manager'] },
  other: { userId: 'user-riley', name: 'Riley Range', roles: ['shopper', 'catalogue-manager'] },
  admin: { userId: 'user-ada', name: 'Ada Admin', roles: ['shopper', 'admin'] },
  discounts: { userId: 'user-dee', roles: ['shopper', 'discount-manager'] },
  shopper: { userId: 'user-sam', roles: ['shopper'] },
};
const client = (token?: string): CatalogueEditorClient => createCatalogueEditorClient({ baseUrl: api.serviceUrl('catalogue'), getAccessToken: () => token });
let staff: CatalogueEditorClient;
const fields = (error: ApiError) => ((error.data as Problem).errors ?? []).map((problem) => problem.path);
const MINUTE_MS = 60_000;

/** A seeded product with at least two variants, each test its own (by `offset`). */
async function productWithVariants(offset: number): Promise<StaffProduct> {
  const result = (await api.database.db.execute(
    sql`select product_id as id from offerings group by product_id having count(*) >= 2 order by product_id limit 1 offset ${offset}`,
  )) as unknown as { rows: { id: number }[] };
  return staff.getStaffProduct({ params: { id: Number(result.rows[0]!.id) } });
}

/** The scheduled-prices job as the API registers it, run once at `at`. */
async function runScheduledPricesJob(at: Date) {
  const job = api.app.composed.modules.flatMap((module) => module.jobs?.(api.app) ?? []).find((candidate) => candidate.name === SCHEDULED_PRICES_JOB)!;
  return job.runOnce({ db: api.database.db, clock: { now: () => at }, log: api.app.log });
}

/** What a shopper sees on the product page for a sku, as the storefront asks for it (kept with the listings' answers). */
async function shown(sku: string) {
  const summary = await createCatalogueClient({ baseUrl: api.serviceUrl('catalogue') }).getProductSummaryBySku({ query: { sku } });
  const offering = summary.offerings.find((candidate) => candidate.sku === sku)!;
  return { name: summary.productName, price: offering.price.priceIncTax, was: offering.price.wasPriceIncTax };
}
/** Waits until the product page shows what is expected: a price is patched in as its notice is heard, a rename after the next rebuild. */
async function showsSoon(sku: string, expected: Partial<Awaited<ReturnType<typeof shown>>>) {
  await expect.poll(() => shown(sku), { timeout: 20_000, interval: 100 }).toMatchObject(expected);
}

beforeAll(async () => {
  api = await startTestApi({ authenticate: async (authorization) => actors[authorization.replace(/^Bearer /, '')] ?? null });
  staff = client('manager');
});
afterAll(() => api?.close());

describe('access', () => {
  it('is 401 signed out and 403 for a shopper or another staff role, and an administrator may edit', async () => {
    const product = await productWithVariants(0);
    const calls = [
      (editor: CatalogueEditorClient) => editor.searchStaffProducts({}),
      (editor: CatalogueEditorClient) => editor.getStaffProduct({ params: { id: product.id } }),
      (editor: CatalogueEditorClient) => editor.updateStaffProduct({ params: { id: product.id }, body: { version: product.version, name: 'Taken over' } }),
      (editor: CatalogueEditorClient) =>
        editor.changeStaffPrice({
          params: { id: product.id },
          body: { version: product.version, sku: product.variants[0]!.sku, priceIncVat: 100, vatRateCode: 'standard' },
        }),
    ];
    for (const call of calls) {
      expect((await failure(call(client()))).status).toBe(401);
      for (const role of ['shopper', 'discounts'])
        expect([(await failure(call(client(role)))).status, (await failure(call(client(role)))).code]).toEqual([403, 'FORBIDDEN']);
    }
    const after = await staff.getStaffProduct({ params: { id: product.id } });
    expect([after.name, after.version, after.variants[0]!.priceIncVat]).toEqual([product.name, product.version, product.variants[0]!.priceIncVat]);
    expect((await client('admin').searchStaffProducts({ query: { text: product.name } })).items.map((item) => item.id)).toContain(product.id);
  });
});

describe('searching the range', () => {
  it('finds by part of a name or a code, by category and brand, paged; nothing found is an empty page', async () => {
    const product = await productWithVariants(1);
    const byCode = await staff.searchStaffProducts({ query: { text: product.variants[1]!.sku } });
    expect(byCode.items.map((item) => item.id)).toContain(product.id);
    const filtered = await staff.searchStaffProducts({
      query: { text: product.name.slice(0, 6), category: product.categorySlug, brand: product.brandSlug, pageSize: 5 },
    });
    expect(filtered.items.map((item) => item.id)).toContain(product.id);
    expect(filtered.items.length).toBeLessThanOrEqual(5);
    const all = await staff.searchStaffProducts({ query: { pageSize: 10, pageNumber: 2 } });
    expect([all.items.length, all.pageNumber, all.totalPages]).toEqual([10, 2, Math.ceil(all.totalCount / 10)]);
    expect(await staff.searchStaffProducts({ query: { text: 'zzqqxx-nothing' } })).toMatchObject({ items: [], totalCount: 0, totalPages: 0 });
    expect((await staff.searchStaffProducts({ query: { category: 'no-such-category' } })).totalCount).toBe(0);
  });
});

describe('editing a product', () => {
  it('changes the details, variant codes and labels, records who did it, and the storefront and search show the new name', async () => {
    const product = await productWithVariants(2);
    const [first, second] = product.variants;
    const brand = product.brands.find((candidate) => candidate.slug !== product.brandSlug)!;
    const edited = await staff.updateStaffProduct({
      params: { id: product.id },
      body: {
        version: product.version,
        name: 'Harbour Editor Test Basin',
        description: 'A basin renamed by staff.',
        brandSlug: brand.slug,
        specifications: { ...product.specifications, Material: 'Fireclay' },
        variants: [{ sku: second!.sku, newSku: `${second!.sku}-X`, label: 'Matt black' }],
      },
    });
    expect(edited).toMatchObject({
      name: 'Harbour Editor Test Basin',
      description: 'A basin renamed by staff.',
      brandSlug: brand.slug,
      version: product.version + 1,
    });
    expect(edited.specifications.Material).toBe('Fireclay');
    expect(edited.variants.map((variant) => [variant.sku, variant.label])).toEqual([
      [first!.sku, first!.label],
      [`${second!.sku}-X`, 'Matt black'],
    ]);
    expect(edited.audit[0]).toMatchObject({ who: 'Casey Catalogue' });
    expect(edited.audit[0]!.what).toContain(`Name: “${product.name}” → “Harbour Editor Test Basin”`);
    expect(edited.audit[0]!.what).toContain(`Variant code ${second!.sku} → ${second!.sku}-X`);
    await showsSoon(first!.sku, { name: 'Harbour Editor Test Basin' });
    expect((await staff.searchStaffProducts({ query: { text: 'Harbour Editor Test' } })).items.map((item) => item.id)).toEqual([product.id]);
  });

  it('refuses bad input naming the field, and changes nothing', async () => {
    const product = await productWithVariants(3);
    const [first, second] = product.variants;
    const refusals: [Parameters<CatalogueEditorClient['updateStaffProduct']>[0]['body'], number, string, string][] = [
      [{ version: product.version, name: '  ' }, 400, 'VALIDATION_FAILED', 'body.name'],
      [{ version: product.version, categorySlug: 'no-such-category' }, 422, 'UNKNOWN_CATEGORY', 'body.categorySlug'],
      [{ version: product.version, brandSlug: 'no-such-brand' }, 422, 'UNKNOWN_BRAND', 'body.brandSlug'],
      [{ version: product.version, variants: [{ sku: first!.sku, newSku: second!.sku }] }, 409, 'DUPLICATE_SKU', 'body.variants.0.newSku'],
      [{ version: product.version, variants: [{ sku: 'NOT-OURS-1', label: 'x' }] }, 422, 'SKU_NOT_OF_PRODUCT', 'body.variants.0.sku'],
      [{ version: product.version, variants: [{ sku: first!.sku, newSku: 'has space' }] }, 400, 'VALIDATION_FAILED', 'body.variants.0.newSku'],
    ];
    for (const [body, status, code, field] of refusals) {
      const refused = await failure(staff.updateStaffProduct({ params: { id: product.id }, body }));
      expect([refused.status, refused.code, fields(refused)]).toEqual([status, code, [field]]);
      expect((refused.data as Problem).detail).not.toMatch(/zod|invalid_type|regex|String must/i);
    }
    expect(await staff.getStaffProduct({ params: { id: product.id } })).toEqual(product);
    expect((await failure(staff.getStaffProduct({ params: { id: 2_000_000_000 } }))).code).toBe('PRODUCT_NOT_FOUND');
  });

  it('two staff editing one product: the first change is kept, the second is a 409 that says why, and nothing of either is lost', async () => {
    const product = await productWithVariants(4);
    const other = client('other');
    const results = await Promise.allSettled([
      staff.updateStaffProduct({ params: { id: product.id }, body: { version: product.version, name: 'Renamed by Casey' } }),
      other.updateStaffProduct({ params: { id: product.id }, body: { version: product.version, description: 'Described by Riley' } }),
    ]);
    const won = results.filter((result) => result.status === 'fulfilled');
    const lost = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as ApiError] : []));
    expect(won).toHaveLength(1);
    expect(lost.map((error) => [error.status, error.code])).toEqual([[409, 'PRODUCT_CHANGED']]);
    expect((lost[0]!.data as Problem).detail).toMatch(/Someone else changed this product/);
    const after = await staff.getStaffProduct({ params: { id: product.id } });
    expect(after.version).toBe(product.version + 1);
    // Exactly the winner's change is stored, and the loser's is not half-applied.
    const winnerWasCasey = results[0].status === 'fulfilled';
    expect([after.name, after.description]).toEqual(winnerWasCasey ? ['Renamed by Casey', product.description] : [product.name, 'Described by Riley']);
    expect(after.audit.filter((entry) => entry.what.includes('Name:') || entry.what.includes('Description'))).toHaveLength(1);
    // The loser, having reloaded, makes their change on top.
    const retried = await (winnerWasCasey ? other : staff).updateStaffProduct({
      params: { id: product.id },
      body: { version: after.version, ...(winnerWasCasey ? { description: 'Described by Riley' } : { name: 'Renamed by Casey' }) },
    });
    expect([retried.name, retried.description, retried.version]).toEqual(['Renamed by Casey', 'Described by Riley', product.version + 2]);
  });
});

describe('family and delivery', () => {
  it('staff choose them: the change is in the list with who made it, and the product page delivers it the new way', async () => {
    const product = await productWithVariants(5);
    const family = product.families.find((candidate) => candidate !== product.family)!;
    const deliveryClass = product.deliveryClass === 'pallet' ? 'two_man_eligible' : 'pallet';
    const edited = await staff.updateStaffProduct({ params: { id: product.id }, body: { version: product.version, family, deliveryClass } });
    expect([edited.family, edited.deliveryClass, edited.version, edited.audit[0]!.who, edited.audit[0]!.what]).toEqual([
      family,
      deliveryClass,
      product.version + 1,
      'Casey Catalogue',
      `Family: ${product.family} → ${family}; Delivery: ${DELIVERY_CLASS_NAMES[product.deliveryClass]} → ${DELIVERY_CLASS_NAMES[deliveryClass]}`,
    ]);
    await expect
      .poll(
        async () => (await createCatalogueClient({ baseUrl: api.serviceUrl('catalogue') }).getProductSummary({ query: { slug: product.slug } })).deliveryClass,
        {
          timeout: 20_000,
          interval: 100,
        },
      )
      .toBe(deliveryClass);
    // Saving the form again as it is records no change.
    const again = await staff.updateStaffProduct({ params: { id: product.id }, body: { version: edited.version, family, deliveryClass } });
    expect([again.family, again.deliveryClass, again.audit]).toEqual([family, deliveryClass, edited.audit]);
  });

  it('refuses a family the shop has no specifications for and a delivery class it does not have, naming the field, and keeps the family it has', async () => {
    const product = await productWithVariants(6);
    for (const [body, status, code, field] of [
      [{ version: product.version, family: 'spaceships' }, 422, 'UNKNOWN_FAMILY', 'body.family'],
      [{ version: product.version, deliveryClass: 'rocket' as never }, 400, 'VALIDATION_FAILED', 'body.deliveryClass'],
    ] as const) {
      const refused = await failure(staff.updateStaffProduct({ params: { id: product.id }, body }));
      expect([refused.status, refused.code, fields(refused)]).toEqual([status, code, [field]]);
      expect((refused.data as Problem).detail).not.toMatch(/zod|invalid_value|enum|expected/i);
    }
    expect(await staff.getStaffProduct({ params: { id: product.id } })).toEqual(product);
    // A family outside the list, given before (by a file), is kept when the form is saved as it is.
    await api.database.db.execute(sql`update products set family = 'from-a-file' where id = ${product.id}`);
    expect((await staff.getStaffProduct({ params: { id: product.id } })).families[0]).toBe('from-a-file');
    const kept = await staff.updateStaffProduct({
      params: { id: product.id },
      body: { version: product.version, family: 'from-a-file', name: `${product.name} (kept)` },
    });
    expect([kept.family, kept.name]).toEqual(['from-a-file', `${product.name} (kept)`]);
  });
});

describe('returnability', () => {
  it('staff choose what customers may return: the change is in the list with who made it, and checkout reads the new one', async () => {
    const product = await productWithVariants(7);
    const returnability = product.returnability === 'sealed-hygiene' ? 'made-to-measure' : 'sealed-hygiene';
    const edited = await staff.updateStaffProduct({ params: { id: product.id }, body: { version: product.version, returnability } });
    expect([edited.returnability, edited.version, edited.audit[0]!.who, edited.audit[0]!.what]).toEqual([
      returnability,
      product.version + 1,
      'Casey Catalogue',
      `Returns: ${RETURNABILITY_NAMES[product.returnability]} → ${RETURNABILITY_NAMES[returnability]}`,
    ]);
    // What a basket's lines are sold with from now on (orders already placed keep their own, returnability.api.test.ts).
    const sold = await api.app.composed.services.catalogue.returnabilityOf({ db: api.database.db }, [product.variants[1]!.sku]);
    expect(sold.get(product.variants[1]!.sku)).toBe(returnability);
    // Saving the form again as it is records no change.
    const again = await staff.updateStaffProduct({ params: { id: product.id }, body: { version: edited.version, returnability } });
    expect([again.returnability, again.audit]).toEqual([returnability, edited.audit]);
  });

  it('refuses a returnability the shop does not have, in words naming the field, and a stale version; nothing changes', async () => {
    const product = await productWithVariants(8);
    for (const returnability of ['returnable', '', 'Sealed-Hygiene', 7]) {
      const refused = await failure(
        staff.updateStaffProduct({ params: { id: product.id }, body: { version: product.version, returnability: returnability as never } }),
      );
      expect([refused.status, refused.code, fields(refused)]).toEqual([400, 'VALIDATION_FAILED', ['body.returnability']]);
      expect((refused.data as Problem).errors![0]!.message).toBe('Choose whether it can be returned: returnable, sealed for hygiene, or made to measure');
    }
    const other = product.returnability === 'standard' ? 'made-to-measure' : 'standard';
    await staff.updateStaffProduct({ params: { id: product.id }, body: { version: product.version, name: `${product.name} (renamed)` } });
    const stale = await failure(staff.updateStaffProduct({ params: { id: product.id }, body: { version: product.version, returnability: other } }));
    expect([stale.status, stale.code]).toEqual([409, 'PRODUCT_CHANGED']);
    expect((await staff.getStaffProduct({ params: { id: product.id } })).returnability).toBe(product.returnability);
  });
});

describe("a product's variants", () => {
  it('are called by what they differ by: sizes of a product sold in widths, finishes of one sold in finishes', async () => {
    const byOption = async (differing: 'width_mm' | 'finish', same: 'width_mm' | 'finish') => {
      const result = (await api.database.db.execute(
        sql.raw(`select product_id as id from offerings where handing is null and pack_qty = 1 group by product_id
          having count(distinct ${differing}) > 1 and count(distinct coalesce(${same}::text, '')) = 1 and count(*) = count(${differing}) limit 1`),
      )) as unknown as { rows: { id: number }[] };
      return staff.getStaffProduct({ params: { id: result.rows[0]!.id } });
    };
    const sized = await byOption('width_mm', 'finish');
    expect([sized.variantOption, sized.variants[0]!.label]).toEqual(['size', expect.stringMatching(/^\d+ mm/)]);
    expect((await byOption('finish', 'width_mm')).variantOption).toBe('finish');
  });
});

describe('prices', () => {
  it('a price cut from now shows on the product page at once, is in the history, and shows "was" only as the reference-price rule allows', async () => {
    const product = await productWithVariants(5);
    const variant = product.variants[0]!;
    const cut = Math.round(variant.priceIncVat * 0.8);
    const changed = await staff.changeStaffPrice({
      params: { id: product.id },
      body: { version: product.version, sku: variant.sku, priceIncVat: cut, vatRateCode: 'standard' },
    });
    const after = changed.variants[0]!;
    expect([after.priceIncVat, after.priceExVat, after.vatRateCode]).toEqual([cut, Math.round(cut / 1.2), 'standard']);
    expect(after.history[0]).toMatchObject({ priceIncVat: cut, effectiveUntil: null });
    expect(after.history[1]).toMatchObject({ priceIncVat: variant.priceIncVat });
    // The earlier price is a "was" only if it was charged 28 days or more just before (docs/domain.md §1).
    const heldDays = (Date.parse(after.history[1]!.effectiveUntil!) - Date.parse(after.history[1]!.effectiveFrom)) / 86_400_000;
    expect(after.wasPriceIncVat).toBe(heldDays >= 28 ? variant.priceIncVat : null);
    await showsSoon(variant.sku, { price: cut, was: after.wasPriceIncVat });
    expect(changed.audit[0]!.what).toMatch(new RegExp(`Price of ${variant.sku} changed: .* inc VAT \\(Standard rate\\), from now`));
  });

  it('a scheduled price starts and ends by the scheduled-prices job, each through the price history', async () => {
    const product = await productWithVariants(6);
    const variant = product.variants[1]!;
    const startsAt = new Date(Date.now() + 10 * MINUTE_MS);
    const endsAt = new Date(Date.now() + 20 * MINUTE_MS);
    const scheduled = await staff.changeStaffPrice({
      params: { id: product.id },
      body: {
        version: product.version,
        sku: variant.sku,
        priceIncVat: variant.priceIncVat - 100,
        vatRateCode: 'standard',
        startsAt: startsAt.toISOString(),
        endsAt: endsAt.toISOString(),
      },
    });
    expect(scheduled.variants[1]!.priceIncVat).toBe(variant.priceIncVat);
    expect(scheduled.variants[1]!.schedules[0]).toMatchObject({
      status: 'scheduled',
      priceIncVat: variant.priceIncVat - 100,
      startsAt: startsAt.toISOString(),
    });
    await showsSoon(variant.sku, { price: variant.priceIncVat });

    await runScheduledPricesJob(new Date(startsAt.getTime() - 1000));
    await showsSoon(variant.sku, { price: variant.priceIncVat });
    expect((await runScheduledPricesJob(new Date(startsAt.getTime() + 1000))).claimed).toBe(1);
    await showsSoon(variant.sku, { price: variant.priceIncVat - 100 });
    expect((await runScheduledPricesJob(new Date(startsAt.getTime() + 2000))).claimed).toBe(0);
    expect((await runScheduledPricesJob(new Date(endsAt.getTime() + 1000))).claimed).toBe(1);
    await showsSoon(variant.sku, { price: variant.priceIncVat });

    const after = (await staff.getStaffProduct({ params: { id: product.id } })).variants[1]!;
    expect(after.schedules[0]!.status).toBe('ended');
    expect(after.history.slice(0, 3).map((step) => step.priceIncVat)).toEqual([variant.priceIncVat, variant.priceIncVat - 100, variant.priceIncVat]);
    const audit = (await staff.getStaffProduct({ params: { id: product.id } })).audit.map((entry) => `${entry.who}: ${entry.what}`);
    expect(audit.slice(0, 3)).toEqual([
      expect.stringMatching(/^Scheduled price: Scheduled price of .* ended: back to/),
      expect.stringMatching(/^Scheduled price: Scheduled price of .* started/),
      expect.stringMatching(/^Casey Catalogue: Price of .* scheduled/),
    ]);
  });

  it('a scheduled price not yet started can be cancelled, and an overlapping one is refused', async () => {
    const product = await productWithVariants(7);
    const variant = product.variants[0]!;
    const body = { sku: variant.sku, priceIncVat: 1999, vatRateCode: 'standard', startsAt: new Date(Date.now() + 60 * MINUTE_MS).toISOString() };
    const scheduled = await staff.changeStaffPrice({ params: { id: product.id }, body: { ...body, version: product.version } });
    const overlapping = await failure(staff.changeStaffPrice({ params: { id: product.id }, body: { ...body, version: scheduled.version } }));
    expect([overlapping.status, overlapping.code, fields(overlapping)]).toEqual([409, 'PRICE_SCHEDULE_OVERLAPS', ['body.startsAt']]);
    const scheduleId = scheduled.variants[0]!.schedules[0]!.id;
    const cancelled = await staff.cancelStaffPrice({ params: { id: product.id, scheduleId }, body: { version: scheduled.version } });
    expect(cancelled.variants[0]!.schedules[0]!.status).toBe('cancelled');
    expect((await runScheduledPricesJob(new Date(Date.now() + 2 * 60 * MINUTE_MS))).claimed).toBe(0);
    await showsSoon(variant.sku, { price: variant.priceIncVat });
  });

  it('refuses a negative, fractional or absurd price, a VAT rate the UK does not have, an end before the start, a stale version; nothing changes', async () => {
    const product = await productWithVariants(8);
    const variant = product.variants[0]!;
    const base = { version: product.version, sku: variant.sku, priceIncVat: 1000, vatRateCode: 'standard' };
    const refusals: [Partial<typeof base> & Record<string, unknown>, number, string, string[]][] = [
      [{ priceIncVat: -500 }, 400, 'VALIDATION_FAILED', ['body.priceIncVat']],
      [{ priceIncVat: 0 }, 400, 'VALIDATION_FAILED', ['body.priceIncVat']],
      [{ priceIncVat: 12.5 }, 400, 'VALIDATION_FAILED', ['body.priceIncVat']],
      [{ priceIncVat: 999_999_999 }, 400, 'VALIDATION_FAILED', ['body.priceIncVat']],
      [{ vatRateCode: 'luxury-17.5' }, 422, 'UNKNOWN_VAT_RATE', ['body.vatRateCode']],
      [{ sku: 'NOT-OURS-1' }, 422, 'SKU_NOT_OF_PRODUCT', ['body.sku']],
      [
        { startsAt: new Date(Date.now() + 2 * MINUTE_MS).toISOString(), endsAt: new Date(Date.now() + MINUTE_MS).toISOString() },
        422,
        'PRICE_ENDS_BEFORE_START',
        ['body.endsAt'],
      ],
      [{ version: product.version + 5 }, 409, 'PRODUCT_CHANGED', []],
    ];
    for (const [change, status, code, field] of refusals) {
      const refused = await failure(staff.changeStaffPrice({ params: { id: product.id }, body: { ...base, ...change } as typeof base }));
      expect([refused.status, refused.code, fields(refused)]).toEqual([status, code, field]);
    }
    expect(await staff.getStaffProduct({ params: { id: product.id } })).toEqual(product);
  });

  it('two staff changing one price at once: one wins, the other is a 409, and the history has one new step', async () => {
    const product = await productWithVariants(9);
    const variant = product.variants[0]!;
    const results = await Promise.allSettled(
      [staff, client('other')].map((editor, index) =>
        editor.changeStaffPrice({
          params: { id: product.id },
          body: { version: product.version, sku: variant.sku, priceIncVat: 5000 + index, vatRateCode: 'standard' },
        }),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(results.flatMap((result) => (result.status === 'rejected' ? [(result.reason as ApiError).code] : []))).toEqual(['PRODUCT_CHANGED']);
    const after = (await staff.getStaffProduct({ params: { id: product.id } })).variants[0]!;
    expect(after.history.length).toBe(variant.history.length + 1);
    expect([5000, 5001]).toContain(after.priceIncVat);
    await showsSoon(variant.sku, { price: after.priceIncVat });
  });
});

describe('withdrawing a product from sale', () => {
  /** Every slug a shopper's listing of the category shows, page by page. */
  async function listedSlugs(categorySlug: string): Promise<string[]> {
    const catalogue = createCatalogueClient({ baseUrl: api.serviceUrl('catalogue') });
    const slugs: string[] = [];
    for (let pageNumber = 1; ; pageNumber++) {
      const page = await catalogue.listCategory({ body: { slug: categorySlug, pageNumber, size: 100 } });
      slugs.push(...page.products.map((product) => product.slug));
      if (page.products.length < 100) return slugs;
    }
  }
  const pageOf = (slug: string) =>
    createCatalogueClient({ baseUrl: api.serviceUrl('catalogue') })
      .getProductSummary({ query: { slug } })
      .then(
        () => 200,
        (error: ApiError) => error.status,
      );
  const searchedSlugs = async (text: string) =>
    (await createCatalogueClient({ baseUrl: api.serviceUrl('catalogue') }).search({ body: { query: text, size: 50 } })).products.map((product) => product.slug);

  it('takes it off listings, search, its page and baskets, keeps who did it, and putting it back brings it all back', async () => {
    const product = await productWithVariants(10);
    const sku = product.variants[0]!.sku;
    const baskets = createBasketClient({ baseUrl: api.serviceUrl('basket') });
    const held = await baskets.createBasketWithItems({ body: { items: [{ sku, quantity: 1 }] } });
    expect(held.lines[0]!.available).toBe(true);
    expect(await listedSlugs(product.categorySlug)).toContain(product.slug);

    await staff.updateStaffProduct({ params: { id: product.id }, body: { version: product.version, onSale: false } });
    const withdrawn = await staff.getStaffProduct({ params: { id: product.id } });
    expect(withdrawn.withdrawnAt).toEqual(expect.any(String));
    expect([withdrawn.version, withdrawn.audit[0]!.who, withdrawn.audit[0]!.what]).toEqual([product.version + 1, 'Casey Catalogue', 'Withdrew it from sale']);

    await expect.poll(() => pageOf(product.slug), { timeout: 20_000, interval: 100 }).toBe(404);
    await expect.poll(() => listedSlugs(product.categorySlug), { timeout: 20_000, interval: 100 }).not.toContain(product.slug);
    expect(await searchedSlugs(product.name)).not.toContain(product.slug);
    const refused = await failure(baskets.createBasketWithItems({ body: { items: [{ sku, quantity: 1 }] } }));
    expect([refused.status, refused.code]).toEqual([422, 'BASKET_SKU_UNKNOWN']);
    const basket = await baskets.getBasket({ params: { basketId: held.basketId } });
    expect([basket.lines[0]!.available, basket.lines[0]!.unavailableReason]).toEqual([false, 'sku_not_found']);
    // Staff still find and open it, to put it back.
    expect((await staff.searchStaffProducts({ query: { text: sku } })).items.map((item) => item.id)).toContain(product.id);

    // Withdrawing it again changes nothing more.
    await staff.updateStaffProduct({ params: { id: product.id }, body: { version: withdrawn.version, onSale: false } });
    expect((await staff.getStaffProduct({ params: { id: product.id } })).audit[0]!.what).toBe('Withdrew it from sale');

    const latest = await staff.getStaffProduct({ params: { id: product.id } });
    await staff.updateStaffProduct({ params: { id: product.id }, body: { version: latest.version, onSale: true } });
    const back = await staff.getStaffProduct({ params: { id: product.id } });
    expect([back.withdrawnAt, back.audit[0]!.what]).toEqual([null, 'Put it back on sale']);
    await expect.poll(() => pageOf(product.slug), { timeout: 20_000, interval: 100 }).toBe(200);
    await expect.poll(() => listedSlugs(product.categorySlug), { timeout: 20_000, interval: 100 }).toContain(product.slug);
    expect((await baskets.getBasket({ params: { basketId: held.basketId } })).lines[0]!.available).toBe(true);
  });

  it('from an editor opened before another change is a 409, and it stays on sale', async () => {
    const product = await productWithVariants(11);
    await staff.updateStaffProduct({ params: { id: product.id }, body: { version: product.version, name: `${product.name} (new)` } });
    const refused = await failure(client('other').updateStaffProduct({ params: { id: product.id }, body: { version: product.version, onSale: false } }));
    expect([refused.status, refused.code]).toEqual([409, 'PRODUCT_CHANGED']);
    expect((await staff.getStaffProduct({ params: { id: product.id } })).withdrawnAt).toBeNull();
    expect(await pageOf(product.slug)).toBe(200);
  });
});
