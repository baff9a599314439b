import type { GlobalItemContent } from '@shop/contracts';
import { siteContentClient } from '../api.server.ts';
import { LEGAL_PAGES } from '../legal-pages.ts';
import { sharedAnswer } from '../shared-answer.server.ts';
import { leadsOffTheShop, pathsOffTheShop } from './content-page-paths.ts';
import { packFooterColumns } from './frame-items.ts';

export interface FrameItems {
  /** The announcement bar while it is scheduled to show. */
  announcement: GlobalItemContent<'announcement-bar'> | null;
  /** The footer's columns of links staff edit, packed (frame-items.ts), without links to a content page not shown now. */
  footerColumns: string;
  /** The legal pages' links under the footer, packed as one column, likewise. */
  legalLinks: string;
}

const logUnavailable = (what: string) => (error: unknown) => {
  process.stderr.write(`[web] ${what} unavailable: ${String(error)}\n`);
  return null;
};

/**
 * The slugs of the content pages the shop shows now (decision 0128): a few dozen, the same for every
 * visitor, kept 10 s like the frame's items (the API forgets its own copy on every content change notice).
 * Null when the API cannot answer.
 */
const publishedSlugs = (request: Request) =>
  siteContentClient(request)
    .getPublishedPages()
    .then((answer) => answer.slugs, logUnavailable('published pages'));
export const loadPublishedPages: (request: Request, requestContext: object) => Promise<string[] | null> = sharedAnswer(10_000, publishedSlugs);

/**
 * The global items every page's frame shows (decision 0085), the same for every visitor: kept 10 s
 * like the shop's details. An item the API cannot give is left out of the frame rather than invented;
 * a link to a content page taken off the shop is left out too (decision 0128), drawn here so it costs
 * the page no script.
 */
export const loadFrameItems: (request: Request, requestContext: object) => Promise<FrameItems> = sharedAnswer(10_000, async (request) => {
  const client = siteContentClient(request);
  const [announcement, footer, published] = await Promise.all([
    client.getGlobalItem({ params: { id: 'announcement-bar' } }).catch(logUnavailable('global item announcement-bar')),
    client.getGlobalItem({ params: { id: 'footer-columns' } }).catch(logUnavailable('global item footer-columns')),
    publishedSlugs(request),
  ]);
  const off = pathsOffTheShop(published);
  const columns = (footer?.content as GlobalItemContent<'footer-columns'> | null | undefined)?.columns ?? [];
  return {
    announcement: (announcement?.content as FrameItems['announcement'] | undefined) ?? null,
    footerColumns: packFooterColumns(
      columns
        .map((column) => ({ ...column, links: column.links.filter((link) => !leadsOffTheShop(link.href, off)) }))
        .filter((column) => column.links.length > 0),
    ),
    legalLinks: packFooterColumns([
      { heading: 'Legal', links: LEGAL_PAGES.filter((page) => !off.has(page.path)).map((page) => ({ label: page.title, href: page.path })) },
    ]),
  };
});
