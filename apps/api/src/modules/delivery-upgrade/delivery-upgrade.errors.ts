import { formatPenceShort } from '@shop/contracts';
import { AppError } from '../../platform/errors.ts';
import { PaymentErrors } from '../payments/index.ts';

/** The delivery upgrade's stable error codes: each refusal changes nothing, and charges nothing (or gives back what was taken). */
export const DeliveryUpgradeErrors = {
  tooLate: (orderNumber: string, status: string) =>
    new AppError(
      409,
      'DELIVERY_UPGRADE_TOO_LATE',
      `Order ${orderNumber} is ${status}, so its delivery can no longer be changed: delivery can be upgraded until we dispatch the order. ` +
        'Contact us if you need help with it.',
    ),
  collected: () => new AppError(422, 'DELIVERY_UPGRADE_COLLECTION_ORDER', 'This order is collected from a branch, so it has no delivery to upgrade.'),
  notStarted: (orderNumber: string) =>
    new AppError(404, 'DELIVERY_UPGRADE_NOT_STARTED', `There is no delivery upgrade open for order ${orderNumber}. Choose “Upgrade delivery” to start again.`),
  optionNotOffered: (code: string) =>
    new AppError(
      422,
      'DELIVERY_UPGRADE_OPTION_NOT_OFFERED',
      `${code} is not an upgrade we offer for this order: choose one of the faster or specific-day options shown.`,
    ),
  optionUnavailable: (reason: string) => new AppError(422, 'DELIVERY_UPGRADE_OPTION_UNAVAILABLE', reason),
  dateRequired: () => new AppError(400, 'DELIVERY_UPGRADE_DATE_REQUIRED', 'Choose a delivery day for specific-day delivery.'),
  dateNotAllowed: () =>
    new AppError(400, 'DELIVERY_UPGRADE_DATE_NOT_ALLOWED', 'Only specific-day delivery takes a delivery day: choose it, or leave the day out.'),
  dateUnavailable: (date: string) =>
    new AppError(422, 'DELIVERY_UPGRADE_DATE_UNAVAILABLE', `We cannot deliver on ${date}: choose one of the open days in the calendar.`),
  noOption: () => new AppError(422, 'DELIVERY_UPGRADE_NO_OPTION', 'Choose the delivery you want first.'),
  billingRequired: () => new AppError(422, 'DELIVERY_UPGRADE_BILLING_REQUIRED', 'Enter the billing address of the card you will pay with, or use the order’s.'),
  invalidPostcode: (reason: string) => new AppError(400, 'DELIVERY_UPGRADE_POSTCODE_INVALID', reason),
  consentRequired: (differencePence: number) =>
    new AppError(
      422,
      'DELIVERY_UPGRADE_CONSENT_REQUIRED',
      `Tick the box to agree to pay ${formatPenceShort(differencePence)} for the faster delivery. Nothing is taken until you do.`,
    ),
  nothingToPay: () =>
    new AppError(422, 'DELIVERY_UPGRADE_NOTHING_TO_PAY', 'There is nothing to pay for this delivery: choose “Upgrade without paying” instead.'),
  paymentRequired: (differencePence: number) =>
    new AppError(
      422,
      'DELIVERY_UPGRADE_PAYMENT_REQUIRED',
      `This delivery costs ${formatPenceShort(differencePence)} more than you paid, so it needs paying for by card.`,
    ),
  alreadyPaid: () =>
    new AppError(
      409,
      'DELIVERY_UPGRADE_ALREADY_PAID',
      'You have paid for the delivery you chose already, so it cannot be changed now: complete the upgrade to apply it.',
    ),
  paymentUnderWay: (orderNumber: string) =>
    PaymentErrors.paymentUnderWay('DELIVERY_UPGRADE_PAYMENT_UNDER_WAY', `The delivery upgrade for order ${orderNumber} is`),
  secondPaymentRefunded: (pence: number) => PaymentErrors.secondPaymentRefunded('DELIVERY_UPGRADE_SECOND_PAYMENT_REFUNDED', 'This upgrade', pence),
  paidOnAccount: () =>
    new AppError(
      409,
      'DELIVERY_UPGRADE_ON_ACCOUNT',
      'This order is paid on account with Two, our trade credit provider, so the upgrade is not paid by card: ' +
        'agree to the difference being added to the order’s invoice and choose “Upgrade on account”.',
    ),
  notOnAccount: () =>
    new AppError(
      409,
      'DELIVERY_UPGRADE_NOT_ON_ACCOUNT',
      'This order was paid by card, so the difference for a faster delivery is paid by card too: choose “Continue to payment”.',
    ),
  noPaymentStarted: () => new AppError(409, 'DELIVERY_UPGRADE_NO_PAYMENT', 'No payment has been started for this upgrade: pay by card first.'),
  paymentMismatch: () =>
    new AppError(409, 'DELIVERY_UPGRADE_PAYMENT_MISMATCH', 'That payment is not the one for this upgrade. Start the payment again from the upgrade page.'),
  paymentNeedsAction: () =>
    new AppError(402, 'DELIVERY_UPGRADE_PAYMENT_NEEDS_ACTION', 'Your bank’s security check is not finished: complete it to pay for the upgrade.'),
  paymentIncomplete: () =>
    new AppError(
      402,
      'DELIVERY_UPGRADE_PAYMENT_INCOMPLETE',
      'The card payment has not gone through, so the delivery has not been upgraded. Try the card again.',
    ),
  quoteChanged: () =>
    new AppError(
      409,
      'DELIVERY_UPGRADE_QUOTE_CHANGED',
      'The order or the delivery’s price or dates have changed since you chose it (a cut-off may have passed). ' +
        'Check the options as they are now and choose again. Nothing has been taken.',
    ),
  notApplied: (orderNumber: string, detail: string, refundedPence: number) =>
    new AppError(
      409,
      'DELIVERY_UPGRADE_NOT_APPLIED',
      `${detail} The delivery of order ${orderNumber} was not upgraded` +
        (refundedPence > 0 ? `, and the ${formatPenceShort(refundedPence)} you paid is being refunded to your card.` : ', and nothing was charged.'),
      { extensions: { refundedPence } },
    ),
};
