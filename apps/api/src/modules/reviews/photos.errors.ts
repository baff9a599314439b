import { REVIEW_MAX_PHOTOS } from '@shop/contracts';
import { AppError } from '../../platform/errors.ts';

/** A refusal about the photos field, named so a page can show it beside the file input. */
const photosRefusal = (status: number, code: string, message: string) =>
  new AppError(status, code, message, { errors: [{ path: 'body.photos', message, code: code.toLowerCase() }] });

/** Adding and showing a review's photos: each refusal stores nothing and changes nothing. */
export const PhotoErrors = {
  photoMissing: () => photosRefusal(422, 'REVIEW_PHOTO_MISSING', 'Select a photo to add to your review'),
  tooMany: (room: number) =>
    photosRefusal(
      422,
      'REVIEW_TOO_MANY_PHOTOS',
      room >= REVIEW_MAX_PHOTOS
        ? `Select up to ${REVIEW_MAX_PHOTOS} photos`
        : room === 0
          ? `Your review has ${REVIEW_MAX_PHOTOS} photos already, which is the most it can have`
          : `Select up to ${room} more ${room === 1 ? 'photo' : 'photos'}: a review can have ${REVIEW_MAX_PHOTOS} at most`,
    ),
  closed: () =>
    new AppError(409, 'REVIEW_PHOTOS_CLOSED', 'Photos can only be added while your review waits to be checked, and this one has been checked already.'),
  notAForm: () => photosRefusal(400, 'REVIEW_PHOTOS_FORM', 'Send the photos as a form (multipart/form-data), each in a field named “photos”'),
  photoNotFound: () => new AppError(404, 'REVIEW_PHOTO_NOT_FOUND', 'There is no such photo. It may belong to a review that is not published.'),
};
