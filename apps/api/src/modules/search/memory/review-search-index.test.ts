import { REVIEW_SEARCH_SORTS, REVIEW_SOURCES, REVIEW_STATUSES, type ReviewSearchSort } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { ReviewSearchIndex, searchWords, type IndexAnswer, type IndexedReview, type IndexQuery } from './review-search-index.ts';
import { passes, type CountGroup } from './review-search-rules.ts';

const DAY = 86_400_000;
const START = Date.UTC(2024, 0, 1);
/** Ids in the order of `n`, as their text sorts. */
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function review(n: number, fields: Partial<IndexedReview> = {}): IndexedReview {
  return {
    id: id(n),
    rating: 5,
    status: 'published',
    source: 'Website',
    photoCount: 0,
    productId: 1,
    createdAt: START + n * DAY,
    helpfulCount: 0,
    texts: `Review ${n}`,
    ...fields,
  };
}

function indexOf(reviews: IndexedReview[]): ReviewSearchIndex {
  const index = new ReviewSearchIndex(4);
  for (const one of reviews) index.upsert(one);
  return index;
}

const query = (fields: Partial<IndexQuery> = {}): IndexQuery => ({ filters: {}, sort: 'newest', offset: 0, limit: 100, ...fields });
/** The ids found, as review numbers. */
const found = (index: ReviewSearchIndex, fields: Partial<IndexQuery> = {}) => index.search(query(fields)).ids.map((one) => Number(one.slice(24)));
const byGroup = (groups: CountGroup[]) => groups.map((group) => `${group.rating} ${group.status} ${group.source} ${group.count}`).toSorted();

describe('the words of a search', () => {
  it('are runs of letters and digits, lower-cased, accents aside, each once, at most ten', () => {
    expect(searchWords('Hot  WATER, Café!!')).toEqual(['hot', 'water', 'cafe']);
    expect(searchWords('100%')).toEqual(['100']);
    expect(searchWords('crème brûlée naïve ÉCLAIR')).toEqual(['creme', 'brulee', 'naive', 'eclair']);
    expect(searchWords('tap Tap TAP tap-tap')).toEqual(['tap']);
    expect(searchWords(' %% -- ')).toEqual([]);
    expect(searchWords('a b c d e f g h i j k l')).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j']);
  });
});

describe('a review search index', () => {
  const texts = [
    'Great plumber\nFitted the basin in an hour',
    'Hot water at last\nThe boiler works',
    'Water everywhere\nThe hot tap leaks',
    'Café-style taps\nLovely crème finish',
    'Cafe quality\nBut the CREME colour faded',
    '100% happy\nWould buy again',
  ];
  const index = indexOf(texts.map((text, n) => review(n, { texts: text })));

  it('finds reviews having a word each query word starts, anywhere in their texts', () => {
    expect(found(index, { words: 'plumb' })).toEqual([0]);
    expect(found(index, { words: 'PLUMBER' })).toEqual([0]);
    expect(found(index, { words: 'plumbers' })).toEqual([]);
    expect(found(index, { words: 'hot water' })).toEqual([2, 1]);
    expect(found(index, { words: 'water hot' })).toEqual([2, 1]);
    expect(found(index, { words: 'wat h' })).toEqual([2, 1]);
    expect(found(index, { words: 'hot water boiler' })).toEqual([1]);
    expect(found(index, { words: 'hot hotter' })).toEqual([]);
    expect(found(index, { words: '100%' })).toEqual([5]);
    expect(found(index, { words: 'the the THE' })).toEqual([4, 2, 1, 0]);
    // Ten words at most: the eleventh is not looked for.
    expect(found(index, { words: 'h ho hot w wa wat wate water a at zebra' })).toEqual([1]);
  });

  it('finds words whatever their accents, either way round', () => {
    expect(found(index, { words: 'cafe' })).toEqual([4, 3]);
    expect(found(index, { words: 'Café' })).toEqual([4, 3]);
    expect(found(index, { words: 'crème' })).toEqual([4, 3]);
    expect(found(index, { words: 'cre' })).toEqual([4, 3]);
  });

  it('reads texts whose characters become several, or change with their neighbours', () => {
    const odd = indexOf([
      review(1, { texts: 'Perfectly ﬁtted, ½ price' }),
      review(2, { texts: 'Love it😀great tap 👍🏽' }),
      review(3, { texts: 'ΟΔΟΣ ΣΟΦΙΑΣ street' }),
      review(4, { texts: 'Straße Ørsted ǅemal' }),
      review(5, { texts: 'Cre\u0300me basin, cafe\u0301s' }),
    ]);
    expect(found(odd, { words: 'creme cafes' })).toEqual([5]);
    expect(found(odd, { words: 'fitted' })).toEqual([1]);
    expect(found(odd, { words: '1 2 price' })).toEqual([1]);
    expect(found(odd, { words: 'it great' })).toEqual([2]);
    expect(found(odd, { words: 'οδος σοφιας' })).toEqual([3]);
    expect(found(odd, { words: 'ΟΔΟΣ' })).toEqual([3]);
    expect(found(odd, { words: 'strasse' })).toEqual([]);
    expect(found(odd, { words: 'straß ørs dže' })).toEqual([4]);
  });

  it('finds nothing for typing without letters or digits, and everything without words', () => {
    expect(index.search(query({ words: '%%' }))).toEqual({ groups: [], ids: [] });
    expect(index.search(query({ words: '' }))).toEqual({ groups: [], ids: [] });
    expect(index.search(query({ words: 'zebra' }))).toEqual({ groups: [], ids: [] });
    expect(found(index)).toEqual([5, 4, 3, 2, 1, 0]);
  });
});

describe('a search’s counts and page', () => {
  const reviews = [
    review(1, { rating: 5, status: 'published', source: 'VerifiedOrder', texts: 'shower screen', photoCount: 2, productId: 10 }),
    review(2, { rating: 5, status: 'published', source: 'VerifiedOrder', texts: 'shower tray', productId: 11 }),
    review(3, { rating: 4, status: 'pending', source: 'Website', texts: 'shower valve', photoCount: 1, productId: 10 }),
    review(4, { rating: 2, status: 'pending', source: 'VerifiedOrder', texts: 'shower head', productId: 12 }),
    review(5, { rating: 1, status: 'rejected', source: 'Website', texts: 'shower pump', photoCount: 400, productId: 11 }),
    review(6, { rating: 3, status: 'published', source: 'Website', texts: 'basin tap', productId: 10 }),
  ];
  const index = indexOf(reviews);

  it('counts what the words, photos and products match, whatever the filters', () => {
    const answer = index.search(query({ words: 'shower', filters: { status: 'pending' } }));
    expect(byGroup(answer.groups)).toEqual(['1 rejected Website 1', '2 pending VerifiedOrder 1', '4 pending Website 1', '5 published VerifiedOrder 2']);
    expect(answer.ids.map((one) => Number(one.slice(24)))).toEqual([4, 3]);
    expect(byGroup(index.search(query({ filters: { source: 'Website' } })).groups)).toEqual([
      '1 rejected Website 1',
      '2 pending VerifiedOrder 1',
      '3 published Website 1',
      '4 pending Website 1',
      '5 published VerifiedOrder 2',
    ]);
  });

  it('keeps reviews with photos or without', () => {
    expect(found(index, { hasPhotos: true })).toEqual([5, 3, 1]);
    expect(found(index, { hasPhotos: false })).toEqual([6, 4, 2]);
    expect(found(index, { words: 'shower', hasPhotos: false })).toEqual([4, 2]);
    expect(byGroup(index.search(query({ hasPhotos: true, filters: { ratingFrom: 3 } })).groups)).toEqual([
      '1 rejected Website 1',
      '4 pending Website 1',
      '5 published VerifiedOrder 1',
    ]);
  });

  it('keeps the products asked for', () => {
    expect(found(index, { productIds: new Set([10, 12]) })).toEqual([6, 4, 3, 1]);
    expect(found(index, { productIds: new Set([11]), words: 'shower' })).toEqual([5, 2]);
    expect(found(index, { productIds: new Set([99]) })).toEqual([]);
    expect(index.search(query({ productIds: new Set() }))).toEqual({ groups: [], ids: [] });
    expect(byGroup(index.search(query({ productIds: new Set([11]) })).groups)).toEqual(['1 rejected Website 1', '5 published VerifiedOrder 1']);
  });

  it('filters the page by rating, status, source and verified purchase', () => {
    expect(found(index, { filters: { ratingFrom: 2, ratingTo: 4 } })).toEqual([6, 4, 3]);
    expect(found(index, { filters: { ratingTo: 1 } })).toEqual([5]);
    expect(found(index, { filters: { status: 'published' } })).toEqual([6, 2, 1]);
    expect(found(index, { filters: { source: 'Website' } })).toEqual([6, 5, 3]);
    expect(found(index, { filters: { verifiedOnly: true } })).toEqual([4, 2, 1]);
    expect(found(index, { filters: { verifiedOnly: true, status: 'pending' } })).toEqual([4]);
    expect(found(index, { filters: { verifiedOnly: true, source: 'Website' } })).toEqual([]);
    expect(found(index, { words: 'shower', filters: { ratingFrom: 5 }, hasPhotos: true })).toEqual([1]);
  });

  it('pages by offset and limit', () => {
    expect(found(index, { offset: 1, limit: 2 })).toEqual([5, 4]);
    expect(found(index, { offset: 4, limit: 10 })).toEqual([2, 1]);
    expect(found(index, { offset: 6, limit: 10 })).toEqual([]);
    expect(found(index, { sort: 'highest', offset: 1, limit: 3 })).toEqual([1, 3, 6]);
    expect(found(index, { sort: 'oldest', offset: 2, limit: 2, words: 'shower' })).toEqual([3, 4]);
    const counted = index.search(query({ limit: 0 }));
    expect(counted.ids).toEqual([]);
    expect(counted.groups.reduce((sum, group) => sum + group.count, 0)).toBe(6);
    expect(() => index.search(query({ offset: -1 }))).toThrow(RangeError);
  });
});

describe('a search’s order', () => {
  // 1 and 2 were written at the same moment, as were 3 and 4: their ids decide.
  const reviews = [
    review(1, { createdAt: START, rating: 4, helpfulCount: 3 }),
    review(2, { createdAt: START, rating: 4, helpfulCount: 3 }),
    review(3, { createdAt: START + DAY, rating: 2, helpfulCount: 0 }),
    review(4, { createdAt: START + DAY, rating: 4, helpfulCount: 7 }),
    review(5, { createdAt: START + 2 * DAY, rating: 2, helpfulCount: 3 }),
  ];

  it.each([
    ['newest', [5, 4, 3, 2, 1]],
    ['oldest', [1, 2, 3, 4, 5]],
    ['highest', [4, 2, 1, 5, 3]],
    ['lowest', [5, 3, 4, 2, 1]],
    ['most_helpful', [4, 5, 2, 1, 3]],
  ] as const)('sorts %s, ties by time then id', (sort, expected) => {
    expect(found(indexOf(reviews), { sort })).toEqual(expected);
    // Added in another order, the same.
    expect(found(indexOf(reviews.toReversed()), { sort })).toEqual(expected);
    expect(found(indexOf(reviews), { sort, offset: 1, limit: 3 })).toEqual(expected.slice(1, 4));
  });

  it('ranks the reviews with helpful votes, then the rest newest first', () => {
    const votes = new Map([
      [10, 5],
      [20, 2],
      [30, 2],
    ]);
    const index = indexOf(Array.from({ length: 50 }, (_, n) => review(n, { helpfulCount: votes.get(n) ?? 0 })));
    expect(found(index, { sort: 'most_helpful', limit: 6 })).toEqual([10, 30, 20, 49, 48, 47]);
    expect(found(index, { sort: 'most_helpful', offset: 4, limit: 3 })).toEqual([48, 47, 46]);
    expect(found(index, { sort: 'most_helpful', offset: 45, limit: 10 })).toEqual([4, 3, 2, 1, 0]);
  });

  it('puts reviews with fewer helpful votes than none last', () => {
    const reviews2 = [review(1, { helpfulCount: 0 }), review(2, { helpfulCount: -2 }), review(3, { helpfulCount: 1 }), review(4, { helpfulCount: 0 })];
    expect(found(indexOf(reviews2), { sort: 'most_helpful' })).toEqual([3, 4, 1, 2]);
  });

  it('places a review added out of time order', () => {
    const index = indexOf([review(1), review(2), review(4)]);
    index.upsert(review(3));
    index.upsert(review(0, { createdAt: START + 10 * DAY }));
    expect(found(index)).toEqual([0, 4, 3, 2, 1]);
    expect(found(index, { sort: 'oldest' })).toEqual([1, 2, 3, 4, 0]);
    expect(found(index, { sort: 'oldest', offset: 3 })).toEqual([4, 0]);
    expect(found(index, { filters: { status: 'published' }, limit: 2 })).toEqual([0, 4]);
  });
});

describe('updating a review', () => {
  it('moves it between groups and places it anew in its sort', () => {
    const index = indexOf([review(1, { helpfulCount: 5 }), review(2, { helpfulCount: 2 }), review(3, { helpfulCount: 1, status: 'pending' })]);
    expect(found(index, { sort: 'most_helpful' })).toEqual([1, 2, 3]);
    index.upsert(review(3, { helpfulCount: 9, status: 'published' }));
    index.upsert(review(1, { helpfulCount: 5, status: 'rejected', photoCount: 1 }));
    expect(index.size).toBe(3);
    expect(found(index, { sort: 'most_helpful' })).toEqual([3, 1, 2]);
    expect(byGroup(index.search(query()).groups)).toEqual(['5 published Website 2', '5 rejected Website 1']);
    expect(found(index, { filters: { status: 'published' } })).toEqual([3, 2]);
    expect(found(index, { filters: { status: 'pending' } })).toEqual([]);
    expect(found(index, { hasPhotos: true })).toEqual([1]);
  });

  it('finds the words of texts a moderator added, and still the first', () => {
    const index = indexOf([review(1, { texts: 'Leaky tap\nIt drips' }), review(2, { texts: 'Fine tap' })]);
    index.upsert(review(1, { texts: 'Leaky tap\nIt drips\nLeaking tap\nIt drips, replaced under warranty' }));
    index.upsert(review(1, { texts: 'Leaky tap\nIt drips\nLeaking tap\nIt drips, replaced under warranty' }));
    expect(found(index, { words: 'warranty' })).toEqual([1]);
    expect(found(index, { words: 'leaky drips' })).toEqual([1]);
    expect(found(index, { words: 'tap' })).toEqual([2, 1]);
    expect(index.search(query({ words: 'leak' })).groups).toEqual([{ rating: 5, status: 'published', source: 'Website', count: 1 }]);
  });

  it('finds it under its new product, and under its new time', () => {
    const index = indexOf([review(1, { productId: 7 }), review(2, { productId: 8 }), review(3, { productId: 7 })]);
    expect(found(index, { productIds: new Set([7]) })).toEqual([3, 1]);
    index.upsert(review(1, { productId: 8, createdAt: START + 10 * DAY }));
    expect(found(index, { productIds: new Set([7]) })).toEqual([3]);
    expect(found(index, { productIds: new Set([8]) })).toEqual([1, 2]);
    expect(found(index, { sort: 'oldest' })).toEqual([2, 3, 1]);
    index.upsert(review(4, { productId: 2_000_000_000, createdAt: START }));
    expect(found(index, { productIds: new Set([2_000_000_000, 7]) })).toEqual([3, 4]);
  });

  it('knows an id however its letters are cased, and refuses what is not a review', () => {
    const index = indexOf([review(1, { id: '0a1b2c3d-0000-4000-8000-00000000000f' })]);
    index.upsert(review(1, { id: '0A1B2C3D-0000-4000-8000-00000000000F', rating: 2 }));
    expect(index.size).toBe(1);
    expect(index.search(query()).ids).toEqual(['0a1b2c3d-0000-4000-8000-00000000000f']);
    expect(() => index.upsert(review(2, { id: 'not-a-uuid' }))).toThrow(RangeError);
    expect(() => index.upsert(review(2, { rating: 6 }))).toThrow(RangeError);
  });
});

/** Numbers from a seed, the same every run. */
function randomFrom(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(state ^ (state >>> 15), state | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
  const below = (limit: number) => Math.floor(next() * limit);
  const pick = <T>(values: readonly T[]): T => values[below(values.length)]!;
  const uuid = () => {
    const hex = Array.from({ length: 4 }, () =>
      Math.floor(next() * 2 ** 32)
        .toString(16)
        .padStart(8, '0'),
    ).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  };
  return { next, below, pick, uuid };
}

const foldedWords = (text: string) =>
  (/[\u0080-\uffff]/.test(text) ? text.normalize('NFKD').replace(/\p{M}/gu, '') : text).toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

interface Known extends IndexedReview {
  words: string[];
}

/** The search done the plain way: every review tested, the matches sorted. */
function reference(reviews: Iterable<Known>, search: IndexQuery): IndexAnswer {
  let terms: string[] | undefined;
  if (search.words !== undefined) {
    terms = [...new Set(foldedWords(search.words))].slice(0, 10);
    if (terms.length === 0) return { groups: [], ids: [] };
  }
  const matches = [...reviews].filter(
    (one) =>
      (!terms || terms.every((term) => one.words.some((word) => word.startsWith(term)))) &&
      (search.hasPhotos === undefined || one.photoCount > 0 === search.hasPhotos) &&
      (!search.productIds || search.productIds.has(one.productId)),
  );
  const counts = new Map<string, CountGroup>();
  for (const one of matches) {
    const key = `${one.rating} ${one.status} ${one.source}`;
    const group = counts.get(key) ?? { rating: one.rating, status: one.status, source: one.source, count: 0 };
    group.count++;
    counts.set(key, group);
  }
  const byId = (a: Known, b: Known) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const newest = (a: Known, b: Known) => b.createdAt - a.createdAt || byId(b, a);
  const orders: Record<ReviewSearchSort, (a: Known, b: Known) => number> = {
    newest,
    oldest: (a, b) => a.createdAt - b.createdAt || byId(a, b),
    highest: (a, b) => b.rating - a.rating || newest(a, b),
    lowest: (a, b) => a.rating - b.rating || newest(a, b),
    most_helpful: (a, b) => b.helpfulCount - a.helpfulCount || newest(a, b),
  };
  const ids = matches
    .filter((one) => passes({ ...one, count: 1 }, search.filters))
    .toSorted(orders[search.sort])
    .slice(search.offset, search.offset + search.limit)
    .map((one) => one.id);
  return { groups: [...counts.values()], ids };
}

function expectSame(index: ReviewSearchIndex, known: Map<string, Known>, search: IndexQuery) {
  const answer = index.search(search);
  const expected = reference(known.values(), search);
  expect({ search, ids: answer.ids, groups: byGroup(answer.groups) }).toEqual({ search, ids: expected.ids, groups: byGroup(expected.groups) });
}

describe('a review search index against searching the plain way', () => {
  // Accents, and a few characters read the slow way (a ligature, a capital sigma, an emoji).
  const syllables = ['ba', 'sin', 'tap', 'hot', 'wa', 'ter', 'plu', 'mb', 'er', 'sh', 'ow', 'ca', 'fé', 'crè', 'me', 'ï', '10', '0', 'x', 'ß', 'ﬁ', 'Σ', '😀'];

  it.each([
    ['added in time order', true],
    ['added in any order', false],
  ])('gives the same answers, %s', (_, inOrder) => {
    const random = randomFrom(inOrder ? 21 : 37);
    const vocabulary = Array.from({ length: 400 }, () => Array.from({ length: 1 + random.below(3) }, () => random.pick(syllables)).join(''));
    // Some words common (over one review in 32, kept as bitsets), most rare.
    const word = () => vocabulary[Math.floor(vocabulary.length * random.next() ** 3)]!;
    const sentence = () =>
      Array.from({ length: 1 + random.below(12) }, () => (random.below(4) === 0 ? word().toUpperCase() : word())).join(
        random.pick([' ', ', ', '!\n', '-', '']),
      );
    const reviews = Array.from({ length: 3000 }, (): IndexedReview => ({
      id: random.uuid(),
      rating: 1 + random.below(5),
      status: random.pick(REVIEW_STATUSES),
      source: random.pick(REVIEW_SOURCES),
      photoCount: random.pick([0, 0, 0, 1, 4, 300]),
      productId: 1 + random.below(20),
      // Few moments, so many ties.
      createdAt: START + random.below(400) * 1000,
      // Few with votes, so pages of the most helpful run on into those without.
      helpfulCount: random.below(8) === 0 ? random.pick([1, 2, 10]) : 0,
      texts: `${sentence()}\n${sentence()}`,
    }));
    if (inOrder) reviews.sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1));
    const index = new ReviewSearchIndex();
    const known = new Map<string, Known>();
    const upsert = (one: IndexedReview) => {
      index.upsert(one);
      known.set(one.id, { ...one, words: foldedWords(one.texts) });
    };
    for (const one of reviews) upsert(one);
    // Updates: moderation, votes, photos, and texts gaining a published title and text.
    for (let k = 0; k < 400; k++) {
      const old = known.get(random.pick(reviews).id)!;
      upsert({
        ...old,
        status: random.pick(REVIEW_STATUSES),
        helpfulCount: old.helpfulCount + (random.below(6) === 0 ? 1 : 0),
        photoCount: random.pick([old.photoCount, 0, 2]),
        rating: k % 5 === 0 ? 1 + random.below(5) : old.rating,
        createdAt: inOrder || k % 3 !== 0 ? old.createdAt : START + random.below(400) * 1000,
        texts: k % 4 === 0 ? `${old.texts}\n${sentence()}` : old.texts,
      });
    }
    expect(index.size).toBe(known.size);

    const queryWord = () => {
      const chosen = word();
      const cut = chosen.slice(0, 1 + random.below(chosen.length));
      return random.pick([cut, cut, cut.toUpperCase(), chosen, 'zq', '!!']);
    };
    for (let k = 0; k < 200; k++) {
      const ratingFrom = random.pick([undefined, 1 + random.below(5)]);
      const search: IndexQuery = {
        words: random.below(4) === 0 ? undefined : Array.from({ length: 1 + random.below(3) }, queryWord).join(' '),
        hasPhotos: random.pick([undefined, undefined, true, false]),
        productIds: random.below(3) === 0 ? new Set(Array.from({ length: random.below(6) }, () => 1 + random.below(20))) : undefined,
        filters: {
          ratingFrom,
          ratingTo: random.pick([undefined, Math.max(ratingFrom ?? 1, 1 + random.below(5))]),
          status: random.pick([undefined, undefined, ...REVIEW_STATUSES]),
          source: random.pick([undefined, undefined, ...REVIEW_SOURCES]),
          verifiedOnly: random.pick([undefined, false, true]),
        },
        sort: random.pick(REVIEW_SEARCH_SORTS),
        // Some pages run from one rating into the next, or from the reviews with votes into those without.
        offset: random.pick([0, 0, 3, 50, 200, 590]),
        limit: random.pick([0, 1, 20, 100]),
      };
      expectSame(index, known, search);
    }
  });

  it('gives the same answers at 200,000 reviews', { timeout: 120_000 }, () => {
    const random = randomFrom(5);
    // Words read the quick way, as most reviews' are.
    const quick = syllables.slice(0, -4);
    const vocabulary = Array.from({ length: 3000 }, (_, n) => `${random.pick(quick)}${random.pick(quick)}${n.toString(36)}`);
    const reviews: IndexedReview[] = [];
    for (let n = 0; n < 200_000; n++) {
      const words = Array.from({ length: 10 }, () => vocabulary[Math.floor(vocabulary.length * random.next() ** 4)]!);
      reviews.push({
        id: random.uuid(),
        rating: 1 + random.below(5),
        status: random.pick(['published', 'published', 'published', 'pending', 'rejected'] as const),
        source: random.pick(REVIEW_SOURCES),
        photoCount: random.below(8) === 0 ? 1 + random.below(4) : 0,
        productId: 1 + random.below(5000),
        createdAt: START + n * 60_000 + random.below(3) * 60_000,
        helpfulCount: random.below(4) === 0 ? random.below(50) : 0,
        texts: words.join(' '),
      });
    }
    // Then some reviews far back in time: a few alone, then many at once.
    const farBack = (n: number): IndexedReview => ({ ...reviews[n]!, id: random.uuid(), createdAt: START + random.below(200_000) * 60_000 });
    const index = new ReviewSearchIndex(reviews.length);
    const known = new Map<string, Known>();
    const upsert = (one: IndexedReview) => {
      index.upsert(one);
      known.set(one.id, { ...one, words: foldedWords(one.texts) });
    };
    for (const one of reviews) upsert(one);
    for (let n = 0; n < 3; n++) upsert(farBack(n));
    expectSame(index, known, query({ sort: 'oldest', offset: 100 }));
    for (let n = 0; n < 30_000; n++) upsert(farBack(n));
    expect(index.size).toBe(reviews.length + 30_003);
    const [common, rare] = [vocabulary[0]!, vocabulary[2500]!];
    const products = new Set(Array.from({ length: 300 }, (_, n) => n * 7));
    const searches: Partial<IndexQuery>[] = [
      { words: common, filters: { status: 'published' } },
      { words: rare, sort: 'most_helpful' },
      { words: `${rare} ${common}`, sort: 'oldest' },
      { words: `${common} ${vocabulary[1]!.slice(0, 3)}`, sort: 'highest', offset: 200 },
      { filters: { status: 'pending' }, sort: 'most_helpful' },
      { filters: { status: 'rejected' }, sort: 'newest', offset: 200, limit: 20 },
      { filters: { verifiedOnly: true, ratingTo: 2 }, sort: 'lowest', offset: 500 },
      { hasPhotos: true, productIds: products, sort: 'oldest' },
      { words: vocabulary[40]!.slice(0, 2), productIds: products, filters: { ratingFrom: 4 } },
    ];
    for (const search of searches) expectSame(index, known, query(search));
  });
});
