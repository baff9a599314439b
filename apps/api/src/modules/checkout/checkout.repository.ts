import { and, asc, count, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { builtOnce } from '../../db/built-once.ts';
import { addressesOf, type DataSubject } from '../../platform/personal-data.ts';
import { checkouts, paymentRecoveries } from './checkout.tables.ts';

export type CheckoutRow = typeof checkouts.$inferSelect;
export type CheckoutChange = Partial<Omit<typeof checkouts.$inferInsert, 'basketId' | 'updatedAt'>>;

// Read on every checkout call: built once (decision 0151).
const checkoutOf = builtOnce<{ basketId: string }, CheckoutRow[]>((db) =>
  db
    .select()
    .from(checkouts)
    .where(eq(checkouts.basketId, sql.placeholder('basketId')))
    .prepare('find_checkout'),
);

export async function findCheckout(db: Database, basketId: string): Promise<CheckoutRow | undefined> {
  const [row] = await checkoutOf(db, { basketId });
  return row;
}

/**
 * Creates the basket's checkout or changes the given fields of it; returns it as saved, or undefined
 * when the basket went meanwhile (became an order, or was merged): its checkout goes with it.
 */
export async function saveCheckout(db: Database, basketId: string, change: CheckoutChange, now: Date): Promise<CheckoutRow | undefined> {
  try {
    const [row] = await db
      .insert(checkouts)
      .values({ basketId, ...change, updatedAt: now })
      .onConflictDoUpdate({ target: checkouts.basketId, set: { ...change, updatedAt: now } })
      .returning();
    return row!;
  } catch (error) {
    // 23503: the basket it belongs to is not there (a foreign key violation).
    if ((error as { cause?: { code?: string } }).cause?.code === '23503') return undefined;
    throw error;
  }
}

/** Billing goes to the delivery address; undefined (nothing changed) when the basket has none yet. */
export async function billToDeliveryAddress(
  db: Database,
  basketId: string,
  now: Date,
  also: { orderReference?: string | null } = {},
): Promise<CheckoutRow | undefined> {
  const [row] = await db
    .update(checkouts)
    .set({ billingSameAsDelivery: true, billingAddress: null, ...also, updatedAt: now })
    .where(and(eq(checkouts.basketId, basketId), isNotNull(checkouts.deliveryAddress)))
    .returning();
  return row;
}

/** The payment in progress is given up: the next start makes a new one. Returns the checkout as it is now. */
export async function clearPayment(db: Database, basketId: string, now: Date): Promise<CheckoutRow | undefined> {
  const [row] = await db
    .update(checkouts)
    .set({
      paymentIntentRef: null,
      paymentAmountPence: null,
      paymentFingerprint: null,
      payingFor: null,
      paymentsCleared: sql`${checkouts.paymentsCleared} + 1`,
      updatedAt: now,
    })
    .where(eq(checkouts.basketId, basketId))
    .returning();
  return row;
}

/** Notes a paid intent to be checked (idempotent: the first note stands). */
export async function notePaidIntent(db: Database, intentRef: string, basketId: string, dueAt: Date): Promise<void> {
  await db.insert(paymentRecoveries).values({ intentRef, basketId, dueAt }).onConflictDoNothing();
}

/**
 * Claims up to `limit` due notes for `leaseMs`: they are due again only after that, so another
 * instance skips them meanwhile (rows it is claiming are skipped, not waited for) and picks them
 * up if this one never finishes them.
 */
export function claimDueRecoveries(db: Database, now: Date, leaseMs: number, limit: number) {
  const due = db
    .select({ intentRef: paymentRecoveries.intentRef })
    .from(paymentRecoveries)
    .where(and(isNull(paymentRecoveries.doneAt), lte(paymentRecoveries.dueAt, now)))
    .orderBy(asc(paymentRecoveries.dueAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(paymentRecoveries)
    .set({ dueAt: new Date(now.getTime() + leaseMs) })
    .where(inArray(paymentRecoveries.intentRef, due))
    .returning();
}

export async function finishRecoveries(db: Database, intentRefs: readonly string[], outcome: string, now: Date): Promise<void> {
  await db
    .update(paymentRecoveries)
    .set({ doneAt: now, outcome })
    .where(inArray(paymentRecoveries.intentRef, [...intentRefs]));
}

export async function retryRecoveryLater(db: Database, intentRef: string, error: string, dueAt: Date): Promise<void> {
  await db
    .update(paymentRecoveries)
    .set({ attempts: sql`${paymentRecoveries.attempts} + 1`, lastError: error.slice(0, 500), dueAt })
    .where(eq(paymentRecoveries.intentRef, intentRef));
}

/** Erasure (platform/personal-data.ts): checkouts the person filled in, by the address typed or the account paying. */
const checkoutsOf = (subject: DataSubject) =>
  or(
    inArray(sql`lower(${checkouts.contact}->>'emailAddress')`, addressesOf(subject)),
    subject.userId ? sql`${checkouts.payer}->>'userId' = ${subject.userId}` : undefined,
  );

export async function countCheckoutsOf(db: Database, subject: DataSubject): Promise<number> {
  const [row] = await db.select({ n: count() }).from(checkouts).where(checkoutsOf(subject));
  return row?.n ?? 0;
}

/** The checkout stays (its basket and payment references), without the contact, addresses and payer. */
export async function clearCheckoutsOf(db: Database, subject: DataSubject): Promise<number> {
  const cleared = await db
    .update(checkouts)
    .set({ contact: null, deliveryAddress: null, billingAddress: null, deliveryInstructions: null, payer: null, payingFor: null })
    .where(checkoutsOf(subject))
    .returning({ basketId: checkouts.basketId });
  return cleared.length;
}
