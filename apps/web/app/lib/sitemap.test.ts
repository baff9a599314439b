import { describe, expect, it } from 'vitest';
import { parseProductsSitemap, productsSitemap, robotsTxt, sitemapIndexXml, urlSetXml } from './sitemap.ts';

describe('sitemap', () => {
  it('lists sitemap files with absolute addresses', () => {
    const xml = sitemapIndexXml('https://shop.example', ['/sitemaps/pages.xml', productsSitemap(1)]);
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain('<loc>https://shop.example/sitemaps/products-1.xml</loc>');
  });

  it('escapes addresses and keeps only the day of a last-modified time', () => {
    const xml = urlSetXml('https://shop.example', [{ path: '/p/a&b', lastModified: '2026-11-02T10:11:12.000Z' }, { path: '/' }]);
    expect(xml).toContain('<url><loc>https://shop.example/p/a&amp;b</loc><lastmod>2026-11-02</lastmod></url>');
    expect(xml).toContain('<url><loc>https://shop.example/</loc></url>');
  });

  it('reads only well-formed product sitemap names', () => {
    expect(parseProductsSitemap('products-3.xml')).toBe(3);
    expect(parseProductsSitemap('products-0.xml')).toBeNull();
    expect(parseProductsSitemap('products-1.xml.gz')).toBeNull();
    expect(parseProductsSitemap('../products-1.xml')).toBeNull();
  });

  it('keeps crawlers out of personal pages and points them at the sitemap', () => {
    const robots = robotsTxt('https://shop.example');
    expect(robots).toMatch(/^User-agent: \*$/m);
    expect(robots).toMatch(/^Disallow: \/account$/m);
    expect(robots).toMatch(/^Disallow: \/basket$/m);
    expect(robots).toMatch(/^Sitemap: https:\/\/shop\.example\/sitemap\.xml$/m);
  });
});
