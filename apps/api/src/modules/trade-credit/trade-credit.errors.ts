import { AppError, fieldRefusal } from '../../platform/errors.ts';

/** The trade credit module's stable error codes: each refusal changes nothing. */
export const TradeCreditErrors = {
  /** Shoppers, other businesses and unknown proposals all get this: ids and accounts reveal nothing. */
  accountNotFound: () =>
    new AppError(404, 'CREDIT_ACCOUNT_NOT_FOUND', 'Paying on account is for approved trade accounts. Apply for a trade account, or sign in to yours.'),
  proposalNotFound: () => new AppError(404, 'CREDIT_ACCOUNT_NOT_FOUND', 'There is no credit proposal with this id on your trade account.'),
  businessTypeNotSupported: () =>
    new AppError(
      422,
      'CREDIT_BUSINESS_TYPE_NOT_SUPPORTED',
      'Paying on account is offered to limited companies, LLPs and sole traders. Call us if your partnership would like to pay on account.',
    ),
  userNotCreated: () => new AppError(409, 'CREDIT_USER_NOT_CREATED', 'Start your application for paying on account from your trade dashboard first.'),
  alreadyVerified: () => new AppError(409, 'CREDIT_USER_ALREADY_VERIFIED', 'You have already verified your details: there is no link to send again.'),
  resendTooSoon: (seconds: number) =>
    new AppError(
      429,
      'CREDIT_RESEND_TOO_SOON',
      `We sent you the link less than 5 minutes ago. Check your inbox and spam folder, or ask again in ${Math.ceil(seconds / 60)} minutes.`,
      { headers: { 'retry-after': String(seconds) } },
    ),
  proposalAlreadySubmitted: (status: string) =>
    new AppError(
      409,
      'CREDIT_PROPOSAL_ALREADY_SUBMITTED',
      `Your proposal has already been sent (it is ${status.toLowerCase()}): there is nothing more to submit. Its progress is on your trade dashboard.`,
      { extensions: { status } },
    ),
  proposalInvalid: (field: string, message: string) => fieldRefusal(400, 'CREDIT_PROPOSAL_INVALID', field, message),
  delegationExpired: () =>
    new AppError(
      401,
      'CREDIT_DELEGATION_TOKEN_EXPIRED',
      'Your sign-up link has run out (they last 10 minutes). Open the form again from your trade dashboard; what you typed is kept in the page.',
    ),
  delegationInvalid: () =>
    new AppError(401, 'CREDIT_DELEGATION_TOKEN_INVALID', 'This sign-up link is not for this proposal. Open the form again from your trade dashboard.'),
  providerUnavailable: () =>
    new AppError(
      503,
      'CREDIT_PROVIDER_UNAVAILABLE',
      'We cannot reach our trade credit provider at the moment, so nothing has changed. Try again in a few minutes; you can still pay by card meanwhile.',
      { headers: { 'retry-after': '60' } },
    ),
  /** The provider declined this order on account; `refusal` says why and the message what to do. Nothing was placed. */
  orderRefused: (refusal: string, message: string) => new AppError(422, 'CREDIT_ORDER_REFUSED', message, { extensions: { refusal } }),
  orderPending: () =>
    new AppError(
      409,
      'CREDIT_ORDER_PENDING',
      'Two, our trade credit provider, are still checking this order. ' +
        'Nothing has been ordered yet: press “Place order on account” again in a minute, or pay by card.',
      { headers: { 'retry-after': '5' } },
    ),
  /** The provider would not agree an order change's higher total; `refusal` says why and the message what to do. Nothing changed. */
  orderChangeRefused: (refusal: string, message: string) => new AppError(422, 'CREDIT_ORDER_CHANGE_REFUSED', message, { extensions: { refusal } }),
  orderChangeNotAgreed: () =>
    new AppError(
      409,
      'CREDIT_ORDER_CHANGE_NOT_AGREED',
      'Two, our trade credit provider, no longer hold this order open for changes (it may have been dispatched or cancelled). ' +
        'Nothing has changed: reload the order to see where it is.',
    ),
  /** A credit to the account the provider did not confirm (unreachable, no answer): the shop's refund stays pending; a retry finishes it. */
  creditUnconfirmed: () =>
    new AppError(
      503,
      'CREDIT_NOT_CONFIRMED',
      'We could not reach Two, our trade credit provider, so nothing has been credited to the account yet and the order is unchanged. ' +
        'Try again in a few minutes to finish it: it will not be credited twice.',
      { headers: { 'retry-after': '60' } },
    ),
  refundRefused: () =>
    new AppError(
      422,
      'CREDIT_REFUND_REFUSED',
      'Two, our trade credit provider, would not credit this amount to the account. Check what has been credited already.',
    ),
  /** A webhook whose signature is missing, forged or too old (a replay): nothing was read from it. */
  webhookSignatureInvalid: (reason: string) =>
    new AppError(400, 'CREDIT_WEBHOOK_SIGNATURE_INVALID', `This webhook was refused and changed nothing: ${reason}.`),
  webhookMalformed: () => new AppError(400, 'CREDIT_WEBHOOK_MALFORMED', 'This webhook is signed but is not an event the shop can read; nothing changed.'),
  orderNotOnAccount: (orderNumber: string) =>
    new AppError(404, 'CREDIT_ORDER_NOT_ON_ACCOUNT', `Order ${orderNumber} was not paid on account. Check the order number.`),
  sandboxEventNeedsSubject: (type: string) =>
    new AppError(
      400,
      'CREDIT_SANDBOX_EVENT_SUBJECT',
      type === 'credit.decision' ? 'Choose the business whose credit decision to send.' : 'Enter the number of the order on account to send the event for.',
    ),
  sandboxEventRefused: (detail: string) =>
    new AppError(422, 'CREDIT_SANDBOX_EVENT_REFUSED', `The sandbox cannot send this event now (${detail}). Choose an event that fits the order’s state.`),
  sandboxOnly: () => new AppError(404, 'ROUTE_NOT_FOUND', 'Sandbox events can be sent only when the shop uses the credit sandbox.'),
};
