import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBasketClient, createProjectsClient, type BasketClient, type ProjectsClient } from '@shop/api-client';
import type { Actor } from '../../platform/context.ts';
import { findSeededSku, setStock, type SeededSku } from '../../testing/seeded-skus.ts';
import { failure, startTestApi, type TestApi } from '../../testing/test-api.ts';
import { readOutbox } from '../notifications/testing.ts';

let api: TestApi;
const actors: Record<string, Actor> = {
  trader: { userId: 'user-p-trader', email: 'installer@example.com', name: 'Sam Fitter', roles: ['shopper', 'trade'], tradeAccountId: 'TA-1' },
  home: { userId: 'user-p-home', email: 'homeowner@example.com', name: 'Jo Homeowner', roles: ['shopper'] },
  eve: { userId: 'user-p-eve', email: 'eve@example.com', name: 'Eve', roles: ['shopper'] },
  ed: { userId: 'user-p-ed', email: 'editor@example.com', name: 'Ed', roles: ['shopper'] },
};
const clients: Record<string, ProjectsClient> = {};
const baskets: Record<string, BasketClient> = {};
let guest: ProjectsClient;
const skus: Record<string, SeededSku> = {};
/** A product sold in two sizes: its two skus. */
let sizes: [string, string];
let otherProductSku: string;

beforeAll(async () => {
  api = await startTestApi({ authenticate: async (authorization) => actors[authorization.replace(/^Bearer /, '')] ?? null });
  guest = createProjectsClient({ baseUrl: api.serviceUrl('projects') });
  for (const name of Object.keys(actors)) {
    clients[name] = createProjectsClient({ baseUrl: api.serviceUrl('projects'), getAccessToken: () => name });
    baskets[name] = createBasketClient({ baseUrl: api.serviceUrl('basket'), getAccessToken: () => name });
  }
  const db = api.database.db;
  const inStock = sql`s.status = 'in_stock' and not p.is_bundle and s.on_hand >= 20 and pr.was_price_inc_vat is null`;
  skus.basin = await findSeededSku(db, inStock, 1);
  skus.tap = await findSeededSku(db, inStock, 2);
  skus.valve = await findSeededSku(db, inStock, 3);
  skus.out = await findSeededSku(db, sql`s.status = 'out_of_stock'`);
  const result = (await db.execute(
    sql`select o.sku, o.product_id from offerings o join stock_levels s on s.sku = o.sku
        where o.product_id in (select product_id from offerings group by product_id having count(*) >= 2) and s.status = 'in_stock'
        order by o.product_id, o.sku limit 2`,
  )) as unknown as { rows: { sku: string; product_id: number }[] };
  sizes = [result.rows[0]!.sku, result.rows[1]!.sku];
  otherProductSku = skus.tap.sku;
});
afterAll(() => api.close());

/** How many changes to products this instance has heard of (its own and other instances'). */
const heardOfProducts = () => {
  const heard = api.app.platform.changes.heard();
  return heard.catalogue + heard.products;
};

/**
 * A change made in the database as staff's edits make it; back once this instance has heard of it,
 * as every instance does within moments: until then a project shows the offerings' facts it keeps (decision 0096).
 */
async function changeInTheCatalogue(statement: SQL): Promise<void> {
  const before = heardOfProducts();
  await api.database.db.execute(statement);
  await expect.poll(heardOfProducts).toBeGreaterThan(before);
}

const create = (who: string, name: string, items: { sku: string; quantity?: number; note?: string }[] = []) =>
  clients[who]!.createProject({ body: { name, items } });

describe('projects of one customer', () => {
  it('create, list with paging, open with lines at the owner’s prices, edit and delete', async () => {
    const project = await create('home', ' Flat 4 bathroom refit ', [
      { sku: skus.basin!.sku, quantity: 2, note: 'en-suite' },
      { sku: skus.tap!.sku, quantity: 1 },
    ]);
    expect(project).toMatchObject({ name: 'Flat 4 bathroom refit', access: 'owner', sharedBy: null, totalCount: 2, version: 2 });
    const basin = project.lines.find((line) => line.sku === skus.basin!.sku)!;
    expect(basin).toMatchObject({ quantity: 2, note: 'en-suite', priceIncVat: skus.basin!.price, lineTotalIncVat: 2 * skus.basin!.price, available: true });
    expect(project.totals).toEqual({ lineCount: 2, availableIncVat: 2 * skus.basin!.price + skus.tap!.price });

    await create('home', 'Kitchen');
    const list = await clients.home!.listProjects({ query: { pageNumber: 1, pageSize: 1 } });
    expect(list).toMatchObject({ pageNumber: 1, pageSize: 1, totalCount: 2, totalPages: 2, projects: [{ name: 'Kitchen', lineCount: 0 }] });
    const second = await clients.home!.listProjects({ query: { pageNumber: 2, pageSize: 1 } });
    expect(second.projects[0]).toMatchObject({ name: 'Flat 4 bathroom refit', lineCount: 2 });

    const page = await clients.home!.getProject({ params: { projectId: project.projectId }, query: { pageNumber: 2, pageSize: 1 } });
    expect(page).toMatchObject({ totalCount: 2, totalPages: 2, lines: [{ sku: skus.basin!.sku }] });

    const edited = await clients.home!.editProject({
      params: { projectId: project.projectId },
      body: { name: 'Flat 4', siteReference: 'JOB-114', version: project.version },
    });
    expect(edited).toMatchObject({ name: 'Flat 4', siteReference: 'JOB-114', version: project.version + 1 });

    expect(await clients.home!.deleteProject({ params: { projectId: project.projectId } })).toEqual({ projectId: project.projectId, deleted: true });
    expect(await failure(clients.home!.getProject({ params: { projectId: project.projectId } }))).toMatchObject({ status: 404, code: 'PROJECT_NOT_FOUND' });
  });

  it('set items: add, change quantity and note, remove; say which skus are in a project', async () => {
    const project = await create('eve', 'Cloakroom', [{ sku: skus.basin!.sku }]);
    const params = { projectId: project.projectId };
    let changed = await clients.eve!.setItems({ params, body: { items: [{ sku: skus.tap!.sku, quantity: 3, note: 'basin tap' }] } });
    expect(changed.lines.map((line) => [line.sku, line.quantity, line.note])).toEqual([
      [skus.tap!.sku, 3, 'basin tap'],
      [skus.basin!.sku, 1, null],
    ]);
    changed = await clients.eve!.setItems({ params, body: { items: [{ sku: skus.tap!.sku, quantity: 4 }], removeSkus: [skus.basin!.sku] } });
    expect(changed.lines.map((line) => [line.sku, line.quantity, line.note])).toEqual([[skus.tap!.sku, 4, 'basin tap']]);

    const found = await clients.eve!.checkIfVariantsExistInProject({ params, body: [skus.tap!.sku, skus.basin!.sku] });
    expect(found).toEqual({ found: [{ sku: skus.tap!.sku, projectId: project.projectId, projectName: 'Cloakroom' }] });
    const anywhere = await clients.eve!.checkIfVariantsExistInProject({ params: { projectId: 'mine' }, body: [skus.tap!.sku] });
    expect(anywhere.found).toContainEqual({ sku: skus.tap!.sku, projectId: project.projectId, projectName: 'Cloakroom' });
  });

  it('swap a line to another size of the same product, keeping its quantity and note; refuse another product’s variant', async () => {
    const project = await create('eve', 'Swap', [{ sku: sizes[0], quantity: 5, note: 'left wall' }]);
    const params = { projectId: project.projectId };
    expect(project.lines[0]!.variants.map((variant) => variant.sku)).toContain(sizes[1]);
    const swapped = await clients.eve!.updateProjectItemVariant({ params, body: { sku: sizes[0], newSku: sizes[1] } });
    expect(swapped.lines.map((line) => [line.sku, line.quantity, line.note])).toEqual([[sizes[1], 5, 'left wall']]);
    const refused = await failure(clients.eve!.updateProjectItemVariant({ params, body: { sku: sizes[1], newSku: otherProductSku } }));
    expect(refused).toMatchObject({ status: 422, code: 'PROJECT_VARIANT_OF_ANOTHER_PRODUCT' });
    expect((await clients.eve!.getProject({ params })).lines.map((line) => line.sku)).toEqual([sizes[1]]);
  });

  it('refresh reports what changed since the viewer last looked', async () => {
    const project = await create('eve', 'Refresh', [{ sku: skus.valve!.sku }]);
    const params = { projectId: project.projectId };
    expect((await clients.eve!.getProject({ params, query: { refreshProject: 'true' } })).notices).toEqual([]);
    await changeInTheCatalogue(
      sql`update prices set price_inc_vat = price_inc_vat + 500, price_ex_vat = price_ex_vat + 417
        where offering_id = (select id from offerings where sku = ${skus.valve!.sku})`,
    );
    const refreshed = await clients.eve!.getProject({ params, query: { refreshProject: 'true' } });
    expect(refreshed.notices).toEqual([
      expect.objectContaining({ type: 'price_up', sku: skus.valve!.sku, from: skus.valve!.price, to: skus.valve!.price + 500 }),
    ]);
    expect((await clients.eve!.getProject({ params, query: { refreshProject: 'true' } })).notices).toEqual([]);
  });

  it('names a line whose product was withdrawn as the customer knew it, priced at nothing, and says it is no longer sold', async () => {
    const held = await findSeededSku(
      api.database.db,
      sql`s.status = 'in_stock' and not p.is_bundle and s.on_hand >= 20 and o.label not in ('', 'Standard')`,
      5,
    );
    const { rows } = (await api.database.db.execute(
      sql`select p.id, p.name, o.label from offerings o join products p on p.id = o.product_id where o.sku = ${held.sku}`,
    )) as unknown as { rows: { id: number; name: string; label: string }[] };
    const product = rows[0]!;
    const project = await create('eve', 'Withdrawn', [{ sku: held.sku, quantity: 2 }]);
    const params = { projectId: project.projectId };
    expect((await clients.eve!.getProject({ params, query: { refreshProject: 'true' } })).notices).toEqual([]);
    await changeInTheCatalogue(sql`update products set withdrawn_at = now() where id = ${product.id}`);
    try {
      const refreshed = await clients.eve!.getProject({ params, query: { refreshProject: 'true' } });
      expect(refreshed.lines[0]).toMatchObject({
        sku: held.sku,
        productName: product.name,
        label: product.label,
        available: false,
        priceIncVat: 0,
        quantity: 2,
      });
      expect(refreshed.notices).toEqual([{ type: 'unavailable', sku: held.sku, message: `${product.name} (${product.label}) is no longer sold.` }]);
    } finally {
      await api.database.db.execute(sql`update products set withdrawn_at = null where id = ${product.id}`);
    }
  });

  it('refuses bad input with its own code, changing nothing', async () => {
    const project = await create('eve', 'Bad input', [{ sku: skus.basin!.sku }]);
    const params = { projectId: project.projectId };
    const many = Array.from({ length: 501 }, (_, i) => ({ sku: `NO-SUCH-${i}`, quantity: 1 }));
    const cases: [() => Promise<unknown>, number, string][] = [
      [() => clients.eve!.setItems({ params, body: { items: [{ sku: skus.tap!.sku, quantity: 0 }] } }), 400, 'PROJECT_QUANTITY_OUT_OF_RANGE'],
      [() => clients.eve!.setItems({ params, body: { items: [{ sku: skus.tap!.sku, quantity: 1000 }] } }), 400, 'PROJECT_QUANTITY_OUT_OF_RANGE'],
      [() => clients.eve!.setItems({ params, body: { items: [{ sku: skus.tap!.sku, quantity: 1.5 }] } }), 400, 'PROJECT_QUANTITY_NOT_WHOLE'],
      [() => clients.eve!.setItems({ params, body: { items: [{ sku: 'NO-SUCH-SKU', quantity: 1 }] } }), 422, 'PROJECT_SKU_UNKNOWN'],
      [() => clients.eve!.setItems({ params, body: { items: many } }), 422, 'PROJECT_TOO_MANY_LINES'],
      [() => clients.eve!.createProject({ body: { name: ' ' } }), 400, 'VALIDATION_FAILED'],
      [() => clients.eve!.updateProjectItemVariant({ params, body: { sku: skus.tap!.sku, newSku: skus.basin!.sku } }), 404, 'PROJECT_LINE_NOT_FOUND'],
      [() => guest.getProject({ params }), 401, 'UNAUTHENTICATED'],
    ];
    for (const [call, status, code] of cases) expect(await failure(call())).toMatchObject({ status, code });
    const after = await clients.eve!.getProject({ params });
    expect([after.version, after.lines.map((line) => line.quantity)]).toEqual([project.version, [1]]);
  });

  it('holds at most 500 lines', async () => {
    const result = (await api.database.db.execute(sql`select sku from offerings order by sku limit 501`)) as unknown as { rows: { sku: string }[] };
    const all = result.rows.map((row) => ({ sku: row.sku, quantity: 1 }));
    const project = await create('ed', 'Big', all.slice(0, 500));
    expect(project.totals.lineCount).toBe(500);
    const refused = await failure(clients.ed!.setItems({ params: { projectId: project.projectId }, body: { items: [all[500]!] } }));
    expect(refused).toMatchObject({ status: 422, code: 'PROJECT_TOO_MANY_LINES' });
    await clients.ed!.deleteProject({ params: { projectId: project.projectId } });
  });

  it('answers another customer’s project as unknown, for every call', async () => {
    const project = await create('home', 'Private', [{ sku: skus.basin!.sku }]);
    const params = { projectId: project.projectId };
    const calls: (() => Promise<unknown>)[] = [
      () => clients.eve!.getProject({ params }),
      () => clients.eve!.editProject({ params, body: { name: 'Mine now' } }),
      () => clients.eve!.setItems({ params, body: { items: [{ sku: skus.tap!.sku, quantity: 1 }] } }),
      () => clients.eve!.deleteProject({ params }),
      () => clients.eve!.checkIfVariantsExistInProject({ params, body: [skus.basin!.sku] }),
      () => clients.eve!.addAllToBasket({ params, body: {} }),
      () => clients.eve!.updateProjectItemVariant({ params, body: { sku: skus.basin!.sku, newSku: skus.basin!.sku } }),
      () => clients.eve!.shareProject({ params, body: { emailAddress: 'eve@example.com', role: 'edit' } }),
      () => clients.eve!.createProject({ body: { name: 'Copy', copyFromProjectId: project.projectId } }),
      () => clients.eve!.getProject({ params: { projectId: 'no-such-project' } }),
    ];
    for (const call of calls) expect(await failure(call())).toMatchObject({ status: 404, code: 'PROJECT_NOT_FOUND' });
    expect((await clients.home!.getProject({ params })).version).toBe(project.version);
  });
});

describe('add all to the basket', () => {
  it('adds what can be sold, reports each line not added and why, and leaves the project unchanged', async () => {
    const db = api.database.db;
    const capped = await findSeededSku(db, sql`s.status = 'in_stock' and not p.is_bundle and s.on_hand >= 20`, 7);
    await setStock(db, capped.sku, 'low_stock', 2);
    const project = await create('eve', 'Add all', [
      { sku: skus.basin!.sku, quantity: 2 },
      { sku: skus.out!.sku, quantity: 1 },
      { sku: capped.sku, quantity: 5 },
    ]);
    const params = { projectId: project.projectId };
    const added = await clients.eve!.addAllToBasket({ params, body: {} });
    expect(added.added).toEqual([
      { sku: skus.basin!.sku, quantity: 2 },
      { sku: capped.sku, quantity: 2 },
    ]);
    expect(added.notAdded).toEqual([
      expect.objectContaining({ sku: skus.out!.sku, reason: 'out_of_stock', wanted: 1, added: 0, message: expect.stringContaining('out of stock') }),
      expect.objectContaining({ sku: capped.sku, reason: 'capped_to_stock', wanted: 5, added: 2, message: expect.stringContaining('Only 2') }),
    ]);
    const basket = await baskets.eve!.getBasket({ params: { basketId: added.basketId } });
    expect(Object.fromEntries(basket.lines.map((line) => [line.sku, line.quantity]))).toEqual({ [skus.basin!.sku]: 2, [capped.sku]: 2 });
    const after = await clients.eve!.getProject({ params });
    expect([after.version, after.totalCount]).toEqual([project.version, 3]);
  });

  it('pressed twice with one key adds once', async () => {
    const project = await create('ed', 'Twice', [{ sku: skus.tap!.sku, quantity: 1 }]);
    const params = { projectId: project.projectId };
    const key = { headers: { 'idempotency-key': `add-all-${project.projectId}` } };
    const results = await Promise.allSettled([clients.ed!.addAllToBasket({ params, body: {} }, key), clients.ed!.addAllToBasket({ params, body: {} }, key)]);
    // A press that arrives while the first runs is told so (409) and adds nothing; a later one replays the answer.
    const outcomes = results.map((result) => (result.status === 'fulfilled' ? 'added' : (result.reason as { code?: string }).code));
    expect(outcomes).toContain('added');
    expect(outcomes.filter((outcome) => outcome !== 'added' && outcome !== 'IDEMPOTENCY_IN_PROGRESS')).toEqual([]);
    const replay = await clients.ed!.addAllToBasket({ params, body: {} }, key);
    const basket = await baskets.ed!.getBasket({ params: { basketId: replay.basketId } });
    expect(basket.lines.find((line) => line.sku === skus.tap!.sku)!.quantity).toBe(1);
  });
});

describe('sharing', () => {
  it('shares as view with a homeowner, who sees their own (retail) prices and can copy it and add it to their basket', async () => {
    const project = await create('trader', 'Flat 4 bathroom refit', [{ sku: skus.basin!.sku, quantity: 1, note: 'en-suite' }]);
    const params = { projectId: project.projectId };
    const tradePrice = project.lines[0]!.priceIncVat;
    expect(tradePrice).toBeLessThan(skus.basin!.price);

    const shared = await clients.trader!.shareProject({ params, body: { emailAddress: ' Homeowner@Example.com ', role: 'view' } });
    expect(shared.shares).toEqual([expect.objectContaining({ emailAddress: 'homeowner@example.com', role: 'view' })]);
    const [email] = await readOutbox(api.database.db, { to: 'homeowner@example.com', template: 'projects.shared' });
    expect(email!.subject).toBe('Sam Fitter shared a project with you: Flat 4 bathroom refit');
    expect(email!.text).toContain(`/account/projects/${project.projectId}`);
    expect(email!.text).not.toContain(String(tradePrice / 100));

    const mine = await clients.home!.retrieveShares({ query: { pageNumber: 1, pageSize: 10 }, body: {} });
    expect(mine.projects).toEqual([expect.objectContaining({ projectId: project.projectId, access: 'view', sharedBy: 'Sam Fitter', lineCount: 1 })]);
    const seen = await clients.home!.getProject({ params });
    expect(seen).toMatchObject({ access: 'view', sharedBy: 'Sam Fitter', shares: [], orders: [] });
    expect(seen.lines[0]).toMatchObject({ priceIncVat: skus.basin!.price, note: 'en-suite' });
    expect(JSON.stringify(seen)).not.toContain(`"priceIncVat":${tradePrice}`);

    const refused = await failure(clients.home!.setItems({ params, body: { items: [{ sku: skus.tap!.sku, quantity: 1 }] } }));
    expect(refused).toMatchObject({ status: 403, code: 'PROJECT_VIEW_ONLY' });
    expect(await failure(clients.home!.shareProject({ params, body: { emailAddress: 'eve@example.com' } }))).toMatchObject({ status: 403 });

    const copy = await clients.home!.createProject({ body: { name: 'Our bathroom', copyFromProjectId: project.projectId } });
    expect(copy).toMatchObject({ access: 'owner', lines: [{ sku: skus.basin!.sku, note: 'en-suite', priceIncVat: skus.basin!.price }] });
    const added = await clients.home!.addAllToBasket({ params, body: {} });
    expect(added.added).toEqual([{ sku: skus.basin!.sku, quantity: 1 }]);
  });

  it('lets an editor change lines; the owner changes the role and stops sharing', async () => {
    const project = await create('trader', 'Shared edit', [{ sku: skus.basin!.sku }]);
    const params = { projectId: project.projectId };
    await clients.trader!.shareProject({ params, body: { emailAddress: 'editor@example.com', role: 'edit' } });
    const edited = await clients.ed!.setItems({ params, body: { items: [{ sku: skus.tap!.sku, quantity: 2 }] } });
    expect(edited).toMatchObject({ access: 'edit', totalCount: 2 });
    expect(await failure(clients.ed!.deleteProject({ params }))).toMatchObject({ status: 403, code: 'PROJECT_OWNER_ONLY' });

    const changed = await clients.trader!.shareProject({ params, body: { emailAddress: 'editor@example.com', role: 'view' } });
    expect(changed.message).toContain('can now view');
    expect(await failure(clients.ed!.setItems({ params, body: { removeSkus: [skus.tap!.sku] } }))).toMatchObject({ status: 403 });
    const stopped = await clients.trader!.shareProject({ params, body: { emailAddress: 'editor@example.com', role: 'none' } });
    expect(stopped.shares).toEqual([]);
    expect(await failure(clients.ed!.getProject({ params }))).toMatchObject({ status: 404, code: 'PROJECT_NOT_FOUND' });
  });

  it('refuses sharing with yourself; answers an address without an account as any other, and the share waits for it', async () => {
    const project = await create('trader', 'Invite', [{ sku: skus.basin!.sku }]);
    const params = { projectId: project.projectId };
    expect(await failure(clients.trader!.shareProject({ params, body: { emailAddress: 'INSTALLER@example.com' } }))).toMatchObject({
      status: 422,
      code: 'PROJECT_SHARE_WITH_SELF',
    });
    expect(await failure(clients.trader!.shareProject({ params, body: { emailAddress: 'not an address' } }))).toMatchObject({ status: 400 });
    const known = await clients.trader!.shareProject({ params, body: { emailAddress: 'eve@example.com' } });
    const unknown = await clients.trader!.shareProject({ params, body: { emailAddress: 'new-person@example.com' } });
    expect(unknown.message.replace('new-person@example.com', 'X')).toBe(known.message.replace('eve@example.com', 'X'));
    const [toKnown] = await readOutbox(api.database.db, { to: 'eve@example.com', template: 'projects.shared' });
    const [toUnknown] = await readOutbox(api.database.db, { to: 'new-person@example.com', template: 'projects.shared' });
    expect(toUnknown!.text).toBe(toKnown!.text);
    // Whoever later signs in with the address finds it waiting.
    actors.newcomer = { userId: 'user-p-new', email: 'new-person@example.com', name: 'New', roles: ['shopper'] };
    const newcomer = createProjectsClient({ baseUrl: api.serviceUrl('projects'), getAccessToken: () => 'newcomer' });
    expect((await newcomer.retrieveShares({ body: {} })).projects.map((entry) => entry.projectId)).toEqual([project.projectId]);
  });
});

describe('two people changing one project at once', () => {
  it('keeps both changes to different lines', async () => {
    const project = await create('trader', 'Race lines', [{ sku: skus.basin!.sku }]);
    const params = { projectId: project.projectId };
    await clients.trader!.shareProject({ params, body: { emailAddress: 'editor@example.com', role: 'edit' } });
    await Promise.all([
      clients.trader!.setItems({ params, body: { items: [{ sku: skus.tap!.sku, quantity: 2, note: 'owner' }] } }),
      clients.ed!.setItems({ params, body: { items: [{ sku: skus.valve!.sku, quantity: 3, note: 'editor' }] } }),
      clients.trader!.setItems({ params, body: { items: [{ sku: skus.basin!.sku, quantity: 4 }] } }),
    ]);
    const after = await clients.trader!.getProject({ params });
    expect(Object.fromEntries(after.lines.map((line) => [line.sku, [line.quantity, line.note]]))).toEqual({
      [skus.basin!.sku]: [4, null],
      [skus.tap!.sku]: [2, 'owner'],
      [skus.valve!.sku]: [3, 'editor'],
    });
    expect(after.version).toBe(project.version + 3);
  });

  it('answers the second of two edits from the same version with 409 and the version as it is now', async () => {
    const project = await create('trader', 'Race edit');
    const params = { projectId: project.projectId };
    const results = await Promise.allSettled([
      clients.trader!.editProject({ params, body: { name: 'Tab one', version: project.version } }),
      clients.trader!.editProject({ params, body: { name: 'Tab two', version: project.version } }),
    ]);
    const won = results.filter((result) => result.status === 'fulfilled');
    const lost = results.filter((result) => result.status === 'rejected');
    expect([won.length, lost.length]).toEqual([1, 1]);
    expect(lost[0]!.reason).toMatchObject({ status: 409, code: 'PROJECT_CHANGED', data: expect.objectContaining({ currentVersion: project.version + 1 }) });
    const after = await clients.trader!.getProject({ params });
    expect(after.name).toBe((won[0] as PromiseFulfilledResult<{ name: string }>).value.name);
  });
});
