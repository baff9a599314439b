import { yieldToRequests } from './build-slices.ts';
import type { ExpandSynonyms } from '../search-synonyms.ts';

/**
 * Autocomplete answered in memory, as Typesense or Meilisearch would: every word of every product's
 * searchable text, numbered in alphabetical order, so the words a prefix matches are one range of
 * numbers. Each word lists its products in "recommended" order (best sellers first), so the best
 * few matches are found by merging the front of those lists rather than ranking every match. A
 * keystroke costs well under a millisecond at 100k products, where asking the database for the
 * same took tens (docs/decisions/0011). The index is part of the listing snapshot
 * (`listing-index.ts`), rebuilt with it, so suggestions agree with listings.
 */

/** What a suggestion needs of a product, loaded with the snapshot. */
export interface SuggestionProduct {
  id: number;
  name: string;
  /** Name, brand, category, department and facet values: what search matches on. */
  searchText: string;
}

export interface SuggestionIndex {
  /**
   * Up to `limit` index rows, best first, matching every term (or every term of one of the query's
   * `rewrites`, its synonym phrases swapped) in their name, then in their searchable text; typos
   * forgiven in the terms as typed when nothing matches.
   */
  match(terms: string[], limit: number, expand: ExpandSynonyms, rewrites?: readonly string[][]): number[];
  /**
   * This index with products' words filed again: a row it has (a product renamed, or its brand or
   * other searched text changed) takes its new words, rows past its last are new products' (decision
   * 0138); `rankOrder` is the listing's "recommended" order with them in it. This one is left as it
   * was, and returned when no product's words changed.
   */
  withProducts(products: readonly (SuggestionProduct & { row: number })[], rankOrder: Int32Array): SuggestionIndex;
}

/** Suggestions for categories and brands: names matched by words. */
export interface NamedEntry {
  slug: string;
  name: string;
}

const words = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** Word numbers `[from, to)`: the words a term matches, as a prefix or exactly. */
type Range = readonly [number, number];

/** Rows per word, in rank order, laid out end to end (`start[word]` to `start[word + 1]`). */
interface Postings {
  start: Int32Array;
  rows: Int32Array;
}

/** Each row's word numbers, sorted, laid out end to end. */
interface RowWords {
  start: Int32Array;
  words: Int32Array;
}

const BUILD_SLICE = 2000;

/**
 * Builds the index. `rowOf` places a product in the listing index (products not there are left
 * out); `rankOrder` lists rows best first (the listing's "recommended" order).
 */
export async function buildSuggestionIndex(
  products: SuggestionProduct[],
  rowOf: (id: number) => number | undefined,
  rankOrder: Int32Array,
  size: number,
): Promise<SuggestionIndex> {
  const tokens = new Map<string, number>();
  const tokenOf = (word: string) => {
    let token = tokens.get(word);
    if (token === undefined) tokens.set(word, (token = tokens.size));
    return token;
  };
  // Each row's tokens, end to end in the order products come: name words, then the rest.
  const flat: number[] = [];
  const from = new Int32Array(size).fill(-1);
  const nameTo = new Int32Array(size);
  const allTo = new Int32Array(size);
  for (const [position, product] of products.entries()) {
    // Splitting a product's text into words is the slowest step: a quarter of a slice per yield.
    if (position % (BUILD_SLICE / 4) === BUILD_SLICE / 4 - 1) await yieldToRequests();
    const row = rowOf(product.id);
    if (row === undefined) continue;
    from[row] = flat.length;
    for (const word of words(product.name)) flat.push(tokenOf(word));
    nameTo[row] = flat.length;
    for (const word of words(product.searchText)) flat.push(tokenOf(word));
    allTo[row] = flat.length;
  }
  // Number words alphabetically, so a prefix's words are contiguous.
  const vocabulary = [...tokens.keys()].toSorted();
  const numberOfToken = new Int32Array(tokens.size);
  for (const [number, word] of vocabulary.entries()) numberOfToken[tokens.get(word)!] = number;
  const numbered = new Int32Array(flat.length);
  for (let k = 0; k < flat.length; k++) {
    if (k % (100 * BUILD_SLICE) === 0) await yieldToRequests();
    numbered[k] = numberOfToken[flat[k]!]!;
  }
  const nameWords = await toRowWords(numbered, from, nameTo);
  const allWords = await toRowWords(numbered, from, allTo);
  const namePostings = await toPostings(nameWords, vocabulary.length, rankOrder);
  const allPostings = await toPostings(allWords, vocabulary.length, rankOrder);
  const rankOf = new Int32Array(size);
  for (const [rank, row] of rankOrder.entries()) rankOf[row] = rank;
  return new WordIndex({ vocabulary, nameWords, allWords, namePostings, allPostings, rankOf });
}

/** Each row's word numbers `numbered[from[row]]` to `numbered[to[row]]`, sorted and without repeats. */
async function toRowWords(numbered: Int32Array, from: Int32Array, to: Int32Array): Promise<RowWords> {
  const size = from.length;
  const start = new Int32Array(size + 1);
  const out = new Int32Array(numbered.length);
  let total = 0;
  for (let row = 0; row < size; row++) {
    if (row % (4 * BUILD_SLICE) === 0) await yieldToRequests();
    start[row] = total;
    if (from[row] === -1) continue;
    const list = out.subarray(total, total + to[row]! - from[row]!);
    list.set(numbered.subarray(from[row]!, to[row]!));
    list.sort();
    for (let k = 0; k < list.length; k++) if (k === 0 || list[k] !== list[k - 1]) out[total++] = list[k]!;
  }
  start[size] = total;
  return { start, words: out.slice(0, total) };
}

async function toPostings(rowWords: RowWords, wordCount: number, rankOrder: Int32Array): Promise<Postings> {
  const postings = emptyPostings(rowWords, wordCount);
  for (let position = 0; position < rankOrder.length; position += 4 * BUILD_SLICE) {
    await yieldToRequests();
    fillPostings(postings, rowWords, rankOrder, position, Math.min(rankOrder.length, position + 4 * BUILD_SLICE));
  }
  return postings.filled;
}

/** Each word's start in the postings, and where its next row goes. */
function emptyPostings(rowWords: RowWords, wordCount: number): { filled: Postings; next: Int32Array } {
  const start = new Int32Array(wordCount + 1);
  for (const word of rowWords.words) start[word + 1]!++;
  for (let word = 0; word < wordCount; word++) start[word + 1]! += start[word]!;
  return { filled: { start, rows: new Int32Array(rowWords.words.length) }, next: start.slice(0, wordCount) };
}

/** Files the rows of rank order `from` to `to` under their words: filling in rank order leaves each word's rows best first. */
function fillPostings({ filled, next }: { filled: Postings; next: Int32Array }, rowWords: RowWords, rankOrder: Int32Array, from: number, to: number): void {
  for (let position = from; position < to; position++) {
    const row = rankOrder[position]!;
    for (let k = rowWords.start[row]!; k < rowWords.start[row + 1]!; k++) filled.rows[next[rowWords.words[k]!]!++] = row;
  }
}

/**
 * `rowWords` with every word renumbered by `numberOf` (the numbers keep their order, so each row's
 * stay sorted), the `replaced` rows' word lists swapped for new ones, and new rows' lists after the
 * last row. The rows between replaced ones are copied across in runs.
 */
function withRowWords(rowWords: RowWords, numberOf: Int32Array | null, replaced: ReadonlyMap<number, Int32Array>, added: readonly Int32Array[]): RowWords {
  const size = rowWords.start.length - 1;
  const listLength = (row: number) => rowWords.start[row + 1]! - rowWords.start[row]!;
  let total = rowWords.words.length + added.reduce((sum, list) => sum + list.length, 0);
  for (const [row, list] of replaced) total += list.length - listLength(row);
  const start = new Int32Array(size + added.length + 1);
  const numbers = new Int32Array(total);
  let at = 0;
  /** Rows `from` to `to`, unchanged but for their numbers, from `at` on. */
  const copyRun = (from: number, to: number) => {
    const shift = at - rowWords.start[from]!;
    for (let row = from; row < to; row++) start[row] = rowWords.start[row]! + shift;
    const run = rowWords.words.subarray(rowWords.start[from], rowWords.start[to]);
    if (numberOf) for (let k = 0; k < run.length; k++) numbers[at + k] = numberOf[run[k]!]!;
    else numbers.set(run, at);
    at += run.length;
  };
  let next = 0;
  for (const row of [...replaced.keys()].toSorted((a, b) => a - b)) {
    copyRun(next, row);
    start[row] = at;
    numbers.set(replaced.get(row)!, at);
    at += replaced.get(row)!.length;
    next = row + 1;
  }
  copyRun(next, size);
  for (const [k, list] of added.entries()) {
    start[size + k] = at;
    numbers.set(list, at);
    at += list.length;
  }
  start[size + added.length] = at;
  return { start, words: numbers };
}

/** Where `text` is, or would go, in the sorted `list`. */
function lowerBoundIn(list: readonly string[], text: string): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (list[middle]! < text) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Typos forgiven in a word of this length: none below 4 letters, one up to 7, then two. */
export const typosAllowed = (length: number) => (length < 4 ? 0 : length < 8 ? 1 : 2);

/** The rows `typoDistance` works in, grown to the longest word it has been given. */
let typoRows = [0, 1, 2].map(() => new Int32Array(32));

/** Optimal string alignment distance (a swap of neighbours is one typo), or `limit + 1` once it must exceed `limit`. */
export function typoDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  // Three rows of the table (i - 2, i - 1, i), reused across calls: this runs for every word a typo might be.
  const width = b.length + 1;
  if (typoRows[0]!.length < width) typoRows = [0, 1, 2].map(() => new Int32Array(width * 2));
  // `before` is read from the second row on, once it holds the first.
  let [before, previous, current] = typoRows as [Int32Array, Int32Array, Int32Array];
  for (let j = 0; j < width; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let best = i;
    const letter = a.charCodeAt(i - 1);
    for (let j = 1; j < width; j++) {
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (letter === b.charCodeAt(j - 1) ? 0 : 1));
      if (i > 1 && j > 1 && letter === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) value = Math.min(value, before[j - 2]! + 1);
      current[j] = value;
      if (value < best) best = value;
    }
    if (best > limit) return limit + 1;
    [before, previous, current] = [previous, current, before];
  }
  return previous[b.length]!;
}

/** Whether `term` is `word` (or, `asPrefix`, its start) give or take the typos its length allows. */
export function nearlySpells(term: string, word: string, asPrefix: boolean): boolean {
  const limit = typosAllowed(term.length);
  if (limit === 0) return false;
  if (typoDistance(term, word, limit) <= limit) return true;
  // The start of a word: a letter added or missed shifts where it ends, so try one either side.
  if (!asPrefix) return false;
  for (let length = term.length - 1; length <= term.length + 1; length++) {
    if (length < word.length && typoDistance(term, word.slice(0, length), limit) <= limit) return true;
  }
  return false;
}

interface WordIndexParts {
  vocabulary: string[];
  nameWords: RowWords;
  allWords: RowWords;
  namePostings: Postings;
  allPostings: Postings;
  /** Each row's position in rank order. */
  rankOf: Int32Array;
}

class WordIndex implements SuggestionIndex {
  private readonly vocabulary: string[];
  private readonly nameWords: RowWords;
  private readonly allWords: RowWords;
  private readonly namePostings: Postings;
  private readonly allPostings: Postings;
  private readonly rankOf: Int32Array;
  private readonly marks: RowMarks;
  /** The rows a search has picked, so its walk over their other text skips them. */
  private readonly picked: RowStamps;
  private readonly cursors = new CursorHeap();

  constructor(parts: WordIndexParts) {
    ({
      vocabulary: this.vocabulary,
      nameWords: this.nameWords,
      allWords: this.allWords,
      namePostings: this.namePostings,
      allPostings: this.allPostings,
      rankOf: this.rankOf,
    } = parts);
    this.marks = new RowMarks(this.rankOf.length);
    this.picked = new RowStamps(this.rankOf.length);
  }

  /**
   * Words met for the first time are merged into the vocabulary, and words no row has any more (a
   * renamed product's old name) leave it, as a build would not have them (the numbers move, so
   * every row's words are renumbered: one pass); the changed rows' words are swapped, the new rows'
   * go after the last row's, and each word's rows are filed again in rank order (one pass over
   * every row's words). That is linear in the index's words, a few milliseconds at 20,000
   * products, against a build that must split every product's text into words again.
   */
  withProducts(products: readonly (SuggestionProduct & { row: number })[], rankOrder: Int32Array): SuggestionIndex {
    const size = this.rankOf.length;
    const added = products.filter((product) => product.row >= size).toSorted((a, b) => a.row - b.row);
    if (added.some((product, k) => product.row !== size + k)) throw new Error('New rows must follow the last');
    const reworded = products.filter((product) => product.row < size && !this.hasWordsOf(product));
    if (added.length === 0 && reworded.length === 0) return this;
    const changed = [...reworded, ...added];
    const wordsNow = new Set(changed.flatMap((product) => [...words(product.name), ...words(product.searchText)]));
    const fresh = [...wordsNow].filter((word) => this.vocabulary[this.lowerBound(word)] !== word).toSorted();
    // A word only the reworded rows had, and none of them has now, is no row's.
    const leaving = new Map<number, number>();
    for (const { row } of reworded) {
      for (let k = this.allWords.start[row]!; k < this.allWords.start[row + 1]!; k++)
        leaving.set(this.allWords.words[k]!, (leaving.get(this.allWords.words[k]!) ?? 0) + 1);
    }
    const gone = new Set<number>();
    for (const [word, rows] of leaving) {
      const filed = this.allPostings.start[word + 1]! - this.allPostings.start[word]!;
      if (filed === rows && !wordsNow.has(this.vocabulary[word]!)) gone.add(word);
    }
    let { vocabulary } = this;
    let numberOf: Int32Array | null = null;
    if (fresh.length > 0 || gone.size > 0) {
      // Both lists sorted: merged in one pass, each old word's new number noted (a word gone has none).
      vocabulary = [];
      numberOf = new Int32Array(this.vocabulary.length).fill(-1);
      let next = 0;
      for (const [old, word] of this.vocabulary.entries()) {
        while (next < fresh.length && fresh[next]! < word) vocabulary.push(fresh[next++]!);
        if (gone.has(old)) continue;
        numberOf[old] = vocabulary.length;
        vocabulary.push(word);
      }
      vocabulary.push(...fresh.slice(next));
    }
    const numbersOf = (text: string) => Int32Array.from(new Set(words(text)), (word) => lowerBoundIn(vocabulary, word)).toSorted();
    const rowWordsOf = (own: RowWords, textOf: (product: SuggestionProduct) => string) =>
      withRowWords(
        own,
        numberOf,
        new Map(reworded.map((product) => [product.row, numbersOf(textOf(product))])),
        added.map((product) => numbersOf(textOf(product))),
      );
    const nameWords = rowWordsOf(this.nameWords, (product) => product.name);
    const allWords = rowWordsOf(this.allWords, (product) => `${product.name} ${product.searchText}`);
    const postingsOf = (rowWords: RowWords) => {
      const postings = emptyPostings(rowWords, vocabulary.length);
      fillPostings(postings, rowWords, rankOrder, 0, rankOrder.length);
      return postings.filled;
    };
    const rankOf = new Int32Array(rankOrder.length);
    for (const [rank, row] of rankOrder.entries()) rankOf[row] = rank;
    return new WordIndex({ vocabulary, nameWords, allWords, namePostings: postingsOf(nameWords), allPostings: postingsOf(allWords), rankOf });
  }

  /** Whether the row's words are the product's as it is now: its name's, and all its searched text's. */
  private hasWordsOf(product: SuggestionProduct & { row: number }): boolean {
    const same = (own: RowWords, text: string) => {
      const list: number[] = [];
      for (const word of new Set(words(text))) {
        const number = this.lowerBound(word);
        if (this.vocabulary[number] !== word) return false;
        list.push(number);
      }
      const from = own.start[product.row]!;
      if (own.start[product.row + 1]! - from !== list.length) return false;
      return list.toSorted((a, b) => a - b).every((number, k) => own.words[from + k] === number);
    };
    return same(this.nameWords, product.name) && same(this.allWords, `${product.name} ${product.searchText}`);
  }

  match(terms: string[], limit: number, expand: ExpandSynonyms, rewrites: readonly string[][] = []): number[] {
    if (terms.length === 0) return [];
    const rangesOf = (phrasing: readonly string[]) => phrasing.map((term, index) => this.rangesOf(term, index === phrasing.length - 1, expand));
    const exact = rangesOf(terms);
    const found = rewrites.length === 0 ? this.best(exact, limit) : this.bestOfAny([exact, ...rewrites.map(rangesOf)], limit);
    // Every word matches something, just not together: a typo would not change that.
    if (found.length > 0 || exact.every((ranges) => ranges.length > 0)) return found;
    // Nothing matches as typed: forgive typos in the words that match nothing, whole words first
    // (so "basn" finds basins before baskets), then the starts of words for the one being typed.
    const forgiving = (asPrefix: boolean) =>
      terms.map((term, index) => (exact[index]!.length > 0 ? exact[index]! : this.typoRangesOf(term, asPrefix && index === terms.length - 1)));
    const whole = this.best(forgiving(false), limit);
    return whole.length > 0 ? whole : this.best(forgiving(true), limit);
  }

  /** Products matching every term in their name first, then in their searchable text. */
  private best(ranges: Range[][], limit: number): number[] {
    if (ranges.some((list) => list.length === 0)) return [];
    const picked: number[] = [];
    const skip = this.picked.next();
    this.pick(ranges, limit, this.namePostings, this.nameWords, skip, picked);
    if (picked.length < limit) this.pick(ranges, limit, this.allPostings, this.allWords, skip, picked);
    return picked;
  }

  /**
   * Products matching every term of any phrasing, as `best` ranks one: in their name first, then in
   * their text, each best first; a phrasing's best few per tier are merged by rank, as one query
   * of alternatives would order them (the PostgreSQL engine's).
   */
  private bestOfAny(phrasings: Range[][][], limit: number): number[] {
    const usable = phrasings.filter((ranges) => !ranges.some((list) => list.length === 0));
    const picked: number[] = [];
    const skip = this.picked.next();
    for (const [postings, rowWords] of [
      [this.namePostings, this.nameWords],
      [this.allPostings, this.allWords],
    ] as const) {
      const need = limit - picked.length;
      if (need <= 0) break;
      const tier: number[] = [];
      // Each phrasing's rows are stamped as picked, so a later phrasing and the next tier skip them.
      for (const ranges of usable) {
        const own: number[] = [];
        this.pick(ranges, need, postings, rowWords, skip, own);
        tier.push(...own);
      }
      picked.push(...tier.toSorted((a, b) => this.rankOf[a]! - this.rankOf[b]!).slice(0, need));
    }
    return picked;
  }

  /** Every term a prefix (a word being typed, or typed in part), plus its trade synonyms and singular as whole words. */
  private rangesOf(term: string, last: boolean, expand: ExpandSynonyms): Range[] {
    const ranges: Range[] = [];
    const whole = new Set(expand(term));
    if (term.length > 3 && term.endsWith('s')) whole.add(term.slice(0, -1));
    for (const word of whole) {
      const at = this.lowerBound(word);
      if (this.vocabulary[at] === word) ranges.push([at, at + 1]);
    }
    // One letter matches too much to mean anything unless it is the word being typed.
    if (last || term.length > 1) ranges.push(this.prefixRange(term));
    return ranges.filter(([from, to]) => to > from);
  }

  /** Words within `typosAllowed` of the term (or, `asPrefix`, whose start is). */
  private typoRangesOf(term: string, asPrefix: boolean): Range[] {
    if (typosAllowed(term.length) === 0) return [];
    const ranges: Range[] = [];
    for (const [number, word] of this.vocabulary.entries()) {
      if (nearlySpells(term, word, asPrefix)) ranges.push([number, number + 1]);
    }
    return ranges;
  }

  private lowerBound(text: string): number {
    return lowerBoundIn(this.vocabulary, text);
  }

  private prefixRange(prefix: string): Range {
    const from = this.lowerBound(prefix);
    // Every word starting with `prefix` sorts below `prefix` followed by the highest code unit.
    return [from, this.lowerBound(`${prefix}\uffff`)];
  }

  /**
   * Adds to `picked`, until it holds `limit`, the rows best first that have a word in one of each
   * term's ranges and are not stamped `skip` (stamping those it adds): walks the rarest term's
   * postings in rank order (a merge of its words' lists) and checks the other terms.
   */
  private pick(ranges: Range[][], limit: number, postings: Postings, rowWords: RowWords, skip: number, picked: number[]): void {
    const sizeOf = (list: Range[]) => list.reduce((sum, [from, to]) => sum + postings.start[to]! - postings.start[from]!, 0);
    const sizes = ranges.map(sizeOf);
    const driver = sizes.indexOf(Math.min(...sizes));
    const others = ranges.filter((_, index) => index !== driver);
    const { rankOf, cursors } = this;
    cursors.clear();
    for (const [from, to] of ranges[driver]!) {
      for (let word = from; word < to; word++) {
        const at = postings.start[word]!;
        if (at < postings.start[word + 1]!) cursors.add(at, postings.start[word + 1]!, rankOf[postings.rows[at]!]!);
      }
    }
    cursors.order();
    let previous = -1;
    let checked = 0;
    // Once a walk gets long (words that rarely meet, or never), every term's rows are marked: each
    // check is then O(1), and the marking counts the rows that match, so the walk stops at the last
    // of them instead of going through the rest of the driver's rows (all of them when none match).
    let marked = -1;
    let matchedBefore = 0;
    let remaining = Infinity;
    while (picked.length < limit && remaining > 0 && cursors.size > 0) {
      const row = cursors.take(postings.rows, rankOf);
      // A row listed under several of the driver's words comes out once per word, one after another.
      if (row === previous) continue;
      previous = row;
      if (++checked === MARK_AFTER && others.length > 0) {
        ({ mark: marked, count: remaining } = this.marks.mark(postings, ranges));
        remaining -= matchedBefore;
      }
      if (marked >= 0 ? !this.marks.has(row, marked) : !hasWordsIn(rowWords, row, others)) continue;
      if (marked >= 0) remaining--;
      else matchedBefore++;
      if (this.picked.has(row, skip)) continue;
      this.picked.set(row, skip);
      picked.push(row);
    }
  }
}

/** Candidates checked word by word before the other terms' rows are marked instead. */
const MARK_AFTER = 256;

/**
 * Which rows have a word in each of several terms' ranges, marked in one array per index that
 * every search reuses: a fresh array per search (100 kB at 100k products, for each term) was most
 * of what a search allocated, and collecting it most of its garbage collection. A row's mark
 * counts the terms it has passed, above a base that moves on with each marking, so nothing is
 * cleared between searches.
 */
class RowMarks {
  #marks: Uint32Array;
  #base = 0;

  constructor(size: number) {
    this.#marks = new Uint32Array(size);
  }

  /** Marks the rows listed under a word of every term's `ranges`; returns the mark they carry and how many do. */
  mark(postings: Postings, terms: Range[][]): { mark: number; count: number } {
    if (this.#base + terms.length + 1 >= 0xffffffff) {
      this.#marks.fill(0);
      this.#base = 0;
    }
    const base = this.#base;
    this.#base += terms.length + 1;
    const marks = this.#marks;
    let count = 0;
    for (const [term, ranges] of terms.entries()) {
      // A row moves from base + term to base + term + 1 once, however many of the term's words it has.
      for (const [from, to] of ranges) {
        for (let k = postings.start[from]!; k < postings.start[to]!; k++) {
          const row = postings.rows[k]!;
          if (term === 0 ? marks[row]! <= base : marks[row] === base + term) {
            marks[row] = base + term + 1;
            if (term === terms.length - 1) count++;
          }
        }
      }
    }
    return { mark: base + terms.length, count };
  }

  has(row: number, mark: number): boolean {
    return this.#marks[row] === mark;
  }
}

/** A set of rows that empties in O(1): a row is in it while it carries the set's stamp. */
class RowStamps {
  #stamps: Uint32Array;
  #stamp = 0;

  constructor(size: number) {
    this.#stamps = new Uint32Array(size);
  }

  /** A new, empty set's stamp. */
  next(): number {
    if (this.#stamp === 0xffffffff) {
      this.#stamps.fill(0);
      this.#stamp = 0;
    }
    return ++this.#stamp;
  }

  has(row: number, stamp: number): boolean {
    return this.#stamps[row] === stamp;
  }

  set(row: number, stamp: number): void {
    this.#stamps[row] = stamp;
  }
}

/** Whether the row has a word in one of each term's ranges (a loop, not `every`: a closure per row checked adds up). */
function hasWordsIn(rowWords: RowWords, row: number, terms: Range[][]): boolean {
  for (const ranges of terms) if (!hasWordIn(rowWords, row, ranges)) return false;
  return true;
}

function hasWordIn(rowWords: RowWords, row: number, ranges: Range[]): boolean {
  const end = rowWords.start[row + 1]!;
  for (const [from, to] of ranges) {
    // The row's words are sorted: find the first at or above `from`.
    let low = rowWords.start[row]!;
    let high = end;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (rowWords.words[middle]! < from) low = middle + 1;
      else high = middle;
    }
    if (low < end && rowWords.words[low]! < to) return true;
  }
  return false;
}

/**
 * Cursors into postings (from `at` to `end`), as a binary min-heap keyed by the rank of the row
 * each points at, in typed arrays an index reuses for every walk: a prefix of two letters has
 * hundreds of words, and an object per cursor was the largest part of what a search allocated.
 */
class CursorHeap {
  #at = new Int32Array(256);
  #end = new Int32Array(256);
  #key = new Int32Array(256);
  size = 0;

  clear(): void {
    this.size = 0;
  }

  /** Adds a cursor; call `order` once all are added. */
  add(at: number, end: number, key: number): void {
    if (this.size === this.#at.length) {
      const grow = (list: Int32Array) => {
        const larger = new Int32Array(list.length * 2);
        larger.set(list);
        return larger;
      };
      this.#at = grow(this.#at);
      this.#end = grow(this.#end);
      this.#key = grow(this.#key);
    }
    this.#at[this.size] = at;
    this.#end[this.size] = end;
    this.#key[this.size] = key;
    this.size++;
  }

  order(): void {
    for (let slot = (this.size >>> 1) - 1; slot >= 0; slot--) this.#down(slot);
  }

  /** The row the lowest-ranked cursor points at; that cursor moves on (and goes when it is done). */
  take(rows: Int32Array, rankOf: Int32Array): number {
    const at = this.#at[0]!;
    const row = rows[at]!;
    if (at + 1 < this.#end[0]!) {
      this.#at[0] = at + 1;
      this.#key[0] = rankOf[rows[at + 1]!]!;
    } else {
      this.size--;
      this.#at[0] = this.#at[this.size]!;
      this.#end[0] = this.#end[this.size]!;
      this.#key[0] = this.#key[this.size]!;
    }
    if (this.size > 0) this.#down(0);
    return row;
  }

  #down(slot: number): void {
    const at = this.#at;
    const end = this.#end;
    const keys = this.#key;
    const itemAt = at[slot]!;
    const itemEnd = end[slot]!;
    const key = keys[slot]!;
    for (;;) {
      let child = 2 * slot + 1;
      if (child >= this.size) break;
      if (child + 1 < this.size && keys[child + 1]! < keys[child]!) child++;
      if (keys[child]! >= key) break;
      at[slot] = at[child]!;
      end[slot] = end[child]!;
      keys[slot] = keys[child]!;
      slot = child;
    }
    at[slot] = itemAt;
    end[slot] = itemEnd;
    keys[slot] = key;
  }
}

/**
 * Categories or brands whose name holds the typed text, or whose words each term starts (two
 * letters at least) or nearly spells; those whose name starts with the text first, then in the
 * order given.
 */
/** Lower-cased names and their words, worked out once per list (a snapshot's categories or brands). */
const preparedNames = new WeakMap<readonly NamedEntry[], { name: string; words: string[] }[]>();

export function matchNames<T extends NamedEntry>(entries: readonly T[], terms: string[], limit: number): T[] {
  const text = terms.join(' ');
  const scored: { entry: T; score: number; order: number }[] = [];
  let prepared = preparedNames.get(entries);
  if (!prepared) preparedNames.set(entries, (prepared = entries.map((entry) => ({ name: entry.name.toLowerCase(), words: words(entry.name) }))));
  for (const [order, entry] of entries.entries()) {
    const { name, words: nameWords } = prepared[order]!;
    let score = name.startsWith(text) ? 3 : name.includes(text) ? 2 : 0;
    if (score === 0) {
      if (terms.every((term) => nameWords.some((word) => (term.length >= 2 && word.startsWith(term)) || nearlySpells(term, word, true)))) score = 1;
    }
    if (score > 0) scored.push({ entry, score, order });
  }
  return scored
    .toSorted((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, limit)
    .map(({ entry }) => entry);
}

/**
 * Rows whose product is the thing asked for come first, the rest keep their order. In English the
 * last word names the thing ("basin tap" is a tap), and so does the last word of a product's name
 * ("Hexham Basin Tap", "Thame Close Coupled Toilet"): "basin" lists basins before basin taps, "loo"
 * and "wc" list toilets before WC units and seats, "rad" radiators before radiator valves. The
 * last term may be the start of a word still being typed, or misspelt.
 */
export function preferWhatWasAsked(
  rows: readonly number[],
  terms: string[],
  headWordOf: (row: number) => string,
  expand: ExpandSynonyms,
  limit = rows.length,
  rewrites: readonly string[][] = [],
): number[] {
  const last = terms.at(-1);
  if (!last) return rows.slice(0, limit);
  // A phrasing's last word names the thing too: "wc" asks for what "water closet" does.
  const lastWords = [last, ...rewrites.map((phrasing) => phrasing.at(-1)!)];
  const wanted = new Set(lastWords.flatMap(expand).flatMap((word) => [word, `${word}s`, word.endsWith('s') ? word.slice(0, -1) : word]));
  // Names share few last words (tap, basin, toilet…): each is judged once.
  const judged = new Map<string, boolean>();
  const isAsked = (row: number) => {
    const head = headWordOf(row);
    let asked = judged.get(head);
    if (asked === undefined) judged.set(head, (asked = wanted.has(head) || (last.length >= 3 && head.startsWith(last)) || nearlySpells(last, head, true)));
    return asked;
  };
  // Two passes into one list, up to the limit, rather than two lists joined and cut: every search
  // never asked before orders up to a thousand rows here.
  const ordered: number[] = [];
  for (const askedFor of [true, false]) {
    for (let position = 0; position < rows.length && ordered.length < limit; position++) {
      if (isAsked(rows[position]!) === askedFor) ordered.push(rows[position]!);
    }
  }
  return ordered;
}

/** The last word of a product's name, in lower case: what the product is ("Hexham Basin Tap": tap). */
export const headWord = (name: string): string =>
  name
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu)
    ?.at(-1) ?? '';
