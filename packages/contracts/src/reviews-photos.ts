import { z } from 'zod';
import { defineEndpoint, publicAccess, signedIn } from './endpoint.ts';
import { REVIEW_MAX_PHOTOS } from './reviews-values.ts';

/**
 * Photos sent with a review (issue 21): calls of our own, beside the spec's JSON review calls
 * (decision 0035). The author adds photos to their review while it waits to be checked; once the
 * review is published anyone may see them, and before that only the author and review moderators.
 */

/** A review's photo: its id, and where the image itself is (a path below the shop's address, the same for everyone). */
export const ReviewPhotoSchema = z
  .object({
    photoId: z.uuid(),
    url: z.string().describe('`/api/reviews/Reviews/Photos/{photoId}`: the image (JPEG or PNG)'),
  })
  .meta({ id: 'ReviewPhoto' });
export type ReviewPhoto = z.infer<typeof ReviewPhotoSchema>;

export const ReviewPhotosSchema = z
  .object({ reviewId: z.uuid(), photos: z.array(ReviewPhotoSchema).describe('In the order they were sent') })
  .meta({ id: 'ReviewPhotos' });
export type ReviewPhotos = z.infer<typeof ReviewPhotosSchema>;

/** Where a photo's image is served: the path `getReviewPhoto` answers at. */
export const reviewPhotoUrl = (photoId: string): string => `/api/reviews/Reviews/Photos/${encodeURIComponent(photoId)}`;

export const reviewPhotoEndpoints = {
  addReviewPhotos: defineEndpoint({
    service: 'reviews',
    access: signedIn,
    method: 'POST',
    path: '/Reviews/{reviewId}/Photos',
    summary: `Adds photos to the signed-in author’s review while it waits to be checked: JPEG or PNG, 5 MB each, ${REVIEW_MAX_PHOTOS} at most in all`,
    description:
      'Not a call of the spec (decision 0035). multipart/form-data with each image in a `photos` field. Judged by content, not by name: ' +
      '422 FILE_TYPE_NOT_ALLOWED for anything but a JPEG or PNG, 413 FILE_TOO_LARGE above 5 MB, 422 FILE_EMPTY for an empty file. ' +
      'Each photo is kept re-encoded without its metadata (no EXIF, so no location): 422 FILE_IMAGE_TOO_LARGE past 40 megapixels, ' +
      '422 FILE_UNREADABLE when it does not decode. ' +
      `422 REVIEW_PHOTO_MISSING without a photo, 422 REVIEW_TOO_MANY_PHOTOS past ${REVIEW_MAX_PHOTOS} in all, 400 REVIEW_PHOTOS_FORM when the body is ` +
      'not such a form. Another customer’s review is the same 404 REVIEW_NOT_FOUND as an unknown one; a review that is published or rejected ' +
      'already is 409 REVIEW_PHOTOS_CLOSED. A refusal stores nothing. Answers all the review’s photos.',
    bodyType: 'multipart',
    params: z.object({ reviewId: z.uuid({ error: 'There is no such review. Reload the list of reviews.' }) }),
    responses: { 201: ReviewPhotosSchema },
  }),
  getReviewPhoto: defineEndpoint({
    service: 'reviews',
    access: publicAccess,
    method: 'GET',
    path: '/Reviews/Photos/{photoId}',
    summary: 'A review’s photo: the image itself, for anyone once its review is published; before that for its author and review moderators',
    description:
      'Not a call of the spec (decision 0035). Answers the JPEG or PNG with its sniffed type and `X-Content-Type-Options: nosniff`; a published ' +
      'review’s photo may be cached publicly for a day, any other is `no-store`. A photo nobody else may see yet is the same 404 ' +
      'REVIEW_PHOTO_NOT_FOUND as an unknown one.',
    params: z.object({ photoId: z.uuid({ error: 'There is no such photo.' }) }),
    responses: { 200: z.string().describe('The image’s bytes') },
  }),
} as const;
