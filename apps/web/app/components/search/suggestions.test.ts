import { describe, expect, it } from 'vitest';
import type { NavigationCategory } from '../../lib/catalogue.ts';
import {
  buildSuggestions,
  categoryTargets,
  highlightParts,
  moveActiveIndex,
  normaliseQuery,
  suggestionsAnnouncement,
  type Autocomplete,
} from './suggestions.ts';

const department = (slug: string, name: string, children: { slug: string; name: string }[] = []) =>
  ({ slug, name, description: '', children }) as unknown as NavigationCategory;

const tree = [
  department('basins', 'Basins', [
    { slug: 'pedestal-basins', name: 'Pedestal Basins' },
    { slug: 'basin-taps', name: 'Basin Taps' },
  ]),
  department('taps', 'Taps', [{ slug: 'basin-taps', name: 'Basin Taps' }]),
];

const answer: Autocomplete = {
  products: [
    { slug: 'wensley-basin-pl1', sku: 'PL1-1', productName: 'Wensley Pedestal Basin', imageUrl: '/images/a.svg', priceIncTax: 10099 },
    { slug: 'corfe-basin-pl2', sku: 'PL2-1', productName: 'Corfe Countertop Basin', imageUrl: '/images/b.svg', priceIncTax: 12599 },
  ],
  categories: [
    { slug: 'basins', name: 'Basins' },
    { slug: 'pedestal-basins', name: 'Pedestal Basins' },
    { slug: 'gone-away', name: 'Gone Away' },
  ],
  brands: [{ slug: 'harlow-and-finch', name: 'Harlow & Finch' }],
};

describe('buildSuggestions', () => {
  it('groups products, categories and brands, then "See all results" last', () => {
    const suggestions = buildSuggestions(answer, ' basin ', categoryTargets(tree));
    expect(suggestions.groups.map((group) => group.label)).toEqual(['Products', 'Categories', 'Brands']);
    expect(suggestions.count).toBe(6);
    expect(suggestions.options.map((option) => option.href)).toEqual([
      '/p/wensley-basin-pl1',
      '/p/corfe-basin-pl2',
      '/c/basins',
      '/c/basins/pedestal-basins',
      // Not in the navigation tree: a search for it rather than a page that is not there.
      '/search?q=Gone+Away',
      '/search?q=Harlow+%26+Finch',
      '/search?q=basin',
    ]);
    expect(suggestions.options.at(-1)).toBe(suggestions.seeAll);
    expect(suggestions.seeAll.label).toBe('See all results for “basin”');
  });

  it('carries a product’s picture and price, and a sub-category’s department', () => {
    const [first] = buildSuggestions(answer, 'basin', categoryTargets(tree)).options;
    expect(first).toMatchObject({ kind: 'product', label: 'Wensley Pedestal Basin', imageUrl: '/images/a.svg', pricePence: 10099 });
    const pedestal = buildSuggestions(answer, 'basin', categoryTargets(tree)).groups[1]?.suggestions[1];
    expect(pedestal).toMatchObject({ label: 'Pedestal Basins', detail: 'Basins' });
  });

  it('leaves out empty groups, keeping only "See all" when nothing matched', () => {
    const suggestions = buildSuggestions({ products: [], categories: [], brands: [] }, 'xyzzy', new Map());
    expect(suggestions.groups).toEqual([]);
    expect(suggestions.count).toBe(0);
    expect(suggestions.options).toEqual([suggestions.seeAll]);
  });
});

describe('categoryTargets', () => {
  it('links departments alone and sub-categories under the first department that lists them', () => {
    const targets = categoryTargets(tree);
    expect(targets.get('taps')).toEqual({ href: '/c/taps' });
    expect(targets.get('basin-taps')).toEqual({ href: '/c/basins/basin-taps', department: 'Basins' });
  });
});

describe('moveActiveIndex', () => {
  it('goes from the text box to the first or last option', () => {
    expect(moveActiveIndex(-1, 1, 4)).toBe(0);
    expect(moveActiveIndex(-1, -1, 4)).toBe(3);
  });

  it('moves one step and wraps around both ends', () => {
    expect(moveActiveIndex(1, 1, 4)).toBe(2);
    expect(moveActiveIndex(3, 1, 4)).toBe(0);
    expect(moveActiveIndex(0, -1, 4)).toBe(3);
    expect(moveActiveIndex(2, -1, 4)).toBe(1);
  });

  it('has nowhere to go without options, and recovers from an index past the end', () => {
    expect(moveActiveIndex(0, 1, 0)).toBe(-1);
    expect(moveActiveIndex(9, 1, 3)).toBe(0);
  });
});

describe('highlightParts', () => {
  const marked = (text: string, query: string) =>
    highlightParts(text, query)
      .map((part) => (part.match ? `[${part.text}]` : part.text))
      .join('');

  it('marks each typed word wherever it appears, ignoring case', () => {
    expect(marked('Pedestal Basin with Basin Waste', 'basin')).toBe('Pedestal [Basin] with [Basin] Waste');
    expect(marked('Wall Hung Basin', 'hung BAS')).toBe('Wall [Hung] [Bas]in');
  });

  it('merges overlapping matches and keeps the text intact', () => {
    expect(marked('Basins', 'basin sins')).toBe('[Basins]');
    expect(
      highlightParts('Adhesive & Grout', 'grout')
        .map((part) => part.text)
        .join(''),
    ).toBe('Adhesive & Grout');
  });

  it('marks nothing when the text does not contain what was typed', () => {
    expect(highlightParts('Basin', 'basn')).toEqual([{ text: 'Basin', match: false }]);
    expect(highlightParts('Basin', '  ')).toEqual([{ text: 'Basin', match: false }]);
  });
});

describe('the rest', () => {
  it('says how many suggestions there are', () => {
    expect(suggestionsAnnouncement(0)).toBe('No suggestions');
    expect(suggestionsAnnouncement(1)).toBe('1 suggestion');
    expect(suggestionsAnnouncement(5)).toBe('5 suggestions');
  });

  it('asks the same question for the same words', () => {
    expect(normaliseQuery('  Basin   TAPS ')).toBe('basin taps');
  });
});
