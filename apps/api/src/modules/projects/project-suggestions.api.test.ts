import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectsClient, type ProjectsClient } from '@shop/api-client';
import type { Actor } from '../../platform/context.ts';
import { setStock } from '../../testing/seeded-skus.ts';
import { failure, startTestApi, type TestApi } from '../../testing/test-api.ts';

/** "Complete your bathroom" on a project: what its products need or go with that nothing in it is, at the viewer's prices. */

let api: TestApi;
const actors: Record<string, Actor> = {
  home: { userId: 'user-cyb-home', email: 'cyb-home@example.com', name: 'Jo Homeowner', roles: ['shopper'] },
  trader: { userId: 'user-cyb-trader', email: 'cyb-trader@example.com', name: 'Sam Fitter', roles: ['shopper', 'trade'], tradeAccountId: 'TA-1' },
  eve: { userId: 'user-cyb-eve', email: 'cyb-eve@example.com', name: 'Eve', roles: ['shopper'] },
};
const clients: Record<string, ProjectsClient> = {};

type Rows<T> = { rows: T[] };
const query = async <T>(text: ReturnType<typeof sql>) => ((await api.database.db.execute(text)) as unknown as Rows<T>).rows;

/** A pedestal basin of the demo catalogue, its first required item (a waste) and first recommended one (a trap), both put in stock: default skus. */
let basin = '';
let waste = { productId: 0, sku: '', price: 0 };
let trap = { productId: 0, sku: '' };

beforeAll(async () => {
  api = await startTestApi({ authenticate: async (authorization) => actors[authorization.replace(/^Bearer /, '')] ?? null });
  for (const name of Object.keys(actors)) clients[name] = createProjectsClient({ baseUrl: api.serviceUrl('projects'), getAccessToken: () => name });
  const [found] = await query<{ basin: string; waste: number; waste_sku: string; waste_price: number; trap: number; trap_sku: string }>(sql`
    select o.sku as basin, w.product_id as waste, wd.sku as waste_sku, wp.price_inc_vat as waste_price, t.product_id as trap, td.sku as trap_sku
    from products p join offerings o on o.product_id = p.id and o.is_default
    join essential_items ew on ew.product_id = p.id and ew.bundle_product_id is null and ew.requirement = 'required'
      and ew.position = (select min(position) from essential_items where product_id = p.id and bundle_product_id is null and requirement = 'required')
    join offerings w on w.id = ew.item_offering_id
    join offerings wd on wd.product_id = w.product_id and wd.is_default
    join prices wp on wp.offering_id = wd.id
    join essential_items et on et.product_id = p.id and et.bundle_product_id is null and et.requirement = 'recommended'
      and et.position = (select min(position) from essential_items where product_id = p.id and bundle_product_id is null and requirement = 'recommended')
    join offerings t on t.id = et.item_offering_id
    join offerings td on td.product_id = t.product_id and td.is_default
    join categories c on c.id = p.category_id
    where c.slug = 'pedestal-basins' and w.product_id <> t.product_id
    order by o.sku limit 1`);
  basin = found!.basin;
  waste = { productId: found!.waste, sku: found!.waste_sku, price: Number(found!.waste_price) };
  trap = { productId: found!.trap, sku: found!.trap_sku };
  for (const sku of [waste.sku, trap.sku]) await setStock(api.database.db, sku, 'in_stock', 40);
});
afterAll(() => api?.close());

const create = (who: string, skus: string[]) =>
  clients[who]!.createProject({ body: { name: 'Bathroom refit', items: skus.map((sku) => ({ sku, quantity: 1 })) } });
const suggested = async (who: string, projectId: string) => (await clients[who]!.completeYourBathroom({ params: { projectId } })).items;

describe('complete your bathroom on a project', () => {
  it('offers a basin’s waste before what goes with it, at the viewer’s own prices, and nothing for an empty project', async () => {
    const project = await create('home', [basin]);
    const items = await suggested('home', project.projectId);
    expect(items.slice(0, 2).map((item) => item.productId)).toEqual([waste.productId, trap.productId]);
    expect(items[0]).toMatchObject({ sku: waste.sku, priceIncVat: waste.price });
    expect(items[0]!.imageUrl).toMatch(/\S/);

    const trade = await create('trader', [basin]);
    const tradeWaste = (await suggested('trader', trade.projectId)).find((item) => item.sku === waste.sku)!;
    expect(tradeWaste.priceIncVat).toBeLessThan(waste.price);

    expect(await suggested('home', (await create('home', [])).projectId)).toEqual([]);
  });

  it('offers no waste once the project has one, of any make, and leaves out the product added', async () => {
    const [other] = await query<{ sku: string }>(sql`
      select o.sku from offerings o join products p on p.id = o.product_id
      where p.category_id = (select category_id from products where id = ${waste.productId}) and p.id <> ${waste.productId} order by o.sku limit 1`);
    const withOther = await suggested('home', (await create('home', [basin, other!.sku])).projectId);
    expect(withOther.map((item) => item.productId)).not.toContain(waste.productId);
    expect(withOther[0]!.productId).toBe(trap.productId);

    const project = await create('home', [basin]);
    const params = { projectId: project.projectId };
    expect((await suggested('home', project.projectId))[0]!.productId).toBe(waste.productId);
    await clients.home!.setItems({ params, body: { items: [{ sku: waste.sku, quantity: 1 }] } });
    const after = await suggested('home', project.projectId);
    expect(after.map((item) => item.productId)).not.toContain(waste.productId);
    expect(after[0]!.productId).toBe(trap.productId);
  });

  it('leaves out an item out of stock or withdrawn from sale, and offers it again once it can be sold', async () => {
    const project = await create('home', [basin]);
    await setStock(api.database.db, waste.sku, 'out_of_stock', 0);
    try {
      expect((await suggested('home', project.projectId))[0]!.productId).toBe(trap.productId);
    } finally {
      await setStock(api.database.db, waste.sku, 'in_stock', 40);
    }
    // A price of £0 cannot be stored (prices_positive_check); withdrawn from sale, an item is not offered either.
    await api.database.db.execute(sql`update products set withdrawn_at = now() where id = ${waste.productId}`);
    try {
      expect((await suggested('home', project.projectId)).map((item) => item.productId)).not.toContain(waste.productId);
    } finally {
      await api.database.db.execute(sql`update products set withdrawn_at = null where id = ${waste.productId}`);
    }
    expect((await suggested('home', project.projectId))[0]!.productId).toBe(waste.productId);
  });

  it('is answered only to who may see the project: another customer gets the same 404 as for an unknown one, a viewer their own prices', async () => {
    const project = await create('home', [basin]);
    const refused = await failure(clients.eve!.completeYourBathroom({ params: { projectId: project.projectId } }));
    expect(refused).toMatchObject({ status: 404, code: 'PROJECT_NOT_FOUND' });
    const unknown = await failure(clients.eve!.completeYourBathroom({ params: { projectId: 'no-such-project' } }));
    expect(unknown).toMatchObject({ status: 404, code: 'PROJECT_NOT_FOUND' });
    expect(refused.message).toBe(unknown.message);
    const signedOut = createProjectsClient({ baseUrl: api.serviceUrl('projects') });
    expect((await failure(signedOut.completeYourBathroom({ params: { projectId: project.projectId } }))).status).toBe(401);

    await clients.home!.shareProject({ params: { projectId: project.projectId }, body: { emailAddress: actors.eve!.email!, role: 'view' } });
    expect((await suggested('eve', project.projectId))[0]).toMatchObject({ sku: waste.sku, priceIncVat: waste.price });
  });
});
