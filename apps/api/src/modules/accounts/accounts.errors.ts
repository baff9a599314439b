import { NEWSLETTER_CONFIRM_DAYS, NEWSLETTER_MESSAGES } from '@shop/contracts';
import { AppError } from '../../platform/errors.ts';

/** The accounts module's stable error codes: each refusal changes nothing. */
export const AccountsErrors = {
  /** The address has the shape of one but could not be sent to (a display name, a comma, a bracket). */
  newsletterEmailInvalid: () =>
    new AppError(400, 'NEWSLETTER_EMAIL_INVALID', NEWSLETTER_MESSAGES.format, {
      errors: [{ path: 'body.email', message: NEWSLETTER_MESSAGES.format, code: 'invalid_format' }],
    }),
  newsletterLinkInvalid: () =>
    new AppError(
      404,
      'NEWSLETTER_LINK_INVALID',
      'This link does not work. Check it was copied in full from the email, or sign up again and we will send you a new one.',
    ),
  newsletterLinkExpired: () =>
    new AppError(
      410,
      'NEWSLETTER_LINK_EXPIRED',
      `This link has expired: confirmation links work for ${NEWSLETTER_CONFIRM_DAYS} days. Sign up again and we will send you a new one.`,
    ),
  erasureNotConfirmed: () =>
    new AppError(409, 'ERASURE_NOT_CONFIRMED', 'The customer has not confirmed this request yet: we sent them a link. Wait for them to follow it.'),
};
