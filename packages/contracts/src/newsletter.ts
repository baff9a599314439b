import { z } from 'zod';
import { defineEndpoint, publicAccess, requireRole } from './endpoint.ts';
import {
  NEWSLETTER_CONFIRM_DAYS,
  NEWSLETTER_EMAIL_MAX,
  NEWSLETTER_EMAIL_SHAPE,
  NEWSLETTER_MESSAGES,
  NEWSLETTER_RESEND_MINUTES,
  NEWSLETTER_SOURCES,
  NEWSLETTER_STATUSES,
} from './newsletter-values.ts';

/**
 * Newsletter sign-up with double opt-in (decision 0044). `POST /api/Newsletters` is the spec's call
 * (its payload is not shown, so the body is ours); confirming, unsubscribing and the staff list and
 * export are calls of our own. The sign-up answers the same whether or not the address is already
 * on the list, so the call cannot be used to find out who subscribes.
 */

export * from './newsletter-values.ts';

const Instant = z.iso.datetime({ offset: true });
const Status = z
  .enum(NEWSLETTER_STATUSES)
  .describe('`pending`: waiting for the address to be confirmed; `confirmed`: receives the newsletter; `unsubscribed`: left');

export const NewsletterSignupSchema = z
  .object(
    {
      email: z
        .string({ error: NEWSLETTER_MESSAGES.missing })
        .trim()
        .min(1, { error: NEWSLETTER_MESSAGES.missing, abort: true })
        .max(NEWSLETTER_EMAIL_MAX, { error: NEWSLETTER_MESSAGES.tooLong, abort: true })
        .regex(NEWSLETTER_EMAIL_SHAPE, NEWSLETTER_MESSAGES.format)
        .describe('Trimmed; matched without regard to letter case'),
      source: z.enum(NEWSLETTER_SOURCES).optional().describe('Which form was used'),
    },
    { error: 'Send the details as a JSON object' },
  )
  .meta({ id: 'NewsletterSignup' });
export type NewsletterSignup = z.infer<typeof NewsletterSignupSchema>;

export const NewsletterSignupAcceptedSchema = z
  .object({ sentTo: z.string().describe('The address the confirmation e-mail goes to, as typed (trimmed)') })
  .meta({ id: 'NewsletterSignupAccepted' });
export type NewsletterSignupAccepted = z.infer<typeof NewsletterSignupAcceptedSchema>;

/** A subscription as its own links show it: to the holder of the link only. */
export const NewsletterSubscriptionSchema = z
  .object({
    email: z.string(),
    status: Status,
    confirmedAt: Instant.nullable(),
    unsubscribedAt: Instant.nullable(),
  })
  .meta({ id: 'NewsletterSubscription' });
export type NewsletterSubscription = z.infer<typeof NewsletterSubscriptionSchema>;

export const NewsletterSubscriberSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    status: Status,
    source: z.enum(NEWSLETTER_SOURCES).nullable(),
    createdAt: Instant.describe('When the address first signed up'),
    lastRequestedAt: Instant.describe('When it last signed up (again)'),
    confirmedAt: Instant.nullable(),
    unsubscribedAt: Instant.nullable(),
  })
  .meta({ id: 'NewsletterSubscriber' });
export type NewsletterSubscriber = z.infer<typeof NewsletterSubscriberSchema>;

export const NewsletterSubscriberPageSchema = z
  .object({
    items: z.array(NewsletterSubscriberSchema),
    pageNumber: z.number().int(),
    pageSize: z.number().int(),
    totalCount: z.number().int(),
    totalPages: z.number().int(),
    counts: z
      .object({ pending: z.number().int(), confirmed: z.number().int(), unsubscribed: z.number().int() })
      .describe('Of the whole list, whatever the filter'),
  })
  .meta({ id: 'NewsletterSubscriberPage' });
export type NewsletterSubscriberPage = z.infer<typeof NewsletterSubscriberPageSchema>;

export const NewsletterExportSchema = z
  .object({
    items: z.array(z.object({ email: z.string(), confirmedAt: Instant, source: z.enum(NEWSLETTER_SOURCES).nullable() })),
    exportedAt: Instant,
  })
  .meta({ id: 'NewsletterExport' });
export type NewsletterExport = z.infer<typeof NewsletterExportSchema>;

const TokenParams = z.object({ token: z.string().min(1).max(100) });
/** Marketing lists are content editors' work; administrators see everything. */
const listKeepers = requireRole('content-editor', 'admin');

export const newsletterEndpoints = {
  signUpForNewsletter: defineEndpoint({
    service: 'accounts',
    access: publicAccess,
    method: 'POST',
    path: '/api/Newsletters',
    summary: 'Signs an address up for the newsletter: a confirmation e-mail is sent (double opt-in)',
    description:
      'Always 202 with the same answer, whether the address is new, waiting, subscribed or left (nothing tells who subscribes). ' +
      `One subscription per address; within ${NEWSLETTER_RESEND_MINUTES} minutes of a confirmation e-mail no other is sent. ` +
      '400 VALIDATION_FAILED or NEWSLETTER_EMAIL_INVALID for an address we cannot send to; 429 RATE_LIMITED.',
    body: NewsletterSignupSchema,
    responses: { 202: NewsletterSignupAcceptedSchema },
  }),
  getNewsletterConfirmation: defineEndpoint({
    service: 'accounts',
    access: publicAccess,
    method: 'GET',
    path: '/api/Newsletters/confirm/{token}',
    summary: 'The subscription a confirmation link is for, before it is confirmed',
    description: `Not a call of the spec (decision 0044). 404 NEWSLETTER_LINK_INVALID; 410 NEWSLETTER_LINK_EXPIRED after ${NEWSLETTER_CONFIRM_DAYS} days.`,
    params: TokenParams,
    responses: { 200: NewsletterSubscriptionSchema },
  }),
  confirmNewsletter: defineEndpoint({
    service: 'accounts',
    access: publicAccess,
    method: 'POST',
    path: '/api/Newsletters/confirm/{token}',
    summary: 'Confirms a subscription by the link in its confirmation e-mail',
    description:
      'Not a call of the spec (decision 0044). Confirming twice is fine; a subscription that was left stays left. ' +
      '404 NEWSLETTER_LINK_INVALID; 410 NEWSLETTER_LINK_EXPIRED.',
    params: TokenParams,
    bodyType: 'none',
    responses: { 200: NewsletterSubscriptionSchema },
  }),
  getNewsletterUnsubscribe: defineEndpoint({
    service: 'accounts',
    access: publicAccess,
    method: 'GET',
    path: '/api/Newsletters/unsubscribe/{token}',
    summary: 'The subscription an unsubscribe link is for (reading it changes nothing)',
    description: 'Not a call of the spec (decision 0044). 404 NEWSLETTER_LINK_INVALID.',
    params: TokenParams,
    responses: { 200: NewsletterSubscriptionSchema },
  }),
  unsubscribeNewsletter: defineEndpoint({
    service: 'accounts',
    access: publicAccess,
    method: 'POST',
    path: '/api/Newsletters/unsubscribe/{token}',
    summary: 'Unsubscribes by the link in every newsletter e-mail',
    description: 'Not a call of the spec (decision 0044). Unsubscribing twice is fine. The link never expires. 404 NEWSLETTER_LINK_INVALID.',
    params: TokenParams,
    bodyType: 'none',
    responses: { 200: NewsletterSubscriptionSchema },
  }),
  listNewsletterSubscribers: defineEndpoint({
    service: 'accounts',
    access: listKeepers,
    method: 'GET',
    path: '/api/Newsletters',
    summary: 'Staff: the newsletter list, newest sign-up first, by status and address',
    description: 'Not a call of the spec (decision 0044).',
    query: z.object({
      status: z.enum(NEWSLETTER_STATUSES).optional(),
      email: z.string().trim().min(1).max(320).optional().describe('Addresses containing this (any letter case)'),
      pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(25),
    }),
    responses: { 200: NewsletterSubscriberPageSchema },
  }),
  exportNewsletterSubscribers: defineEndpoint({
    service: 'accounts',
    access: listKeepers,
    method: 'GET',
    path: '/api/Newsletters/export',
    summary: 'Staff: every confirmed subscriber, oldest confirmation first, for a CSV file',
    description: 'Not a call of the spec (decision 0044). Only confirmed addresses: those waiting or gone must not be mailed.',
    responses: { 200: NewsletterExportSchema },
  }),
} as const;
