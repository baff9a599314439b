import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { answerApiCallsInProcess } from '../api.server.ts';
import { sealSession, SESSION_COOKIE, sessionKey } from '../auth/session.server.ts';
import { CONSENT_COOKIE } from '../consent.ts';
import { acceptEventsBeacon, EVENTS_BEACON_MAX_BYTES } from './events-beacon.server.ts';

/**
 * What the storefront hands on to the API for a beacon of shopping events: the page's batch, whether
 * the visitor accepted being remembered (their cookie, never the page's word), and the signed-in
 * shopper's token only with that consent. The API's side (what is kept) is analytics.api.test.ts's.
 */
const SECRET = 'the-web-tier-secret-of-the-beacon-tests';
const URL = 'http://localhost:3000/events';
const handedOn: { url: string; headers: Headers; body: unknown }[] = [];
let answer: () => Response;

beforeAll(() => {
  process.env.WEB_TIER_SECRET = SECRET;
  answerApiCallsInProcess(async (input, init) => {
    // The API client sends its calls by address, with a JSON text body.
    handedOn.push({ url: input as string, headers: new Headers(init?.headers), body: JSON.parse(init?.body as string) });
    return answer();
  });
});
afterAll(() => {
  delete process.env.WEB_TIER_SECRET;
  answerApiCallsInProcess((input, init) => fetch(input, init));
});
beforeEach(() => {
  handedOn.length = 0;
  answer = () => Response.json({ accepted: 1, dropped: 0 });
});

const event = (name: string) => ({ type: 'track', event: name, messageId: crypto.randomUUID(), properties: {} });
const beacon = (body: unknown, headers: Record<string, string> = {}) => ({
  url: URL,
  headers: new Headers({ 'sec-fetch-site': 'same-origin', ...headers }),
  text: typeof body === 'string' ? body : JSON.stringify(body),
});
const signedIn = () =>
  `${SESSION_COOKIE}=${sealSession(
    {
      accessToken: 'the-shoppers-access-token',
      expiresAt: Math.floor(Date.now() / 1000) + 600,
      idToken: null,
      sessionState: null,
      profile: { id: 'user-1', name: 'Ann', email: 'ann@example.test', emailVerified: true, roles: ['shopper'], tradeAccountId: null },
    },
    sessionKey(SECRET),
  )}`;

describe('a beacon of shopping events', () => {
  it('is handed on as the page sent it, counted without naming anyone when the visitor has not accepted cookies', async () => {
    const batch = [event('Product Viewed'), event('Product Added')];
    expect(await acceptEventsBeacon(beacon({ batch }, { cookie: signedIn() }))).toBe(204);
    expect(handedOn).toHaveLength(1);
    expect(handedOn[0]!.url).toMatch(/\/analytics\/actions\/update$/);
    expect(handedOn[0]!.body).toEqual({ data: { batch }, config: { consent: { personalisation: false } } });
    // Signed in but not remembered: the shopper's token is not sent, so no event is theirs.
    expect(handedOn[0]!.headers.get('authorization')).toBeNull();
  });

  it('carries the signed-in shopper with their consent, and only the first 50 events', async () => {
    const batch = Array.from({ length: 60 }, () => event('Product Viewed'));
    expect(await acceptEventsBeacon(beacon({ batch }, { cookie: `${CONSENT_COOKIE}=accepted; ${signedIn()}` }))).toBe(204);
    expect(handedOn[0]!.body).toEqual({ data: { batch: batch.slice(0, 50) }, config: { consent: { personalisation: true } } });
    expect(handedOn[0]!.headers.get('authorization')).toBe('Bearer the-shoppers-access-token');
  });

  it('from another site, or longer than a beacon carries, is answered as if kept and handed on to no one', async () => {
    const batch = [event('Product Viewed')];
    expect(await acceptEventsBeacon(beacon({ batch }, { 'sec-fetch-site': 'cross-site' }))).toBe(204);
    expect(await acceptEventsBeacon({ ...beacon({ batch }), text: JSON.stringify({ batch, padding: 'x'.repeat(EVENTS_BEACON_MAX_BYTES) }) })).toBe(204);
    expect(handedOn).toEqual([]);
  });

  it('that is not a batch is a 400, handed on to no one', async () => {
    const texts = ['', 'not json', '{"events":[]}', 'null'];
    expect(await Promise.all(texts.map((text) => acceptEventsBeacon(beacon(text))))).toEqual(texts.map(() => 400));
    expect(handedOn).toEqual([]);
  });

  it('is answered 204 when the API refuses it or is away: the page never reads the answer', async () => {
    answer = () => Response.json({ code: 'RATE_LIMITED' }, { status: 429 });
    expect(await acceptEventsBeacon(beacon({ batch: [event('Product Viewed')] }))).toBe(204);
    expect(handedOn).toHaveLength(1);
  });
});
