import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueClient, type CatalogueClient } from '@shop/api-client';
import { startTestApi, type TestApi } from '../../testing/test-api.ts';
import { setStock } from '../../testing/seeded-skus.ts';

let api: TestApi;
let shop: CatalogueClient;

beforeAll(async () => {
  api = await startTestApi();
  shop = createCatalogueClient({ baseUrl: api.serviceUrl('catalogue') });
});
afterAll(() => api?.close());

type Rows<T> = { rows: T[] };
const query = async <T>(text: ReturnType<typeof sql>) => ((await api.database.db.execute(text)) as unknown as Rows<T>).rows;

/** Every variant of a product given this stock. */
async function stockProduct(productId: number, status: string, onHand: number) {
  for (const { sku } of await query<{ sku: string }>(sql`select sku from offerings where product_id = ${productId}`))
    await setStock(api.database.db, sku, status, onHand);
}

/** The product ids of each of the basket page's rows. */
async function basketRows(basketSkus: string[]) {
  const { carousels } = await shop.getCarousels({ body: { pageType: 40, recentlyViewedSkus: [], basketSkus } });
  const ids = (identifier: string) => carousels.find((carousel) => carousel.identifier === identifier)?.products.map((product) => product.id) ?? [];
  return { complete: ids('complete-your-bathroom'), together: ids('bought-together'), titles: carousels.map((carousel) => carousel.title) };
}

describe('complete your bathroom', () => {
  // A basin of the demo catalogue with its required waste and a recommended trap (the seed's essentials).
  let basinSku = '';
  let waste = 0;
  let trap = 0;

  beforeAll(async () => {
    const [found] = await query<{ sku: string; waste: number; trap: number }>(sql`
      select o.sku, w.product_id as waste, t.product_id as trap
      from products p join offerings o on o.product_id = p.id and o.is_default
      join essential_items ew on ew.product_id = p.id and ew.bundle_product_id is null and ew.requirement = 'required'
      join offerings w on w.id = ew.item_offering_id
      join essential_items et on et.product_id = p.id and et.bundle_product_id is null and et.requirement = 'recommended'
      join offerings t on t.id = et.item_offering_id
      join categories c on c.id = p.category_id
      where c.slug = 'pedestal-basins' and w.product_id <> t.product_id
      order by o.sku limit 1`);
    ({ sku: basinSku, waste, trap } = found!);
    await stockProduct(waste, 'in_stock', 40);
    await stockProduct(trap, 'in_stock', 40);
  });

  it('offers what a basin needs before what goes with it, and shows neither again under frequently bought together', async () => {
    const { complete, together, titles } = await basketRows([basinSku]);
    expect(complete.slice(0, 2)).toEqual([waste, trap]);
    expect(titles[0]).toBe('Complete your bathroom');
    expect(together.filter((id) => complete.includes(id))).toEqual([]);
  });

  it('offers no waste once the basket has one, of any make', async () => {
    const [other] = await query<{ sku: string }>(sql`
      select o.sku from offerings o join products p on p.id = o.product_id
      where p.category_id = (select category_id from products where id = ${waste}) and p.id <> ${waste} order by o.sku limit 1`);
    const { complete } = await basketRows([basinSku, other!.sku]);
    expect(complete).not.toContain(waste);
    expect(complete[0]).toBe(trap);
  });

  it('leaves out an item that is out of stock', async () => {
    await stockProduct(waste, 'out_of_stock', 0);
    try {
      expect((await basketRows([basinSku])).complete[0]).toBe(trap);
    } finally {
      await stockProduct(waste, 'in_stock', 40);
    }
  });

  it('is a basket page row only, and not there for an empty basket or a sku the shop does not sell', async () => {
    const product = await shop.getCarousels({ body: { pageType: 30, recentlyViewedSkus: [], basketSkus: [basinSku] } });
    expect(product.carousels.map((carousel) => carousel.identifier)).not.toContain('complete-your-bathroom');
    expect((await basketRows([])).complete).toEqual([]);
    expect((await basketRows(['NO-SUCH-SKU'])).complete).toEqual([]);
  });
});
