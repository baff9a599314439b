import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, CatalogueEditorClient } from '@shop/api-client';
import { MAX_ESSENTIALS, type Problem, type StaffProduct, type StaffProductRow } from '@shop/contracts';
import { failure, type TestApi } from '../../testing/test-api.ts';
import { editorClient, fields, idsWhere as editorIdsWhere, plainItems, shopClient, startEditorApi } from './editor.testing.ts';

let api: TestApi;
/** The app's clock runs this far ahead of the machine's: a kept product page is looked for once the editor's minute has passed. */
let ahead = 0;
const client = (token?: string) => editorClient(api, token);
const shop = () => shopClient(api);
let staff: CatalogueEditorClient;
/** Seeded products on sale to name as items, none a bundle. */
let items: StaffProductRow[];
const idsWhere = (condition: ReturnType<typeof sql>, limit: number) => editorIdsWhere(api, condition, limit);

beforeAll(async () => {
  api = await startEditorApi(() => ahead);
  staff = client('manager');
  items = await plainItems(api, staff);
});
afterAll(() => api?.close());

/** A product of its own for each test, with no essential items yet. */
async function newProduct(code: string): Promise<StaffProduct> {
  const like = items[0]!;
  const choices = await staff.getStaffProduct({ params: { id: like.id } });
  return staff.createStaffProduct({
    body: {
      name: `Harbour Essentials Basin ${code}`,
      brandSlug: choices.brandSlug,
      categorySlug: choices.categorySlug,
      variant: { sku: `${code}-WH`, label: 'White', priceIncVat: 12_900, vatRateCode: 'standard', stockOnHand: 5 },
    },
  });
}

/** The essential items the product page lists for a sku, as the storefront asks for them. */
const listed = async (sku: string) => (await shop().getEssentialItems({ query: { sku } })).items.map((item) => [item.sku, item.requirement, item.quantity]);

describe("a product's essential items", () => {
  it('added, put in order and removed: the product page lists them at once, required first, and the change list says who did what', async () => {
    const product = await newProduct('ESS1');
    const [waste, trap, tap] = items;
    const one = await staff.addStaffEssential({
      params: { id: product.id },
      body: { version: product.version, sku: trap!.defaultSku, requirement: 'recommended', compatibilityRule: 'waste=32 mm → 32 mm trap' },
    });
    expect([one.version, one.audit[0]!.who, one.audit[0]!.what]).toEqual([
      product.version + 1,
      'Ellis Essentials',
      `Essential item added: “${trap!.name}” (${trap!.defaultSku}), recommended, “waste=32 mm → 32 mm trap”`,
    ]);
    const two = await staff.addStaffEssential({
      params: { id: product.id },
      body: { version: one.version, sku: waste!.defaultSku, requirement: 'required', quantity: 2, compatibilityRule: 'overflow=yes → slotted waste' },
    });
    const three = await staff.addStaffEssential({
      params: { id: product.id },
      body: { version: two.version, sku: tap!.defaultSku.toLowerCase(), requirement: 'recommended', compatibilityRule: 'tap holes=1' },
    });
    expect(three.essentials.map((essential) => [essential.sku, essential.requirement, essential.quantity, essential.productName])).toEqual([
      [waste!.defaultSku, 'required', 2, waste!.name],
      [trap!.defaultSku, 'recommended', 1, trap!.name],
      [tap!.defaultSku, 'recommended', 1, tap!.name],
    ]);
    expect(await listed('ESS1-WH')).toEqual([
      [waste!.defaultSku, 'required', 2],
      [trap!.defaultSku, 'recommended', 1],
      [tap!.defaultSku, 'recommended', 1],
    ]);
    const tapRow = three.essentials[2]!;
    const moved = await staff.moveStaffEssential({ params: { id: product.id, essentialId: tapRow.id }, body: { version: three.version, place: 1 } });
    expect(moved.audit[0]!.what).toBe(`Essential item “${tap!.name}” (${tap!.defaultSku}) moved to first place of the recommended items`);
    expect((await listed('ESS1-WH')).map(([sku]) => sku)).toEqual([waste!.defaultSku, tap!.defaultSku, trap!.defaultSku]);
    const removed = await staff.removeStaffEssential({
      params: { id: product.id, essentialId: moved.essentials[0]!.id },
      body: { version: moved.version },
    });
    expect(removed.audit[0]!.what).toBe(`Essential item removed: “${waste!.name}” (${waste!.defaultSku}), required`);
    expect((await listed('ESS1-WH')).map(([sku]) => sku)).toEqual([tap!.defaultSku, trap!.defaultSku]);
    expect(removed.version).toBe(product.version + 5);
  });

  it('refuses bad input with a problem naming the field, and changes nothing', async () => {
    const product = await newProduct('ESS2');
    const [item, withdrawn] = items.slice(10);
    const added = await staff.addStaffEssential({
      params: { id: product.id },
      body: { version: product.version, sku: item!.defaultSku, requirement: 'required', compatibilityRule: 'fits' },
    });
    const other = await staff.getStaffProduct({ params: { id: withdrawn!.id } });
    await staff.updateStaffProduct({ params: { id: withdrawn!.id }, body: { version: other.version, onSale: false } });
    const body = (sku: string, extra: object = {}) => ({
      version: added.version,
      sku,
      requirement: 'recommended' as const,
      compatibilityRule: 'fits',
      ...extra,
    });
    const cases: [() => Promise<unknown>, number, string, string[]][] = [
      [() => staff.addStaffEssential({ params: { id: 2_000_000_000 }, body: body(item!.defaultSku) }), 404, 'PRODUCT_NOT_FOUND', []],
      [() => staff.addStaffEssential({ params: { id: product.id }, body: body('NO-SUCH-CODE') }), 422, 'ITEM_SKU_NOT_FOUND', ['body.sku']],
      [() => staff.addStaffEssential({ params: { id: product.id }, body: body('ESS2-WH') }), 422, 'ITEM_IS_THIS_PRODUCT', ['body.sku']],
      [() => staff.addStaffEssential({ params: { id: product.id }, body: body(item!.defaultSku) }), 422, 'ESSENTIAL_ALREADY_LISTED', ['body.sku']],
      [() => staff.addStaffEssential({ params: { id: product.id }, body: body(withdrawn!.defaultSku) }), 422, 'ITEM_WITHDRAWN', ['body.sku']],
      [
        () => staff.addStaffEssential({ params: { id: product.id }, body: body(items[12]!.defaultSku, { quantity: 0 }) }),
        400,
        'VALIDATION_FAILED',
        ['body.quantity'],
      ],
      [
        () => staff.addStaffEssential({ params: { id: product.id }, body: body(items[12]!.defaultSku, { compatibilityRule: ' ' }) }),
        400,
        'VALIDATION_FAILED',
        ['body.compatibilityRule'],
      ],
      [
        () => staff.addStaffEssential({ params: { id: product.id }, body: body(items[12]!.defaultSku, { version: product.version }) }),
        409,
        'PRODUCT_CHANGED',
        [],
      ],
      [
        () => staff.moveStaffEssential({ params: { id: product.id, essentialId: added.essentials[0]!.id }, body: { version: added.version, place: 2 } }),
        422,
        'ITEM_PLACE_OUT_OF_RANGE',
        ['body.place'],
      ],
      [
        () => staff.removeStaffEssential({ params: { id: product.id, essentialId: 2_000_000_000 }, body: { version: added.version } }),
        404,
        'ESSENTIAL_NOT_FOUND',
        [],
      ],
      [() => client('shopper').addStaffEssential({ params: { id: product.id }, body: body(items[12]!.defaultSku) }), 403, 'FORBIDDEN', []],
      [() => client('discounts').addStaffEssential({ params: { id: product.id }, body: body(items[12]!.defaultSku) }), 403, 'FORBIDDEN', []],
      [() => client().addStaffEssential({ params: { id: product.id }, body: body(items[12]!.defaultSku) }), 401, 'UNAUTHENTICATED', []],
    ];
    const refusals = [];
    for (const [call] of cases) {
      const refused = await failure(call());
      refusals.push([refused.status, refused.code, fields(refused), /\S/.test((refused.data as Problem).detail ?? '')]);
    }
    expect(refusals).toEqual(cases.map(([, status, code, paths]) => [status, code, paths, true]));
    const after = await staff.getStaffProduct({ params: { id: product.id } });
    expect([after.version, after.essentials.map((essential) => essential.sku), after.audit.length]).toEqual([
      added.version,
      [item!.defaultSku],
      added.audit.length,
    ]);
    expect(await listed('ESS2-WH')).toEqual([[item!.defaultSku, 'required', 1]]);
  });

  it('changed where it is: its kind, quantity and why it fits; made the other kind it is last of that kind; the page lists it so at once', async () => {
    const product = await newProduct('ESS5');
    const [waste, trap, tap] = items.slice(3);
    let edited = product;
    for (const [item, requirement] of [
      [waste!, 'required'],
      [trap!, 'recommended'],
      [tap!, 'required'],
    ] as const) {
      edited = await staff.addStaffEssential({
        params: { id: product.id },
        body: { version: edited.version, sku: item.defaultSku, requirement, compatibilityRule: 'fits' },
      });
    }
    const trapId = edited.essentials.find((essential) => essential.sku === trap!.defaultSku)!.id;
    const changed = await staff.changeStaffEssential({
      params: { id: product.id, essentialId: trapId },
      body: { version: edited.version, requirement: 'required', quantity: 2, compatibilityRule: 'waste=32 mm → 32 mm trap' },
    });
    expect(changed.essentials.map((essential) => [essential.sku, essential.requirement, essential.quantity, essential.compatibilityRule])).toEqual([
      [waste!.defaultSku, 'required', 1, 'fits'],
      [tap!.defaultSku, 'required', 1, 'fits'],
      [trap!.defaultSku, 'required', 2, 'waste=32 mm → 32 mm trap'],
    ]);
    expect([changed.version, changed.essentials.find((essential) => essential.id === trapId)?.id, changed.audit[0]!.who, changed.audit[0]!.what]).toEqual([
      edited.version + 1,
      trapId,
      'Ellis Essentials',
      `Essential item “${trap!.name}” (${trap!.defaultSku}) changed: recommended → required, quantity 1 → 2, why it fits “fits” → “waste=32 mm → 32 mm trap”`,
    ]);
    expect(await listed('ESS5-WH')).toEqual([
      [waste!.defaultSku, 'required', 1],
      [tap!.defaultSku, 'required', 1],
      [trap!.defaultSku, 'required', 2],
    ]);
    // Only the quantity given: the rest is kept. The same values again record nothing.
    const fewer = await staff.changeStaffEssential({ params: { id: product.id, essentialId: trapId }, body: { version: changed.version, quantity: 1 } });
    expect(fewer.essentials.at(-1)).toMatchObject({
      sku: trap!.defaultSku,
      requirement: 'required',
      quantity: 1,
      compatibilityRule: 'waste=32 mm → 32 mm trap',
    });
    expect(fewer.audit[0]!.what).toBe(`Essential item “${trap!.name}” (${trap!.defaultSku}) changed: quantity 2 → 1`);
    const same = await staff.changeStaffEssential({
      params: { id: product.id, essentialId: trapId },
      body: { version: fewer.version, requirement: 'required', quantity: 1 },
    });
    expect(same.audit).toEqual(fewer.audit);
  });

  it('changed where it is, refuses bad input naming the field, an item the product does not list, a stale version; nothing changes', async () => {
    const product = await newProduct('ESS6');
    const [item] = items.slice(6);
    const added = await staff.addStaffEssential({
      params: { id: product.id },
      body: { version: product.version, sku: item!.defaultSku, requirement: 'required', compatibilityRule: 'fits' },
    });
    const essentialId = added.essentials[0]!.id;
    const other = await newProduct('ESS7');
    const change = (body: object, id = product.id, row = essentialId, editor = staff) =>
      editor.changeStaffEssential({ params: { id, essentialId: row }, body: { version: added.version, ...body } as never });
    const cases: [() => Promise<unknown>, number, string, string[], string | null][] = [
      [() => change({ quantity: 0 }), 400, 'VALIDATION_FAILED', ['body.quantity'], 'Enter a quantity of 1 or more'],
      [() => change({ quantity: 100 }), 400, 'VALIDATION_FAILED', ['body.quantity'], 'Enter a quantity of 99 or fewer'],
      [() => change({ quantity: 1.5 }), 400, 'VALIDATION_FAILED', ['body.quantity'], 'Enter the quantity as a whole number'],
      [() => change({ quantity: '2' }), 400, 'VALIDATION_FAILED', ['body.quantity'], null],
      [() => change({ requirement: 'optional' }), 400, 'VALIDATION_FAILED', ['body.requirement'], 'Choose whether it is required or recommended'],
      [() => change({ compatibilityRule: '  ' }), 400, 'VALIDATION_FAILED', ['body.compatibilityRule'], null],
      [
        () => change({ compatibilityRule: 'x'.repeat(201) }),
        400,
        'VALIDATION_FAILED',
        ['body.compatibilityRule'],
        'Enter why it fits in 200 characters or fewer',
      ],
      [() => change({ quantity: 2 }, product.id, 2_000_000_000), 404, 'ESSENTIAL_NOT_FOUND', [], null],
      // Another product's row is not this product's to change.
      [() => change({ quantity: 2, version: other.version }, other.id), 404, 'ESSENTIAL_NOT_FOUND', [], null],
      [() => change({ quantity: 2 }, 2_000_000_000), 404, 'PRODUCT_NOT_FOUND', [], null],
      [() => change({ quantity: 2, version: product.version }), 409, 'PRODUCT_CHANGED', [], null],
      [() => change({ quantity: 2 }, product.id, essentialId, client('shopper')), 403, 'FORBIDDEN', [], null],
      [() => change({ quantity: 2 }, product.id, essentialId, client()), 401, 'UNAUTHENTICATED', [], null],
    ];
    for (const [call, status, code, paths, message] of cases) {
      const refused = await failure(call());
      // The field's own words where the case names them.
      const said = message === null ? null : ((refused.data as Problem).errors?.[0]?.message ?? null);
      expect([refused.status, refused.code, fields(refused), /\S/.test((refused.data as Problem).detail ?? ''), said]).toEqual([
        status,
        code,
        paths,
        true,
        message,
      ]);
      expect((refused.data as Problem).detail).not.toMatch(/zod|invalid_|expected/i);
    }
    const after = await staff.getStaffProduct({ params: { id: product.id } });
    expect([after.version, after.essentials, after.audit]).toEqual([added.version, added.essentials, added.audit]);
  });

  it(`lists at most ${MAX_ESSENTIALS} essential items`, async () => {
    let product = await newProduct('ESS3');
    for (const item of items.slice(20, 20 + MAX_ESSENTIALS)) {
      product = await staff.addStaffEssential({
        params: { id: product.id },
        body: { version: product.version, sku: item.defaultSku, requirement: 'recommended', compatibilityRule: 'fits' },
      });
    }
    const refused = await failure(
      staff.addStaffEssential({
        params: { id: product.id },
        body: { version: product.version, sku: items[60]!.defaultSku, requirement: 'required', compatibilityRule: 'fits' },
      }),
    );
    expect([refused.status, refused.code, (refused.data as Problem).detail]).toEqual([
      422,
      'TOO_MANY_ESSENTIALS',
      `A product can list at most ${MAX_ESSENTIALS} essential items: remove one before adding another.`,
    ]);
    expect((await staff.getStaffProduct({ params: { id: product.id } })).essentials).toHaveLength(MAX_ESSENTIALS);
  });

  it('two staff adding at once from the same version: one is added, the other is a 409, and the loser adds theirs after reloading', async () => {
    const product = await newProduct('ESS4');
    const [first, second] = items.slice(70);
    const add = (editor: CatalogueEditorClient, sku: string, version: number) =>
      editor.addStaffEssential({ params: { id: product.id }, body: { version, sku, requirement: 'required', compatibilityRule: 'fits' } });
    const results = await Promise.allSettled([add(staff, first!.defaultSku, product.version), add(client('other'), second!.defaultSku, product.version)]);
    const lost = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as ApiError] : []));
    expect(lost.map((error) => [error.status, error.code])).toEqual([[409, 'PRODUCT_CHANGED']]);
    const after = await staff.getStaffProduct({ params: { id: product.id } });
    const winner = results[0].status === 'fulfilled' ? first! : second!;
    const loser = winner === first ? second! : first!;
    expect([after.version, after.essentials.map((essential) => essential.sku)]).toEqual([product.version + 1, [winner.defaultSku]]);
    expect(after.audit.filter((entry) => entry.what.startsWith('Essential item added'))).toHaveLength(1);
    const retried = await add(winner === first ? client('other') : staff, loser.defaultSku, after.version);
    expect(retried.essentials.map((essential) => essential.sku)).toEqual([winner.defaultSku, loser.defaultSku]);
    expect((await listed('ESS4-WH')).map(([sku]) => sku)).toEqual([winner.defaultSku, loser.defaultSku]);
  });
});

describe("a bundle's contents", () => {
  /** What the bundle's page lists under "What's in the set", as every instance shows it within the minute the editor promises. */
  const inTheSet = async (slug: string) => {
    ahead += 60_000;
    return (await shop().getProductSummary({ query: { slug } })).bundleComponents.map((component) => [component.sku, component.quantity]);
  };

  it("added, put in order and removed: the bundle's page lists them so, and the change list says who did what", async () => {
    const [bundleId] = await idsWhere(sql`is_bundle and withdrawn_at is null`, 1);
    const bundle = await staff.getStaffProduct({ params: { id: bundleId! } });
    expect(bundle.isBundle).toBe(true);
    const before = bundle.bundleItems.map((item) => [item.sku, item.quantity]);
    // Read once, so the page's kept answer must be forgotten.
    expect(await inTheSet(bundle.slug)).toEqual(before);
    const extra = items.find((item) => !bundle.bundleItems.some((held) => held.productId === item.id))!;
    const added = await staff.addStaffBundleItem({ params: { id: bundle.id }, body: { version: bundle.version, sku: extra.defaultSku, quantity: 2 } });
    expect([added.audit[0]!.who, added.audit[0]!.what]).toEqual(['Ellis Essentials', `Bundle item added: “${extra.name}” (${extra.defaultSku}), 2 of them`]);
    expect(await inTheSet(bundle.slug)).toEqual([...before, [extra.defaultSku, 2]]);
    const moved = await staff.moveStaffBundleItem({ params: { id: bundle.id, sku: extra.defaultSku }, body: { version: added.version, place: 1 } });
    expect(moved.audit[0]!.what).toBe(`Bundle item “${extra.name}” (${extra.defaultSku}) moved to first place`);
    expect(moved.bundleItems.map((item) => [item.sku, item.quantity])).toEqual([[extra.defaultSku, 2], ...before]);
    expect(await inTheSet(bundle.slug)).toEqual([[extra.defaultSku, 2], ...before]);
    const removed = await staff.removeStaffBundleItem({ params: { id: bundle.id, sku: extra.defaultSku }, body: { version: moved.version } });
    expect(removed.bundleItems.map((item) => [item.sku, item.quantity])).toEqual(before);
    expect(await inTheSet(bundle.slug)).toEqual(before);
    // The item's own editor names the bundles it is in.
    const held = await staff.getStaffProduct({ params: { id: bundle.bundleItems[0]!.productId } });
    expect(held.inBundles).toContainEqual({ id: bundle.id, name: bundle.name });
  });

  it('refuses what a bundle cannot hold, and changes nothing', async () => {
    const [bundleId, otherBundleId] = await idsWhere(sql`is_bundle and withdrawn_at is null`, 2);
    const bundle = await staff.getStaffProduct({ params: { id: bundleId! } });
    const otherBundle = await staff.getStaffProduct({ params: { id: otherBundleId! } });
    const plain = await newProduct('BUN2');
    const held = bundle.bundleItems[0]!;
    const item = items.find((row) => !bundle.bundleItems.some((inIt) => inIt.productId === row.id))!;
    const cases: [() => Promise<unknown>, number, string][] = [
      [() => staff.addStaffBundleItem({ params: { id: plain.id }, body: { version: plain.version, sku: item.defaultSku } }), 422, 'NOT_A_BUNDLE'],
      [
        () => staff.addStaffBundleItem({ params: { id: bundle.id }, body: { version: bundle.version, sku: otherBundle.variants[0]!.sku } }),
        422,
        'BUNDLE_IN_BUNDLE',
      ],
      [() => staff.addStaffBundleItem({ params: { id: bundle.id }, body: { version: bundle.version, sku: held.sku } }), 422, 'BUNDLE_ITEM_ALREADY_IN'],
      [
        () => staff.addStaffBundleItem({ params: { id: bundle.id }, body: { version: bundle.version, sku: bundle.variants[0]!.sku } }),
        422,
        'ITEM_IS_THIS_PRODUCT',
      ],
      [() => staff.addStaffBundleItem({ params: { id: bundle.id }, body: { version: bundle.version, sku: 'NO-SUCH-CODE' } }), 422, 'ITEM_SKU_NOT_FOUND'],
      [() => staff.addStaffBundleItem({ params: { id: bundle.id }, body: { version: bundle.version + 1, sku: item.defaultSku } }), 409, 'PRODUCT_CHANGED'],
      [() => staff.removeStaffBundleItem({ params: { id: bundle.id, sku: item.defaultSku }, body: { version: bundle.version } }), 404, 'BUNDLE_ITEM_NOT_FOUND'],
      [() => client('discounts').removeStaffBundleItem({ params: { id: bundle.id, sku: held.sku }, body: { version: bundle.version } }), 403, 'FORBIDDEN'],
    ];
    const refusals = [];
    for (const [call] of cases) {
      const refused = await failure(call());
      refusals.push([refused.status, refused.code]);
    }
    expect(refusals).toEqual(cases.map(([, status, code]) => [status, code]));
    const after = await staff.getStaffProduct({ params: { id: bundle.id } });
    expect([after.version, after.bundleItems, after.audit.length]).toEqual([bundle.version, bundle.bundleItems, bundle.audit.length]);
  });
});
