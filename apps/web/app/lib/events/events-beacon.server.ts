import { analyticsClient } from '../api.server.ts';
import { readShopSession } from '../auth/session.server.ts';
import { consentFromCookie } from '../consent.ts';
import { isSameOriginPost } from '../same-origin-post.ts';

/** A beacon carries 64 kB at most; anything longer is not the shop's own page sending. */
export const EVENTS_BEACON_MAX_BYTES = 64 * 1024;
/** The most events of one beacon handed on: a page's batch is far fewer. */
const MAX_EVENTS = 50;

/** A beacon as the shop's server received it at `/events`: where it was sent, its headers and its text. */
export interface EventsBeacon {
  url: string;
  headers: Headers;
  text: string;
}

/**
 * Where the storefront's pages send their shopping events (`send-events.ts`, with `navigator.sendBeacon`),
 * handed on to `POST /api/analytics/actions/update`. The server adds what the page must not decide:
 * whether the visitor accepted being remembered (their cookie) and, only then, who is signed in (the
 * session's token). Fire-and-forget: the page never reads the answer, so every answer is 204 but for a
 * body that is not a batch (400). The shop's server calls this straight from its own route for
 * `/events` (apps/server/src/web.ts), without drawing a page's worth of routing for each beacon;
 * `routes/events.ts` calls it where the storefront runs alone (`npm run dev`).
 */
export async function acceptEventsBeacon({ url, headers, text }: EventsBeacon): Promise<204 | 400> {
  if (!isSameOriginPost(headers, url) || text.length > EVENTS_BEACON_MAX_BYTES) return 204;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return 400;
  }
  const batch = (body as { batch?: unknown } | null)?.batch;
  if (!Array.isArray(batch)) return 400;
  const personalisation = consentFromCookie(headers.get('cookie') ?? '') === 'accepted';
  const accessToken = personalisation ? readShopSession({ headers })?.accessToken : undefined;
  await analyticsClient({ headers }, accessToken)
    .updateActions({ body: { data: { batch: batch.slice(0, MAX_EVENTS) as Record<string, unknown>[] }, config: { consent: { personalisation } } } })
    // A refusal (a visitor over their budget) or the API being away loses a few statistics, nothing a shopper sees.
    .catch(() => undefined);
  return 204;
}
