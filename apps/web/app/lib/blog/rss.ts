import type { BlogPostSummary } from '@shop/contracts';
import { escapeXml } from '../sitemap.ts';

/** The feed's own details: its title and description, and the site's absolute address. */
export interface RssChannel {
  siteUrl: string;
  title: string;
  description: string;
}

/**
 * The blog's RSS 2.0 feed (https://www.rssboard.org/rss-specification): every link absolute, dates as
 * RFC 822 (what `Date#toUTCString` writes), each item's guid its permanent address, and an atom:link to itself.
 */
export function rssXml(channel: RssChannel, posts: readonly BlogPostSummary[]): string {
  const link = (path: string) => escapeXml(`${channel.siteUrl}${path}`);
  const items = posts.map((post) =>
    [
      '    <item>',
      `      <title>${escapeXml(post.title)}</title>`,
      `      <link>${link(`/blog/${post.slug}`)}</link>`,
      `      <guid isPermaLink="true">${link(`/blog/${post.slug}`)}</guid>`,
      `      <description>${escapeXml(post.summary)}</description>`,
      `      <pubDate>${new Date(post.publishedAt).toUTCString()}</pubDate>`,
      `      <category>${escapeXml(post.categoryName)}</category>`,
      '    </item>',
    ].join('\n'),
  );
  const newest = posts[0]?.publishedAt;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${escapeXml(channel.title)}</title>`,
    `    <link>${link('/blog')}</link>`,
    `    <description>${escapeXml(channel.description)}</description>`,
    '    <language>en-gb</language>',
    `    <atom:link href="${link('/blog/rss.xml')}" rel="self" type="application/rss+xml"/>`,
    ...(newest ? [`    <lastBuildDate>${new Date(newest).toUTCString()}</lastBuildDate>`] : []),
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
