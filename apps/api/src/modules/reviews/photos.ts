import { randomUUID } from 'node:crypto';
import { REVIEW_MAX_PHOTOS, type ReviewPhotos } from '@shop/contracts';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { OpenedFile } from '../files/index.ts';
import { PhotoErrors } from './photos.errors.ts';
import { photosOfReview } from './review-view.ts';
import type { ReviewsDeps } from './reviews.deps.ts';
import * as repository from './repository/index.ts';
import { ReviewErrors } from './writing.errors.ts';

/** A photo as the route read it from the form: the browser's name is only a hint, the content decides. */
export interface PhotoUpload {
  fileName: string | undefined;
  bytes: Uint8Array;
}

type PhotosContext = Pick<ServiceContext, 'db' | 'actor' | 'clock'> & Partial<Pick<ServiceContext, 'log'>>;

/**
 * Review photos (issue 21, decision 0035): the author adds up to REVIEW_MAX_PHOTOS to their review
 * while it is pending; anyone sees them once it is published. The files are stored through the files
 * module (purpose `review-photo`: JPEG or PNG by content, re-encoded without their metadata, such as
 * where a phone took them) before the rows are written, and removed again when anything after
 * fails (`storeUploads`), so a refusal leaves nothing behind.
 */
export interface ReviewPhotosService {
  addReviewPhotos(ctx: PhotosContext, reviewId: string, uploads: readonly PhotoUpload[]): Promise<ReviewPhotos>;
  /** The image, and whether its review is published (only then may it be cached publicly). */
  openReviewPhoto(ctx: PhotosContext, photoId: string): Promise<{ file: OpenedFile; published: boolean }>;
}

export function createPhotos({ files }: ReviewsDeps): ReviewPhotosService {
  return {
    async addReviewPhotos(ctx, reviewId, uploads) {
      const authorId = ctx.actor!.userId;
      const review = await repository.reviewForPhotos(ctx.db, reviewId);
      // Another customer's review is as unknown as one that does not exist.
      if (!review || review.customerId !== authorId) throw ReviewErrors.reviewNotFound();
      if (review.status !== 'pending') throw PhotoErrors.closed();
      if (uploads.length === 0) throw PhotoErrors.photoMissing();
      if (review.photoCount + uploads.length > REVIEW_MAX_PHOTOS) throw PhotoErrors.tooMany(REVIEW_MAX_PHOTOS - review.photoCount);

      const sent = uploads.map(
        (upload, index) => ({ purpose: 'review-photo', fileName: upload.fileName, bytes: upload.bytes, field: `body.photos.${index}` }) as const,
      );
      await files.storeUploads(ctx, sent, (stored) =>
        ctx.db.transaction(async (db) => {
          // Under the review's lock: two uploads at once take turns, and a moderator's publish waits for this one.
          const locked = await repository.lockReviewStatus(db, reviewId);
          if (!locked || locked.status !== 'pending') throw PhotoErrors.closed();
          const kept = await repository.photoCountOf(db, reviewId);
          const already = kept.count;
          if (already + stored.length > REVIEW_MAX_PHOTOS) throw PhotoErrors.tooMany(REVIEW_MAX_PHOTOS - already);
          const first = (kept.last ?? -1) + 1;
          const photos = stored.map((file, index) => ({
            id: randomUUID(),
            reviewId,
            fileId: file.id,
            contentType: file.contentType,
            sizeBytes: file.size,
            position: first + index,
          }));
          // The count is the rows', and the version moves on: a moderator who saw the review without these photos reloads before publishing.
          await repository.addPhotos(db, reviewId, photos, already + stored.length, locked.version + 1);
        }),
      );
      return { reviewId, photos: await photosOfReview(ctx.db, reviewId) };
    },

    async openReviewPhoto(ctx, photoId) {
      const photo = await repository.photoWithReview(ctx.db, photoId);
      if (!photo) throw PhotoErrors.photoNotFound();
      const published = photo.status === 'published';
      const actor = ctx.actor;
      // Before publishing, the author sees their pending review's photos; moderators see any review's.
      const mayLook =
        published || (actor !== null && (actor.roles.includes('review-moderator') || (photo.status === 'pending' && actor.userId === photo.customerId)));
      if (!mayLook) throw PhotoErrors.photoNotFound();
      try {
        return { file: await files.open(ctx, photo.fileId), published };
      } catch (error) {
        if (error instanceof AppError && error.code === 'FILE_NOT_FOUND') throw PhotoErrors.photoNotFound();
        throw error;
      }
    },
  };
}
