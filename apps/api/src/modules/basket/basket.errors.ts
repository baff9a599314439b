import { AppError } from '../../platform/errors.ts';
import { MAX_LINES, MAX_QUANTITY } from './basket-lines.ts';

/** The basket's stable error codes: each refusal changes nothing. */
export const BasketErrors = {
  notFound: () => new AppError(404, 'BASKET_NOT_FOUND', 'There is no basket with this id. Start a new basket by adding an item.'),
  quantityNotWhole: (sku: string) => new AppError(400, 'BASKET_QUANTITY_NOT_WHOLE', `The quantity of ${sku} must be a whole number.`),
  quantityOutOfRange: (sku: string, allowZero: boolean) =>
    new AppError(400, 'BASKET_QUANTITY_OUT_OF_RANGE', `The quantity of ${sku} must be between ${allowZero ? 0 : 1} and ${MAX_QUANTITY}.`),
  skuUnknown: (sku: string) => new AppError(422, 'BASKET_SKU_UNKNOWN', `We do not sell a product with the code ${sku}.`),
  skuUnavailable: (sku: string) => new AppError(422, 'BASKET_SKU_UNAVAILABLE', `${sku} is out of stock and cannot be ordered at the moment.`),
  /**
   * More than can be sold. `limit` is the most a basket can hold now (free stock, or the 999 a line
   * holds); adding to a line, the answer says how many more fit (`canAdd`), so the shopper can add those.
   */
  aboveStock: (item: string, limit: number, adding?: { inBasket: number }) => {
    const why = limit === MAX_QUANTITY ? `a basket holds at most ${MAX_QUANTITY} of one item` : `${limit} is all that can be ordered at the moment`;
    if (!adding) {
      return new AppError(
        422,
        'BASKET_QUANTITY_ABOVE_STOCK',
        `Only ${limit} of ${item} can be ordered at the moment; lower the quantity to ${limit} or fewer.`,
        {
          extensions: { maxQuantity: limit },
        },
      );
    }
    const canAdd = Math.max(0, limit - adding.inBasket);
    const detail =
      canAdd === 0
        ? `You already have ${adding.inBasket} of ${item} in your basket: ${why}.`
        : adding.inBasket === 0
          ? `Only ${canAdd} of ${item} can be added: ${why}.`
          : `You can add ${canAdd} more of ${item}: you have ${adding.inBasket} in your basket, and ${why}.`;
    return new AppError(422, 'BASKET_QUANTITY_ABOVE_STOCK', detail, { extensions: { maxQuantity: limit, canAdd } });
  },
  duplicateSku: (sku: string) => new AppError(400, 'BASKET_DUPLICATE_SKU', `${sku} appears more than once; send each sku once.`),
  tooManyLines: () => new AppError(422, 'BASKET_TOO_MANY_LINES', `A basket holds at most ${MAX_LINES} different products.`),
  lineNotFound: (sku: string) => new AppError(404, 'BASKET_LINE_NOT_FOUND', `${sku} is not in this basket.`),
  empty: () => new AppError(422, 'BASKET_EMPTY', 'The basket is empty: add something before saving it.'),
  discountNotApplied: (code: string) => new AppError(404, 'BASKET_DISCOUNT_NOT_APPLIED', `The code ${code} is not applied to this basket.`),
  retrievalCodeNotFound: () => new AppError(404, 'BASKET_RETRIEVAL_CODE_NOT_FOUND', 'No saved basket has this code. Check it and try again.'),
  retrievalCodeExpired: () => new AppError(410, 'BASKET_RETRIEVAL_CODE_EXPIRED', 'This saved basket has expired: saved baskets are kept for 30 days.'),
  /** No unused retrieval code could be drawn (see RETRIEVAL_CODE_ATTEMPTS): nothing was saved. */
  saveUnavailable: () =>
    new AppError(503, 'BASKET_SAVE_UNAVAILABLE', 'Sorry, we could not save your basket just now. Your basket has not changed: try saving it again.'),
  invalidEmail: () => new AppError(400, 'BASKET_EMAIL_INVALID', 'Enter one e-mail address, like name@example.com.'),
  conflict: () => new AppError(409, 'BASKET_VERSION_CONFLICT', 'The basket was changed by another request at the same moment. Try again.'),
};
