import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invariantViolations } from '../../testing/order-invariants.ts';
import { startTestApi, type TestApi } from '../../testing/test-api.ts';
import { createInventoryService } from '../inventory/index.ts';

/**
 * The demo seed keeps its own word on the database (as `catalogue/seed-consistency.test.ts` checks
 * the demo catalogue): the two years of trade orders it writes have their stock behind them, as
 * checkout leaves a placed order (docs/domain.md §3), and what the catalogue shows as free is
 * still what it seeded.
 */
let api: TestApi;
const inventory = createInventoryService();
const rows = async <Row>(query: ReturnType<typeof sql>) => ((await api.database.db.execute(query)) as unknown as { rows: Row[] }).rows;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

describe('the seeded orders', () => {
  it('have each stocked line committed to the order, and nothing else committed', async () => {
    const lines = await rows<{ order_number: string; sku: string; wanted: number; committed: number }>(sql`
      select o.order_number, l.sku, l.quantity - l.cancelled_quantity as wanted,
             coalesce((select sum(r.quantity) from stock_reservations r
                       where r.basket_id = o.basket_id and r.sku = l.sku and r.state = 'committed'), 0)::int as committed
      from orders o join order_lines l on l.order_id = o.id join stock_levels s on s.sku = l.sku
      where o.status <> 'cancelled' and s.status <> 'made_to_order'`);
    // Two years of orders for twelve businesses: a thousand lines and more.
    expect(lines.length).toBeGreaterThan(1_000);
    expect(lines.filter((line) => Number(line.committed) !== Number(line.wanted))).toEqual([]);
    // Each sku's counts are its holds: committed to orders, held for payments.
    expect(
      await rows(sql`
        select s.sku, s.committed, s.reserved from stock_counts s
        where s.committed <> coalesce((select sum(r.quantity) from stock_reservations r where r.sku = s.sku and r.state = 'committed'), 0)
           or s.reserved <> coalesce((select sum(r.quantity) from stock_reservations r where r.sku = s.sku and r.state = 'held'), 0)`),
    ).toEqual([]);
    expect(await invariantViolations(api.database.db)).toEqual({});
  });

  it('leave what can be sold as the catalogue seeded it: each stocked sku’s free stock fits the status it shows', async () => {
    expect(
      await rows(sql`
        select sku, status, on_hand - committed - reserved as free from stock_counts
        where not (status = 'made_to_order'
          or (status = 'in_stock' and on_hand - committed - reserved >= 6)
          or (status = 'low_stock' and on_hand - committed - reserved between 1 and 5)
          or (status = 'out_of_stock' and on_hand - committed - reserved = 0))`),
    ).toEqual([]);
  });

  it('give back, cancelled before dispatch, exactly the stock they took, once', async () => {
    const [order] = await rows<{ basket_id: string }>(sql`
      select o.basket_id from orders o where o.status = 'placed' and o.basket_id like 'demo-%'
        and exists (select 1 from order_lines l join stock_levels s on s.sku = l.sku where l.order_id = o.id and s.status <> 'made_to_order')
      order by o.placed_at limit 1`);
    const taken = await rows<{ sku: string; quantity: number; committed: number }>(sql`
      select l.sku, l.quantity, s.committed from order_lines l join orders o on o.id = l.order_id join stock_levels s on s.sku = l.sku
      where o.basket_id = ${order!.basket_id} and s.status <> 'made_to_order' order by l.sku`);
    const given = await api.database.db.transaction((db) => inventory.releaseCommitted({ db }, order!.basket_id));
    expect(given).toEqual(taken.map((line) => ({ sku: line.sku, quantity: line.quantity })));
    for (const line of taken) {
      const [after] = await rows<{ committed: number }>(sql`select committed from stock_counts where sku = ${line.sku}`);
      expect(Number(after!.committed)).toBe(Number(line.committed) - line.quantity);
    }
    expect(await api.database.db.transaction((db) => inventory.releaseCommitted({ db }, order!.basket_id))).toEqual([]);
  });
});
