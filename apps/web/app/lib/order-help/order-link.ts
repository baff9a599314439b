/**
 * The link we e-mail to manage an order (decision 0049), as the storefront keeps it. Opened once at
 * `/order-help/link/<token>`, the token goes into a cookie that only that order's pages are sent
 * (`Path=/order-help/<number>`), HttpOnly so no script on any page can read it, and the browser is
 * sent on to a clean address at once. Those pages' server code hands it to the API in a header: it
 * is never in a form field, an address after the first one, or a page's HTML.
 */

export const ORDER_LINK_COOKIE = 'order_link';

/** Where a guest manages one order: the page the link leads to, and the folder its cookie is for. */
export const orderHelpHome = (orderNumber: string) => `/order-help/${encodeURIComponent(orderNumber)}`;

/** Where a link that no longer works is explained, without its token. */
export const orderLinkProblemPath = (problem: OrderLinkProblem) => `/order-help/link?problem=${problem}`;
export type OrderLinkProblem = 'expired' | 'invalid' | 'busy';
export const isOrderLinkProblem = (value: string | null): value is OrderLinkProblem => value === 'expired' || value === 'invalid' || value === 'busy';

/**
 * The Set-Cookie value that keeps a link's token for the order's pages until the link expires, or,
 * with no token, forgets it. SameSite=Lax: it is sent when the e-mail's link is followed (a
 * top-level visit from another site), never with a form another site posts.
 */
export function orderLinkCookie(orderNumber: string, token: string | null, options: { maxAgeSeconds: number; secure: boolean }): string {
  const value = token ? `${ORDER_LINK_COOKIE}=${token}; Max-Age=${Math.max(0, Math.floor(options.maxAgeSeconds))}` : `${ORDER_LINK_COOKIE}=; Max-Age=0`;
  return `${value}; Path=${orderHelpHome(orderNumber)}; HttpOnly; SameSite=Lax${options.secure ? '; Secure' : ''}`;
}

/** The link's token in a page request's Cookie header (sent only on the order's own pages), or null. */
export function orderLinkFromCookie(cookie: string | null): string | null {
  for (const entry of (cookie ?? '').split(/;\s*/)) {
    const at = entry.indexOf('=');
    if (at > 0 && entry.slice(0, at) === ORDER_LINK_COOKIE && /^[A-Za-z0-9_-]{16,64}$/.test(entry.slice(at + 1))) return entry.slice(at + 1);
  }
  return null;
}
