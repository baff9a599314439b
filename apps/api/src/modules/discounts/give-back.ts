/**
 * Giving a redemption back (docs/decisions/0010): an order cancelled in full before dispatch never
 * used its discount, so its claim goes: the promotion's usage counter drops by one, a single-use
 * issue code is free to use again (unless withdrawn meanwhile), and the customer's own count falls
 * with the claim row. In the caller's transaction; once only, since the claim row is deleted by the
 * statement that finds it.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { discountClaims, discountIssueCodes, discountPromotions } from './discounts.tables.ts';

/** What was given back, or null when the order claimed no discount (or it was given back already). */
export async function giveBackDiscountClaim(db: Database, orderId: string): Promise<{ promotionId: number; issueCodeId: number | null; amountPence: number } | null> {
  const [claim] = await db
    .delete(discountClaims)
    .where(eq(discountClaims.orderId, orderId))
    .returning({ promotionId: discountClaims.promotionId, issueCodeId: discountClaims.issueCodeId, amountPence: discountClaims.amountPence });
  if (!claim) return null;
  await db
    .update(discountPromotions)
    .set({ claimCount: sql`greatest(${discountPromotions.claimCount} - 1, 0)` })
    .where(eq(discountPromotions.id, claim.promotionId));
  if (claim.issueCodeId !== null) await db.update(discountIssueCodes).set({ claimedAt: null }).where(eq(discountIssueCodes.id, claim.issueCodeId));
  return claim;
}
