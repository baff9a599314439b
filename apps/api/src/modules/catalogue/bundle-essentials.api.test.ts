import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, CatalogueEditorClient } from '@shop/api-client';
import type { Problem, StaffProduct, StaffProductRow } from '@shop/contracts';
import { failure, type TestApi } from '../../testing/test-api.ts';
import { editorClient, fields, idsWhere as editorIdsWhere, plainItems, shopClient, startEditorApi } from './editor.testing.ts';

/** What a bundle's items need within that bundle only, and how many of each it holds, as staff change them (decision 0125). */
let api: TestApi;
/** The app's clock runs this far ahead of the machine's: a kept bundle page is looked for once the editor's minute has passed. */
let ahead = 0;
const client = (token?: string) => editorClient(api, token);
const shop = () => shopClient(api);
let staff: CatalogueEditorClient;
let bundleIds: number[];
/** Seeded products on sale, none a bundle: to name as essential items. */
let items: StaffProductRow[];
const idsWhere = (condition: ReturnType<typeof sql>, limit: number) => editorIdsWhere(api, condition, limit);

beforeAll(async () => {
  api = await startEditorApi(() => ahead);
  staff = client('manager');
  bundleIds = await idsWhere(sql`is_bundle and withdrawn_at is null`, 6);
  items = await plainItems(api, staff);
});
afterAll(() => api?.close());

/** A seeded bundle, its first item, and products neither in it nor already needed by that item within it. */
async function bundleAt(index: number) {
  const bundle = await staff.getStaffProduct({ params: { id: bundleIds[index]! } });
  const held = bundle.bundleItems[0]!;
  const taken = new Set([...bundle.bundleItems.map((item) => item.productId), ...held.essentials.map((essential) => essential.productId)]);
  return { bundle, held, free: items.filter((row) => !taken.has(row.id)) };
}

/** What the product page lists for the item: its own essentials, then with the bundle those it needs within it. */
const listed = async (sku: string, bundleId?: number) =>
  (await shop().getEssentialItems({ query: { sku, ...(bundleId && { bundleId }) } })).items.map((item) => [
    item.sku,
    item.requirement,
    item.quantity,
    item.withinBundle,
  ]);
const withinIt = (product: StaffProduct, sku: string) =>
  product.bundleItems.find((item) => item.sku === sku)!.essentials.map((essential) => [essential.sku, essential.requirement, essential.quantity]);

describe('what a bundle item needs within the bundle', () => {
  it('added, changed where it is and removed under the bundle’s version: the page lists it with that bundle only, the change list says who', async () => {
    const { bundle, held, free } = await bundleAt(0);
    const [panel] = free;
    const own = await listed(held.sku);
    const before = await listed(held.sku, bundle.id);
    const added = await staff.addStaffBundleEssential({
      params: { id: bundle.id, sku: held.sku },
      body: { version: bundle.version, sku: panel!.defaultSku, requirement: 'recommended', quantity: 2, compatibilityRule: 'in this set → extra panel' },
    });
    expect(added.version).toBe(bundle.version + 1);
    expect(withinIt(added, held.sku)).toEqual([...withinIt(bundle, held.sku), [panel!.defaultSku, 'recommended', 2]]);
    expect([added.audit[0]!.who, added.audit[0]!.what]).toEqual([
      'Ellis Essentials',
      `Essential item of “${held.productName}” (${held.sku}) within the bundle added: “${panel!.name}” (${panel!.defaultSku}), recommended, 2 of them, ` +
        '“in this set → extra panel”',
    ]);
    expect(await listed(held.sku, bundle.id)).toEqual([...before, [panel!.defaultSku, 'recommended', 2, true]]);
    // Bought on its own, or in another bundle, the item does not need it.
    expect(await listed(held.sku)).toEqual(own);

    const essentialId = added.bundleItems[0]!.essentials.find((essential) => essential.sku === panel!.defaultSku)!.id;
    const changed = await client('other').changeStaffBundleEssential({
      params: { id: bundle.id, sku: held.sku, essentialId },
      body: { version: added.version, requirement: 'required', quantity: 1 },
    });
    expect(changed.audit[0]).toMatchObject({
      who: 'Bo Bundles',
      what:
        `Essential item of “${held.productName}” (${held.sku}) within the bundle “${panel!.name}” (${panel!.defaultSku}) changed: ` +
        'recommended → required, quantity 2 → 1',
    });
    expect(await listed(held.sku, bundle.id)).toContainEqual([panel!.defaultSku, 'required', 1, true]);

    const removed = await staff.removeStaffBundleEssential({ params: { id: bundle.id, sku: held.sku, essentialId }, body: { version: changed.version } });
    expect(withinIt(removed, held.sku)).toEqual(withinIt(bundle, held.sku));
    expect(removed.audit[0]!.what).toBe(
      `Essential item of “${held.productName}” (${held.sku}) within the bundle removed: “${panel!.name}” (${panel!.defaultSku}), required`,
    );
    expect(await listed(held.sku, bundle.id)).toEqual(before);
  });

  it('refuses an unknown bundle, an item not in it, bad quantities and reasons, a stale version, other roles, naming the field; nothing changes', async () => {
    const { bundle, held, free } = await bundleAt(1);
    const [item, notHeld] = free;
    const added = await staff.addStaffBundleEssential({
      params: { id: bundle.id, sku: held.sku },
      body: { version: bundle.version, sku: item!.defaultSku, requirement: 'required', compatibilityRule: 'fits' },
    });
    const essentialId = added.bundleItems[0]!.essentials.find((essential) => essential.sku === item!.defaultSku)!.id;
    const [plainId] = await idsWhere(sql`not is_bundle`, 1);
    const body = (extra: object = {}) =>
      ({ version: added.version, sku: free[5]!.defaultSku, requirement: 'required', compatibilityRule: 'fits', ...extra }) as never;
    const add = (extra: object = {}, id = bundle.id, sku = held.sku, editor = staff) =>
      editor.addStaffBundleEssential({ params: { id, sku }, body: body(extra) });
    const change = (extra: object, id = bundle.id, sku = held.sku, row = essentialId, editor = staff) =>
      editor.changeStaffBundleEssential({ params: { id, sku, essentialId: row }, body: { version: added.version, ...extra } as never });
    const remove = (row: number, sku = held.sku, editor = staff) =>
      editor.removeStaffBundleEssential({ params: { id: bundle.id, sku, essentialId: row }, body: { version: added.version } });
    const cases: [() => Promise<unknown>, number, string, string[]][] = [
      [() => add({}, 2_000_000_000), 404, 'BUNDLE_NOT_FOUND', ['params.id']],
      [() => add({}, plainId!), 404, 'BUNDLE_NOT_FOUND', ['params.id']],
      [() => change({ quantity: 2 }, plainId!), 404, 'BUNDLE_NOT_FOUND', ['params.id']],
      [() => add({}, bundle.id, notHeld!.defaultSku), 404, 'BUNDLE_ITEM_NOT_FOUND', ['params.sku']],
      [() => change({ quantity: 2 }, bundle.id, notHeld!.defaultSku), 404, 'BUNDLE_ITEM_NOT_FOUND', ['params.sku']],
      [() => remove(essentialId, notHeld!.defaultSku), 404, 'BUNDLE_ITEM_NOT_FOUND', ['params.sku']],
      [() => add({ sku: held.sku }), 422, 'ITEM_IS_THIS_PRODUCT', ['body.sku']],
      [() => add({ sku: item!.defaultSku }), 422, 'ESSENTIAL_ALREADY_LISTED', ['body.sku']],
      [() => add({ sku: 'NO-SUCH-CODE' }), 422, 'ITEM_SKU_NOT_FOUND', ['body.sku']],
      ...[0, 100, 1.5, '2'].flatMap((quantity): [() => Promise<unknown>, number, string, string[]][] => [
        [() => add({ quantity }), 400, 'VALIDATION_FAILED', ['body.quantity']],
        [() => change({ quantity }), 400, 'VALIDATION_FAILED', ['body.quantity']],
      ]),
      ...['  ', 'x'.repeat(201)].flatMap((compatibilityRule): [() => Promise<unknown>, number, string, string[]][] => [
        [() => add({ compatibilityRule }), 400, 'VALIDATION_FAILED', ['body.compatibilityRule']],
        [() => change({ compatibilityRule }), 400, 'VALIDATION_FAILED', ['body.compatibilityRule']],
      ]),
      [() => remove(2_000_000_000), 404, 'ESSENTIAL_NOT_FOUND', []],
      [() => add({ version: bundle.version }), 409, 'PRODUCT_CHANGED', []],
      [() => change({ quantity: 3, version: bundle.version }), 409, 'PRODUCT_CHANGED', []],
      [() => add({}, bundle.id, held.sku, client('shopper')), 403, 'FORBIDDEN', []],
      [() => change({ quantity: 3 }, bundle.id, held.sku, essentialId, client('discounts')), 403, 'FORBIDDEN', []],
      [() => remove(essentialId, held.sku, client('shopper')), 403, 'FORBIDDEN', []],
      [() => remove(essentialId, held.sku, client()), 401, 'UNAUTHENTICATED', []],
    ];
    const refusals = [];
    for (const [call] of cases) {
      const refused = await failure(call());
      const problem = refused.data as Problem;
      refusals.push([refused.status, refused.code, fields(refused), /\S/.test(problem.detail ?? '') && !/zod|invalid_|expected/i.test(problem.detail ?? '')]);
    }
    expect(refusals).toEqual(cases.map(([, status, code, paths]) => [status, code, paths, true]));
    const after = await staff.getStaffProduct({ params: { id: bundle.id } });
    expect([after.version, after.bundleItems, after.audit]).toEqual([added.version, added.bundleItems, added.audit]);
  });

  it('an essential item of the product itself is not changed or removed through a bundle', async () => {
    const { bundle, held } = await bundleAt(2);
    const ownRow = (await staff.getStaffProduct({ params: { id: held.productId } })).essentials[0];
    expect(ownRow).toBeDefined();
    const refused = await failure(
      staff.changeStaffBundleEssential({ params: { id: bundle.id, sku: held.sku, essentialId: ownRow!.id }, body: { version: bundle.version, quantity: 5 } }),
    );
    expect([refused.status, refused.code]).toEqual([404, 'ESSENTIAL_NOT_FOUND']);
    expect((await staff.getStaffProduct({ params: { id: held.productId } })).essentials[0]).toEqual(ownRow);
  });

  it('taking an item out of the bundle takes what it needed within the bundle with it', async () => {
    const { bundle, held, free } = await bundleAt(3);
    const added = await staff.addStaffBundleEssential({
      params: { id: bundle.id, sku: held.sku },
      body: { version: bundle.version, sku: free[0]!.defaultSku, requirement: 'required', compatibilityRule: 'fits' },
    });
    expect((await listed(held.sku, bundle.id)).filter(([, , , within]) => within).length).toBeGreaterThan(0);
    await staff.removeStaffBundleItem({ params: { id: bundle.id, sku: held.sku }, body: { version: added.version } });
    const rows = (await api.database.db.execute(
      sql`select count(*)::int as n from essential_items where bundle_product_id = ${bundle.id} and product_id = ${held.productId}`,
    )) as unknown as { rows: { n: number }[] };
    expect(Number(rows.rows[0]!.n)).toBe(0);
    // Put back, it needs nothing within the bundle until staff say so again.
    const back = await staff.addStaffBundleItem({ params: { id: bundle.id }, body: { version: added.version + 1, sku: held.sku } });
    expect(withinIt(back, held.sku)).toEqual([]);
  });

  it('two staff adding at once from the same version: one is added, the other is a 409', async () => {
    const { bundle, held, free } = await bundleAt(4);
    const add = (editor: CatalogueEditorClient, sku: string) =>
      editor.addStaffBundleEssential({
        params: { id: bundle.id, sku: held.sku },
        body: { version: bundle.version, sku, requirement: 'required', compatibilityRule: 'fits' },
      });
    const results = await Promise.allSettled([add(staff, free[0]!.defaultSku), add(client('other'), free[1]!.defaultSku)]);
    const lost = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as ApiError] : []));
    expect(lost.map((error) => [error.status, error.code])).toEqual([[409, 'PRODUCT_CHANGED']]);
    const after = await staff.getStaffProduct({ params: { id: bundle.id } });
    expect(after.version).toBe(bundle.version + 1);
    expect(after.bundleItems[0]!.essentials).toHaveLength(held.essentials.length + 1);
    expect(after.audit.filter((entry) => entry.what.includes('within the bundle added'))).toHaveLength(1);
  });
});

describe("a bundle item's quantity", () => {
  const inTheSet = async (slug: string) => {
    ahead += 60_000;
    return (await shop().getProductSummary({ query: { slug } })).bundleComponents.map((component) => [component.sku, component.quantity]);
  };

  it('changed where it is under the version: the page lists it so, the change list says who; bad input and a stale version change nothing', async () => {
    const { bundle, held } = await bundleAt(5);
    const change = (body: object, sku = held.sku, editor = staff) => editor.changeStaffBundleItem({ params: { id: bundle.id, sku }, body: body as never });
    const cases: [() => Promise<unknown>, number, string, string[]][] = [
      ...[0, 100, 1.5, '2', undefined].map((quantity): [() => Promise<unknown>, number, string, string[]] => [
        () => change({ version: bundle.version, quantity }),
        400,
        'VALIDATION_FAILED',
        ['body.quantity'],
      ]),
      [() => change({ version: bundle.version, quantity: 3 }, 'NO-SUCH-CODE'), 404, 'BUNDLE_ITEM_NOT_FOUND', ['params.sku']],
      [() => change({ version: bundle.version + 1, quantity: 3 }), 409, 'PRODUCT_CHANGED', []],
      [() => change({ version: bundle.version, quantity: 3 }, held.sku, client('shopper')), 403, 'FORBIDDEN', []],
    ];
    for (const [call, status, code, paths] of cases) {
      const refused = await failure(call());
      expect([refused.status, refused.code, fields(refused)]).toEqual([status, code, paths]);
    }
    expect((await staff.getStaffProduct({ params: { id: bundle.id } })).version).toBe(bundle.version);

    const changed = await change({ version: bundle.version, quantity: held.quantity + 2 });
    expect(changed.bundleItems.map((item) => [item.sku, item.quantity])).toEqual(
      bundle.bundleItems.map((item) => [item.sku, item.sku === held.sku ? held.quantity + 2 : item.quantity]),
    );
    expect([changed.audit[0]!.who, changed.audit[0]!.what]).toEqual([
      'Ellis Essentials',
      `Bundle item “${held.productName}” (${held.sku}) changed: quantity ${held.quantity} → ${held.quantity + 2}`,
    ]);
    expect(await inTheSet(bundle.slug)).toEqual(changed.bundleItems.map((item) => [item.sku, item.quantity]));
    // The same quantity again is nothing to record.
    const same = await change({ version: changed.version, quantity: held.quantity + 2 });
    expect([same.version, same.audit.length]).toEqual([changed.version + 1, changed.audit.length]);
  });
});
