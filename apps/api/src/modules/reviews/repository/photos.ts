import { asc, count, eq, inArray, max } from 'drizzle-orm';
import type { Transaction } from '../../../db/client.ts';
import { reviewPhotos, reviews } from '../reviews.tables.ts';
import type { Db } from './rows.ts';

type NewReviewPhoto = typeof reviewPhotos.$inferInsert;

// Review photos' rows; the files themselves are the files module's.

/** The photos of these reviews, by review then in the order they were sent. */
export function photosOf(db: Db, reviewIds: readonly string[]) {
  return db
    .select({ id: reviewPhotos.id, reviewId: reviewPhotos.reviewId })
    .from(reviewPhotos)
    .where(inArray(reviewPhotos.reviewId, [...new Set(reviewIds)]))
    .orderBy(asc(reviewPhotos.reviewId), asc(reviewPhotos.position));
}

export async function reviewForPhotos(db: Db, reviewId: string) {
  const [review] = await db
    .select({ customerId: reviews.customerId, status: reviews.status, photoCount: reviews.photoCount })
    .from(reviews)
    .where(eq(reviews.id, reviewId));
  return review;
}

/** The review's status and version, locked for the caller's transaction. */
export async function lockReviewStatus(db: Transaction, reviewId: string) {
  const [locked] = await db.select({ status: reviews.status, version: reviews.version }).from(reviews).where(eq(reviews.id, reviewId)).for('update');
  return locked;
}

/** How many photos the review has, and the last one's position (null with none). */
export async function photoCountOf(db: Db, reviewId: string) {
  const [kept] = await db
    .select({ count: count(), last: max(reviewPhotos.position) })
    .from(reviewPhotos)
    .where(eq(reviewPhotos.reviewId, reviewId));
  return { count: kept?.count ?? 0, last: kept?.last ?? null };
}

/** Writes the photos and the review's new count, moving its version on. */
export async function addPhotos(db: Transaction, reviewId: string, photos: readonly NewReviewPhoto[], photoCount: number, version: number): Promise<void> {
  await db.insert(reviewPhotos).values([...photos]);
  await db.update(reviews).set({ photoCount, version }).where(eq(reviews.id, reviewId));
}

/** A photo's file with its review's status and author. */
export async function photoWithReview(db: Db, photoId: string) {
  const [photo] = await db
    .select({ fileId: reviewPhotos.fileId, status: reviews.status, customerId: reviews.customerId })
    .from(reviewPhotos)
    .innerJoin(reviews, eq(reviews.id, reviewPhotos.reviewId))
    .where(eq(reviewPhotos.id, photoId));
  return photo;
}
