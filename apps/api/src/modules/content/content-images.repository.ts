/** The SQL of the pictures uploaded for pages (`content_images`) and of their clean-ups (`content_image_cleanups`). */
import { and, count, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { DataSubject } from '../../platform/personal-data.ts';
import { contentGlobalItems, contentImageCleanups, contentImages, contentRevisions } from './content.tables.ts';
import type { UploadedImage } from './content-image-rules.ts';

export type CleanupRow = typeof contentImageCleanups.$inferSelect;

export async function insertContentImage(db: Database, image: UploadedImage): Promise<void> {
  await db.insert(contentImages).values(image);
}

/** Rows for pictures found in the store without one (uploaded before rows were kept); a picture that has one keeps it as it is. */
export async function insertMissingImages(db: Database, images: readonly UploadedImage[]): Promise<void> {
  for (let at = 0; at < images.length; at += 500) {
    await db
      .insert(contentImages)
      .values(images.slice(at, at + 500))
      .onConflictDoNothing({ target: contentImages.id });
  }
}

/** Those of `ids` that have rows. */
export async function recordedImageIds(db: Database, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: contentImages.id })
    .from(contentImages)
    .where(inArray(contentImages.id, [...ids]));
  return new Set(rows.map((row) => row.id));
}

/** Whether a clean-up has found every picture uploaded before rows were kept (`markStoreSwept`). */
export async function storeSwept(db: Database): Promise<boolean> {
  const [row] = await db.select({ id: contentImageCleanups.id }).from(contentImageCleanups).where(eq(contentImageCleanups.sweptStore, true)).limit(1);
  return row !== undefined;
}

export async function markStoreSwept(db: Database, cleanupId: number): Promise<void> {
  await db.update(contentImageCleanups).set({ sweptStore: true }).where(eq(contentImageCleanups.id, cleanupId));
}

export async function listContentImages(db: Database): Promise<UploadedImage[]> {
  return db.select({ id: contentImages.id, size: contentImages.size, uploadedAt: contentImages.uploadedAt }).from(contentImages);
}

/** Those uploaded at `before` or earlier and not being removed by a clean-up now. */
export async function listUnclaimedImagesBefore(db: Database, before: Date, now: Date): Promise<UploadedImage[]> {
  return db
    .select({ id: contentImages.id, size: contentImages.size, uploadedAt: contentImages.uploadedAt })
    .from(contentImages)
    .where(and(lte(contentImages.uploadedAt, before), or(isNull(contentImages.claimedUntil), lte(contentImages.claimedUntil, now))));
}

/**
 * Every picture address any kept version names (every page's, post's and global item's versions, and the items as saved), with the
 * character after it, so an address that runs on is told apart (content-image-rules.ts reads them). The text is cut at each
 * `/content/images/` rather than searched with a pattern: on PostgreSQL 15, 0.9 s against 2.6 s for 10,000 versions of 5.8 KB with
 * 12 pictures each.
 */
export async function referencedImageAddresses(db: Database): Promise<string[]> {
  const path = '/content/images/';
  const result = (await db.execute(
    sql`select ${path} || left(piece, 33) as address
        from ${contentRevisions} cross join lateral unnest((string_to_array(lower(${contentRevisions.document}::text), ${path}))[2:]) as piece
        union
        select ${path} || left(piece, 33)
        from ${contentGlobalItems} cross join lateral unnest((string_to_array(lower(${contentGlobalItems.content}::text), ${path}))[2:]) as piece`,
  )) as unknown as { rows: { address: string }[] };
  return result.rows.map((row) => row.address);
}

/**
 * Takes the pictures for a clean-up until `until`: only those no other clean-up holds. Two at once (two instances, two staff)
 * each get a picture at most once: the second's update waits for the first's and then finds it held.
 */
export async function claimImages(db: Database, ids: readonly string[], now: Date, until: Date): Promise<UploadedImage[]> {
  if (ids.length === 0) return [];
  return db
    .update(contentImages)
    .set({ claimedUntil: until })
    .where(and(inArray(contentImages.id, [...ids]), or(isNull(contentImages.claimedUntil), lte(contentImages.claimedUntil, now))))
    .returning({ id: contentImages.id, size: contentImages.size, uploadedAt: contentImages.uploadedAt });
}

/** Lets pictures go back (found in use after all, or their bytes could not be removed): the next clean-up weighs them again. */
export async function releaseImages(db: Database, ids: readonly string[], until: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(contentImages)
    .set({ claimedUntil: null })
    .where(and(inArray(contentImages.id, [...ids]), eq(contentImages.claimedUntil, until)));
}

/** The row of a picture whose bytes are gone, if this clean-up still holds it. */
export async function deleteClaimedImage(db: Database, id: string, until: Date): Promise<void> {
  await db.delete(contentImages).where(and(eq(contentImages.id, id), eq(contentImages.claimedUntil, until)));
}

/** The daily clean-up's turn: taken (a record begun) only if no daily clean-up began since `since`, one instance at a time. */
export async function beginDailyCleanup(db: Database, since: Date, at: Date, byName: string): Promise<number | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('content-image-cleanup', 0))`);
    const [recent] = await tx
      .select({ id: contentImageCleanups.id })
      .from(contentImageCleanups)
      .where(and(isNull(contentImageCleanups.byUserId), eq(contentImageCleanups.byName, byName), sql`${contentImageCleanups.at} > ${since}`))
      .limit(1);
    if (recent) return null;
    return beginCleanup(tx, { at, byUserId: null, byName });
  });
}

export async function beginCleanup(db: Database, values: Pick<CleanupRow, 'at' | 'byUserId' | 'byName'>): Promise<number> {
  const [row] = await db
    .insert(contentImageCleanups)
    .values({ ...values, removed: [], removedBytes: 0 })
    .returning({ id: contentImageCleanups.id });
  return row!.id;
}

export async function recordRemoved(db: Database, cleanupId: number, removed: readonly UploadedImage[]): Promise<void> {
  if (removed.length === 0) return;
  const bytes = removed.reduce((sum, image) => sum + image.size, 0);
  await db
    .update(contentImageCleanups)
    .set({
      removed: sql`${contentImageCleanups.removed} || ${sql.param(removed.map((image) => image.id))}::text[]`,
      removedBytes: sql`${contentImageCleanups.removedBytes} + ${bytes}`,
    })
    .where(eq(contentImageCleanups.id, cleanupId));
}

export async function findLatestCleanup(db: Database): Promise<CleanupRow | undefined> {
  const [row] = await db.select().from(contentImageCleanups).orderBy(desc(contentImageCleanups.at), desc(contentImageCleanups.id)).limit(1);
  return row;
}

export async function countCleanupsBy(db: Database, subject: DataSubject): Promise<number> {
  if (!subject.userId) return 0;
  const [row] = await db.select({ n: count() }).from(contentImageCleanups).where(eq(contentImageCleanups.byUserId, subject.userId));
  return row?.n ?? 0;
}

/** Keeps each clean-up's record, forgetting which member of staff asked for it. */
export async function forgetCleanupsBy(db: Database, subject: DataSubject, name: string): Promise<number> {
  if (!subject.userId) return 0;
  const rows = await db
    .update(contentImageCleanups)
    .set({ byUserId: null, byName: name })
    .where(eq(contentImageCleanups.byUserId, subject.userId))
    .returning({ id: contentImageCleanups.id });
  return rows.length;
}
