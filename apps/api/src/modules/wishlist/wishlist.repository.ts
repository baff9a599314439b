import { and, asc, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { DataSubject } from '../../platform/personal-data.ts';
import type { StoredItem } from './wishlist-items.ts';
import { wishlistItems, wishlists } from './wishlist.tables.ts';

export type WishlistRow = typeof wishlists.$inferSelect;

export async function insertWishlist(db: Database, values: { id: string; ownerId: string | null; now: Date }): Promise<WishlistRow> {
  const [row] = await db.insert(wishlists).values({ id: values.id, ownerId: values.ownerId, createdAt: values.now, updatedAt: values.now }).returning();
  return row!;
}

export async function findWishlist(db: Database, id: string): Promise<WishlistRow | undefined> {
  const [row] = await db.select().from(wishlists).where(eq(wishlists.id, id));
  return row;
}

/** Reads the wishlist and holds its row until the transaction ends: concurrent changes queue here. */
export async function lockWishlist(db: Database, id: string): Promise<WishlistRow | undefined> {
  const [row] = await db.select().from(wishlists).where(eq(wishlists.id, id)).for('update');
  return row;
}

const currentWishlistOf = (db: Database, ownerId: string) =>
  db
    .select()
    .from(wishlists)
    .where(and(isNotNull(wishlists.ownerId), eq(wishlists.ownerId, ownerId)))
    .orderBy(desc(wishlists.updatedAt))
    .limit(1);

/** A shopper's current wishlist: the one they changed last. */
export async function findCurrentWishlistOf(db: Database, ownerId: string): Promise<WishlistRow | undefined> {
  const [row] = await currentWishlistOf(db, ownerId);
  return row;
}

export async function lockCurrentWishlistOf(db: Database, ownerId: string): Promise<WishlistRow | undefined> {
  const [row] = await currentWishlistOf(db, ownerId).for('update');
  return row;
}

export async function findByShareCode(db: Database, shareCode: string): Promise<WishlistRow | undefined> {
  const [row] = await db.select().from(wishlists).where(eq(wishlists.shareCode, shareCode));
  return row;
}

export function findItems(db: Database, wishlistId: string): Promise<StoredItem[]> {
  return db
    .select({
      sku: wishlistItems.sku,
      quantity: wishlistItems.quantity,
      note: wishlistItems.note,
      priceWhenAddedIncVat: wishlistItems.priceWhenAddedIncVat,
      lastSeenIncVat: wishlistItems.lastSeenIncVat,
      lastSeenAvailable: wishlistItems.lastSeenAvailable,
      addedAt: wishlistItems.addedAt,
    })
    .from(wishlistItems)
    .where(eq(wishlistItems.wishlistId, wishlistId))
    .orderBy(desc(wishlistItems.addedAt), asc(wishlistItems.sku));
}

const sameItem = (a: StoredItem, b: StoredItem) =>
  a.quantity === b.quantity && a.note === b.note && a.lastSeenIncVat === b.lastSeenIncVat && a.lastSeenAvailable === b.lastSeenAvailable;

/** Writes only what changed between two versions of the items. */
export async function writeItems(db: Database, wishlistId: string, before: readonly StoredItem[], after: readonly StoredItem[]): Promise<void> {
  const kept = new Set(after.map((item) => item.sku));
  const removed = before.filter((item) => !kept.has(item.sku)).map((item) => item.sku);
  if (removed.length > 0) await db.delete(wishlistItems).where(and(eq(wishlistItems.wishlistId, wishlistId), inArray(wishlistItems.sku, removed)));
  const previous = new Map(before.map((item) => [item.sku, item]));
  const changed = after.filter((item) => {
    const old = previous.get(item.sku);
    return !old || !sameItem(old, item);
  });
  if (changed.length === 0) return;
  await db
    .insert(wishlistItems)
    .values(changed.map((item) => ({ wishlistId, ...item })))
    .onConflictDoUpdate({
      target: [wishlistItems.wishlistId, wishlistItems.sku],
      set: {
        quantity: sql`excluded.quantity`,
        note: sql`excluded.note`,
        lastSeenIncVat: sql`excluded.last_seen_inc_vat`,
        lastSeenAvailable: sql`excluded.last_seen_available`,
      },
    });
}

export async function updateWishlist(
  db: Database,
  id: string,
  values: Partial<Pick<WishlistRow, 'ownerId' | 'name' | 'shareCode' | 'savedAt'>>,
  now: Date,
): Promise<WishlistRow> {
  const [row] = await db
    .update(wishlists)
    .set({ ...values, version: sql`${wishlists.version} + 1`, updatedAt: now })
    .where(eq(wishlists.id, id))
    .returning();
  return row!;
}

export async function deleteWishlist(db: Database, id: string): Promise<void> {
  await db.delete(wishlists).where(eq(wishlists.id, id));
}

/** Erasure (platform/personal-data.ts): the person's wishlists, with their items. */
export async function countWishlistsOf(db: Database, subject: DataSubject): Promise<number> {
  if (!subject.userId) return 0;
  const [row] = await db.select({ n: count() }).from(wishlists).where(eq(wishlists.ownerId, subject.userId));
  return row?.n ?? 0;
}

export async function deleteWishlistsOf(db: Database, subject: DataSubject): Promise<number> {
  if (!subject.userId) return 0;
  return (await db.delete(wishlists).where(eq(wishlists.ownerId, subject.userId)).returning({ id: wishlists.id })).length;
}
