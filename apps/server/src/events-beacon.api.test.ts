import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverTestBed, startStorefrontAlone, storefrontBuild } from './server-tests.ts';

/**
 * The shopping events' beacons (`POST /events`, a few for every page a shopper sees) are answered by
 * the storefront's own function straight from the shop's server, without a page's routing: it gets
 * the beacon's text, the page's address and the headers a page's loader would (whose visit, which
 * view), answers with its status, and never sees a beacon longer than one carries.
 */
const STARTUP_MS = 60_000;

interface Received {
  url: string;
  text: string;
  visitor: string | null;
  requestId: string | null;
  cookie: string | null;
}
const received = (): Received[] => (globalThis as { beaconsReceived?: Received[] }).beaconsReceived ?? [];

// The storefront's function as the test's entry offers it: it keeps what it was handed, and a beacon of "x" is not a batch.
const acceptEventsBeacon = `acceptEventsBeacon: async ({ url, headers, text }) => {
  const visitor = headers.get('x-forwarded-for');
  (globalThis.beaconsReceived ??= []).push({ url, text, visitor, requestId: headers.get('x-request-id'), cookie: headers.get('cookie') });
  return text === 'x' ? 400 : 204;
}, EVENTS_BEACON_MAX_BYTES: 1024`;

const bed = serverTestBed();
let origin = '';

beforeAll(async () => {
  // The pages: a resource route that says which it drew.
  const pages = "{ loader: () => new Response('a page'), action: () => new Response('a page’s action') }";
  ({ origin } = await startStorefrontAlone(bed, storefrontBuild(bed, pages, undefined, acceptEventsBeacon)));
}, STARTUP_MS);
afterAll(() => bed.cleanUp(), STARTUP_MS);

const post = (body: string, headers: Record<string, string> = {}) =>
  fetch(`${origin}/events`, { method: 'POST', body, headers: { 'content-type': 'text/plain;charset=UTF-8', ...headers } });

describe('a beacon of shopping events', () => {
  it('is handed to the storefront’s function with the page’s address, the visitor and the view’s id, and answered with its status', async () => {
    const batch = JSON.stringify({ batch: [{ type: 'track', event: 'Product Viewed' }] });
    const answer = await post(batch, { cookie: 'shop_consent=accepted' });
    expect([answer.status, answer.headers.get('cache-control'), await answer.text()]).toEqual([204, 'no-store', '']);
    const [beacon] = received().slice(-1);
    expect(beacon).toMatchObject({ url: `${origin}/events`, text: batch, visitor: '127.0.0.1', cookie: 'shop_consent=accepted' });
    expect(beacon!.requestId).toMatch(/\S/);
    // Whatever type the browser gave it (a beacon of a Blob may say none).
    expect((await post(batch, { 'content-type': 'application/json' })).status).toBe(204);
    expect((await post('x')).status).toBe(400);
    expect(received().map((one) => one.text)).toEqual([batch, batch, 'x']);
  });

  it('longer than a beacon carries is refused unread (413)', async () => {
    const before = received().length;
    expect((await post('y'.repeat(1025))).status).toBe(413);
    expect(received()).toHaveLength(before);
  });

  it('under another name than the shop’s is refused as a page’s form is (421), unread; asked for with GET, it is the pages’ to answer', async () => {
    const before = received().length;
    const elsewhere = await fetch(`${origin.replace('localhost', '127.0.0.1')}/events`, { method: 'POST', body: '{}', redirect: 'manual' });
    expect([elsewhere.status, elsewhere.headers.get('content-type')]).toEqual([421, 'application/problem+json; charset=utf-8']);
    expect(received()).toHaveLength(before);
    // No page of this build is there, so the build's document entry answers (the storefront's route answers 405).
    const page = await fetch(`${origin}/events`);
    expect([page.status, await page.text()]).toEqual([500, 'no document in this build']);
  });
});
