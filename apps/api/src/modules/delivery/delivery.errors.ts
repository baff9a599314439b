import { AppError } from '../../platform/errors.ts';

/** Stable codes the delivery module raises. */
export const DeliveryErrors = {
  skuNotFound: (sku: string) => new AppError(404, 'SKU_NOT_FOUND', `There is no product with sku "${sku}".`),
  invalidPostcode: (reason: string) =>
    new AppError(400, 'INVALID_POSTCODE', `postcode: ${reason}`, {
      errors: [{ path: 'body.postcode', message: reason, code: 'invalid_postcode' }],
    }),
};
