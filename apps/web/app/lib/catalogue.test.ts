import { describe, expect, it } from 'vitest';
import { categoryPath, matchCategories, type Navigation } from './catalogue.ts';

const navigation: Navigation = {
  categories: [
    {
      slug: 'baths',
      name: 'Baths',
      description: 'Baths of every shape.',
      children: [
        { slug: 'shower-baths', name: 'Shower Baths' },
        { slug: 'freestanding-baths', name: 'Freestanding Baths' },
      ],
    },
    { slug: 'showers', name: 'Showers', description: 'Mixer and electric showers.', children: [{ slug: 'electric-showers', name: 'Electric Showers' }] },
    { slug: 'shower-trays', name: 'Shower Trays', description: 'Stone resin trays.', children: [] },
  ],
};

const names = (query: string) => matchCategories(navigation, query).map(({ category, child }) => (child ?? category).name);

describe('matchCategories', () => {
  it('finds categories before subcategories, names that start with the query first', () => {
    expect(names('shower')).toEqual(['Showers', 'Shower Trays', 'Shower Baths', 'Electric Showers']);
  });

  it('needs every word, in any order and case', () => {
    expect(names('BATHS freestanding')).toEqual(['Freestanding Baths']);
    expect(names('electric bath')).toEqual([]);
  });

  it('matches nothing for an empty query', () => {
    expect(names('   ')).toEqual([]);
  });
});

describe('categoryPath', () => {
  it('builds category and subcategory addresses', () => {
    expect(categoryPath('baths')).toBe('/c/baths');
    expect(categoryPath('baths', 'shower-baths')).toBe('/c/baths/shower-baths');
  });
});
