import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { DataSubject } from '../../platform/personal-data.ts';
import { deliveryUpgrades } from './delivery-upgrade.tables.ts';

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
