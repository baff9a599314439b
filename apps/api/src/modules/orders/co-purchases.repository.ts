import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orderLines, orders } from './orders.tables.ts';

/** Products bought in the same orders: how many orders, how many held each product, and each pair bought together enough. */
export interface CoPurchases {
  orders: number;
  holding: Map<number, number>;
  together: [productId: number, otherProductId: number, orders: number][];
}

/**
 * Orders placed since `since`, as products (`productOfSku` groups a product's variants; orders keep
 * skus): an order cancelled or refunded in full, and lines cancelled in full, bought nothing. A
 * pair is returned once (lower id first) when at least `minTogether` orders hold both.
 */
export async function coPurchasesSince(db: Database, since: Date, productOfSku: ReadonlyMap<string, number>, minTogether: number): Promise<CoPurchases> {
  const skus = sql.param([...productOfSku.keys()]);
  const productIds = sql.param([...productOfSku.values()]);
  const result = (await db.execute(sql`with product_of as (select * from unnest(${skus}::text[], ${productIds}::int[]) as p(sku, product_id)),
      bought as (
        select distinct l.order_id, p.product_id
        from ${orderLines} l join ${orders} o on o.id = l.order_id join product_of p on p.sku = l.sku
        where o.placed_at >= ${since} and o.status not in ('cancelled', 'refunded') and l.quantity > l.cancelled_quantity)
    select 'orders' as kind, null::int as a, null::int as b, count(distinct order_id)::int as n from bought
    union all
    select 'holding', product_id, null, count(*)::int from bought group by product_id
    union all
    select 'together', x.product_id, y.product_id, count(*)::int
    from bought x join bought y on y.order_id = x.order_id and y.product_id > x.product_id
    group by x.product_id, y.product_id having count(*) >= ${minTogether}`)) as unknown as {
    rows: { kind: 'orders' | 'holding' | 'together'; a: number | null; b: number | null; n: number }[];
  };
  const counts: CoPurchases = { orders: 0, holding: new Map(), together: [] };
  for (const { kind, a, b, n } of result.rows) {
    if (kind === 'orders') counts.orders = n;
    else if (kind === 'holding') counts.holding.set(a!, n);
    else counts.together.push([a!, b!, n]);
  }
  return counts;
}
