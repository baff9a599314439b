import { catalogueClient } from '../lib/api.server.ts';
import { publicSiteUrl } from '../lib/auth/settings.ts';
import { webConfig } from '../lib/config.server.ts';
import { PAGES_SITEMAP, productsSitemap, sitemapIndexXml, xmlResponse } from '../lib/sitemap.ts';
import type { Route } from './+types/sitemap';

/** The sitemap index: the shop's own pages, then as many product files as the catalogue needs. */
export async function loader({ request }: Route.LoaderArgs) {
  const { pageCount } = await catalogueClient(request).getSitemapProducts({ query: { pageNumber: 1 } });
  const files = [PAGES_SITEMAP, ...Array.from({ length: pageCount }, (_, index) => productsSitemap(index + 1))];
  return xmlResponse(sitemapIndexXml(publicSiteUrl(webConfig().publicUrl, request.url), files), 3600);
}
