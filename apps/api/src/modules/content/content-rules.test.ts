import { describe, expect, it } from 'vitest';
import { checkPageDocument, globalItemShowing, isSafeAddress } from './content-rules.ts';

describe('addresses pages may use', () => {
  it.each([
    ['/help/delivery', 'link'],
    ['/images/hero.webp', 'image'],
    ['#faq', 'link'],
    ['https://example.com/a?b=c', 'link'],
    ['http://example.com', 'link'],
    ['mailto:help@example.com', 'link'],
    ['tel:+441134960000', 'link'],
    ['https://images.example.com/a.jpg', 'image'],
  ] as const)('%s as a %s', (address, kind) => expect(isSafeAddress(address, kind)).toBe(true));

  it.each([
    ['javascript:alert(1)', 'link'],
    ['JavaScript:alert(1)', 'link'],
    ['java\tscript:alert(1)', 'link'],
    [' javascript:alert(1)', 'link'],
    ['vbscript:msgbox', 'link'],
    ['data:text/html,<script>', 'link'],
    ['//evil.example/x', 'link'],
    ['/\\evil.example', 'link'],
    ['http://example.com/a.jpg', 'image'],
    ['data:image/png;base64,AAAA', 'image'],
    ['#top', 'image'],
    ['mailto:a@example.com', 'image'],
    ['not an address', 'link'],
  ] as const)('not %j as a %s', (address, kind) => expect(isSafeAddress(address, kind)).toBe(false));
});

describe('a page checked', () => {
  const page = { title: 'T', seoTitle: 'T', seoDescription: 'D' };
  it('keeps words with angle brackets that are not markup', () => {
    const text = 'Pipes < 22mm and > 15mm; 3<4';
    const checked = checkPageDocument({ ...page, blocks: [{ type: 'richText', body: [{ kind: 'paragraph', content: [{ text }] }] }] });
    expect(checked.blocks[0]).toEqual({ type: 'richText', body: [{ kind: 'paragraph', content: [{ text }] }] });
  });
  it.each(['<b>bold</b>', '<!-- x -->', '<script', '< script>', '<a href="x">'])('refuses %j', (text) => {
    expect(() => checkPageDocument({ ...page, blocks: [{ type: 'hero', heading: text }] })).toThrow(
      expect.objectContaining({ code: 'CONTENT_MARKUP_NOT_ALLOWED' }),
    );
  });
  it('asks for alt text words on a picture only when it is not decorative, and fills defaults', () => {
    const checked = checkPageDocument({ ...page, blocks: [{ type: 'image', src: '/a.png', decorative: true }] });
    expect(checked.blocks[0]).toEqual({ type: 'image', src: '/a.png', alt: '', decorative: true });
  });
});

describe('a global item’s schedule', () => {
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 10, minute));
  it('shows from its start until its end, saying when that changes', () => {
    const schedule = { startsAt: at(10), endsAt: at(20) };
    expect(globalItemShowing(schedule, at(5))).toEqual({ showing: false, changesAt: at(10) });
    expect(globalItemShowing(schedule, at(10))).toEqual({ showing: true, changesAt: at(20) });
    expect(globalItemShowing(schedule, at(20))).toEqual({ showing: false, changesAt: null });
    expect(globalItemShowing({ startsAt: null, endsAt: null }, at(0))).toEqual({ showing: true, changesAt: null });
  });
});
