import { AppError } from '../../platform/errors.ts';

export const OrderErrors = {
  notFound: () => new AppError(404, 'ORDER_NOT_FOUND', 'We couldn’t find an order with that number and e-mail address. Check both and try again.'),
  noOrders: () => new AppError(404, 'ORDER_NONE_YET', 'You have not placed an order yet.'),
  staffNotFound: (orderNumber: string) => new AppError(404, 'ORDER_NOT_FOUND', `There is no order ${orderNumber}.`),
  badTransition: (from: string, to: string) => new AppError(409, 'ORDER_STATUS_NOT_ALLOWED', `An order that is ${from} cannot move to ${to}.`),
  trackingNeeded: () =>
    new AppError(400, 'ORDER_TRACKING_REQUIRED', 'Enter the carrier and tracking number to mark the order dispatched.', {
      errors: [{ path: 'body.trackingNumber', message: 'Enter the tracking number', code: 'required' }],
    }),
};
