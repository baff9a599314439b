/**
 * Photos on the demo reviews (issue 21): about one review in sixteen rated 3 or more, published or
 * waiting, gets one to three photos of a fitted bathroom (@shop/demo's review-photos/photos/, made by
 * its review-photos/make.ts). Each photo is stored through the files module as a customer's
 * upload would be, one stored file per photo, so the shop's photo route, the "with photos" filter and
 * the moderators' screens all meet real files. Runs only where there is a file store (SeedContext).
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import { REVIEW_MAX_PHOTOS } from '@shop/contracts';
import { createRandom, REVIEW_PHOTOS_DIR } from '@shop/demo/seeds';
import type { Seed } from '../../seed/seed.ts';
import { systemClock } from '../../platform/context.ts';
import type { FilesService, UploadInput } from '../files/index.ts';
import { insertInChunks } from './reviews.seed.ts';
import { reviewPhotos, reviews } from './reviews.tables.ts';

/** The share of reviews rated 3 or more that have photos. */
const WITH_PHOTOS = 1 / 16;
const MOST_PHOTOS = Math.min(3, REVIEW_MAX_PHOTOS);

/** Stored through the app's own files service; `needsFiles` still keeps it waiting for a run that has a store. */
export const reviewPhotosDemoSeed = (files: FilesService): Seed => ({
  name: 'reviews-demo-photos',
  size: 20,
  needsFiles: true,
  async run(db, progress) {
    const ctx = { actor: null, clock: systemClock };
    const pictures = fs
      .readdirSync(REVIEW_PHOTOS_DIR)
      .filter((name) => name.endsWith('.jpg'))
      .toSorted()
      .map((name) => ({ name, bytes: fs.readFileSync(path.join(REVIEW_PHOTOS_DIR, name)) }));
    const random = createRandom(35);
    const candidates = await db
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(inArray(reviews.status, ['published', 'pending']), gte(reviews.rating, 3), eq(reviews.photoCount, 0)))
      .orderBy(asc(reviews.productId), asc(reviews.createdAt));
    const chosen = candidates.filter(() => random() < WITH_PHOTOS).map(({ id }) => ({ id, count: 1 + Math.floor(random() * MOST_PHOTOS) }));

    const placed: { reviewId: string; position: number }[] = [];
    const uploads: UploadInput[] = [];
    for (const review of chosen) {
      for (let position = 0; position < review.count; position += 1) {
        const picture = pictures[Math.floor(random() * pictures.length)]!;
        uploads.push({ purpose: 'review-photo', fileName: picture.name, bytes: picture.bytes });
        placed.push({ reviewId: review.id, position });
      }
    }
    progress(5, 20);
    // As a customer's photos are kept: each checked and re-encoded (each picture once), stored, and
    // removed again if the rows cannot be written.
    await files.storeUploads(ctx, uploads, async (stored) => {
      progress(15, 20);
      const rows = placed.map((photo, index) => {
        const file = stored[index]!;
        return { id: randomUUID(), ...photo, fileId: file.id, contentType: file.contentType, sizeBytes: file.size };
      });
      await insertInChunks(rows, (chunk) => db.insert(reviewPhotos).values(chunk));
      for (let count = 1; count <= MOST_PHOTOS; count += 1) {
        const ids = chosen.filter((review) => review.count === count).map((review) => review.id);
        if (ids.length > 0) await db.update(reviews).set({ photoCount: count }).where(inArray(reviews.id, ids));
      }
    });
    progress(20, 20);
  },
});
