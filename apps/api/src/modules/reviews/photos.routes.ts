import type { FastifyInstance } from 'fastify';
import { REVIEW_MAX_PHOTOS, reviewPhotoEndpoints as endpoints } from '@shop/contracts';
import { bindEndpoint } from '../../platform/bind.ts';
import { PhotoErrors } from './photos.errors.ts';
import type { FilesService } from '../files/index.ts';
import type { ReviewsService } from './reviews.service.ts';

/** Uploads are large: a person adds photos to a review or two, not hundreds. */
const UPLOAD_LIMIT = { max: 20, timeWindow: '1 minute' };
/** The photos, each in a `photos` field: one more than a review takes is refused as it starts, a file in any other field at once. */
const PHOTOS_FORM = { files: { photos: REVIEW_MAX_PHOTOS }, notAForm: PhotoErrors.notAForm, tooManyFiles: () => PhotoErrors.tooMany(REVIEW_MAX_PHOTOS) };
/**
 * A published review's photo is the same for everyone and never changes under its id: a day in any
 * cache, so a photo taken down with its review is gone from caches by the next day (decision 0035).
 */
const PUBLISHED_CACHE = 'public, max-age=86400, immutable';

/** Photos of reviews: sent by the author, served once the review is published. */
export async function registerPhotoRoutes(app: FastifyInstance, reviews: ReviewsService, files: FilesService): Promise<void> {
  bindEndpoint(app, endpoints.getReviewPhoto, async ({ ctx, params, reply }) => {
    const { file, published } = await reviews.openReviewPhoto(ctx, params.photoId);
    // Shown in the page, or opened on its own in a tab: inline, never a download.
    return reply
      .headers({ ...file.headers, 'content-disposition': 'inline', 'cache-control': published ? PUBLISHED_CACHE : 'private, no-store' })
      .send(file.body) as never;
  });
  // The upload is read here, in a scope of its own that accepts multipart bodies. Awaited, so its
  // route is added while the platform still gives new routes their input checks.
  await app.register(async (scope) => {
    await files.acceptUploads(scope);
    bindEndpoint(
      scope,
      endpoints.addReviewPhotos,
      async ({ ctx, params, request }) => reviews.addReviewPhotos(ctx, params.reviewId, (await files.readUploadForm(request, PHOTOS_FORM)).files),
      { rateLimit: UPLOAD_LIMIT },
    );
  });
}
