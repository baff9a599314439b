import { AppError } from '../../platform/errors.ts';

const field = (path: string, message: string, code: string) => ({ errors: [{ path, message, code }] });

type RefundStatus = 'succeeded' | 'pending' | 'failed';

/** What the shopper is told about the payment given back, as the provider answered the refund. */
const REFUND_SENTENCES: Record<RefundStatus, string> = {
  succeeded: 'We have refunded your payment in full.',
  pending: 'We have started a full refund of your payment: your bank will show it within a few working days.',
  failed: 'Our payment provider could not refund it automatically, so our team has been told and will refund you in full.',
};

/** The checkout's stable error codes: each refusal changes nothing. */
export const CheckoutErrors = {
  basketEmpty: () => new AppError(422, 'CHECKOUT_BASKET_EMPTY', 'Your basket is empty: add something before checking out.'),
  invalidPostcode: (path: string, reason: string) => new AppError(400, 'CHECKOUT_POSTCODE_INVALID', reason, field(path, reason, 'invalid_postcode')),
  /** An address of the right shape that still cannot be sent to (a display name, several addresses, header characters). */
  invalidEmail: () =>
    new AppError(
      400,
      'CHECKOUT_EMAIL_INVALID',
      'Enter an e-mail address in the correct format, like name@example.com',
      field('body.emailAddress', 'Enter an e-mail address in the correct format, like name@example.com', 'invalid_email'),
    ),
  /** Only a signed-in customer has an address book to save to. */
  signInToSaveAddress: () =>
    new AppError(
      400,
      'CHECKOUT_SIGN_IN_TO_SAVE_ADDRESS',
      'Sign in to save this address to your address book, or untick the box.',
      field('body.saveToAddressBook', 'Sign in to save this address to your address book, or untick the box.', 'sign_in_to_save'),
    ),
  billingAddressMissing: () =>
    new AppError(
      400,
      'CHECKOUT_BILLING_ADDRESS_MISSING',
      'Enter a billing address, or use the delivery address.',
      field('body.address', 'Enter a billing address, or use the delivery address.', 'required'),
    ),
  orderReferenceForTradeOnly: () =>
    new AppError(
      422,
      'CHECKOUT_ORDER_REFERENCE_TRADE_ONLY',
      'An order reference can only be added by a trade account: sign in to your trade account, or leave it out.',
      field('body.orderReference', 'An order reference can only be added by a trade account', 'trade_only'),
    ),
  noDeliveryAddress: () => new AppError(409, 'CHECKOUT_DELIVERY_ADDRESS_MISSING', 'Enter the delivery address first.'),
  notServed: (where: string) =>
    new AppError(422, 'CHECKOUT_AREA_NOT_SERVED', `We do not deliver to ${where}. Choose click & collect, or deliver to another address.`),
  optionNotOffered: (code: string) => new AppError(422, 'CHECKOUT_DELIVERY_OPTION_UNKNOWN', `${code} is not a delivery option for this basket.`),
  optionUnavailable: (reason: string) => new AppError(422, 'CHECKOUT_DELIVERY_OPTION_UNAVAILABLE', reason),
  dateRequired: () =>
    new AppError(
      400,
      'CHECKOUT_DELIVERY_DATE_REQUIRED',
      'Choose a delivery day for specific-day delivery.',
      field('body.date', 'Choose a delivery day.', 'required'),
    ),
  dateUnavailable: (date: string) =>
    new AppError(
      422,
      'CHECKOUT_DELIVERY_DATE_UNAVAILABLE',
      `We cannot deliver on ${date}: choose another day from the calendar.`,
      field('body.date', 'Choose another day.', 'unavailable'),
    ),
  dateNotAllowed: () =>
    new AppError(
      400,
      'CHECKOUT_DELIVERY_DATE_NOT_ALLOWED',
      'Only specific-day delivery takes a date.',
      field('body.date', 'Only specific-day delivery takes a date.', 'not_allowed'),
    ),
  stepsMissing: (steps: readonly string[]) =>
    new AppError(409, 'CHECKOUT_STEPS_MISSING', `Complete these steps before paying: ${steps.join(', ').replace(/_/g, ' ')}.`),
  noPaymentStarted: () => new AppError(409, 'CHECKOUT_PAYMENT_NOT_STARTED', 'Start the payment first: choose how to pay.'),
  paymentDeclined: (message: string) => new AppError(402, 'CHECKOUT_PAYMENT_DECLINED', `${message} You have not been charged: try another card.`),
  paymentNeedsAction: () => new AppError(409, 'CHECKOUT_PAYMENT_NEEDS_ACTION', 'Complete your bank’s security check to finish paying.'),
  paymentPending: () => new AppError(409, 'CHECKOUT_PAYMENT_PENDING', 'Your payment is still being processed. Wait a moment and try again.'),
  paymentStale: () =>
    new AppError(
      409,
      'CHECKOUT_PAYMENT_STALE',
      'Your basket or delivery changed after you started paying. We have updated the amount: check it and pay again.',
    ),
  paymentMismatch: (refund: RefundStatus) =>
    new AppError(
      409,
      'CHECKOUT_PAYMENT_AMOUNT_CHANGED',
      `Your basket changed while you were paying, so we did not place the order. ${REFUND_SENTENCES[refund]} Check your basket and pay again.`,
    ),
  basketChanged: () =>
    new AppError(409, 'CHECKOUT_BASKET_CHANGED', 'Your basket changed while you were paying, so we did not place the order. Check your basket and pay again.'),
  orderFailedRefunded: (reason: string, refund: RefundStatus) => new AppError(409, 'CHECKOUT_ORDER_NOT_PLACED', `${reason} ${REFUND_SENTENCES[refund]}`),
  onAccountTradeOnly: () =>
    new AppError(
      422,
      'CHECKOUT_ON_ACCOUNT_TRADE_ONLY',
      'Paying on account is for baskets at trade prices: sign in to your approved trade account, or pay by card.',
    ),
  orderFailedOnAccount: (reason: string) => new AppError(409, 'CHECKOUT_ORDER_NOT_PLACED', `${reason} Nothing has been put on your account with Two.`),
  savedCardsNeedSignIn: () => new AppError(401, 'CHECKOUT_SAVED_CARD_SIGN_IN', 'Sign in to pay with a saved card.'),
  savedCardUnknown: () => new AppError(404, 'CHECKOUT_SAVED_CARD_NOT_FOUND', 'That saved card is not on your account. Choose another card.'),
};
