import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';

/**
 * The money and stock invariants (issue: "after every such test, invariant queries return no
 * rows"). Each query names what it finds; all must come back empty.
 */
const INVARIANTS = {
  basketWithTwoOrders: sql`select basket_id from orders group by basket_id having count(*) > 1`,
  paymentWithTwoOrders: sql`select payment_intent_ref from orders group by payment_intent_ref having count(*) > 1`,
  negativeStock: sql`select sku from stock_levels where reserved < 0 or committed < 0 or (status <> 'made_to_order' and on_hand - committed - reserved < 0)`,
  codeUsedPastItsLimit: sql`select p.promotion_code from discount_promotions p
    where p.usage_limit is not null and (select count(*) from discount_claims c where c.promotion_id = p.id) > p.usage_limit`,
  issueCodeClaimedTwice: sql`select issue_code_id from discount_claims where issue_code_id is not null group by issue_code_id having count(*) > 1`,
  capturedDiffersFromTotal: sql`select order_number from orders where status not in ('refunded', 'cancelled') and captured_pence <> total_pence`,
  orderWithoutLines: sql`select o.order_number from orders o where not exists (select 1 from order_lines l where l.order_id = o.id)`,
  linesNotAddingUp: sql`select o.order_number from orders o
    where o.goods_pence <> (select sum(l.line_total_inc_vat) from order_lines l where l.order_id = o.id)`,
  refundsNotAddingUp: sql`select o.order_number from orders o
    where o.refunded_pence <> coalesce((select sum(r.amount_pence) from order_refunds r where r.order_id = o.id and r.state = 'succeeded'), 0)`,
  refundedStatusDisagrees: sql`select order_number from orders
    where (status in ('refunded', 'cancelled') and refunded_pence <> captured_pence)
       or (status not in ('refunded', 'cancelled') and captured_pence > 0 and refunded_pence = captured_pence)`,
  cancelledStockStillCommitted: sql`select o.order_number from orders o join stock_reservations r on r.basket_id = o.basket_id
    where o.status = 'cancelled' and r.state = 'committed'`,
  cancelledOrderKeepsDiscountClaim: sql`select o.order_number from orders o join discount_claims c on c.order_id = o.id::text where o.status = 'cancelled'`,
};

export async function invariantViolations(db: Database): Promise<Record<string, unknown[]>> {
  const found: Record<string, unknown[]> = {};
  for (const [name, query] of Object.entries(INVARIANTS)) {
    const result = (await db.execute(query)) as unknown as { rows: unknown[] };
    if (result.rows.length > 0) found[name] = result.rows;
  }
  return found;
}
