import { AppError } from '../../platform/errors.ts';
import { formatPenceShort } from '@shop/contracts';

/** The payment provider, behind us, refused or did not answer. */
const BAD_GATEWAY = { title: 'Bad Gateway' };

export const OrderErrors = {
  notFound: () => new AppError(404, 'ORDER_NOT_FOUND', 'We couldn’t find an order with that number and e-mail address. Check both and try again.'),
  notYours: (orderNumber: string) =>
    new AppError(404, 'ORDER_NOT_FOUND', `There is no order ${orderNumber} on your account. Check the number against your orders.`),
  noOrders: () => new AppError(404, 'ORDER_NONE_YET', 'You have not placed an order yet.'),

  // Changing an order takes its owner signed in or a link we e-mailed (decision 0049): the same refusal whether or not the order exists.
  linkRequired: (orderNumber: string) =>
    new AppError(
      403,
      'ORDER_LINK_REQUIRED',
      `To change order ${orderNumber}, use the link we e-mail to the address it was placed with: ask for one on the Track your order page. ` +
        'If you placed it signed in, sign in first.',
    ),
  linkInvalid: () =>
    new AppError(
      403,
      'ORDER_LINK_INVALID',
      'This link does not work for this order. Use the link in our latest e-mail about it, or ask for a new one on the Track your order page.',
    ),
  linkExpired: (hours: number) =>
    new AppError(403, 'ORDER_LINK_EXPIRED', `This link has expired. Ask for a new one on the Track your order page: it works for ${hours} hours.`),
  tooManyLinks: () =>
    new AppError(429, 'ORDER_LINK_TOO_MANY', 'We have sent several links for this order in the last hour. Use the latest one, or ask again in an hour.'),
  noSuchVatDocument: (number: string) =>
    new AppError(404, 'VAT_DOCUMENT_NOT_FOUND', `This order has no VAT invoice or credit note ${number}. Choose one from the order's list of invoices.`),
  staffNotFound: (orderNumber: string) => new AppError(404, 'ORDER_NOT_FOUND', `There is no order ${orderNumber}.`),
  badTransition: (from: string, to: string) => new AppError(409, 'ORDER_STATUS_NOT_ALLOWED', `An order that is ${from} cannot move to ${to}.`),
  trackingNeeded: () =>
    new AppError(400, 'ORDER_TRACKING_REQUIRED', 'Enter the carrier and tracking number to mark the order dispatched.', {
      errors: [{ path: 'body.trackingNumber', message: 'Enter the tracking number', code: 'required' }],
    }),

  alreadyCancelled: (orderNumber: string) =>
    new AppError(409, 'ORDER_ALREADY_CANCELLED', `Order ${orderNumber} is already cancelled and its payment refunded.`),
  notCancellable: (orderNumber: string, status: string) =>
    new AppError(
      409,
      'ORDER_NOT_CANCELLABLE',
      status === 'dispatched' || status === 'delivered'
        ? `Order ${orderNumber} is ${status}, so it can no longer be cancelled: refund it instead once the goods are on their way back.`
        : `Order ${orderNumber} is ${status}, so it cannot be cancelled.`,
    ),
  noSuchLine: (position: number) =>
    new AppError(422, 'ORDER_LINE_NOT_FOUND', 'Choose items from this order.', {
      errors: [{ path: 'body.lines', message: `There is no item ${position + 1} in this order`, code: 'not_found' }],
    }),
  lineAlreadyCancelled: (productName: string) =>
    new AppError(409, 'ORDER_NOTHING_TO_CANCEL', `${productName} is already cancelled: there is nothing more of it to cancel.`),
  cancelTooMany: (productName: string, left: number) =>
    new AppError(422, 'ORDER_CANCEL_TOO_MANY', `You can cancel at most ${left} of ${productName}.`, {
      errors: [{ path: 'body.lines', message: `Enter a quantity of ${left} or fewer for ${productName}`, code: 'too_big' }],
    }),
  notRefundable: (orderNumber: string, status: string) =>
    new AppError(
      409,
      'ORDER_NOT_REFUNDABLE',
      status === 'refunded' || status === 'cancelled'
        ? `Order ${orderNumber} is ${status}: all of its payment has gone back already.`
        : `Order ${orderNumber} is ${status} and has not been dispatched: cancel it instead, which refunds the whole payment.`,
    ),
  refundTooLarge: (remainingPence: number) =>
    new AppError(422, 'ORDER_REFUND_TOO_LARGE', `At most ${formatPenceShort(remainingPence)} of this order can still be refunded.`, {
      errors: [{ path: 'body.amountPence', message: `Enter at most ${formatPenceShort(remainingPence)}`, code: 'too_big' }],
    }),
  refundsChanged: (refundedPence: number) =>
    new AppError(
      409,
      'ORDER_REFUNDS_CHANGED',
      `The order’s refunds changed since you looked: ${formatPenceShort(refundedPence)} has been refunded so far. Check them before refunding more.`,
    ),
  /** A refund of this order is recorded and not yet settled: a different one must wait for it. */
  refundInProgress: (pending: { kind: string; amountPence: number }) =>
    new AppError(
      409,
      'ORDER_REFUND_IN_PROGRESS',
      pending.kind === 'cancellation'
        ? `This order is being cancelled: its refund of ${formatPenceShort(pending.amountPence)} is not confirmed yet. ` +
            'Wait a moment and look again, or cancel again to finish it.'
        : `A refund of ${formatPenceShort(pending.amountPence)} for this order is not confirmed yet. ` +
            'Wait a moment and look again, or retry that refund (same amount) to finish it.',
    ),
  /** The provider answered a refund with `failed`: handled as its refusal, in `refundRefused`'s words. */
  providerRefundFailed: () => new AppError(422, 'PAYMENT_REFUND_FAILED', 'the refund failed'),
  refundRefused: (message: string) =>
    new AppError(
      502,
      'ORDER_REFUND_REFUSED',
      `The payment provider refused the refund (${message.replace(/\.$/, '')}). Nothing was refunded and the order is unchanged.`,
      BAD_GATEWAY,
    ),
  /** `message`: the credit provider's own words for an order paid on account. */
  refundUnconfirmed: (message?: string) =>
    new AppError(
      502,
      'ORDER_REFUND_UNCONFIRMED',
      message ?? 'The payment provider did not confirm the refund. It is recorded as pending and will not be made twice: try again in a moment to finish it.',
      BAD_GATEWAY,
    ),
  /** The credit provider would not credit an order paid on account: its words, and that nothing changed. */
  creditRefused: (message: string) => new AppError(502, 'ORDER_REFUND_REFUSED', `${message} Nothing was credited and the order is unchanged.`, BAD_GATEWAY),
};
