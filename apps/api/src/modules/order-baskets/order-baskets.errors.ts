import { formatPenceShort } from '@shop/contracts';
import { AppError } from '../../platform/errors.ts';
import { PaymentErrors } from '../payments/index.ts';
import { MAX_QUANTITY } from './order-basket-rules.ts';

/** The order baskets' stable error codes: each refusal changes nothing (and charges nothing). */
export const OrderBasketErrors = {
  tooLate: (orderNumber: string, status: string) =>
    new AppError(
      409,
      'ORDER_BASKET_TOO_LATE',
      `Order ${orderNumber} is ${status}, so it can no longer be changed online: orders can be changed until we start picking them. ` +
        'Contact us if you need help with it.',
    ),
  notOpen: (orderNumber: string) =>
    new AppError(404, 'ORDER_BASKET_NOT_OPEN', `There are no changes open for order ${orderNumber}. Choose “Change this order” to start again.`),
  alreadyCompleted: (orderNumber: string) =>
    new AppError(
      409,
      'ORDER_BASKET_ALREADY_COMPLETED',
      `These changes to order ${orderNumber} have already been made (perhaps in another window). Nothing more was charged.`,
    ),
  expired: (orderNumber: string, minutes: number) =>
    new AppError(
      410,
      'ORDER_BASKET_EXPIRED',
      `Your changes to order ${orderNumber} were left for more than ${minutes} minutes, so they have been closed and nothing was charged. ` +
        'Start the changes again.',
    ),
  expiredAndRefunded: (orderNumber: string, minutes: number, refundedPence: number) =>
    new AppError(
      410,
      'ORDER_BASKET_EXPIRED_REFUNDED',
      `Your changes to order ${orderNumber} were left for more than ${minutes} minutes before they were completed, so they were not made ` +
        `and we are refunding the ${formatPenceShort(refundedPence)} you paid to your card. Start the changes again.`,
      { extensions: { refundedPence } },
    ),
  empty: () => new AppError(422, 'ORDER_BASKET_EMPTY', 'You have not changed anything yet: add or remove an item, or change the address, before completing.'),
  stale: (orderNumber: string, detail: string, version: number) =>
    new AppError(
      409,
      'ORDER_BASKET_STALE',
      `${detail} Your changes to order ${orderNumber} were not made and nothing was charged. Open the order again to see it as it is now.`,
      {
        extensions: { orderVersion: version },
      },
    ),
  quantityNotWhole: (sku: string) => new AppError(400, 'ORDER_BASKET_QUANTITY_NOT_WHOLE', `The quantity of ${sku} must be a whole number.`),
  quantityOutOfRange: (sku: string) => new AppError(400, 'ORDER_BASKET_QUANTITY_OUT_OF_RANGE', `The quantity of ${sku} must be between 1 and ${MAX_QUANTITY}.`),
  notSold: (sku: string) => new AppError(422, 'ORDER_BASKET_SKU_NOT_SOLD', `We do not sell a product with the code ${sku} any more, so it cannot be added.`),
  aboveStock: (item: string, limit: number) =>
    new AppError(
      422,
      'ORDER_BASKET_QUANTITY_ABOVE_STOCK',
      limit === 0
        ? `${item} is out of stock, so it cannot be added at the moment.`
        : `Only ${limit} of ${item} can be added at the moment; choose ${limit} or fewer.`,
      { extensions: { maxQuantity: limit } },
    ),
  lineNotOnOrder: (sku: string, orderNumber: string) => new AppError(404, 'ORDER_BASKET_LINE_NOT_FOUND', `${sku} is not on order ${orderNumber}.`),
  nothingLeft: () =>
    new AppError(422, 'ORDER_BASKET_NOTHING_LEFT', 'An order must keep at least one item. To cancel the whole order, choose “Cancel this order” instead.'),
  invalidPostcode: (reason: string) => new AppError(400, 'ORDER_BASKET_POSTCODE_INVALID', reason),
  notServed: (area: string) =>
    new AppError(
      422,
      'ORDER_BASKET_ADDRESS_NOT_SERVED',
      `We do not deliver to ${area} online, so the order cannot be sent there. Choose an address we deliver to.`,
    ),
  collected: () => new AppError(422, 'ORDER_BASKET_COLLECTION_ORDER', 'This order is collected from a branch, so it has no delivery address to change.'),
  deliveryUnavailable: (reason: string) => new AppError(422, 'ORDER_BASKET_DELIVERY_UNAVAILABLE', reason),
  paymentMismatch: () =>
    new AppError(409, 'ORDER_BASKET_PAYMENT_MISMATCH', 'That payment is not the one for these changes. Complete the changes again to pay the difference.'),
  paymentUnderWay: (orderNumber: string) => PaymentErrors.paymentUnderWay('ORDER_BASKET_PAYMENT_UNDER_WAY', `These changes to order ${orderNumber} are`),
  alreadyPaid: (pence: number) => PaymentErrors.secondPaymentRefunded('ORDER_BASKET_ALREADY_PAID', 'This change', pence),
  paymentIncomplete: () =>
    new AppError(
      402,
      'ORDER_BASKET_PAYMENT_INCOMPLETE',
      'The card payment for the difference has not gone through, so the order has not been changed. Try the card again.',
    ),
  totalMoved: () =>
    new AppError(
      409,
      'ORDER_BASKET_TOTAL_CHANGED',
      'The difference to pay changed while you were paying, so your payment has been refunded and the order has not been changed. ' +
        'Check the changes and pay again.',
    ),
};
