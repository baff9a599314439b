import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Address } from '@shop/contracts';
import type { Database } from '../../db/client.ts';
import type { DataSubject } from '../../platform/personal-data.ts';
import { orderBasketChanges, orderBaskets, orderBasketStrayPayments, orderChangeHistory } from './order-baskets.tables.ts';

export type OrderBasketRow = typeof orderBaskets.$inferSelect;
export type OrderBasketChangeRow = typeof orderBasketChanges.$inferSelect;

/** The order's open basket; with `lock`, held until the caller's transaction ends (two completions queue here). */
export async function findOpen(db: Database, orderId: string, lock = false): Promise<OrderBasketRow | undefined> {
  const query = db
    .select()
    .from(orderBaskets)
    .where(and(eq(orderBaskets.orderId, orderId), eq(orderBaskets.state, 'open')));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The order's most recent basket, whatever its state. */
export async function findLatest(db: Database, orderId: string): Promise<OrderBasketRow | undefined> {
  const [row] = await db.select().from(orderBaskets).where(eq(orderBaskets.orderId, orderId)).orderBy(desc(orderBaskets.openedAt)).limit(1);
  return row;
}

/** Opens a basket unless one is open already (the partial unique index decides between two at once). */
export async function insertOpen(
  db: Database,
  row: Pick<OrderBasketRow, 'id' | 'orderId' | 'stockHoldKey' | 'orderVersion' | 'openedBy' | 'openedAt' | 'expiresAt'>,
): Promise<void> {
  await db.insert(orderBaskets).values(row).onConflictDoNothing();
}

/** Closes an open basket (expired or completed); false when it was not open any more. */
export async function close(db: Database, id: string, state: 'expired' | 'completed', now: Date): Promise<boolean> {
  const rows = await db
    .update(orderBaskets)
    .set({ state, closedAt: now })
    .where(and(eq(orderBaskets.id, id), eq(orderBaskets.state, 'open')))
    .returning({ id: orderBaskets.id });
  return rows.length > 0;
}

export function changesOf(db: Database, basketId: string): Promise<OrderBasketChangeRow[]> {
  return db.select().from(orderBasketChanges).where(eq(orderBasketChanges.basketId, basketId)).orderBy(asc(orderBasketChanges.id));
}

export async function recordChange(
  db: Database,
  change: { basketId: string; modificationType: number; sku?: string; quantity?: number; address?: Address; actor: string | null; at: Date },
  expiresAt: Date,
): Promise<void> {
  await db.insert(orderBasketChanges).values(change);
  await db
    .update(orderBaskets)
    .set({ expiresAt, ...(change.address ? { deliveryAddress: change.address } : {}) })
    .where(eq(orderBaskets.id, change.basketId));
}

/** Keeps an open basket (and so its changes) until `expiresAt`. */
export async function keepUntil(db: Database, basketId: string, expiresAt: Date): Promise<void> {
  await db
    .update(orderBaskets)
    .set({ expiresAt })
    .where(and(eq(orderBaskets.id, basketId), eq(orderBaskets.state, 'open')));
}

/**
 * Makes `intentRef` the open basket's one payment if the basket still has `expected` (or has this one
 * already: a double press sharing it). False when another payment took its place first.
 */
export async function claimPayment(db: Database, basketId: string, expected: string | null, intentRef: string, pence: number): Promise<boolean> {
  const rows = await db
    .update(orderBaskets)
    .set({ paymentIntentRef: intentRef, paymentPence: pence })
    .where(
      and(
        eq(orderBaskets.id, basketId),
        eq(orderBaskets.state, 'open'),
        or(sql`${orderBaskets.paymentIntentRef} is not distinct from ${expected}`, eq(orderBaskets.paymentIntentRef, intentRef)),
      ),
    )
    .returning({ id: orderBaskets.id });
  return rows.length > 0;
}

export async function insertHistory(db: Database, row: typeof orderChangeHistory.$inferInsert): Promise<void> {
  await db.insert(orderChangeHistory).values(row);
}

/** Open baskets left past their expiry, oldest first (the expiry job). */
export async function expiredOpen(db: Database, now: Date, limit: number): Promise<OrderBasketRow[]> {
  return db
    .select()
    .from(orderBaskets)
    .where(and(eq(orderBaskets.state, 'open'), sql`${orderBaskets.expiresAt} <= ${now}`))
    .orderBy(asc(orderBaskets.expiresAt))
    .limit(limit);
}

/** Changes made by or for a person: addresses they typed (personal data). */
export async function countChangesBy(db: Database, subject: DataSubject): Promise<number> {
  if (!subject.userId) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orderBasketChanges)
    .where(eq(orderBasketChanges.actor, subject.userId));
  return row?.n ?? 0;
}

export async function findById(db: Database, id: string): Promise<OrderBasketRow | undefined> {
  const [row] = await db.select().from(orderBaskets).where(eq(orderBaskets.id, id)).limit(1);
  return row;
}

/** Expired baskets whose payment is still to be let go, the longest waiting first. */
export function paymentsToRelease(db: Database, limit: number): Promise<Pick<OrderBasketRow, 'id' | 'orderId' | 'paymentIntentRef'>[]> {
  return db
    .select({ id: orderBaskets.id, orderId: orderBaskets.orderId, paymentIntentRef: orderBaskets.paymentIntentRef })
    .from(orderBaskets)
    .where(and(eq(orderBaskets.state, 'expired'), sql`${orderBaskets.paymentIntentRef} is not null`, sql`${orderBaskets.paymentReleasedAt} is null`))
    .orderBy(asc(orderBaskets.closedAt))
    .limit(limit);
}

/** Records that the expired basket's payment was let go; false when another run got there first. */
export async function markPaymentReleased(db: Database, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(orderBaskets)
    .set({ paymentReleasedAt: now })
    .where(and(eq(orderBaskets.id, id), sql`${orderBaskets.paymentReleasedAt} is null`))
    .returning({ id: orderBaskets.id });
  return rows.length > 0;
}

/** Notes a taken payment that is not its basket's (once per payment). */
export async function noteStrayPayment(db: Database, intentRef: string, basketId: string, now: Date): Promise<void> {
  await db.insert(orderBasketStrayPayments).values({ intentRef, basketId, notedAt: now }).onConflictDoNothing();
}

/** Noted stray payments not yet refunded, oldest first. */
export function strayPaymentsDue(db: Database, limit: number): Promise<{ intentRef: string; basketId: string }[]> {
  return db
    .select({ intentRef: orderBasketStrayPayments.intentRef, basketId: orderBasketStrayPayments.basketId })
    .from(orderBasketStrayPayments)
    .where(isNull(orderBasketStrayPayments.refundedAt))
    .orderBy(asc(orderBasketStrayPayments.notedAt))
    .limit(limit);
}

export async function markStrayRefunded(db: Database, intentRef: string, now: Date): Promise<void> {
  await db.update(orderBasketStrayPayments).set({ refundedAt: now }).where(eq(orderBasketStrayPayments.intentRef, intentRef));
}
