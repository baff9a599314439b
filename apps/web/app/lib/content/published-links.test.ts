import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { unpackFooterColumns } from './frame-items.ts';

/**
 * The footer and the sitemap against a stand-in API answering as the real one does (decision 0128):
 * a link to a content page shows while the page is published, and goes when staff unpublish it.
 * The loaders keep answers for 10 s per process, so each case loads them afresh, as a process would after 10 s.
 */
let published: string[] | null = ['about'];
const asked: string[] = [];
let server: Server;

const footer = {
  columns: [
    {
      heading: 'Help & advice',
      links: [
        { label: 'Delivery', href: '/help/delivery' },
        { label: 'About us', href: '/about' },
      ],
    },
    { heading: 'About', links: [{ label: 'About us', href: '/about#who-we-are' }] },
  ],
};

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://api.test').pathname;
    asked.push(path);
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (path.endsWith('/content/published-pages')) return published ? json(200, { slugs: published }) : json(500, { title: 'Down' });
    if (path.endsWith('/api/GlobalItems/footer-columns')) return json(200, { id: 'footer-columns', showing: true, content: footer });
    if (path.endsWith('/api/GlobalItems/announcement-bar')) return json(404, { title: 'Not showing' });
    if (path.endsWith('/Navigation')) return json(200, { categories: [] });
    if (path.endsWith('/Listings/Promotions')) return json(200, { promotions: [] });
    if (path.endsWith('/Blogs')) return json(200, { list: { posts: [], page: 1, pageSize: 50, totalPosts: 0, totalPages: 1 } });
    json(404, { title: 'Not here' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.API_INTERNAL_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(() => {
  delete process.env.API_INTERNAL_URL;
  server.close();
});

const LEGAL = ['/terms', '/privacy', '/cookies', '/reviews-policy'];
const request = (path = '/') => new Request(`http://shop.test${path}`);

/** The footer's links and the pages sitemap's paths as a page drawn now shows them. */
async function drawn() {
  vi.resetModules();
  const { loadFrameItems } = await import('./global-items.server.ts');
  const { loader } = await import('../../routes/sitemap-file.ts');
  const before = asked.length;
  const items = await loadFrameItems(request(), {});
  const askedForFooter = asked.slice(before).filter((path) => path.endsWith('/published-pages')).length;
  const response = (await loader({ request: request('/sitemaps/pages.xml'), params: { file: 'pages.xml' }, context: {} } as never)) as Response;
  const sitemap = [...(await response.text()).matchAll(/<loc>https?:\/\/[^/<]+([^<]*)<\/loc>/g)].map((match) => match[1]);
  return {
    columns: unpackFooterColumns(items.footerColumns),
    legal: (unpackFooterColumns(items.legalLinks)[0]?.links ?? []).map((link) => link.to),
    sitemap,
    askedForFooter,
  };
}

describe('links to content pages', () => {
  it('show in the footer and the sitemap while the page is published, asked once per page view with the footer', async () => {
    published = ['about', 'help-delivery', 'reviews-policy', 'privacy', 'cookies', 'terms'];
    const shown = await drawn();
    expect(shown.askedForFooter).toBe(1);
    expect(shown.columns).toEqual([
      {
        title: 'Help & advice',
        links: [
          { label: 'Delivery', to: '/help/delivery' },
          { label: 'About us', to: '/about' },
        ],
      },
      { title: 'About', links: [{ label: 'About us', to: '/about#who-we-are' }] },
    ]);
    expect(shown.legal).toEqual(LEGAL);
    expect(shown.sitemap).toEqual(expect.arrayContaining(['/about', '/reviews-policy', '/privacy', '/cookies', '/terms', '/help/delivery']));
  });

  it('are left out of the footer and the sitemap once the page is unpublished; a column left with none goes', async () => {
    published = ['help-delivery'];
    const shown = await drawn();
    expect(shown.columns).toEqual([{ title: 'Help & advice', links: [{ label: 'Delivery', to: '/help/delivery' }] }]);
    expect(shown.legal).toEqual([]);
    expect(shown.sitemap).not.toContain('/about');
    expect(shown.sitemap).not.toContain('/reviews-policy');
    expect(shown.sitemap).not.toContain('/privacy');
    expect(shown.sitemap).not.toContain('/cookies');
    expect(shown.sitemap).not.toContain('/terms');
    expect(shown.sitemap).toContain('/help/delivery');
  });

  it('stay in the footer when the API cannot say what is published, but the sitemap names none it cannot vouch for', async () => {
    published = null;
    const shown = await drawn();
    expect(shown.columns.flatMap((column) => column.links.map((link) => link.to))).toEqual(['/help/delivery', '/about', '/about#who-we-are']);
    expect(shown.legal).toEqual(LEGAL);
    expect(shown.sitemap).not.toContain('/about');
  });
});
