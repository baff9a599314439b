import type { FastifyInstance, FastifyRequest } from 'fastify';
import { REVIEW_MAX_PHOTOS, reviewPhotoEndpoints as endpoints } from '@shop/contracts';
import { bindEndpoint } from '../../platform/bind.ts';
import { createFilesService, createMultipartBodyParser, MAX_FILE_BYTES } from '../files/index.ts';
import { PhotoErrors } from './photos.errors.ts';
import type { PhotoUpload } from './photos.ts';
import type { ReviewsService } from './reviews.service.ts';

/** Uploads are large: a person adds photos to a review or two, not hundreds. */
const UPLOAD_LIMIT = { max: 20, timeWindow: '1 minute' };
/** A review's photos and a little room: one photo more than a review takes is refused without reading further. */
const MAX_FORM_BYTES = (REVIEW_MAX_PHOTOS + 1) * MAX_FILE_BYTES + 64 * 1024;
/**
 * A published review's photo is the same for everyone and never changes under its id: a day in any
 * cache, so a photo taken down with its review is gone from caches by the next day (decision 0035).
 */
const PUBLISHED_CACHE = 'public, max-age=86400, immutable';

/** Photos of reviews: sent by the author, served once the review is published. */
export async function registerPhotoRoutes(app: FastifyInstance, reviews: ReviewsService): Promise<void> {
  const files = createFilesService({ settings: app.platform.config.files });
  bindEndpoint(app, endpoints.getReviewPhoto, async ({ ctx, params, reply }) => {
    const { file, published } = await reviews.openReviewPhoto(ctx, files, params.photoId);
    // Shown in the page, or opened on its own in a tab: inline, never a download.
    return reply
      .headers({ ...file.headers, 'content-disposition': 'inline', 'cache-control': published ? PUBLISHED_CACHE : 'private, no-store' })
      .send(file.body) as never;
  });
  // The upload is read here, in a scope of its own that accepts multipart bodies. Awaited, so its
  // route is added while the platform still gives new routes their input checks.
  await app.register(async (scope) => {
    scope.addContentTypeParser('multipart/form-data', createMultipartBodyParser({ limit: MAX_FORM_BYTES, field: 'body.photos' }));
    bindEndpoint(
      scope,
      endpoints.addReviewPhotos,
      async ({ ctx, params, request }) => reviews.addReviewPhotos(ctx, files, params.reviewId, await sentPhotos(request)),
      {
        rateLimit: UPLOAD_LIMIT,
      },
    );
  });
}

/** The files of the form's `photos` fields, read with the platform's FormData; text fields are left aside, a file in any other field refused. */
async function sentPhotos(request: FastifyRequest): Promise<PhotoUpload[]> {
  const body = request.body;
  if (!Buffer.isBuffer(body)) throw PhotoErrors.notAForm();
  let form: FormData;
  try {
    form = await new Response(Uint8Array.from(body), { headers: { 'content-type': request.headers['content-type'] ?? '' } }).formData();
  } catch {
    throw PhotoErrors.notAForm();
  }
  const photos: PhotoUpload[] = [];
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') continue;
    if (name !== 'photos') throw PhotoErrors.notAForm();
    // A file input left empty still posts a nameless, empty part.
    if (value.size === 0 && !value.name) continue;
    photos.push({ fileName: value.name || undefined, bytes: new Uint8Array(await value.arrayBuffer()) });
  }
  return photos;
}
