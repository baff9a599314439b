import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { basketLines, baskets, savedBaskets } from './basket.tables.ts';

export type BasketRow = typeof baskets.$inferSelect;
export type LineRow = Pick<typeof basketLines.$inferSelect, 'sku' | 'quantity' | 'pricedUnitIncVat'>;
export type SavedBasketRow = typeof savedBaskets.$inferSelect;

export async function insertBasket(db: Database, values: { id: string; ownerId: string | null; channel: number; discountCode?: string | null; now: Date }): Promise<BasketRow> {
  const [row] = await db
    .insert(baskets)
    .values({ id: values.id, ownerId: values.ownerId, channel: values.channel, discountCode: values.discountCode ?? null, createdAt: values.now, updatedAt: values.now })
    .returning();
  return row!;
}

export async function findBasket(db: Database, id: string): Promise<BasketRow | undefined> {
  const [row] = await db.select().from(baskets).where(eq(baskets.id, id));
  return row;
}

/** Reads the basket and holds its row until the transaction ends: concurrent changes queue here. */
export async function lockBasket(db: Database, id: string): Promise<BasketRow | undefined> {
  const [row] = await db.select().from(baskets).where(eq(baskets.id, id)).for('update');
  return row;
}

const currentBasketOf = (db: Database, ownerId: string) =>
  db.select().from(baskets).where(and(isNotNull(baskets.ownerId), eq(baskets.ownerId, ownerId))).orderBy(desc(baskets.updatedAt)).limit(1);

/** A shopper's current basket: the one they changed last. */
export async function findCurrentBasketOf(db: Database, ownerId: string): Promise<BasketRow | undefined> {
  const [row] = await currentBasketOf(db, ownerId);
  return row;
}

export async function lockCurrentBasketOf(db: Database, ownerId: string): Promise<BasketRow | undefined> {
  const [row] = await currentBasketOf(db, ownerId).for('update');
  return row;
}

export function findLines(db: Database, basketId: string): Promise<LineRow[]> {
  return db
    .select({ sku: basketLines.sku, quantity: basketLines.quantity, pricedUnitIncVat: basketLines.pricedUnitIncVat })
    .from(basketLines)
    .where(eq(basketLines.basketId, basketId))
    .orderBy(asc(basketLines.addedAt), asc(basketLines.sku));
}

/** Writes only what changed between two versions of the lines. */
export async function writeLines(db: Database, basketId: string, before: readonly LineRow[], after: readonly LineRow[], now: Date): Promise<void> {
  const kept = new Set(after.map((line) => line.sku));
  const removed = before.filter((line) => !kept.has(line.sku)).map((line) => line.sku);
  if (removed.length > 0) await db.delete(basketLines).where(and(eq(basketLines.basketId, basketId), inArray(basketLines.sku, removed)));
  const previous = new Map(before.map((line) => [line.sku, line]));
  const changed = after.filter((line) => {
    const old = previous.get(line.sku);
    return !old || old.quantity !== line.quantity || old.pricedUnitIncVat !== line.pricedUnitIncVat;
  });
  if (changed.length === 0) return;
  await db
    .insert(basketLines)
    .values(changed.map((line) => ({ basketId, ...line, addedAt: now })))
    .onConflictDoUpdate({
      target: [basketLines.basketId, basketLines.sku],
      set: { quantity: sql`excluded.quantity`, pricedUnitIncVat: sql`excluded.priced_unit_inc_vat` },
    });
}

export async function updateBasket(
  db: Database,
  id: string,
  values: Partial<Pick<BasketRow, 'ownerId' | 'channel' | 'discountCode'>>,
  now: Date,
): Promise<BasketRow> {
  const [row] = await db
    .update(baskets)
    .set({ ...values, version: sql`${baskets.version} + 1`, updatedAt: now })
    .where(eq(baskets.id, id))
    .returning();
  return row!;
}

export async function deleteBasket(db: Database, id: string): Promise<void> {
  await db.delete(baskets).where(eq(baskets.id, id));
}

/** False when the code is taken (the caller draws another). */
export async function insertSavedBasket(db: Database, values: typeof savedBaskets.$inferInsert): Promise<boolean> {
  const rows = await db.insert(savedBaskets).values(values).onConflictDoNothing().returning({ code: savedBaskets.retrievalCode });
  return rows.length === 1;
}

export async function findSavedBasket(db: Database, code: string): Promise<SavedBasketRow | undefined> {
  const [row] = await db.select().from(savedBaskets).where(eq(savedBaskets.retrievalCode, code));
  return row;
}
