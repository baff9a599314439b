import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { builtOnce } from '../../db/built-once.ts';
import { claimKinds } from '../../db/claims.ts';
import type { PastPayment } from './gateway.ts';
import { sandboxCustomers, sandboxIntents, sandboxPaymentMethods, sandboxRefunds, sandboxSettings, sandboxWebhookDeliveries } from './payments.tables.ts';

export type IntentRow = typeof sandboxIntents.$inferSelect;
export type PaymentMethodRow = typeof sandboxPaymentMethods.$inferSelect;
export type CustomerRow = typeof sandboxCustomers.$inferSelect;
export type DeliveryRow = typeof sandboxWebhookDeliveries.$inferSelect;

/** Stripe-style ids: a type prefix and 24 random characters. */
export const newId = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url').replace(/[-_]/g, 'x')}`;

// ── settings ─────────────────────────────────────────────────────────────────────────────────────

/** Stores `value` under `name` unless another instance got there first; returns what is stored. */
export async function ensureSetting(db: Database, name: string, generate: () => string): Promise<string> {
  await db.insert(sandboxSettings).values({ name, value: generate() }).onConflictDoNothing();
  const [row] = await db.select().from(sandboxSettings).where(eq(sandboxSettings.name, name));
  if (!row) throw new Error(`sandbox setting ${name} was not stored`);
  return row.value;
}

// ── customers and payment methods ────────────────────────────────────────────────────────────────

export async function insertCustomer(db: Database, values: { email: string; name: string | null }): Promise<CustomerRow> {
  const [row] = await db
    .insert(sandboxCustomers)
    .values({ id: newId('cus'), ...values })
    .returning();
  return row!;
}

/** As Stripe does: the customer and its saved cards go; its payments stay, naming no customer and no card. */
export async function deleteCustomer(db: Database, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const cards = tx.select({ id: sandboxPaymentMethods.id }).from(sandboxPaymentMethods).where(eq(sandboxPaymentMethods.customerId, id));
    await tx.update(sandboxIntents).set({ customerId: null }).where(eq(sandboxIntents.customerId, id));
    await tx.update(sandboxIntents).set({ paymentMethodId: null }).where(inArray(sandboxIntents.paymentMethodId, cards));
    await tx.delete(sandboxPaymentMethods).where(eq(sandboxPaymentMethods.customerId, id));
    await tx.delete(sandboxCustomers).where(eq(sandboxCustomers.id, id));
  });
}

export async function findCustomer(db: Database, id: string): Promise<CustomerRow | undefined> {
  const [row] = await db.select().from(sandboxCustomers).where(eq(sandboxCustomers.id, id));
  return row;
}

export async function insertPaymentMethod(db: Database, values: Omit<typeof sandboxPaymentMethods.$inferInsert, 'id'>): Promise<PaymentMethodRow> {
  const [row] = await db
    .insert(sandboxPaymentMethods)
    .values({ id: newId('pm'), ...values })
    .returning();
  return row!;
}

export async function findPaymentMethod(db: Database, id: string): Promise<PaymentMethodRow | undefined> {
  const [row] = await db.select().from(sandboxPaymentMethods).where(eq(sandboxPaymentMethods.id, id));
  return row;
}

export function listPaymentMethods(db: Database, customerId: string): Promise<PaymentMethodRow[]> {
  return db
    .select()
    .from(sandboxPaymentMethods)
    .where(eq(sandboxPaymentMethods.customerId, customerId))
    .orderBy(asc(sandboxPaymentMethods.createdAt), asc(sandboxPaymentMethods.id));
}

export async function updatePaymentMethod(
  db: Database,
  id: string,
  values: Partial<Pick<PaymentMethodRow, 'customerId' | 'billing'>>,
): Promise<PaymentMethodRow | undefined> {
  const [row] = await db.update(sandboxPaymentMethods).set(values).where(eq(sandboxPaymentMethods.id, id)).returning();
  return row;
}

// ── intents ──────────────────────────────────────────────────────────────────────────────────────

/** A new intent's id and client secret. */
function newIntentKeys(): { id: string; clientSecret: string } {
  const id = newId('pi');
  return { id, clientSecret: `${id}_secret_${randomBytes(18).toString('base64url').replace(/[-_]/g, 'x')}` };
}

export async function insertIntent(db: Database, values: Omit<typeof sandboxIntents.$inferInsert, 'id' | 'clientSecret'>): Promise<IntentRow> {
  const [row] = await db
    .insert(sandboxIntents)
    .values({ ...newIntentKeys(), ...values })
    .returning();
  return row!;
}

/** Captured intents, each with its refund if it had one, in bulk: their ids, in order. */
export async function insertPastPayments(db: Database, payments: readonly PastPayment[]): Promise<string[]> {
  if (payments.length === 0) return [];
  const rows = payments.map((payment) => ({
    ...newIntentKeys(),
    status: 'succeeded',
    amountPence: payment.amountPence,
    amountRefundedPence: payment.refundedPence,
    metadata: payment.metadata,
    createdAt: payment.capturedAt,
    updatedAt: payment.updatedAt,
  }));
  await db.insert(sandboxIntents).values(rows);
  const refunds = payments.flatMap((payment, index) =>
    payment.refundedPence > 0 ? [{ id: newId('re'), intentId: rows[index]!.id, amountPence: payment.refundedPence, createdAt: payment.updatedAt }] : [],
  );
  if (refunds.length > 0) await db.insert(sandboxRefunds).values(refunds);
  return rows.map((row) => row.id);
}

/** The intent with its payment method, if it has one, in one read. */
export async function findIntentWithMethod(db: Database, id: string): Promise<{ intent: IntentRow; method: PaymentMethodRow | null } | undefined> {
  const [row] = await intentWithMethod(db, { id });
  return row;
}

// Read on every payment: built once (decision 0151).
const intentWithMethod = builtOnce<{ id: string }, { intent: IntentRow; method: PaymentMethodRow | null }[]>((db) =>
  db
    .select({ intent: sandboxIntents, method: sandboxPaymentMethods })
    .from(sandboxIntents)
    .leftJoin(sandboxPaymentMethods, eq(sandboxPaymentMethods.id, sandboxIntents.paymentMethodId))
    .where(eq(sandboxIntents.id, sql.placeholder('id')))
    .prepare('find_intent_with_method'),
);

/** Reads the intent and holds its row until the transaction ends: changes to one intent queue here. */
export async function lockIntent(db: Database, id: string): Promise<IntentRow | undefined> {
  const [row] = await db.select().from(sandboxIntents).where(eq(sandboxIntents.id, id)).for('update');
  return row;
}

export async function updateIntent(
  db: Database,
  id: string,
  values: Partial<Omit<IntentRow, 'id' | 'clientSecret' | 'createdAt' | 'version'>>,
  now: Date,
): Promise<IntentRow> {
  const [row] = await db
    .update(sandboxIntents)
    .set({ ...values, updatedAt: now, version: sql`${sandboxIntents.version} + 1` })
    .where(eq(sandboxIntents.id, id))
    .returning();
  return row!;
}

export async function insertRefund(db: Database, values: { intentId: string; amountPence: number; createdAt: Date }) {
  const [row] = await db
    .insert(sandboxRefunds)
    .values({ id: newId('re'), ...values })
    .returning();
  return row!;
}

/** The sandbox's card refunds settle at once, as Stripe's test-mode card refunds do. */
export function listRefunds(db: Database, intentId: string) {
  return db.select().from(sandboxRefunds).where(eq(sandboxRefunds.intentId, intentId)).orderBy(asc(sandboxRefunds.createdAt), asc(sandboxRefunds.id));
}

// ── webhook outbox ───────────────────────────────────────────────────────────────────────────────

export async function insertDeliveries(db: Database, rows: { eventId: string; type: string; payload: string; nextAttemptAt: Date }[]) {
  await db.insert(sandboxWebhookDeliveries).values(rows.map((row) => ({ id: newId('whd'), ...row })));
}

/**
 * Claims up to `limit` due deliveries for one worker (SKIP LOCKED: two workers never claim one row): sending ones whose lease
 * ran out, then pending ones whose time has come, each kind by an index scan of its own (`claimKinds`).
 */
export async function claimDueDeliveries(db: Database, now: Date, leaseMs: number, limit: number): Promise<DeliveryRow[]> {
  const deliveries = sandboxWebhookDeliveries;
  const { parts, ids } = claimKinds(db, deliveries, deliveries.id, limit, [
    { name: 'lapsed', where: sql`${deliveries.status} = 'sending' and ${deliveries.lockedUntil} <= ${now}`, order: [sql`${deliveries.lockedUntil}`] },
    {
      name: 'due',
      where: sql`${deliveries.status} = 'pending' and ${deliveries.nextAttemptAt} <= ${now}`,
      order: [sql`${deliveries.nextAttemptAt}`, sql`${deliveries.createdAt}`],
    },
  ]);
  const claimed = await db
    .with(...parts)
    .update(deliveries)
    .set({ status: 'sending', lockedUntil: new Date(now.getTime() + leaseMs), attempts: sql`${deliveries.attempts} + 1` })
    .where(sql`${deliveries.id} in ${ids}`)
    .returning();
  // RETURNING keeps no order: sent in the order the events were due.
  return claimed.toSorted((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime() || a.createdAt.getTime() - b.createdAt.getTime());
}

const stillClaimed = (claim: Pick<DeliveryRow, 'id' | 'attempts'>) =>
  and(eq(sandboxWebhookDeliveries.id, claim.id), eq(sandboxWebhookDeliveries.status, 'sending'), eq(sandboxWebhookDeliveries.attempts, claim.attempts));

export async function markDelivered(db: Database, claim: Pick<DeliveryRow, 'id' | 'attempts'>, at: Date): Promise<void> {
  await db.update(sandboxWebhookDeliveries).set({ status: 'delivered', deliveredAt: at, lockedUntil: null, lastError: null }).where(stillClaimed(claim));
}

export async function markDeliveryFailed(db: Database, claim: Pick<DeliveryRow, 'id' | 'attempts'>, error: string, retryAt: Date | null): Promise<void> {
  await db
    .update(sandboxWebhookDeliveries)
    .set(
      retryAt ? { status: 'pending', nextAttemptAt: retryAt, lockedUntil: null, lastError: error } : { status: 'failed', lockedUntil: null, lastError: error },
    )
    .where(stillClaimed(claim));
}

/** Deliveries not yet made nor given up (waiting, or being sent): the webhook queue's depth. */
export async function countUndelivered(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(sandboxWebhookDeliveries)
    .where(inArray(sandboxWebhookDeliveries.status, ['pending', 'sending']));
  return row?.n ?? 0;
}

/** Deliveries given up on, newest first. */
export function listFailedDeliveries(db: Database, limit: number): Promise<DeliveryRow[]> {
  return db
    .select()
    .from(sandboxWebhookDeliveries)
    .where(eq(sandboxWebhookDeliveries.status, 'failed'))
    .orderBy(desc(sandboxWebhookDeliveries.createdAt))
    .limit(limit);
}

/** A given-up delivery due again now, with its attempts counted afresh; false when it is not given up (already sent round). */
export async function requeueFailedDelivery(db: Database, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(sandboxWebhookDeliveries)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: now, lockedUntil: null })
    .where(and(eq(sandboxWebhookDeliveries.id, id), eq(sandboxWebhookDeliveries.status, 'failed')))
    .returning({ id: sandboxWebhookDeliveries.id });
  return rows.length > 0;
}

export async function findDelivery(db: Database, id: string): Promise<DeliveryRow | undefined> {
  const [row] = await db.select().from(sandboxWebhookDeliveries).where(eq(sandboxWebhookDeliveries.id, id));
  return row;
}

export function listDeliveries(db: Database): Promise<DeliveryRow[]> {
  return db.select().from(sandboxWebhookDeliveries).orderBy(asc(sandboxWebhookDeliveries.createdAt));
}
