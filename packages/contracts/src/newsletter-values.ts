/** The newsletter's plain values (decision 0044), for the API and the browser alike: no schemas here. */

/** Loose on purpose: one @, something either side, a dot in the domain. The confirmation e-mail is the real check. */
export const NEWSLETTER_EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The longest address a mailbox can have (RFC 5321's path limit less its angle brackets). */
export const NEWSLETTER_EMAIL_MAX = 254;
/** How long a confirmation link works. */
export const NEWSLETTER_CONFIRM_DAYS = 7;
/** Within this many minutes of a confirmation e-mail, signing up again sends no other. */
export const NEWSLETTER_RESEND_MINUTES = 10;
/** Where the sign-up form was: kept with the subscription as part of the record of consent. */
export const NEWSLETTER_SOURCES = ['footer', 'newsletter-page'] as const;
export const NEWSLETTER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;

export const NEWSLETTER_MESSAGES = {
  missing: 'Enter your email address',
  format: 'Enter an email address in the correct format, like name@example.com',
  tooLong: `Email address must be ${NEWSLETTER_EMAIL_MAX} characters or fewer`,
} as const;

export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];
export type NewsletterSource = (typeof NEWSLETTER_SOURCES)[number];
