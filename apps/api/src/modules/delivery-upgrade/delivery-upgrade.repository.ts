import { and, asc, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { DataSubject } from '../../platform/personal-data.ts';
import { deliveryUpgradePaymentNotes, deliveryUpgrades } from './delivery-upgrade.tables.ts';

export type DeliveryUpgradeRow = typeof deliveryUpgrades.$inferSelect;
export type DeliveryUpgradePatch = Partial<Omit<DeliveryUpgradeRow, 'id' | 'orderId' | 'openedBy' | 'openedAt'>>;

/** The order's open upgrade; with `lock`, held until the caller's transaction ends (two completions queue here). */
export async function findOpen(db: Database, orderId: string, lock = false): Promise<DeliveryUpgradeRow | undefined> {
  const query = db
    .select()
    .from(deliveryUpgrades)
    .where(and(eq(deliveryUpgrades.orderId, orderId), eq(deliveryUpgrades.state, 'open')));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The order's most recent upgrade, whatever its state. */
export async function findLatest(db: Database, orderId: string): Promise<DeliveryUpgradeRow | undefined> {
  const [row] = await db.select().from(deliveryUpgrades).where(eq(deliveryUpgrades.orderId, orderId)).orderBy(desc(deliveryUpgrades.openedAt)).limit(1);
  return row;
}

/** Opens an upgrade unless one is open already (the partial unique index decides between two at once). */
export async function insertOpen(db: Database, row: Pick<DeliveryUpgradeRow, 'id' | 'orderId' | 'orderVersion' | 'openedBy' | 'openedAt'>): Promise<void> {
  await db
    .insert(deliveryUpgrades)
    .values({ ...row, updatedAt: row.openedAt })
    .onConflictDoNothing();
}

/** Changes an open upgrade; false when it is not open any more. */
export async function update(db: Database, id: string, patch: DeliveryUpgradePatch, now: Date): Promise<boolean> {
  const rows = await db
    .update(deliveryUpgrades)
    .set({ ...patch, updatedAt: now })
    .where(and(eq(deliveryUpgrades.id, id), eq(deliveryUpgrades.state, 'open')))
    .returning({ id: deliveryUpgrades.id });
  return rows.length > 0;
}

/**
 * Makes `payment` the open upgrade's one payment if the upgrade still has `expected` (or has this one
 * already: a double press sharing it). False when another payment took its place first.
 */
export async function claimPayment(db: Database, id: string, expected: string | null, payment: { ref: string; pence: number }, now: Date): Promise<boolean> {
  const rows = await db
    .update(deliveryUpgrades)
    .set({ paymentIntentRef: payment.ref, paymentPence: payment.pence, updatedAt: now })
    .where(
      and(
        eq(deliveryUpgrades.id, id),
        eq(deliveryUpgrades.state, 'open'),
        or(sql`${deliveryUpgrades.paymentIntentRef} is not distinct from ${expected}`, eq(deliveryUpgrades.paymentIntentRef, payment.ref)),
      ),
    )
    .returning({ id: deliveryUpgrades.id });
  return rows.length > 0;
}

/** Closes an open upgrade (applied, or its payment refunded); false when it was not open any more. */
export function close(db: Database, id: string, state: 'completed' | 'refunded', now: Date): Promise<boolean> {
  return update(db, id, { state, closedAt: now }, now);
}

/** Upgrades opened by a person, or paid with a billing address they typed (personal data). */
export async function countUpgradesBy(db: Database, subject: DataSubject): Promise<number> {
  if (!subject.userId) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(deliveryUpgrades)
    .where(eq(deliveryUpgrades.openedBy, subject.userId));
  return row?.n ?? 0;
}

export async function findById(db: Database, id: string): Promise<DeliveryUpgradeRow | undefined> {
  const [row] = await db.select().from(deliveryUpgrades).where(eq(deliveryUpgrades.id, id)).limit(1);
  return row;
}

/** Notes a taken payment for an upgrade, due at `dueAt` (once per payment: a repeated event changes nothing). */
export async function notePayment(db: Database, note: { intentRef: string; upgradeId: string; orderNumber: string; dueAt: Date }): Promise<void> {
  await db.insert(deliveryUpgradePaymentNotes).values(note).onConflictDoNothing();
}

/** Claims up to `limit` due notes, each leased until `leaseUntil` (two instances never settle one at once; a crashed one's come back). */
export async function claimDueNotes(
  db: Database,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<{ intentRef: string; upgradeId: string; orderNumber: string }[]> {
  const due = db
    .select({ intentRef: deliveryUpgradePaymentNotes.intentRef })
    .from(deliveryUpgradePaymentNotes)
    .where(and(isNull(deliveryUpgradePaymentNotes.settledAt), lte(deliveryUpgradePaymentNotes.dueAt, now)))
    .orderBy(asc(deliveryUpgradePaymentNotes.dueAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db.update(deliveryUpgradePaymentNotes).set({ dueAt: leaseUntil }).where(inArray(deliveryUpgradePaymentNotes.intentRef, due)).returning({
    intentRef: deliveryUpgradePaymentNotes.intentRef,
    upgradeId: deliveryUpgradePaymentNotes.upgradeId,
    orderNumber: deliveryUpgradePaymentNotes.orderNumber,
  });
}

export async function settleNote(db: Database, intentRef: string, outcome: string, now: Date): Promise<void> {
  await db.update(deliveryUpgradePaymentNotes).set({ settledAt: now, outcome }).where(eq(deliveryUpgradePaymentNotes.intentRef, intentRef));
}

export async function retryNoteAt(db: Database, intentRef: string, at: Date, outcome: string): Promise<void> {
  await db.update(deliveryUpgradePaymentNotes).set({ dueAt: at, outcome }).where(eq(deliveryUpgradePaymentNotes.intentRef, intentRef));
}
