import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueClient, createCatalogueEditorClient, type ApiError, type CatalogueEditorClient } from '@shop/api-client';
import type { CreateStaffProduct, Problem, StaffProduct } from '@shop/contracts';
import type { Actor } from '../../platform/context.ts';
import { failure, startTestApi, type TestApi } from '../../testing/test-api.ts';
import { samplePdf, samplePng } from '../files/testing.ts';

let api: TestApi;
const actors: Record<string, Actor> = {
  manager: { userId: 'user-casey', name: 'Casey Catalogue', roles: ['shopper', 'catalogue-manager'] },
  other: { userId: 'user-riley', name: 'Riley Range', roles: ['shopper', 'catalogue-manager'] },
  discounts: { userId: 'user-dee', roles: ['shopper', 'discount-manager'] },
  shopper: { userId: 'user-sam', roles: ['shopper'] },
};
const client = (token?: string): CatalogueEditorClient => createCatalogueEditorClient({ baseUrl: api.serviceUrl('catalogue'), getAccessToken: () => token });
const catalogue = () => createCatalogueClient({ baseUrl: api.serviceUrl('catalogue') });
let staff: CatalogueEditorClient;
/** A seeded product: its brand and sub-category are the new products'. */
let seeded: StaffProduct;
const problemOf = (error: ApiError) => [error.status, error.code, ((error.data as Problem).errors ?? []).map((problem) => [problem.path, problem.message])];

const newProduct = (code: string, changes: Partial<CreateStaffProduct> = {}): CreateStaffProduct => ({
  name: `Harbour Test Basin ${code}`,
  description: 'A wall-hung basin added by staff.',
  brandSlug: seeded.brandSlug,
  categorySlug: seeded.categorySlug,
  variant: { sku: `${code}-WH`, label: 'White', priceIncVat: 14_900, vatRateCode: 'standard', stockOnHand: 12 },
  ...changes,
});

/** Offerings with this code, in the database. */
async function offeringsOf(sku: string): Promise<number> {
  const result = (await api.database.db.execute(sql`select count(*)::int as count from offerings where sku = ${sku}`)) as unknown as {
    rows: { count: number }[];
  };
  return Number(result.rows[0]!.count);
}

/** Every product its category's listing shows, page by page. */
async function listedSlugs(categorySlug: string): Promise<string[]> {
  const slugs: string[] = [];
  for (let pageNumber = 1; ; pageNumber++) {
    const page = await catalogue().listCategory({ body: { slug: categorySlug, pageNumber, size: 100 } });
    slugs.push(...page.products.map((product) => product.slug));
    if (page.products.length < 100) return slugs;
  }
}

beforeAll(async () => {
  api = await startTestApi({ authenticate: async (authorization) => actors[authorization.replace(/^Bearer /, '')] ?? null });
  staff = client('manager');
  const first = (await staff.searchStaffProducts({ query: { pageSize: 1 } })).items[0]!;
  seeded = await staff.getStaffProduct({ params: { id: first.id } });
});
afterAll(() => api?.close());

describe('adding a product', () => {
  it('offers the brands, sub-categories and UK VAT rates a product may be given', async () => {
    const choices = await staff.getStaffProductChoices({});
    expect([choices.brands, choices.categories, choices.vatRates]).toEqual([seeded.brands, seeded.categories, seeded.vatRates]);
    expect(choices.vatRates.map((rate) => rate.code)).toContain('standard');
  });

  it('puts it on sale at once with its price in the history, its stock and who added it, and shoppers find it', async () => {
    const created = await staff.createStaffProduct({ body: newProduct('NEWA') });
    expect([created.name, created.brandSlug, created.categorySlug, created.version, created.withdrawnAt]).toEqual([
      'Harbour Test Basin NEWA',
      seeded.brandSlug,
      seeded.categorySlug,
      1,
      null,
    ]);
    expect(created.slug).toBe('harbour-test-basin-newa-newa-wh');
    const [variant] = created.variants;
    expect([
      variant!.sku,
      variant!.label,
      variant!.isDefault,
      variant!.priceIncVat,
      variant!.priceExVat,
      variant!.vatRateCode,
      variant!.wasPriceIncVat,
    ]).toEqual(['NEWA-WH', 'White', true, 14_900, 12_417, 'standard', null]);
    expect(variant!.history).toEqual([{ priceIncVat: 14_900, priceExVat: 12_417, effectiveFrom: expect.any(String), effectiveUntil: null }]);
    expect(created.audit).toEqual([
      { at: expect.any(String), who: 'Casey Catalogue', what: 'Product added; Variant NEWA-WH “White” added at £149.00 inc VAT (Standard rate), 12 on hand' },
    ]);
    // Products of its sub-category are of its family.
    expect(created.family).toBe(seeded.family);

    const summary = await catalogue().getProductSummaryBySku({ query: { sku: 'NEWA-WH' } });
    expect([
      summary.productName,
      summary.offerings.map((offering) => [offering.sku, offering.finish, offering.price.priceIncTax, offering.stockStatus.status]),
    ]).toEqual(['Harbour Test Basin NEWA', [['NEWA-WH', 'White', 14_900, 'in_stock']]]);
    expect((await staff.searchStaffProducts({ query: { text: 'NEWA-WH' } })).items.map((item) => item.id)).toEqual([created.id]);
    await expect
      .poll(async () => (await catalogue().search({ body: { query: 'Harbour Test Basin NEWA', size: 50 } })).products.map((product) => product.slug), {
        timeout: 20_000,
        interval: 100,
      })
      .toContain(created.slug);
    await expect.poll(() => listedSlugs(seeded.categorySlug), { timeout: 20_000, interval: 100 }).toContain(created.slug);
  });

  it('adds another finish, on the product page beside the first, under the version the page was opened at', async () => {
    const created = await staff.createStaffProduct({ body: newProduct('NEWB') });
    const added = await staff.addStaffVariant({
      params: { id: created.id },
      body: { version: created.version, sku: 'NEWB-MB', label: 'Matt black', priceIncVat: 17_900, vatRateCode: 'standard', stockOnHand: 0 },
    });
    expect(added.variants.map((variant) => [variant.sku, variant.label, variant.isDefault, variant.priceIncVat])).toEqual([
      ['NEWB-WH', 'White', true, 14_900],
      ['NEWB-MB', 'Matt black', false, 17_900],
    ]);
    expect([added.version, added.audit[0]!.who, added.audit[0]!.what]).toEqual([
      2,
      'Casey Catalogue',
      'Variant NEWB-MB “Matt black” added at £179.00 inc VAT (Standard rate), 0 on hand',
    ]);
    await expect
      .poll(
        async () =>
          (await catalogue().getProductSummary({ query: { slug: created.slug } })).offerings.map((offering) => [offering.finish, offering.stockStatus.status]),
        { timeout: 20_000, interval: 100 },
      )
      .toEqual([
        ['White', 'in_stock'],
        ['Matt black', 'out_of_stock'],
      ]);

    const stale = await failure(
      client('other').addStaffVariant({
        params: { id: created.id },
        body: { version: created.version, sku: 'NEWB-CH', label: 'Chrome', priceIncVat: 15_900, vatRateCode: 'standard', stockOnHand: 1 },
      }),
    );
    expect([stale.status, stale.code]).toEqual([409, 'PRODUCT_CHANGED']);
    expect(await offeringsOf('NEWB-CH')).toBe(0);
    const missing = await failure(
      staff.addStaffVariant({ params: { id: 2_000_000_000 }, body: { ...added.variants[1]!, sku: 'NEWB-XX', stockOnHand: 1, version: 1 } }),
    );
    expect([missing.status, missing.code]).toEqual([404, 'PRODUCT_NOT_FOUND']);
  });
});

describe('a size added to a product sold in sizes', () => {
  it('is kept as a size: the product page offers “1000 mm” under Size beside the others, not as a finish', async () => {
    const result = (await api.database.db.execute(
      sql.raw(`select product_id as id from offerings where handing is null and pack_qty = 1 group by product_id
        having count(distinct width_mm) > 1 and count(distinct coalesce(finish, '')) = 1 and count(*) = count(width_mm) and max(width_mm) < 1000 limit 1`),
    )) as unknown as { rows: { id: number }[] };
    const sized = await staff.getStaffProduct({ params: { id: result.rows[0]!.id } });
    expect(sized.variantOption).toBe('size');
    const refused = await failure(
      staff.addStaffVariant({
        params: { id: sized.id },
        body: { version: sized.version, sku: 'SIZE-MB', label: 'Matt black', priceIncVat: 19_900, vatRateCode: 'standard', stockOnHand: 1 },
      }),
    );
    expect(problemOf(refused)).toEqual([422, 'VARIANT_LABEL_UNREADABLE', [['body.label', 'Enter the size as shoppers choose it, for example 600 mm.']]]);
    expect(await offeringsOf('SIZE-MB')).toBe(0);

    await staff.addStaffVariant({
      params: { id: sized.id },
      body: { version: sized.version, sku: 'SIZE-1000', label: '1000 mm', priceIncVat: 19_900, vatRateCode: 'standard', stockOnHand: 1 },
    });
    const before = await catalogue().getProductSummary({ query: { slug: sized.slug } });
    const finishes = new Set(before.offerings.map((offering) => offering.finish));
    await expect
      .poll(async () => (await catalogue().getProductSummary({ query: { slug: sized.slug } })).offerings.find((offering) => offering.sku === 'SIZE-1000'), {
        timeout: 20_000,
        interval: 100,
      })
      .toMatchObject({ label: '1000 mm', widthMm: 1000, finish: [...finishes][0] });
    const after = await catalogue().getProductSummary({ query: { slug: sized.slug } });
    expect(new Set(after.offerings.map((offering) => offering.finish)).size).toBe(1);
  });
});

describe('a new product sold in sizes', () => {
  it('keeps its first size as a size, so the next is one too and the product page offers them under Size', async () => {
    const created = await staff.createStaffProduct({
      body: newProduct('SIZN', { variant: { ...newProduct('SIZN').variant, sku: 'SIZN-600', label: '600 mm' } }),
    });
    expect(created.variantOption).toBe('size');
    const added = await staff.addStaffVariant({
      params: { id: created.id },
      body: { version: created.version, sku: 'SIZN-800', label: '800 mm', priceIncVat: 16_900, vatRateCode: 'standard', stockOnHand: 3 },
    });
    expect([added.variantOption, added.variants.map((variant) => variant.label)]).toEqual(['size', ['600 mm', '800 mm']]);
    await expect
      .poll(
        async () =>
          (await catalogue().getProductSummary({ query: { slug: created.slug } })).offerings.map((offering) => [
            offering.sku,
            offering.widthMm,
            offering.finish,
          ]),
        { timeout: 20_000, interval: 100 },
      )
      .toEqual([
        ['SIZN-600', 600, null],
        ['SIZN-800', 800, null],
      ]);
  });
});

describe('a picture of a finish', () => {
  const send = (id: number, sku: string, bytes: Uint8Array, as = 'manager') => {
    const form = new FormData();
    form.append('image', new Blob([Uint8Array.from(bytes)], { type: 'image/png' }), 'basin.png');
    return fetch(`${api.serviceUrl('catalogue')}/Staff/Products/${id}/Variants/${encodeURIComponent(sku)}/Images`, {
      method: 'POST',
      headers: { authorization: `Bearer ${as}` },
      body: form,
    });
  };

  it('is kept without its metadata, shown for its finish on the product page, and served to anyone', async () => {
    const created = await staff.createStaffProduct({ body: newProduct('PICA') });
    const answer = await send(created.id, 'PICA-WH', samplePng());
    expect(answer.status).toBe(201);
    expect(((await answer.json()) as StaffProduct).audit[0]!.what).toBe('Picture of PICA-WH “White” added');
    const summary = await catalogue().getProductSummary({ query: { slug: created.slug } });
    const [image] = summary.images;
    expect([summary.images.length, image!.sku, image!.altText]).toEqual([1, 'PICA-WH', 'Harbour Test Basin PICA in White']);
    expect(image!.url).toMatch(/^\/api\/catalogue\/Products\/Images\/[0-9a-f]{32}$/);
    const served = await fetch(`${api.origin}${image!.url}`);
    expect([served.status, served.headers.get('content-type'), served.headers.get('cache-control')]).toEqual([
      200,
      'image/png',
      'public, max-age=86400, immutable',
    ]);
  });

  it('refuses a file that is not a picture, a shopper, and a code of another product, keeping nothing', async () => {
    const created = await staff.createStaffProduct({ body: newProduct('PICB') });
    const notPicture = await send(created.id, 'PICB-WH', samplePdf());
    expect([notPicture.status, ((await notPicture.json()) as Problem).code]).toEqual([422, 'FILE_TYPE_NOT_ALLOWED']);
    expect((await send(created.id, 'PICB-WH', samplePng(), 'shopper')).status).toBe(403);
    const otherCode = await send(created.id, seeded.variants[0]!.sku, samplePng());
    expect([otherCode.status, ((await otherCode.json()) as Problem).code]).toEqual([422, 'SKU_NOT_OF_PRODUCT']);
    expect((await catalogue().getProductSummary({ query: { slug: created.slug } })).images).toEqual([]);
    // Only a product's pictures are served here, never another upload by its id.
    expect((await fetch(`${api.serviceUrl('catalogue')}/Products/Images/${'0'.repeat(32)}`)).status).toBe(404);
  });
});

describe('refusing what cannot be added', () => {
  it('names the field of a taken code, an unknown brand, category or VAT rate, an absurd price or stock, and adds nothing', async () => {
    const taken = seeded.variants[0]!.sku;
    const cases: [Partial<CreateStaffProduct>, unknown[]][] = [
      [
        { variant: { ...newProduct('BADA').variant, sku: taken } },
        [409, 'DUPLICATE_SKU', [['body.variant.sku', `The code "${taken}" is already used by another variant: enter a different code.`]]],
      ],
      [{ brandSlug: 'no-such-brand' }, [422, 'UNKNOWN_BRAND', [['body.brandSlug', 'There is no brand "no-such-brand": choose one from the list.']]]],
      [
        { categorySlug: 'no-such-category' },
        [422, 'UNKNOWN_CATEGORY', [['body.categorySlug', 'There is no category "no-such-category": choose a sub-category from the list.']]],
      ],
      [
        { variant: { ...newProduct('BADA').variant, vatRateCode: 'luxury' } },
        [422, 'UNKNOWN_VAT_RATE', [['body.variant.vatRateCode', expect.stringMatching(/^Choose a VAT rate the UK has: .*Standard/)]]],
      ],
      [{ variant: { ...newProduct('BADA').variant, priceIncVat: 0 } }, [400, 'VALIDATION_FAILED', [['body.variant.priceIncVat', 'Enter a price more than 0']]]],
      [
        { variant: { ...newProduct('BADA').variant, priceIncVat: 9_000_000 } },
        [400, 'VALIDATION_FAILED', [['body.variant.priceIncVat', 'Enter a price of £50,000 or less']]],
      ],
      [
        { variant: { ...newProduct('BADA').variant, stockOnHand: -1 } },
        [400, 'VALIDATION_FAILED', [['body.variant.stockOnHand', 'Enter the stock on hand as 0 or more']]],
      ],
      [{ name: '  ' }, [400, 'VALIDATION_FAILED', [['body.name', 'Enter the product name']]]],
    ];
    const before = (await staff.searchStaffProducts({})).totalCount;
    for (const [changes, expected] of cases)
      expect(problemOf(await failure(staff.createStaffProduct({ body: newProduct('BADA', changes) })))).toEqual(expected);
    expect((await staff.searchStaffProducts({})).totalCount).toBe(before);
    expect(await offeringsOf('BADA-WH')).toBe(0);

    const product = await staff.createStaffProduct({ body: newProduct('BADB') });
    const twice = await failure(
      staff.addStaffVariant({
        params: { id: product.id },
        body: { version: product.version, sku: taken, label: 'Chrome', priceIncVat: 15_900, vatRateCode: 'standard', stockOnHand: 1 },
      }),
    );
    expect(problemOf(twice)).toEqual([409, 'DUPLICATE_SKU', [['body.sku', `The code "${taken}" is already used by another variant: enter a different code.`]]]);
    expect((await staff.getStaffProduct({ params: { id: product.id } })).version).toBe(product.version);
  });

  it('is 401 signed out and 403 for a shopper or another staff role', async () => {
    const calls = [
      (editor: CatalogueEditorClient) => editor.getStaffProductChoices({}),
      (editor: CatalogueEditorClient) => editor.createStaffProduct({ body: newProduct('DENY') }),
      (editor: CatalogueEditorClient) =>
        editor.addStaffVariant({
          params: { id: seeded.id },
          body: { version: seeded.version, sku: 'DENY-CH', label: 'Chrome', priceIncVat: 100, vatRateCode: 'standard', stockOnHand: 1 },
        }),
    ];
    for (const call of calls) {
      expect((await failure(call(client()))).status).toBe(401);
      for (const role of ['shopper', 'discounts'])
        expect([(await failure(call(client(role)))).status, (await failure(call(client(role)))).code]).toEqual([403, 'FORBIDDEN']);
    }
    expect([await offeringsOf('DENY-WH'), await offeringsOf('DENY-CH')]).toEqual([0, 0]);
  });
});

describe('two staff adding the same code at once', () => {
  it('adds it once: the other is told the code is taken, and nothing of theirs is left', async () => {
    const attempts = await Promise.allSettled([
      staff.createStaffProduct({ body: newProduct('RACE', { name: 'Race Basin One' }) }),
      client('other').createStaffProduct({ body: newProduct('RACE', { name: 'Race Basin Two' }) }),
      staff.createStaffProduct({ body: newProduct('RACE', { name: 'Race Basin One' }) }),
    ]);
    const won = attempts.flatMap((attempt) => (attempt.status === 'fulfilled' ? [attempt.value] : []));
    const lost = attempts.flatMap((attempt) => (attempt.status === 'rejected' ? [attempt.reason as ApiError] : []));
    expect(won).toHaveLength(1);
    const taken = [409, 'DUPLICATE_SKU', [['body.variant.sku', 'The code "RACE-WH" is already used by another variant: enter a different code.']]];
    expect(lost.map(problemOf)).toEqual([taken, taken]);
    expect(await offeringsOf('RACE-WH')).toBe(1);
    const names = (await staff.searchStaffProducts({ query: { text: 'Race Basin' } })).items.map((item) => item.name);
    expect(names).toEqual([won[0]!.name]);

    const product = won[0]!;
    const variant = { label: 'Chrome', priceIncVat: 15_900, vatRateCode: 'standard', stockOnHand: 3, version: product.version };
    const adding = await Promise.allSettled([
      staff.addStaffVariant({ params: { id: product.id }, body: { ...variant, sku: 'RACE-CH' } }),
      client('other').addStaffVariant({ params: { id: product.id }, body: { ...variant, sku: 'RACE-CH' } }),
    ]);
    const outcomes = adding.map((attempt) => (attempt.status === 'fulfilled' ? 'added' : (attempt.reason as ApiError).status));
    expect([outcomes.filter((outcome) => outcome === 'added').length, outcomes.filter((outcome) => outcome === 409).length]).toEqual([1, 1]);
    expect(await offeringsOf('RACE-CH')).toBe(1);
  });
});
