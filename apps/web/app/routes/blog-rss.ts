import { publicSiteUrl } from '../lib/auth/settings.ts';
import { loadBlogList } from '../lib/blog/blog.server.ts';
import { rssXml } from '../lib/blog/rss.ts';
import { webConfig } from '../lib/config.server.ts';
import type { Route } from './+types/blog-rss';

/** How many of the newest posts the feed carries. */
const FEED_SIZE = 20;

/** /blog/rss.xml: the blog's newest posts as an RSS 2.0 feed, every link absolute. */
export async function loader({ request }: Route.LoaderArgs) {
  const { posts } = await loadBlogList(request, { pageSize: FEED_SIZE });
  const xml = rssXml(
    {
      siteUrl: publicSiteUrl(webConfig().publicUrl, request.url),
      title: 'Plumbline: ideas & advice',
      description: 'Bathroom ideas, how-to guides and buying advice from Plumbline.',
    },
    posts,
  );
  return new Response(xml, { headers: { 'content-type': 'application/rss+xml; charset=utf-8', 'cache-control': 'public, max-age=900' } });
}
