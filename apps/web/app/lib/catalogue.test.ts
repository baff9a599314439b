import { describe, expect, it } from 'vitest';
import { categoryPath, frameNavigation, matchCategories, packCategories, unpackCategories, unpackedCategories, type Navigation } from './catalogue.ts';

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

describe('packCategories', () => {
  it('packs the frame’s tree into one string that unpacks to the same names and slugs, without descriptions', () => {
    const packed = frameNavigation(navigation).packedCategories;
    expect(typeof packed).toBe('string');
    expect(unpackCategories(packed)).toEqual(navigation.categories.map(({ slug, name, children }) => ({ slug, name, children })));
  });

  it('keeps departments without types, and names with any punctuation', () => {
    const categories = [
      { slug: 'sealants-tools', name: 'Sealants & Tools', children: [{ slug: 'solder', name: 'Solder, End-feed | Fittings: “best”' }] },
      { slug: 'tiles', name: 'Tiles', children: [] },
    ];
    expect(unpackCategories(packCategories(categories))).toEqual(categories);
  });

  it('makes a name one line, so it cannot split the tree', () => {
    const packed = packCategories([{ slug: 'taps', name: 'Basin\tTaps\nand mixers', children: [{ slug: 'kitchen-taps', name: 'Kitchen Taps' }] }]);
    expect(unpackCategories(packed)).toEqual([{ slug: 'taps', name: 'Basin Taps and mixers', children: [{ slug: 'kitchen-taps', name: 'Kitchen Taps' }] }]);
  });

  it('unpacks an empty tree (the catalogue unreachable) to no departments', () => {
    expect(packCategories([])).toBe('');
    expect(unpackCategories('')).toEqual([]);
  });

  it('unpacks a packed tree once, for every component that reads it', () => {
    const packed = frameNavigation(navigation).packedCategories;
    expect(unpackedCategories(packed)).toBe(unpackedCategories(packed));
    expect(unpackedCategories('')).toEqual([]);
  });

  it('works the frame out once per tree', () => {
    expect(frameNavigation(navigation)).toBe(frameNavigation(navigation));
  });
});
