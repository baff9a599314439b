import type { NewsletterSubscription } from '@shop/contracts';
import { apiBaseUrl, apiFetch, visitorHeaders } from './api.server.ts';
import { callByToken } from './help-centre/enquiries.server.ts';
import { checkYourEmail, newsletterSource, validateNewsletterSignup, type NewsletterLinkAnswer, type NewsletterResult } from './newsletter.ts';

const OUR_FAULT = 'Something went wrong on our side. Please try again in a minute.';

/**
 * Sends a sign-up from the web tier (the /newsletter action), so it works without the page's
 * scripts. The visitor's address goes with it: the API limits sign-ups per visitor.
 */
export async function signUpForNewsletter(posted: FormData, request: Request): Promise<NewsletterResult> {
  const checked = validateNewsletterSignup(posted.get('email'));
  if (!checked.ok) return checked;
  const { email } = checked;
  let response: Response;
  try {
    response = await apiFetch(`${apiBaseUrl()}/accounts/api/Newsletters`, {
      method: 'POST',
      headers: { ...visitorHeaders(request), 'content-type': 'application/json' },
      body: JSON.stringify({ email, source: newsletterSource(posted.get('source')) }),
    });
  } catch {
    return { ok: false, email, error: OUR_FAULT, kind: 'fault' };
  }
  if (response.ok) return { ok: true, email, message: checkYourEmail(email) };
  if (response.status === 429) return { ok: false, email, error: 'You have signed up a lot just now. Wait a minute and try again.', kind: 'busy' };
  const problem = (await response.json().catch(() => null)) as { errors?: { path: string; message: string }[] } | null;
  const fieldError = response.status < 500 ? problem?.errors?.find((error) => error.path === 'body.email')?.message : undefined;
  return fieldError ? { ok: false, email, error: fieldError, kind: 'field' } : { ok: false, email, error: OUR_FAULT, kind: 'fault' };
}

/** Reads (GET) or acts on (POST) a confirmation or unsubscribe link; a page without a token is a link that does not work. */
export async function newsletterByToken(
  method: 'GET' | 'POST',
  kind: 'confirm' | 'unsubscribe',
  token: string | null,
  request: Request,
): Promise<NewsletterLinkAnswer> {
  if (!token)
    return {
      ok: false,
      expired: false,
      message: 'This link does not work. Check it was copied in full from the email, or sign up again and we will send you a new one.',
    };
  const answer = await callByToken<NewsletterSubscription>(method, `/api/Newsletters/${kind}/${encodeURIComponent(token)}`, request, 'accounts');
  return answer.ok ? answer : { ...answer, expired: answer.status === 410 };
}
