import { ApiError } from '@shop/api-client';
import { describe, expect, it } from 'vitest';
import { sealSession, SESSION_COOKIE, sessionKey, type ShopSession } from './session.server.ts';
import { stepProblemOf } from '../../components/staff/step-form.tsx';
import { refusedStep, searchRead, staffClient, staffRead, throwToTidyAddress } from './staff-page.server.ts';

const refusal = (status: number, errors?: { path: string; message: string }[]) => new ApiError(status, { code: 'X', errors }, `Refused with ${status}`);
const failing = (error: unknown) => () => Promise.reject(error);
/** What a call threw, or undefined. */
async function thrown(promise: Promise<unknown> | (() => unknown)): Promise<unknown> {
  try {
    await (typeof promise === 'function' ? promise() : promise);
  } catch (error) {
    return error;
  }
  return undefined;
}
const statusOf = (value: unknown) => (value as { init?: { status?: number } | null }).init?.status;

describe('a staff page’s read', () => {
  it('is the API’s answer, or the page’s refusal (403), or its words for a record that does not exist', async () => {
    expect(await staffRead(() => Promise.resolve({ page: 1 }))).toEqual({ page: 1 });
    const forbidden = await staffRead(failing(refusal(403)));
    expect(statusOf(forbidden)).toBe(403);
    expect((forbidden as { data: unknown }).data).toEqual({ forbidden: true });
    for (const status of [404, 400]) {
      const missing = await staffRead(failing(refusal(status)), { missing: true });
      expect([statusOf(missing), (missing as { data: unknown }).data]).toEqual([404, { missing: true }]);
    }
  });

  it('is the shop’s 404 for a missing record without words of its own, the 429 page over budget, and the error page otherwise', async () => {
    const notFound = await thrown(staffRead(failing(refusal(404))));
    expect(statusOf(notFound)).toBe(404);
    expect(statusOf(await thrown(staffRead(failing(refusal(429)))))).toBe(429);
    const down = refusal(503);
    expect(await thrown(staffRead(failing(down)))).toBe(down);
  });

  it('of a list shows the API’s words for filters it refuses', async () => {
    expect(await searchRead(() => Promise.resolve([1]))).toEqual({ page: [1], problem: null });
    expect(await searchRead(failing(refusal(400, [{ path: 'query.age', message: 'Enter the age as a whole number of days' }])))).toEqual({
      page: null,
      problem: 'Enter the age as a whole number of days',
    });
  });
});

describe('a refused staff step', () => {
  const problemOf = (error: unknown) => stepProblemOf(error, new Set());
  const step = { intent: 'refund', values: { reason: 'Scratched' } };

  it('comes back to its form with the API’s words and its status; a 5xx goes to the error page unless the page shows its words', async () => {
    const refused = refusedStep(refusal(409), step, problemOf);
    expect([statusOf(refused), refused.data]).toEqual([409, { ...step, problem: { summary: 'Refused with 409', stale: false, fields: {} } }]);
    const provider = refusal(502);
    expect(await thrown(() => refusedStep(provider, step, problemOf))).toBe(provider);
    expect(statusOf(refusedStep(provider, step, problemOf, (error) => error.status === 502))).toBe(502);
  });
});

describe('a staff page’s own role check', () => {
  const secret = 'a-web-tier-secret-of-32-characters-or-more';
  const profile = { id: 'user-1', email: 'stevie@example.test', name: 'Stevie', emailVerified: true, tradeAccountId: null };
  const requestAs = (roles: ShopSession['profile']['roles']) => {
    const session: ShopSession = {
      accessToken: 'a.b.c',
      expiresAt: Math.floor(Date.now() / 1000) + 600,
      idToken: null,
      sessionState: null,
      profile: { ...profile, roles },
    };
    return new Request('http://shop.test/staff/orders', { headers: { cookie: `${SESSION_COOKIE}=${sealSession(session, sessionKey(secret))}` } });
  };

  it('lets staff with one of the page’s roles in, and answers other staff with the shop’s 404', async () => {
    process.env.WEB_TIER_SECRET = secret;
    const client = (request: Request) => staffClient(request, ['order-admin'], 'orders', (options) => options);
    expect(client(requestAs(['shopper', 'order-admin']))).toBeTruthy();
    const refused = await thrown(() => client(requestAs(['shopper', 'review-moderator'])));
    expect(statusOf(refused)).toBe(404);
  });
});

describe('a staff list’s address', () => {
  const at = (search: string) => new Request(`http://shop.test/staff/discounts${search}`);

  it('sends a plain form’s empty fields on to the list’s own address', async () => {
    const sent = await thrown(() => throwToTidyAddress(at('?text=welcome10&channel=&status=&from=&to='), '/staff/discounts?text=welcome10'));
    expect(sent).toBeInstanceOf(Response);
    expect((sent as Response).status).toBe(302);
    expect((sent as Response).headers.get('location')).toBe('/staff/discounts?text=welcome10');
  });

  it('leaves an address with no empty field alone, what was typed wrongly included, for the API to answer', async () => {
    expect(await thrown(() => throwToTidyAddress(at('?text=welcome10&from=not-a-day'), '/staff/discounts?text=welcome10'))).toBeUndefined();
    expect(await thrown(() => throwToTidyAddress(at(''), '/staff/discounts'))).toBeUndefined();
  });
});
