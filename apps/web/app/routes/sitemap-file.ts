import { BLOG_MAX_PAGE_SIZE, blogPostPath } from '@shop/contracts';
import { data } from 'react-router';
import { loadBlogList } from '../lib/blog/blog.server.ts';
import { CONTENT_PAGE_PATHS } from '../lib/content/content-page-paths.ts';
import { loadPublishedPages } from '../lib/content/global-items.server.ts';
import { catalogueClient } from '../lib/api.server.ts';
import { publicSiteUrl } from '../lib/auth/settings.ts';
import { categoryPath, offerPath, productPath } from '../lib/catalogue.ts';
import { webConfig } from '../lib/config.server.ts';
import { HELP_TOPICS, helpPath } from '../lib/help-topics.ts';
import { loadNavigation } from '../lib/navigation.server.ts';
import { PAGES_SITEMAP, parseProductsSitemap, urlSetXml, xmlResponse, type SitemapUrl } from '../lib/sitemap.ts';
import type { Route } from './+types/sitemap-file';

/** One file of the sitemap: the shop's own pages, or a page of product pages. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const siteUrl = publicSiteUrl(webConfig().publicUrl, request.url);
  if (`/sitemaps/${params.file}` === PAGES_SITEMAP) {
    const [navigation, { promotions }, published, posts] = await Promise.all([
      loadNavigation(request, context),
      catalogueClient(request).getPromotions(),
      loadPublishedPages(request, context),
      loadBlogList(request, { pageSize: BLOG_MAX_PAGE_SIZE }).then(async (first) => {
        const rest = await Promise.all(
          Array.from({ length: first.totalPages - 1 }, (_, index) => loadBlogList(request, { pageSize: BLOG_MAX_PAGE_SIZE, page: index + 2 })),
        );
        return [first, ...rest].flatMap((page) => page.posts);
      }),
    ]);
    const urls: SitemapUrl[] = [
      { path: '/' },
      ...navigation.categories.flatMap((category) => [
        { path: categoryPath(category.slug) },
        ...category.children.map((child) => ({ path: categoryPath(category.slug, child.slug) })),
      ]),
      ...promotions.map((promotion) => ({ path: offerPath(promotion.slug) })),
      { path: '/help' },
      ...HELP_TOPICS.map((topic) => ({ path: helpPath(topic.slug) })),
      // A content page while the shop shows it (decision 0128).
      ...Object.entries(CONTENT_PAGE_PATHS).flatMap(([slug, path]) => (published?.includes(slug) ? [{ path }] : [])),
      { path: '/blog', lastModified: posts[0]?.publishedAt },
      ...posts.map((post) => ({ path: blogPostPath(post.slug), lastModified: post.publishedAt })),
    ];
    return xmlResponse(urlSetXml(siteUrl, urls), 3600);
  }
  const pageNumber = parseProductsSitemap(params.file);
  if (pageNumber === null) throw data(null, { status: 404 });
  const page = await catalogueClient(request).getSitemapProducts({ query: { pageNumber } });
  if (pageNumber > page.pageCount) throw data(null, { status: 404 });
  return xmlResponse(
    urlSetXml(
      siteUrl,
      page.products.map((product) => ({ path: productPath(product.slug), lastModified: product.lastModified })),
    ),
    3600,
  );
}
