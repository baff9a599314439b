/**
 * The storefront's routes drawn from a content page that is the 404 page while it is not published
 * (decision 0128), by the page's slug: a link to one shows only while the page does. Help pages are not
 * here: each has words of its own to fall back on (decision 0123), so its link always leads somewhere.
 */
export const CONTENT_PAGE_PATHS: Readonly<Record<string, string>> = {
  about: '/about',
  'reviews-policy': '/reviews-policy',
  privacy: '/privacy',
  cookies: '/cookies',
  terms: '/terms',
};

/** The paths of content pages not shown now; null published slugs (the API did not answer) hides none. */
export function pathsOffTheShop(publishedSlugs: readonly string[] | null): Set<string> {
  if (!publishedSlugs) return new Set();
  const published = new Set(publishedSlugs);
  return new Set(
    Object.entries(CONTENT_PAGE_PATHS)
      .filter(([slug]) => !published.has(slug))
      .map(([, path]) => path),
  );
}

/** Whether a link (a path, perhaps with `#part` or `?query`) leads to a content page taken off the shop. */
export const leadsOffTheShop = (href: string, off: ReadonlySet<string>) =>
  off.has(
    href
      .replace(/[?#].*$/, '')
      .replace(/(.)\/$/, '$1')
      .toLowerCase(),
  );
