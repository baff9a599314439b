import { AppError } from '../../platform/errors.ts';

/** Writing and moderating reviews: each refusal changes nothing. */
export const ReviewErrors = {
  productNotFound: () => new AppError(404, 'REVIEW_PRODUCT_NOT_FOUND', 'We couldn’t find that product. Check the web address or product code and try again.'),
  alreadyWritten: () => new AppError(409, 'REVIEW_ALREADY_WRITTEN', 'You have already reviewed this product. Each customer can review a product once.'),
  orderLineReviewed: () => new AppError(409, 'REVIEW_ORDER_LINE_REVIEWED', 'You have already reviewed this product from this order.'),
  orderNotFound: () =>
    new AppError(
      404,
      'REVIEW_ORDER_NOT_FOUND',
      'We couldn’t find that order among yours. Check the order number, and that you are signed in to the account you ordered with.',
    ),
  notOnOrder: () => new AppError(422, 'REVIEW_NOT_ON_ORDER', 'That product is not on this order. Choose a product from the order to review it.'),
  lineCancelled: () =>
    new AppError(422, 'REVIEW_LINE_CANCELLED', 'That product was cancelled from this order, so it cannot be reviewed as a verified purchase.'),
  reviewNotFound: () => new AppError(404, 'REVIEW_NOT_FOUND', 'There is no such review. Reload the list of reviews.'),
  changed: () =>
    new AppError(409, 'REVIEW_CHANGED', 'Someone else changed this review while you were looking at it. Reload it to see what changed, then try again.'),
  alreadyPublished: () => new AppError(409, 'REVIEW_ALREADY_PUBLISHED', 'This review is published already.'),
  alreadyRejected: () => new AppError(409, 'REVIEW_ALREADY_REJECTED', 'This review was rejected already. Its author can write a new one.'),
};
