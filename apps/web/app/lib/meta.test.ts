import { describe, expect, it } from 'vitest';
import { canonicalUrl, pageMeta } from './meta.ts';

describe('page meta', () => {
  it('names the shop after the page title', () => {
    expect(pageMeta('Toilets', 'All toilets')[0]).toEqual({ title: 'Toilets | Plumbline' });
    expect(pageMeta('Plumbline', 'Home')[0]).toEqual({ title: 'Plumbline' });
  });

  it('collapses filters, sort and variants onto the page, keeping only later page numbers', () => {
    expect(canonicalUrl('https://shop.example', '/c/basins', '?finish=chrome&sort=4')).toBe('https://shop.example/c/basins');
    expect(canonicalUrl('https://shop.example', '/c/basins/', '?page=3&finish=chrome')).toBe('https://shop.example/c/basins?page=3');
    expect(canonicalUrl('https://shop.example', '/c/basins', '?page=1')).toBe('https://shop.example/c/basins');
    expect(canonicalUrl('https://shop.example', '/c/basins', '?page=abc')).toBe('https://shop.example/c/basins');
    expect(canonicalUrl('https://shop.example', '/', '')).toBe('https://shop.example/');
  });
});
