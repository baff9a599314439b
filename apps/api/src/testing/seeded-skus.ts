import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.ts';

export interface SeededSku {
  sku: string;
  price: number;
  exVat: number;
  /** What can be sold: on hand less committed and reserved (inventory's definition; the seed holds nothing). */
  free: number;
}

/**
 * A sku of the demo catalogue matching `where` (over offerings o, products p, prices pr and
 * stock_levels s), so tests name what they need rather than a seed detail that may change.
 * `offset` picks a different one when two tests must not share a sku.
 */
export async function findSeededSku(db: Database, where: SQL, offset = 3): Promise<SeededSku> {
  const result = (await db.execute(
    sql`select o.sku, pr.price_inc_vat as price, pr.price_ex_vat as ex, s.on_hand - s.committed - s.reserved as free
        from offerings o join products p on p.id = o.product_id join prices pr on pr.offering_id = o.id join stock_levels s on s.sku = o.sku
        where ${where} order by o.sku limit 1 offset ${offset}`,
  )) as unknown as { rows: { sku: string; price: number; ex: number; free: number }[] };
  const row = result.rows[0];
  if (!row) throw new Error('The seed has no such sku');
  return { sku: row.sku, price: Number(row.price), exVat: Number(row.ex), free: Number(row.free) };
}

/** Sets a sku's stock for a test (no open orders). */
export const setStock = (db: Database, sku: string, status: string, onHand: number) =>
  db.execute(sql`update stock_levels set status = ${status}, on_hand = ${onHand}, committed = 0 where sku = ${sku}`);
