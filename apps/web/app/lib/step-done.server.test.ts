import { describe, expect, it } from 'vitest';
import { oneShotNotices, redirectWithNotice } from './step-done.server.ts';

const page = 'http://shop.test/staff/discounts/SHOWROOM25';
/** The middleware's answer to a GET of `url` with `cookie`: the page (next) or the redirect it threw. */
async function visit(url: string, cookie?: string): Promise<Response> {
  const request = new Request(url, { headers: cookie ? { cookie } : {} });
  const next = async () => new Response('the page', { headers: { 'content-type': 'text/html' } });
  try {
    return (await oneShotNotices({ request, params: {}, context: {} as never, unstable_pattern: '' } as never, next)) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}
/** The middleware's answer to a form sent to `url`, which the action answers with `answer`. */
async function post(url: string, headers: Record<string, string>, answer: () => Response): Promise<Response> {
  const request = new Request(url, { method: 'POST', headers });
  return (await oneShotNotices({ request, params: {}, context: {} as never, unstable_pattern: '' } as never, async () => answer())) as Response;
}
/** The cookie a step's redirect sets, as the browser sends it back. */
const cookieOf = (response: Response) => response.headers.get('set-cookie')!.split(';')[0]!;

describe('a step’s notice', () => {
  it('is sent back with the page once, just after the step, and the cookie that names it is cleared', async () => {
    const done = redirectWithNotice(new Request(`${page}?page=2`, { method: 'POST' }), '/staff/discounts/SHOWROOM25?page=2&done=withdrawn&issueCode=ABCD');
    expect([done.status, done.headers.get('location')]).toEqual([303, '/staff/discounts/SHOWROOM25?page=2&done=withdrawn&issueCode=ABCD']);
    expect(done.headers.get('set-cookie')).toMatch(/^shop_step_done=[^;]+; Path=\/; Max-Age=60; HttpOnly; SameSite=Lax$/);

    const shown = await visit(`${page}?page=2&done=withdrawn&issueCode=ABCD`, cookieOf(done));
    expect(await shown.text()).toBe('the page');
    expect(shown.headers.get('set-cookie')).toMatch(/^shop_step_done=; Max-Age=0; Path=\//);
    // The scripts' request for the page's data names the same page.
    expect((await visit(`${page}.data?page=2&done=withdrawn&issueCode=ABCD&_routes=routes%2Fstaff-discount`, cookieOf(done))).status).toBe(200);
  });

  it('can have the page loaded whole (a guest’s order pages, whose link cookie goes with it), marked all the same', async () => {
    const orderPage = 'http://shop.test/order-help/BP-ABC-DEF-GHJ';
    const done = redirectWithNotice(new Request(`${orderPage}/change`, { method: 'POST' }), '/order-help/BP-ABC-DEF-GHJ?done=changed', { document: true });
    expect([done.status, done.headers.get('location'), done.headers.get('x-remix-reload-document')]).toEqual([
      303,
      '/order-help/BP-ABC-DEF-GHJ?done=changed',
      'true',
    ]);
    expect(await (await visit(`${orderPage}?done=changed`, cookieOf(done))).text()).toBe('the page');
    expect(redirectWithNotice(new Request(page, { method: 'POST' }), '/staff/discounts/SHOWROOM25?done=saved').headers.has('x-remix-reload-document')).toBe(
      false,
    );
  });

  it('is dropped from the address when the page is asked for again (a reload, a bookmark), or for another notice', async () => {
    const reload = await visit(`${page}?page=2&done=withdrawn&issueCode=ABCD`);
    expect([reload.status, reload.headers.get('location')]).toEqual([302, '/staff/discounts/SHOWROOM25?page=2']);
    const other = redirectWithNotice(new Request(page, { method: 'POST' }), '/staff/discounts/SHOWROOM25?done=saved');
    expect((await visit(`${page}?done=ended`, cookieOf(other))).headers.get('location')).toBe('/staff/discounts/SHOWROOM25');
    const data = await visit(`${page}.data?done=saved&_routes=routes%2Fstaff-discount`);
    expect(data.headers.get('location')).toBe('/staff/discounts/SHOWROOM25');
  });

  it('survives a form sent from the page whose action answers there (a refusal): the scripts’ read of the page keeps it and the answer', async () => {
    const done = redirectWithNotice(new Request(page, { method: 'POST' }), '/staff/discounts/SHOWROOM25?done=saved');
    const shown = await visit(`${page}?done=saved`, cookieOf(done));
    expect(shown.status).toBe(200);
    // The next form on the page is refused: its answer marks the page it was sent from once more.
    const refused = await post(`${page}.data?index&done=saved`, { referer: `${page}?done=saved` }, () => new Response('refused', { status: 200 }));
    expect((await visit(`${page}.data?done=saved&_routes=routes%2Fstaff-discount`, cookieOf(refused))).status).toBe(200);
    // Without a Referer (or from elsewhere), the form's own address names the page.
    const bare = await post(`${page}.data?index&done=saved`, { referer: 'https://elsewhere.test/x?done=other' }, () => new Response('refused'));
    expect(decodeURIComponent(cookieOf(bare))).toBe('shop_step_done=/staff/discounts/SHOWROOM25?done=saved');
    // A step done sets its own notice, untouched; a page without one is marked with nothing.
    const next = await post(`${page}.data?done=saved`, { referer: `${page}?done=saved` }, () =>
      redirectWithNotice(new Request(page, { method: 'POST' }), '/staff/discounts/SHOWROOM25?done=ended'),
    );
    expect(next.headers.getSetCookie()).toHaveLength(1);
    expect(decodeURIComponent(cookieOf(next))).toBe('shop_step_done=/staff/discounts/SHOWROOM25?done=ended');
    expect((await post(page, { referer: page }, () => new Response('refused'))).headers.get('set-cookie')).toBeNull();
  });

  it('leaves pages without one alone, and sets Secure behind HTTPS', async () => {
    const plain = await visit(`${page}?show=voided`);
    expect([await plain.text(), plain.headers.get('set-cookie')]).toEqual(['the page', null]);
    const secure = redirectWithNotice(new Request('https://shop.test/account/cards', { method: 'POST' }), '/account/cards?done=default&card=pm_1');
    expect(secure.headers.get('set-cookie')).toMatch(/; Secure$/);
  });
});
