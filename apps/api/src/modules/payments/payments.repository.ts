import { and, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { DataSubject } from '../../platform/personal-data.ts';
import { paymentCustomers, paymentWebhookEvents } from './payments.tables.ts';

export async function isEventRecorded(db: Database, id: string): Promise<boolean> {
  const [row] = await db.select({ id: paymentWebhookEvents.id }).from(paymentWebhookEvents).where(eq(paymentWebhookEvents.id, id));
  return Boolean(row);
}

/** False when the event was recorded already (a redelivery, perhaps running at this very moment). */
export async function recordEvent(
  db: Database,
  values: { id: string; gateway: string; type: string; intentRef: string | null; receivedAt: Date },
): Promise<boolean> {
  const rows = await db.insert(paymentWebhookEvents).values(values).onConflictDoNothing().returning({ id: paymentWebhookEvents.id });
  return rows.length > 0;
}

export type PaymentCustomerRow = typeof paymentCustomers.$inferSelect;

/** The shopper's customer at a gateway, if one has been made. */
export async function findPaymentCustomer(db: Database, userId: string, gateway: string): Promise<PaymentCustomerRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.gateway, gateway)));
  return row;
}

/** Records the shopper's customer at a gateway; when two requests race, the first one's stays. */
export async function insertPaymentCustomer(db: Database, values: { userId: string; gateway: string; customerRef: string }): Promise<void> {
  await db.insert(paymentCustomers).values(values).onConflictDoNothing();
}

export async function setDefaultCard(db: Database, userId: string, gateway: string, paymentMethodRef: string): Promise<void> {
  await db
    .update(paymentCustomers)
    .set({ defaultPaymentMethodRef: paymentMethodRef })
    .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.gateway, gateway)));
}

/** A removed card stops being the shopper's default wherever it was. */
export async function clearDefaultCard(db: Database, userId: string, paymentMethodRef: string): Promise<void> {
  await db
    .update(paymentCustomers)
    .set({ defaultPaymentMethodRef: null })
    .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.defaultPaymentMethodRef, paymentMethodRef)));
}

/** Erasure (platform/personal-data.ts): the person's customer at the payment provider, which holds their saved cards. */
export async function countPaymentCustomersOf(db: Database, subject: DataSubject): Promise<number> {
  if (!subject.userId) return 0;
  const [row] = await db.select({ n: count() }).from(paymentCustomers).where(eq(paymentCustomers.userId, subject.userId));
  return row?.n ?? 0;
}

/** The links go here; the provider's customers they name are deleted through the gateway after commit. */
export async function deletePaymentCustomersOf(db: Database, subject: DataSubject): Promise<{ gateway: string; ref: string }[]> {
  if (!subject.userId) return [];
  const rows = await db
    .delete(paymentCustomers)
    .where(eq(paymentCustomers.userId, subject.userId))
    .returning({ gateway: paymentCustomers.gateway, ref: paymentCustomers.customerRef });
  return rows;
}
