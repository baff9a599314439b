import { redirect, redirectDocument, type MiddlewareFunction } from 'react-router';
import { cookieValue, isSecureRequest } from './auth/session.server.ts';

/**
 * The parts of a signed-in page's address that say what a step just did (`?done=<step>` and the
 * records it names, `?added=`, `?sent=`…), where the step's action sends the page back. They are
 * said once: a reload, a bookmark or the back button gets the page without them.
 */
export const NOTICE_PARAMS = [
  'done',
  'added',
  'answered',
  'sent',
  'notAdded',
  'gone',
  'card',
  'brand',
  'last4',
  'issueCode',
  'review',
  'question',
  'changed',
  'invited',
  'retried',
] as const;

const STEP_DONE_COOKIE = 'shop_step_done';
const noticeOf = (url: URL) => NOTICE_PARAMS.flatMap((name) => url.searchParams.getAll(name).map((value) => `${name}=${value}`)).join('&');

/**
 * The answer of an action whose step is done: back to `href` with its notice (post, redirect, get),
 * and a cookie naming that notice for the next minute, which the page's loader takes as the one time
 * it is shown (`oneShotNotices`). No script is needed, so it holds before scripts run too.
 */
export function redirectWithNotice(request: Request, href: string, { document = false }: { document?: boolean } = {}): Response {
  const target = new URL(href, request.url);
  // `document`: the page is loaded whole even when the scripts sent the form (a guest's order pages, whose link cookie goes with it).
  return (document ? redirectDocument : redirect)(href, { status: 303, headers: { 'set-cookie': markCookie(request, target) } });
}

/** The cookie naming the notice in `page`'s address as the one to show, for the next minute. */
function markCookie(request: Request, page: URL): string {
  const marked = encodeURIComponent(`${page.pathname}?${noticeOf(page)}`);
  return `${STEP_DONE_COOKIE}=${marked}; Path=/; Max-Age=60; HttpOnly; SameSite=Lax${isSecureRequest(request) ? '; Secure' : ''}`;
}

/**
 * Middleware of the signed-in sections: a page asked for with a notice in its address is drawn with
 * it once, just after the step (the cookie `redirectWithNotice` set names it), and the cookie is cleared; asked
 * for again (a reload), it is sent to its address without the notice.
 */
export const oneShotNotices: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (request.method === 'POST') return keptForTheAnswer(request, await next());
  if (request.method !== 'GET' && request.method !== 'HEAD') return next();
  const url = pageOf(request.url);
  const notice = noticeOf(url);
  if (!notice) return next();
  const marked = cookieValue(request.headers.get('cookie') ?? '', STEP_DONE_COOKIE);
  if (!marked || safeDecode(marked) !== `${url.pathname}?${notice}`) {
    for (const name of NOTICE_PARAMS) url.searchParams.delete(name);
    throw redirect(`${url.pathname}${url.search}`);
  }
  const response = await next();
  response.headers.append('set-cookie', `${STEP_DONE_COOKIE}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${isSecureRequest(request) ? '; Secure' : ''}`);
  return response;
};

/** The page a request names: a request for its data (scripts navigating) names it as `<page>.data?…&_routes=`, an action as `?index`. */
function pageOf(address: string): URL {
  const url = new URL(address);
  url.pathname = url.pathname.replace(/\.data$/, '');
  url.searchParams.delete('_routes');
  url.searchParams.delete('index');
  return url;
}

/**
 * A form sent from a page still showing the last step's notice, whose action answers on the page (a
 * refusal, in its own words) rather than with a step done: the scripts then read the page's data
 * again at its address, notice included, which would otherwise be sent on without it, and the
 * answer with it. The page it was sent from (the Referer, as the shop's referrer policy sends it
 * within the shop; else the form's own address) is marked once more for that read.
 */
function keptForTheAnswer(request: Request, response: Response): Response {
  if (response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${STEP_DONE_COOKIE}=`))) return response;
  const own = pageOf(request.url);
  const referer = request.headers.get('referer');
  const sentFrom = referer && URL.canParse(referer) ? pageOf(referer) : own;
  const from = sentFrom.origin === own.origin ? sentFrom : own;
  if (noticeOf(from)) response.headers.append('set-cookie', markCookie(request, from));
  return response;
}

function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}
