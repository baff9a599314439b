/**
 * sitemap.xml and robots.txt, built as text (sitemaps.org protocol 0.9). The sitemap is an index:
 * one file for the shop's own pages, then product files of SITEMAP_PAGE_SIZE pages each, so a
 * catalogue of any size stays under the protocol's 50,000 URLs per file.
 */
export interface SitemapUrl {
  path: string;
  lastModified?: string;
}

export const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char] ?? char);

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** `<lastmod>` wants a W3C date; the day is precise enough and stable between requests. */
const lastmod = (value?: string) => (value ? `<lastmod>${escapeXml(value.slice(0, 10))}</lastmod>` : '');

export function sitemapIndexXml(siteUrl: string, files: string[]): string {
  const entries = files.map((file) => `  <sitemap><loc>${escapeXml(siteUrl + file)}</loc></sitemap>`);
  return `${XML_HEAD}<sitemapindex xmlns="${NAMESPACE}">\n${entries.join('\n')}\n</sitemapindex>\n`;
}

export function urlSetXml(siteUrl: string, urls: SitemapUrl[]): string {
  const entries = urls.map((url) => `  <url><loc>${escapeXml(siteUrl + url.path)}</loc>${lastmod(url.lastModified)}</url>`);
  return `${XML_HEAD}<urlset xmlns="${NAMESPACE}">\n${entries.join('\n')}\n</urlset>\n`;
}

export const PAGES_SITEMAP = '/sitemaps/pages.xml';
export const productsSitemap = (pageNumber: number) => `/sitemaps/products-${pageNumber}.xml`;

/** The page number of a product sitemap file name (`products-3.xml` → 3), or null. */
export function parseProductsSitemap(file: string): number | null {
  const match = /^products-([1-9]\d{0,4})\.xml$/.exec(file);
  return match ? Number(match[1]) : null;
}

/** Pages for people, not crawlers: a shopper's own pages, sign-in returns and the back office. */
export const DISALLOWED_PATHS = ['/account', '/basket', '/wishlist', '/staff/', '/auth/', '/search', '/api/', '/identity/', '/styleguide'];

export function robotsTxt(siteUrl: string): string {
  return ['User-agent: *', 'Allow: /', ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`), '', `Sitemap: ${siteUrl}/sitemap.xml`, ''].join('\n');
}

export const xmlResponse = (body: string, maxAgeSeconds: number) =>
  new Response(body, {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': `public, max-age=${maxAgeSeconds}` },
  });
