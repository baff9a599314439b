/**
 * Whether a post comes from the shop's own pages. Browsers say where a request comes from
 * (`Sec-Fetch-Site`); one that does not say sends `Origin` with every post, which must be this
 * host. A post that says neither is refused: another site's form must not change a shopper's basket,
 * wishlist or session through their cookies (SameSite=Lax stops most, not a same-site neighbour's).
 */
export function isSameOriginPost(headers: Headers, requestUrl: string): boolean {
  const site = headers.get('sec-fetch-site');
  if (site !== null) return site === 'same-origin';
  const origin = headers.get('origin');
  if (origin === null || origin === 'null') return false;
  try {
    return new URL(origin).host === new URL(requestUrl).host;
  } catch {
    return false;
  }
}
