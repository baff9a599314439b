import type { Route } from './+types/events';
import { analyticsClient } from '../lib/api.server.ts';
import { readShopSession } from '../lib/auth/session.server.ts';
import { consentFromCookie } from '../lib/consent.ts';
import { isSameOriginPost } from '../lib/same-origin-post.ts';

/** A beacon carries 64 kB at most; anything longer is not the shop's own page sending. */
const MAX_BYTES = 64 * 1024;
const noContent = () => new Response(null, { status: 204 });

/**
 * Where the storefront's pages send their shopping events (`lib/events/`, with `navigator.sendBeacon`),
 * handed on to `POST /api/analytics/actions/update`. The server adds what the page must not decide:
 * whether the visitor accepted being remembered (their cookie) and, only then, who is signed in (the
 * session's token). Fire-and-forget: the page never reads the answer, so every answer is 204 but
 * for a body that is not JSON.
 */
export async function action({ request }: Route.ActionArgs) {
  if (!isSameOriginPost(request.headers, request.url)) return noContent();
  const text = await request.text();
  if (text.length > MAX_BYTES) return noContent();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new Response(null, { status: 400 });
  }
  const batch = (body as { batch?: unknown } | null)?.batch;
  if (!Array.isArray(batch)) return new Response(null, { status: 400 });
  const personalisation = consentFromCookie(request.headers.get('cookie') ?? '') === 'accepted';
  const accessToken = personalisation ? readShopSession(request)?.accessToken : undefined;
  await analyticsClient(request, accessToken)
    .updateActions({ body: { data: { batch: batch.slice(0, 50) as Record<string, unknown>[] }, config: { consent: { personalisation } } } })
    // A refusal (a visitor over their budget) or the API being away loses a few statistics, nothing a shopper sees.
    .catch(() => undefined);
  return noContent();
}

export function loader() {
  return new Response(null, { status: 405, headers: { allow: 'POST' } });
}
