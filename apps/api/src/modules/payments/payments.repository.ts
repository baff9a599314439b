import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { paymentWebhookEvents } from './payments.tables.ts';

export async function isEventRecorded(db: Database, id: string): Promise<boolean> {
  const [row] = await db.select({ id: paymentWebhookEvents.id }).from(paymentWebhookEvents).where(eq(paymentWebhookEvents.id, id));
  return Boolean(row);
}

/** False when the event was recorded already (a redelivery, perhaps running at this very moment). */
export async function recordEvent(db: Database, values: { id: string; gateway: string; type: string; intentRef: string | null; receivedAt: Date }): Promise<boolean> {
  const rows = await db.insert(paymentWebhookEvents).values(values).onConflictDoNothing().returning({ id: paymentWebhookEvents.id });
  return rows.length > 0;
}
