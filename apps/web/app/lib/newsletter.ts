import {
  NEWSLETTER_EMAIL_MAX,
  NEWSLETTER_EMAIL_SHAPE,
  NEWSLETTER_MESSAGES,
  NEWSLETTER_SOURCES,
  londonLongDate,
  type NewsletterSource,
  type NewsletterStatus,
  type NewsletterSubscription,
} from '@shop/contracts';

/**
 * What a newsletter sign-up answers: the address is checked here first (the same loose shape and
 * words as the API), so a typing slip costs no call; the API then stores it and sends the
 * confirmation e-mail (double opt-in, decision 0044). Only a `field` refusal is about what was
 * typed; `busy` (too many sign-ups) and `fault` (ours) are said beside the form, the field not marked wrong.
 */
export type NewsletterRefusal = { ok: false; email: string; error: string; kind: 'field' | 'busy' | 'fault' };
export type NewsletterResult = NewsletterRefusal | { ok: true; email: string; message: string };

export type NewsletterChecked = (NewsletterRefusal & { kind: 'field' }) | { ok: true; email: string };

/** The HTTP status the /newsletter page answers a refusal with. */
export const REFUSAL_STATUS = { field: 400, busy: 429, fault: 503 } as const;

export function validateNewsletterSignup(value: FormDataEntryValue | null): NewsletterChecked {
  const email = typeof value === 'string' ? value.trim() : '';
  if (!email) return { ok: false, email, error: NEWSLETTER_MESSAGES.missing, kind: 'field' };
  if (email.length > NEWSLETTER_EMAIL_MAX || !NEWSLETTER_EMAIL_SHAPE.test(email)) return { ok: false, email, error: NEWSLETTER_MESSAGES.format, kind: 'field' };
  return { ok: true, email };
}

/** The answer once the API has taken the address: the same whether or not it was already on the list. */
export const checkYourEmail = (email: string) => `Check your email: we’ve sent a link to confirm your subscription to ${email}.`;

/** The form a sign-up came from, as the API records it; anything else is not sent. */
export function newsletterSource(value: FormDataEntryValue | null): NewsletterSource | undefined {
  return (NEWSLETTER_SOURCES as readonly unknown[]).includes(value) ? (value as NewsletterSource) : undefined;
}

/** What a confirmation or unsubscribe link's page is given: the subscription, or why the link does not work. */
export type NewsletterLinkAnswer = { ok: true; value: NewsletterSubscription } | { ok: false; message: string; expired: boolean };

/** Which link a page is for, by the start of its path (a form's POST may reach it as `/newsletter/confirm.data`). */
export const linkKind = (url: string): 'confirm' | 'unsubscribe' =>
  new URL(url, 'http://localhost').pathname.startsWith('/newsletter/confirm') ? 'confirm' : 'unsubscribe';

/** The token of a link from a newsletter e-mail (`?token=…`), or null when the address has none. */
export function linkToken(url: string): string | null {
  const token = new URL(url, 'http://localhost').searchParams.get('token')?.trim();
  return token ? token : null;
}

export const NEWSLETTER_STATUS_NAMES: Record<NewsletterStatus, { label: string; tone: 'neutral' | 'success' | 'info' }> = {
  pending: { label: 'Waiting for confirmation', tone: 'info' },
  confirmed: { label: 'Confirmed', tone: 'success' },
  unsubscribed: { label: 'Unsubscribed', tone: 'neutral' },
};

export const NEWSLETTER_SOURCE_NAMES: Record<NewsletterSource, string> = {
  footer: 'Footer form',
  'newsletter-page': 'Newsletter page',
};

/** "25 November 2026", as the pages and the staff list say a date. */
export const newsletterDate = (iso: string) => londonLongDate(iso);
