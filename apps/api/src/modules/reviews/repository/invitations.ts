import { inArray } from 'drizzle-orm';
import type { Transaction } from '../../../db/client.ts';
import { reviewInvitations } from '../reviews.tables.ts';
import type { Db } from './rows.ts';

// The "review your purchase" e-mails sent: one row per order.

/** Of these orders, those already sent a "review your purchase" e-mail. */
export async function invitedOrders(db: Db, orderIds: readonly string[]): Promise<Set<string>> {
  const asked = await db
    .select({ orderId: reviewInvitations.orderId })
    .from(reviewInvitations)
    .where(inArray(reviewInvitations.orderId, [...orderIds]));
  return new Set(asked.map((row) => row.orderId));
}

/** Claims the orders' invitations (ON CONFLICT DO NOTHING: one claim per order); the ids claimed here. */
export async function claimInvitations(db: Transaction, rows: readonly { orderId: string; emailAddress: string; sentAt: Date }[]): Promise<Set<string>> {
  const claimed = await db
    .insert(reviewInvitations)
    .values([...rows])
    .onConflictDoNothing({ target: reviewInvitations.orderId })
    .returning({ orderId: reviewInvitations.orderId });
  return new Set(claimed.map((row) => row.orderId));
}
