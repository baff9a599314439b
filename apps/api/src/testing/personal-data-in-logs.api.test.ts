import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TestBrowser, readForm } from '../modules/identity/testing.ts';
import { readOutbox } from '../modules/notifications/testing.ts';
import { placedOrderInput, recordPlacedOrder } from '../modules/orders/testing.ts';
import { startTestApi, type TestApi } from './test-api.ts';

/**
 * The log as the shop writes it with every request's lines (debug), captured line by line from real requests:
 * tracking an order by number and e-mail address, opening a password-reset link and a newsletter
 * confirmation, and requests that fail with an address or a token in their path (decision 0048).
 */
let api: TestApi;
const lines: string[] = [];
const ADDRESS = 'Jo.Bloggs+track@example.com';
const JWT = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1LTEiLCJlbWFpbCI6ImpvQGV4YW1wbGUuY29tIn0.c2lnbmF0dXJlLXBhcnQtaGVyZQ';

beforeAll(async () => {
  // Debug: every request's lines, as well as what the default level writes (platform/request-log.ts).
  api = await startTestApi({ env: { LOG_LEVEL: 'debug' }, logDestination: { write: (line: string) => void lines.push(line) } });
});
afterAll(() => api.close());

/** The lines of one request, once its last ("request completed") has been written. */
async function logOf(requestId: string): Promise<string[]> {
  return vi.waitFor(() => {
    const mine = lines.filter((line) => (JSON.parse(line) as { reqId?: string }).reqId === requestId);
    expect(mine.some((line) => line.includes('"msg":"request completed"'))).toBe(true);
    return mine;
  });
}

async function get(path: string, requestId: string, headers: Record<string, string> = {}): Promise<number> {
  const response = await fetch(`${api.origin}${path}`, { headers: { 'x-request-id': requestId, ...headers } });
  await response.arrayBuffer();
  return response.status;
}

/** A link in the newest e-mail of `template` to `to`, on the test server's origin. */
async function emailedLink(to: string, template: string, path: RegExp): Promise<URL> {
  const [email] = await readOutbox(api.database.db, { to, template });
  const link = [...(email?.text.matchAll(/https?:\/\/\S+/g) ?? [])].map((match) => new URL(match[0])).find((url) => path.test(url.pathname));
  expect(link, `a ${template} link to ${to}`).toBeDefined();
  return new URL(`${link!.pathname}${link!.search}`, api.origin);
}

const secretsIn = (text: string, secrets: string[]) => secrets.filter((secret) => text.toLowerCase().includes(secret.toLowerCase()));

describe('the log, every request included', () => {
  it('carries no e-mail address from tracking an order, and says whose order it was only as J***@example.com', async () => {
    const order = await recordPlacedOrder(api.app, placedOrderInput('log-1', { customerId: null, email: ADDRESS }), new Date());
    const tracked = `/api/order-tracking/TrackMyOrder/${order.orderNumber}`;
    expect(await get(`${tracked}/${encodeURIComponent(ADDRESS)}`, 'track-found')).toBe(200);
    expect(await get(`${tracked}/${ADDRESS}`, 'track-raw')).toBe(200);
    // A failing request: the wrong address, and the 404's message names the path.
    expect(await get(`/api/order-tracking/TrackMyOrder/BP99999999/${encodeURIComponent(ADDRESS)}`, 'track-missing')).toBe(404);
    expect(await get(`/api/no-such-call/${ADDRESS}?email=${encodeURIComponent(ADDRESS)}`, 'route-missing')).toBe(404);

    const logged = [...(await logOf('track-found')), ...(await logOf('track-raw')), ...(await logOf('track-missing')), ...(await logOf('route-missing'))];
    expect(secretsIn(logged.join(''), [ADDRESS, encodeURIComponent(ADDRESS), 'Jo.Bloggs', 'bloggs%2Btrack'])).toEqual([]);
    expect(logged.filter((line) => line.includes('"msg":"incoming request"')).map((line) => JSON.parse(line).req.url)).toEqual([
      `${tracked}/J***@example.com`,
      `${tracked}/J***@example.com`,
      '/api/order-tracking/TrackMyOrder/BP99999999/J***@example.com',
      '/api/no-such-call/J***@example.com?email=J***@example.com',
    ]);
    expect(logged.filter((line) => line.includes('"code":"ORDER_NOT_FOUND"'))).toHaveLength(1);
  });

  it('carries no token from opening a reset link, a newsletter confirmation or links that fail', async () => {
    const browser = new TestBrowser(api.origin);
    const form = readForm((await browser.get('/identity/password/forgot')).body, '/password/forgot');
    expect((await browser.post(form.action, { ...form.fields, email: 'trade@demo.test' })).status).toBe(200);
    const reset = await emailedLink('trade@demo.test', 'identity.reset-password', /\/password\/reset$/);
    const resetToken = reset.searchParams.get('token')!;
    expect((await browser.request(reset.href, { headers: { 'x-request-id': 'reset-link' } })).status).toBe(200);

    const signup = await fetch(`${api.origin}/api/accounts/api/Newsletters`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'news.reader@example.com' }),
    });
    expect(signup.status).toBe(202);
    const confirm = await emailedLink('news.reader@example.com', 'accounts.newsletter-confirm', /\/newsletter\/confirm$/);
    const newsletterToken = confirm.searchParams.get('token')!;
    expect(await get(`/api/accounts/api/Newsletters/confirm/${newsletterToken}`, 'newsletter-confirm')).toBe(200);
    // The storefront's link itself, which this API alone does not serve: a 404 whose message is the path.
    expect(await get(`${confirm.pathname}${confirm.search}`, 'newsletter-page')).toBe(404);
    // A bearer token in a header and a JWT in a query, on a call that refuses them.
    expect(await get(`/api/notifications/Mailbox?access_token=${JWT}`, 'bearer', { authorization: `Bearer ${JWT}` })).toBe(401);

    const logged = (await Promise.all(['reset-link', 'newsletter-confirm', 'newsletter-page', 'bearer'].map(logOf))).flat();
    expect(secretsIn(logged.join(''), [resetToken, newsletterToken, JWT, JWT.split('.')[1]!, 'news.reader'])).toEqual([]);
    expect(logged.filter((line) => line.includes('"msg":"incoming request"')).map((line) => JSON.parse(line).req.url)).toEqual([
      '/identity/password/reset?token=[redacted]',
      '/api/accounts/api/Newsletters/confirm/[redacted]',
      '/newsletter/confirm?token=[redacted]',
      '/api/notifications/Mailbox?access_token=[redacted]',
    ]);
  });

  it('carries neither from an error a job or a module logs', async () => {
    lines.length = 0;
    const error = new Error(`550 5.1.1 <${ADDRESS}>: recipient rejected; link ${api.config.publicUrl}/help/reply/Xq3vT9bL0pRk7sWm2yHcZa1d`);
    api.app.log.child({ module: 'jobs' }).child({ job: 'email-outbox' }).error({ err: error, to: ADDRESS, resetToken: 'abc' }, `could not send to ${ADDRESS}`);
    const logged = lines.join('');
    expect(logged).toContain('J***@example.com');
    expect(secretsIn(logged, [ADDRESS, 'Xq3vT9bL0pRk7sWm2yHcZa1d', '"resetToken":"abc"'])).toEqual([]);
  });
});
