import { webConfig } from '../lib/config.server.ts';
import { publicSiteUrl } from '../lib/auth/settings.ts';
import { robotsTxt } from '../lib/sitemap.ts';
import type { Route } from './+types/robots';

export function loader({ request }: Route.LoaderArgs) {
  return new Response(robotsTxt(publicSiteUrl(webConfig().publicUrl, request.url)), {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
