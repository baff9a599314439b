import { describe, expect, it } from 'vitest';
import { listPage, readingMinutes, type KeptSummary } from './blog-rules.ts';

const words = (count: number) => Array.from({ length: count }, (_, index) => `word${index}`).join(' ');

describe('reading time', () => {
  it('counts the words a reader reads at 200 a minute, rounded up, never under a minute', () => {
    expect(readingMinutes({ title: 'Hi', summary: 'Short.', blocks: [] })).toBe(1);
    const body = [{ kind: 'paragraph' as const, content: [{ text: words(399) }] }];
    expect(readingMinutes({ title: 'One', summary: '', blocks: [{ type: 'richText', body }] })).toBe(2);
    expect(readingMinutes({ title: 'One two', summary: '', blocks: [{ type: 'richText', body }] })).toBe(3);
  });

  it('leaves out addresses, alt text, product codes and punctuation on its own', () => {
    const post = {
      title: 'Title',
      summary: '— –',
      blocks: [
        { type: 'image' as const, src: '/images/a.svg', alt: words(500) },
        { type: 'productCarousel' as const, heading: 'Picks', source: { kind: 'skus' as const, skus: Array.from({ length: 24 }, () => 'PL1') } },
      ],
    };
    expect(readingMinutes(post)).toBe(1);
  });
});

const summary = (slug: string, category: string, tags: string[]): KeptSummary => ({
  slug,
  title: slug,
  summary: '',
  author: 'A',
  publishedAt: '2026-01-01T00:00:00.000Z',
  readingMinutes: 1,
  heroImage: { src: '/a.svg', alt: 'a' },
  category,
  tags,
});

describe('a page of the list', () => {
  const posts = [summary('a', 'how-to', ['tiling']), summary('b', 'how-to', []), summary('c', 'bathroom-ideas', ['tiling', 'colour'])];
  const categories = [
    { slug: 'bathroom-ideas', name: 'Bathroom ideas', description: 'Looks.' },
    { slug: 'how-to', name: 'How-to guides', description: 'Jobs.' },
    { slug: 'tiling', name: 'Tiling', description: 'Tiles.' },
  ];

  it('pages what is chosen, counting every category and tag, each post named by its stored category', () => {
    const page = listPage(posts, categories, { pageSize: 2, page: 2 });
    expect(page).toMatchObject({ posts: [{ slug: 'c', categoryName: 'Bathroom ideas' }], totalPosts: 3, totalPages: 2, page: 2 });
    if ('beyond' in page) throw new Error('a page expected');
    expect(page.categories).toEqual([
      { slug: 'bathroom-ideas', name: 'Bathroom ideas', description: 'Looks.', postCount: 1 },
      { slug: 'how-to', name: 'How-to guides', description: 'Jobs.', postCount: 2 },
      { slug: 'tiling', name: 'Tiling', description: 'Tiles.', postCount: 0 },
    ]);
    expect(page.tags).toEqual([
      { tag: 'tiling', postCount: 2 },
      { tag: 'colour', postCount: 1 },
    ]);
  });

  it('filters by category and tag', () => {
    expect(listPage(posts, categories, { category: 'how-to', tag: 'tiling' })).toMatchObject({ posts: [{ slug: 'a' }], totalPosts: 1 });
  });

  it('always has a first page, even when empty, and says how many there are beyond the last', () => {
    expect(listPage([], categories, {})).toMatchObject({ posts: [], totalPages: 1 });
    expect(listPage(posts, categories, { page: 3, pageSize: 2 })).toEqual({ beyond: 2 });
  });
});
