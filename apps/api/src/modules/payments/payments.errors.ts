import { formatPenceShort } from '@shop/contracts';
import { AppError } from '../../platform/errors.ts';
import type { CardFieldErrors } from './test-cards.ts';

/** A payment's state in words, after "This payment". */
const INTENT_STATES: Record<string, string> = {
  requires_payment_method: 'is waiting for card details',
  requires_confirmation: 'is waiting to be confirmed',
  requires_action: 'is waiting for the bank’s security check',
  processing: 'is still being processed',
  succeeded: 'has already been taken',
  canceled: 'was cancelled',
};

/** The payments module's stable error codes: each refusal changes nothing. */
export const PaymentErrors = {
  webhookSignatureInvalid: (why: string) => new AppError(400, 'PAYMENT_WEBHOOK_SIGNATURE_INVALID', `The webhook signature was refused: ${why}.`),
  webhookGatewayNotConfigured: (gateway: string) =>
    new AppError(404, 'PAYMENT_GATEWAY_NOT_CONFIGURED', `This shop does not take payments through "${gateway}", so it accepts no webhooks from it.`),
  intentNotFound: () => new AppError(404, 'PAYMENT_INTENT_NOT_FOUND', 'There is no payment with this id, or the client secret does not match it.'),
  intentState: (status: string, action: string) =>
    new AppError(409, 'PAYMENT_INTENT_STATE', `This payment ${INTENT_STATES[status] ?? `is ${status.replaceAll('_', ' ')}`}, so it cannot be ${action}.`),
  amountInvalid: () => new AppError(400, 'PAYMENT_AMOUNT_INVALID', 'A payment amount is a whole number of pence, at least 30p and at most £999,999.99.'),
  refundTooLarge: (remaining: number) => new AppError(422, 'PAYMENT_REFUND_TOO_LARGE', `At most ${remaining}p of this payment can still be refunded.`),
  customerNotFound: () => new AppError(404, 'PAYMENT_CUSTOMER_NOT_FOUND', 'There is no payment customer with this id.'),
  cardNotFound: () => new AppError(404, 'PAYMENT_CARD_NOT_FOUND', 'There is no saved card with this id.'),
  returnUrlInvalid: () => new AppError(400, 'PAYMENT_RETURN_URL_INVALID', 'The return URL must be a page of this shop.'),
  gatewayUnavailable: (detail: string) => new AppError(503, 'PAYMENT_GATEWAY_UNAVAILABLE', `The payment provider could not be reached: ${detail}`),
  /** Stripe's own words for a step its payment is not ready for. */
  providerIntentState: (message: string | undefined) => new AppError(409, 'PAYMENT_INTENT_STATE', message ?? 'The payment is not in a state that allows this.'),
  /** Anything else the provider refuses is the request's fault (too large a refund, a bad amount): a 4xx, never a 5xx. */
  providerRefused: (message: string | undefined) => new AppError(422, 'PAYMENT_REQUEST_REFUSED', message ?? 'The payment provider refused the request.'),
  /** The sandbox's card frame: each field's problem, by field (`checkCardFields`); the first is the detail. */
  sandboxCardInvalid: (problems: CardFieldErrors) => {
    const errors = Object.entries(problems).flatMap(([field, message]: [string, string | undefined]) =>
      message ? [{ path: `body.card.${field}`, message, code: 'invalid' }] : [],
    );
    return new AppError(400, 'SANDBOX_CARD_INVALID', errors[0]?.message ?? 'Check the card details.', { errors });
  },
  sandboxChallengeOutcome: () => new AppError(400, 'SANDBOX_CHALLENGE_OUTCOME', 'Choose Complete or Fail.'),
  /** A difference (an order change, a delivery upgrade) another window is paying: this attempt took nothing. `what`: "These changes to order X". */
  paymentUnderWay: (code: string, what: string) =>
    new AppError(
      409,
      code,
      `${what} being paid for in another window, so nothing was taken this time. Wait for that payment to finish, then open the order to check it.`,
    ),
  /** A second payment for one difference that got through: refunded at once, and said so. `what`: "This change". */
  secondPaymentRefunded: (code: string, what: string, pence: number) =>
    new AppError(
      409,
      code,
      `${what} has already been paid in another window, so we are refunding the ${formatPenceShort(pence)} you just paid to your card. ` +
        'Your bank may take a few working days to show it. Open the order to see it as it is now.',
      { extensions: { refundedPence: pence } },
    ),
  savedCardNotFound: () => new AppError(404, 'SAVED_CARD_NOT_FOUND', 'That card is not saved on your account.'),
  /** Paying a difference on a placed order with a saved card: only the customer who placed it, signed in, has cards to choose from. */
  savedCardSignIn: () =>
    new AppError(
      403,
      'SAVED_CARD_SIGN_IN',
      'Only the customer who placed the order, signed in to their account, can pay with a saved card. Pay by card instead.',
    ),
  savedCardRequired: () =>
    new AppError(400, 'SAVED_CARD_REQUIRED', 'Choose a saved card', {
      errors: [{ path: 'body.savedCardId', message: 'Choose a saved card', code: 'required' }],
    }),
  savedCardDeclined: (message: string) => new AppError(402, 'SAVED_CARD_DECLINED', `${message} You have not been charged: try another card.`),
  savedCardPostcodeInvalid: (reason: string) =>
    new AppError(400, 'SAVED_CARD_POSTCODE_INVALID', reason, { errors: [{ path: 'body.billing.postcode', message: reason, code: 'invalid_postcode' }] }),
};
