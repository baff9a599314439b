import { describe, expect, it } from 'vitest';
import { synonymLookupOf } from '../search-synonyms.ts';
import { synonymRewriterOf } from '../synonym-phrases.ts';
import { buildSuggestionIndex, matchNames, typoDistance, type SuggestionProduct } from './suggestion-index.ts';

/** Groups as the shop starts with them (migration 0070). */
const expand = synonymLookupOf([
  ['toilet', 'loo', 'wc', 'pan'],
  ['basin', 'sink', 'washbasin'],
  ['radiator', 'rad', 'rads'],
]);

/** Products in id order; rank order is the list given to `indexOf` (best first). */
const PRODUCTS: SuggestionProduct[] = [
  { id: 1, name: 'Lucca Close Coupled Toilet', searchText: 'Lucca Close Coupled Toilet Aveline Toilets Bathroom white' },
  { id: 2, name: 'Arden Basin 600mm', searchText: 'Arden Basin 600mm Aveline Basins Bathroom ceramic' },
  { id: 3, name: 'Arden Basin Mixer Tap', searchText: 'Arden Basin Mixer Tap Vito Taps Bathroom chrome basin' },
  { id: 4, name: 'Column Radiator 600 x 400', searchText: 'Column Radiator 600 x 400 Thermaline Radiators Heating anthracite' },
  { id: 5, name: 'Bathroom Cabinet with Basket', searchText: 'Bathroom Cabinet with Basket Vito Furniture Bathroom oak' },
  { id: 6, name: 'Slim Basin 400mm', searchText: 'Slim Basin 400mm Aveline Basins Bathroom ceramic' },
];

async function indexOf(rankOrder: number[]) {
  const ids = PRODUCTS.map((product) => product.id);
  // Rows are positions in id order, as in the listing index.
  const index = await buildSuggestionIndex(PRODUCTS, (id) => ids.indexOf(id), Int32Array.from(rankOrder.map((id) => ids.indexOf(id))), PRODUCTS.length);
  return (terms: string[], limit = 6) => index.match(terms, limit, expand).map((row) => ids[row]);
}

describe('suggestion index', () => {
  it('matches the word being typed as a prefix, best ranked first', async () => {
    const match = await indexOf([6, 3, 2, 1, 4, 5]);
    expect(match(['bas'])).toEqual([6, 3, 2, 5]);
    expect(match(['bas'], 2)).toEqual([6, 3]);
  });

  it('prefers products whose name matches over those matching only their other words', async () => {
    // Product 3 ranks first, but "ceramic" is not in its name, nor anywhere in it.
    const match = await indexOf([3, 5, 4, 1, 2, 6]);
    expect(match(['ceram'])).toEqual([2, 6]);
    // "Aveline" is only in the searchable text: brand matches still come back, in rank order.
    expect(match(['aveline'])).toEqual([1, 2, 6]);
    expect(match(['basin', 'tap'])).toEqual([3]);
  });

  it('needs every term, earlier ones whole words or prefixes, and a plural finds the singular', async () => {
    const match = await indexOf([1, 2, 3, 4, 5, 6]);
    expect(match(['arden', 'b'])).toEqual([2, 3]);
    expect(match(['arden', 'mix'])).toEqual([3]);
    expect(match(['radiators'])).toEqual([4]);
    expect(match(['basins', 'slim'])).toEqual([6]);
    expect(match(['arden', 'radiator'])).toEqual([]);
  });

  it('knows the trade words: loo, wc, sink, rad', async () => {
    const match = await indexOf([1, 2, 3, 4, 5, 6]);
    expect(match(['loo'])).toEqual([1]);
    expect(match(['wc'])).toEqual([1]);
    expect(match(['sink'])).toEqual([2, 3, 6]);
    expect(match(['rad'])).toEqual([4]);
  });

  it('matches any phrasing of a query with its synonym phrases swapped, names first, each tier in rank order', async () => {
    const ids = PRODUCTS.map((product) => product.id);
    const index = await buildSuggestionIndex(
      PRODUCTS,
      (id) => ids.indexOf(id),
      Int32Array.from([6, 4, 3, 2, 1, 5].map((id) => ids.indexOf(id))),
      PRODUCTS.length,
    );
    const rewrite = synonymRewriterOf([
      ['column heater', 'radiator', 'mixer tap'],
      ['glazed finish', 'ceramic', 'lucca'],
    ]);
    const match = (terms: string[], limit = 6) => index.match(terms, limit, expand, rewrite(terms)).map((row) => ids[row]);
    // Each phrasing's matches merged by rank: the radiator (4) ranks above the mixer tap (3).
    expect(match(['column', 'heater'])).toEqual([4, 3]);
    expect(match(['column', 'heater'], 1)).toEqual([4]);
    expect(match(['heater'])).toEqual([]);
    // "Lucca" is in a name; "ceramic" only in other text (6, 2): the name comes first.
    expect(match(['glazed', 'finish'])).toEqual([1, 6, 2]);
    // A phrasing that matches nothing ("column heater") leaves the others to answer.
    expect(match(['radiator'])).toEqual([4, 3]);
  });

  it('forgives typos only when nothing matches as typed', async () => {
    const match = await indexOf([1, 2, 3, 4, 5, 6]);
    expect(match(['basn'])).toEqual([2, 3, 6]);
    expect(match(['raditor'])).toEqual([4]);
    expect(match(['toliet'])).toEqual([1]);
    // The start of a word being typed, when no whole word is near.
    expect(match(['raddia'])).toEqual([4]);
    // A short word is not guessed at.
    expect(match(['bsn'])).toEqual([]);
    expect(match(['zzzz'])).toEqual([]);
  });

  it('leaves out products the listing index does not hold', async () => {
    const index = await buildSuggestionIndex(PRODUCTS, (id) => (id === 2 ? undefined : id - 1), Int32Array.from([0, 2, 3, 4, 5]), 6);
    expect(index.match(['arden'], 6, expand).map((row) => row + 1)).toEqual([3]);
  });
});

describe('typoDistance', () => {
  it('counts insertions, deletions, substitutions and swaps of neighbours as one each', () => {
    expect(typoDistance('basn', 'basin', 2)).toBe(1);
    expect(typoDistance('basiin', 'basin', 2)).toBe(1);
    expect(typoDistance('bazin', 'basin', 2)).toBe(1);
    expect(typoDistance('toliet', 'toilet', 2)).toBe(1);
    expect(typoDistance('radaitor', 'radiator', 2)).toBe(1);
    expect(typoDistance('abcdef', 'uvwxyz', 2)).toBe(3);
  });
});

describe('suggestion index over many products', () => {
  // Enough rows that a two-word search checks hundreds of candidates and marks the rows instead.
  const colours = ['white', 'black', 'chrome', 'brass', 'grey'];
  const things = ['basin', 'tap', 'toilet', 'mirror', 'valve', 'tray', 'panel'];
  const many: SuggestionProduct[] = Array.from({ length: 3000 }, (_, n) => {
    const name = `${['Arden', 'Lucca', 'Slim'][n % 3]} ${colours[(n * 7) % 5]} ${things[(n * 11) % 7]} ${n}`;
    return { id: n + 1, name, searchText: `${name} ${n % 2 ? 'ceramic' : 'steel'}` };
  });
  const haveAll = (product: SuggestionProduct, terms: string[], text: string) => {
    const words = text.toLowerCase().split(' ');
    return terms.every((term, k) => words.some((word) => (k === terms.length - 1 ? word.startsWith(term) : word === term)));
  };
  const rank = many.toSorted((a, b) => ((a.id * 7919) % 3001) - ((b.id * 7919) % 3001));
  const manyIndex = () =>
    buildSuggestionIndex(
      many,
      (id) => id - 1,
      Int32Array.from(rank, (product) => product.id - 1),
      many.length,
    );
  /** Every match, name matches first, each group in rank order: what the index must find. */
  const expected = (terms: string[]) => {
    const byName = rank.filter((product) => haveAll(product, terms, product.name));
    return [...byName, ...rank.filter((product) => !byName.includes(product) && haveAll(product, terms, product.searchText))].map((p) => p.id);
  };

  it('finds the same rows, in rank order, search after search on one index', async () => {
    const index = await manyIndex();
    const searches = [
      ['white', 'tap'],
      ['arden', 'ceram'],
      ['chrome', 'basin', 'st'],
      ['white', 'tap'],
      ['black', 'mirror'],
      ['lucca', 'white', 'b'],
    ];
    for (const terms of searches) {
      const found = index.match(terms, 1000, expand).map((row) => row + 1);
      expect(found.length).toBeGreaterThan(0);
      expect({ terms, found }).toEqual({ terms, found: expected(terms).slice(0, 1000) });
    }
  });

  it('finds every one of a few matches, and none where words never meet, however long the walk', async () => {
    const index = await manyIndex();
    // The walk marks the rows after a few hundred candidates and stops at the last match it counted.
    const searches: [terms: string[], count: number][] = [
      [['arden', 'slim'], 0],
      [['steel', 'ceramic'], 0],
      [['lucca', 'white', '12'], 6],
      [['grey', 'valve', '21'], 3],
      [['white', 'steel', '29'], 11],
      [['chrome', 'ceram'], 300],
    ];
    for (const [terms, count] of searches) {
      const found = index.match(terms, 1000, expand).map((row) => row + 1);
      expect({ terms, found }).toEqual({ terms, found: expected(terms) });
      expect({ terms, count: found.length }).toEqual({ terms, count });
    }
  });
});

describe('matchNames', () => {
  const CATEGORIES = [
    { slug: 'bathroom', name: 'Bathroom' },
    { slug: 'heating', name: 'Heating' },
    { slug: 'radiators', name: 'Radiators' },
    { slug: 'bath-screens', name: 'Bath screens' },
    { slug: 'designer-radiators', name: 'Designer radiators' },
  ];

  it('puts names starting with the text first, then names holding it, then word matches', () => {
    expect(matchNames(CATEGORIES, ['radiat'], 5).map((entry) => entry.slug)).toEqual(['radiators', 'designer-radiators']);
    expect(matchNames(CATEGORIES, ['bath'], 5).map((entry) => entry.slug)).toEqual(['bathroom', 'bath-screens']);
    expect(matchNames(CATEGORIES, ['screens', 'bath'], 5).map((entry) => entry.slug)).toEqual(['bath-screens']);
    expect(matchNames(CATEGORIES, ['raditors'], 5).map((entry) => entry.slug)).toEqual(['radiators', 'designer-radiators']);
    expect(matchNames(CATEGORIES, ['radiat'], 1).map((entry) => entry.slug)).toEqual(['radiators']);
  });

  it('does not match single letters to words', () => {
    expect(matchNames(CATEGORIES, ['b', 's'], 5)).toEqual([]);
  });
});
