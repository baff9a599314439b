import { AppError } from '../../platform/errors.ts';
import { MAX_LINES, MAX_QUANTITY } from './basket-pricing.ts';

/** The basket's stable error codes: each refusal changes nothing. */
export const BasketErrors = {
  notFound: () => new AppError(404, 'BASKET_NOT_FOUND', 'There is no basket with this id. Start a new basket by adding an item.'),
  quantityNotWhole: (sku: string) =>
    new AppError(400, 'BASKET_QUANTITY_NOT_WHOLE', `The quantity of ${sku} must be a whole number.`),
  quantityOutOfRange: (sku: string, allowZero: boolean) =>
    new AppError(400, 'BASKET_QUANTITY_OUT_OF_RANGE', `The quantity of ${sku} must be between ${allowZero ? 0 : 1} and ${MAX_QUANTITY}.`),
  skuUnknown: (sku: string) => new AppError(422, 'BASKET_SKU_UNKNOWN', `We do not sell a product with the code ${sku}.`),
  skuUnavailable: (sku: string) =>
    new AppError(422, 'BASKET_SKU_UNAVAILABLE', `${sku} is out of stock and cannot be ordered at the moment.`),
  aboveStock: (sku: string, available: number) =>
    new AppError(
      422,
      'BASKET_QUANTITY_ABOVE_STOCK',
      `Only ${available} of ${sku} can be ordered at the moment; lower the quantity to ${available} or fewer.`,
    ),
  duplicateSku: (sku: string) => new AppError(400, 'BASKET_DUPLICATE_SKU', `${sku} appears more than once; send each sku once.`),
  tooManyLines: () => new AppError(422, 'BASKET_TOO_MANY_LINES', `A basket holds at most ${MAX_LINES} different products.`),
  lineNotFound: (sku: string) => new AppError(404, 'BASKET_LINE_NOT_FOUND', `${sku} is not in this basket.`),
  empty: () => new AppError(422, 'BASKET_EMPTY', 'The basket is empty: add something before saving it.'),
  discountNotApplied: (code: string) =>
    new AppError(404, 'BASKET_DISCOUNT_NOT_APPLIED', `The code ${code} is not applied to this basket.`),
  retrievalCodeNotFound: () =>
    new AppError(404, 'BASKET_RETRIEVAL_CODE_NOT_FOUND', 'No saved basket has this code. Check it and try again.'),
  retrievalCodeExpired: () =>
    new AppError(410, 'BASKET_RETRIEVAL_CODE_EXPIRED', 'This saved basket has expired: saved baskets are kept for 30 days.'),
  invalidEmail: () => new AppError(400, 'BASKET_EMAIL_INVALID', 'Enter one e-mail address, like name@example.com.'),
  conflict: () =>
    new AppError(409, 'BASKET_VERSION_CONFLICT', 'The basket was changed by another request at the same moment. Try again.'),
};
