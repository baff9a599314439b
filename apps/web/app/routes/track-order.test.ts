import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_TIER_HEADERS } from '@shop/contracts';
import { action } from './track-order.tsx';

/**
 * The tracking form's action against a stand-in API that answers as the real one does when it
 * refuses: the page must say so in words, at the form, with what was typed kept.
 */
let answer: { status: number; body: unknown } = { status: 200, body: {} };
const seen: { url: string; visitor: string | undefined; secret: string | undefined; body: string }[] = [];
const SECRET = 'a-web-tier-secret-for-this-test-only';
let server: Server;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const header = (name: string) => request.headers[name] as string | undefined;
      seen.push({ url: request.url ?? '', visitor: header(WEB_TIER_HEADERS.visitor), secret: header(WEB_TIER_HEADERS.secret), body });
      response.writeHead(answer.status, { 'content-type': 'application/problem+json' });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.API_INTERNAL_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  process.env.WEB_TIER_SECRET = SECRET;
});
afterAll(() => {
  delete process.env.API_INTERNAL_URL;
  delete process.env.WEB_TIER_SECRET;
  server.close();
});

async function track(fields: Record<string, string>) {
  const request = new Request('http://shop.test/track-order', {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { 'x-forwarded-for': '203.0.113.9' },
  });
  const result = (await action({ request, params: {}, context: {} } as never)) as unknown as { data: Record<string, unknown>; init: ResponseInit | null };
  return { status: result.init?.status ?? 200, ...result.data };
}

describe('the tracking form’s action', () => {
  it('asks nothing of the API for a form that cannot be looked up, and says what to fix', async () => {
    const before = seen.length;
    expect(await track({ orderNumber: 'BP12', emailAddress: 'nobody' })).toEqual({
      status: 400,
      found: null,
      orderNumber: 'BP12',
      emailAddress: 'nobody',
      errors: {
        orderNumber: 'Enter your order number as it is on your confirmation e-mail, like BP-K7M-3QX-9P6.',
        emailAddress: 'Enter the e-mail address you ordered with, like name@example.com.',
      },
      problem: null,
    });
    expect(seen.length).toBe(before);
  });

  it('passes the visitor on, and words the rate limit', async () => {
    answer = { status: 429, body: { status: 429, title: 'Too Many Requests', code: 'RATE_LIMITED', detail: 'Rate limit exceeded' } };
    const tracked = await track({ orderNumber: ' bp 1000 0001 ', emailAddress: ' sam@example.com ' });
    expect(tracked).toMatchObject({
      status: 429,
      found: null,
      emailAddress: 'sam@example.com',
      problem: 'Too many lookups just now. Wait a minute, then try again.',
    });
    expect(seen.at(-1)).toEqual({
      url: '/api/order-tracking/TrackMyOrder/BP10000001',
      visitor: '203.0.113.9',
      secret: SECRET,
      body: JSON.stringify({ emailAddress: 'sam@example.com' }),
    });
  });

  it('says an unknown pair the way it says a wrong one, and a failure on our side as ours', async () => {
    answer = { status: 404, body: { status: 404, title: 'Not Found', code: 'ORDER_NOT_FOUND', detail: 'No such order' } };
    expect(await track({ orderNumber: 'BP10000001', emailAddress: 'sam@example.com' })).toMatchObject({
      status: 404,
      problem: 'We couldn’t find an order with that number and e-mail address. Check both match your order confirmation e-mail.',
    });
    answer = { status: 500, body: { status: 500, title: 'Internal Server Error' } };
    expect(await track({ orderNumber: 'BP10000001', emailAddress: 'sam@example.com' })).toMatchObject({
      status: 502,
      problem: 'Something went wrong on our side. Please try again in a minute.',
    });
  });
});
