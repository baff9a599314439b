import { describe, expect, it } from 'vitest';
import { rssXml } from './rss.ts';

describe('the blog’s RSS feed', () => {
  it('is RSS 2.0 with absolute links, RFC 822 dates and every string escaped', () => {
    const xml = rssXml({ siteUrl: 'https://shop.example', title: 'Ideas & advice', description: 'Guides' }, [
      {
        slug: 'tile-a-splashback',
        title: 'Tiles <and> grout',
        summary: 'Fish & chips',
        author: 'A',
        publishedAt: '2026-11-02T09:30:00.000Z',
        readingMinutes: 3,
        heroImage: { src: '/images/blog/a.svg', alt: 'a' },
        category: 'how-to',
        categoryName: 'How-to guides',
        tags: [],
      },
    ]);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
    expect(xml).toContain('<title>Ideas &amp; advice</title>');
    expect(xml).toContain('<link>https://shop.example/blog/tile-a-splashback</link>');
    expect(xml).toContain('<title>Tiles &lt;and&gt; grout</title>');
    expect(xml).toContain('<pubDate>Mon, 02 Nov 2026 09:30:00 GMT</pubDate>');
    expect(xml).toContain('<atom:link href="https://shop.example/blog/rss.xml" rel="self" type="application/rss+xml"/>');
    expect(xml).toContain('<category>How-to guides</category>');
    expect(xml).not.toMatch(/<link>\//);
  });
});
