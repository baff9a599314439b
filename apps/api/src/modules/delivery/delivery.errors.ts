import { AppError } from '../../platform/errors.ts';

/** Stable codes the delivery module raises. */
export const DeliveryErrors = {
  invalidPostcode: (reason: string) =>
    new AppError(400, 'INVALID_POSTCODE', `postcode: ${reason}`, {
      errors: [{ path: 'body.postcode', message: reason, code: 'invalid_postcode' }],
    }),
};
