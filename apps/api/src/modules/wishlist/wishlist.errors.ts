import { AppError } from '../../platform/errors.ts';
import { MAX_ITEMS, MAX_QUANTITY } from './wishlist-items.ts';

/** The wishlist's stable error codes: each refusal changes nothing. */
export const WishlistErrors = {
  notFound: () => new AppError(404, 'WISHLIST_NOT_FOUND', 'There is no wishlist with this id. Start a new one by adding a product.'),
  quantityNotWhole: (sku: string) => new AppError(400, 'WISHLIST_QUANTITY_NOT_WHOLE', `The quantity of ${sku} must be a whole number.`),
  quantityOutOfRange: (sku: string) => new AppError(400, 'WISHLIST_QUANTITY_OUT_OF_RANGE', `The quantity of ${sku} must be between 1 and ${MAX_QUANTITY}.`),
  skuUnknown: (sku: string) => new AppError(422, 'WISHLIST_SKU_UNKNOWN', `We do not sell a product with the code ${sku}.`),
  itemNotFound: (sku: string) => new AppError(404, 'WISHLIST_ITEM_NOT_FOUND', `${sku} is not on this wishlist.`),
  tooManyItems: () => new AppError(422, 'WISHLIST_TOO_MANY_ITEMS', `A wishlist holds at most ${MAX_ITEMS} products. Remove some to add more.`),
  empty: () => new AppError(422, 'WISHLIST_EMPTY', 'The wishlist is empty: add a product before sharing it.'),
  invalidEmail: () => new AppError(400, 'WISHLIST_EMAIL_INVALID', 'Enter one e-mail address, like name@example.com.'),
  shareCodeNotFound: () => new AppError(404, 'WISHLIST_SHARE_CODE_NOT_FOUND', 'No shared wishlist has this code. Check it and try again.'),
};
