import { AppError } from '../../platform/errors.ts';

/** Reading and searching reviews: each refusal changes nothing. */
export const ListingErrors = {
  productNotFound: () =>
    new AppError(404, 'REVIEW_LISTING_PRODUCT_NOT_FOUND', 'We couldn’t find that product. Check the web address or product code and try again.'),
  reviewNotFound: () => new AppError(404, 'REVIEW_NOT_FOUND', 'There is no such review. Reload the list of reviews.'),
  datesReversed: () =>
    new AppError(400, 'REVIEW_SEARCH_DATES_REVERSED', 'The start date must be on or before the end date.', {
      errors: [{ path: 'body.endDate', message: 'The start date must be on or before the end date.', code: 'review_search_dates_reversed' }],
    }),
  ratingsReversed: () =>
    new AppError(400, 'REVIEW_SEARCH_RATINGS_REVERSED', 'The lowest rating must be at or below the highest rating.', {
      errors: [{ path: 'body.ratingTo', message: 'The lowest rating must be at or below the highest rating.', code: 'review_search_ratings_reversed' }],
    }),
};
