import { Buffer } from 'node:buffer';
import { REVIEW_SOURCES, REVIEW_STATUSES, type ReviewSearchSort, type ReviewSource, type ReviewStatus } from '@shop/contracts';
import { passes, type CountGroup, type FacetFilters } from './review-search-rules.ts';

/**
 * Staff search of reviews answered in memory: the trigram search in the database took up to 400 ms
 * at a million reviews, where this takes a few. Every review's search facts are kept in typed
 * arrays, one row per review in the order reviews were first added, and each word of the reviews'
 * texts lists the rows it is in. A search gathers the rows its words match in a bitset, counts
 * them by rating, status and source, and keeps the best `offset + limit` of those passing the
 * filters. Plain JavaScript objects per review would cost several times the memory and be slower
 * to scan. The loader fills the index with `upsert`; nothing here reads the database. Loading
 * reviews oldest first is quickest: the index keeps every row's place in time order, which then
 * only grows at its end.
 */

export interface IndexedReview {
  /** A lowercase uuid. */
  id: string;
  /** 1 to 5. */
  rating: number;
  status: ReviewStatus;
  source: ReviewSource;
  photoCount: number;
  productId: number;
  /** Epoch milliseconds. */
  createdAt: number;
  helpfulCount: number;
  /** The review's four texts (title, text, moderator's published title and text), joined by '\n'. */
  texts: string;
}

export interface IndexQuery {
  /** The words as typed by staff; undefined = no word filter. Typing without letters or digits (an empty box too) matches nothing. */
  words?: string;
  /** true: photoCount > 0; false: photoCount = 0; undefined: either. */
  hasPhotos?: boolean;
  /** undefined: every product. */
  productIds?: ReadonlySet<number>;
  /** Rating range, status, source, verifiedOnly (source === 'VerifiedOrder'). */
  filters: FacetFilters;
  sort: ReviewSearchSort;
  offset: number;
  limit: number;
}

export interface IndexAnswer {
  /**
   * Counts by rating, status and source of the reviews the words, photos and products match (facet
   * filters NOT applied), only non-zero groups. Same meaning as the SQL `group by rating, status, source`.
   */
  groups: CountGroup[];
  /** The ids of the page: the matches that also pass `filters`, in the sort's order, `offset`..`offset+limit`. */
  ids: string[];
}

const MAX_QUERY_WORDS = 10;

const NOT_ASCII = /[\u0080-\uffff]/;
const MARKS = /\p{M}+/gu;
const WORD = /[\p{L}\p{N}]+/gu;

/** The words of a text, accents and case aside: "Café" and "cafe" are the same word. */
function wordsOf(text: string): string[] {
  // Most texts are plain ASCII, which has nothing to decompose.
  const folded = NOT_ASCII.test(text) ? text.normalize('NFKD').replace(MARKS, '') : text;
  return folded.toLowerCase().match(WORD) ?? [];
}

/** The words a search looks for: each once, at most ten. */
export function searchWords(typed: string): string[] {
  return [...new Set(wordsOf(typed))].slice(0, MAX_QUERY_WORDS);
}

/**
 * What `wordsOf` makes of each UTF-16 character on its own, so a review's texts are split in one
 * pass over their characters without a string per word: the character a letter or digit becomes
 * (lower case, accents off), or that it ends a word, adds nothing (an accent), or takes the slow way
 * (it becomes several characters, or lower case depends on its neighbours, as for Σ).
 */
const ENDS_WORD = 0;
const ADDS_NOTHING = 1;
const SLOW = 0xffff;
let foldTable: Uint16Array | undefined;
function foldings(): Uint16Array {
  if (foldTable) return foldTable;
  const table = new Uint16Array(65536);
  const wordCharacter = /^[\p{L}\p{N}]$/u;
  const anyWordCharacter = /[\p{L}\p{N}]/u;
  for (let code = 0; code < 65536; code++) {
    if (code >= 0xd800 && code <= 0xdfff) {
      table[code] = SLOW;
      continue;
    }
    const folded = String.fromCharCode(code).normalize('NFKD').replace(MARKS, '').toLowerCase();
    if (folded === '') table[code] = ADDS_NOTHING;
    else if (folded.length === 1) table[code] = wordCharacter.test(folded) ? folded.charCodeAt(0) : ENDS_WORD;
    else table[code] = anyWordCharacter.test(folded) ? SLOW : ENDS_WORD;
  }
  table['Σ'.charCodeAt(0)] = SLOW;
  // The characters a text becomes must stay themselves, as the words taken the slow way are not folded again.
  for (let code = 0; code < 65536; code++) {
    const folded = table[code]!;
    if (folded > ADDS_NOTHING && folded !== SLOW && table[folded] !== folded) table[code] = SLOW;
  }
  foldTable = table;
  return table;
}

const FNV_BASIS = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const mixed = (hash: number) => Math.imul(hash ^ (hash >>> 15), 0x2c1b3c6d) ^ (hash >>> 13);
const UTF16 = new TextDecoder('utf-16le');

/**
 * A review's rating, status, source and whether it has photos as one number under 60 (its "code"),
 * so counting and filtering are one array step each. The group (rating, status, source) is half of it.
 */
const GROUP_COUNT = 5 * REVIEW_STATUSES.length * REVIEW_SOURCES.length;
const CODE_COUNT = GROUP_COUNT * 2;
const codeOf = (rating: number, status: number, source: number, photos: number) =>
  (((rating - 1) * REVIEW_STATUSES.length + status) * REVIEW_SOURCES.length + source) * 2 + (photos > 0 ? 1 : 0);
const GROUPS: CountGroup[] = [];
for (let rating = 1; rating <= 5; rating++) {
  for (const status of REVIEW_STATUSES) for (const source of REVIEW_SOURCES) GROUPS.push({ rating, status, source, count: 0 });
}
const STATUS_NUMBERS = new Map<string, number>(REVIEW_STATUSES.map((status, number) => [status, number]));
const SOURCE_NUMBERS = new Map<string, number>(REVIEW_SOURCES.map((source, number) => [source, number]));

/**
 * Every sort is one number per row, larger first: its rating or helpful votes times TIME_PLACES,
 * plus its place in time order (ties by id included), which is below TIME_PLACES. Helpful votes fit
 * in 31 bits, so the key stays a whole number below 2^53, compared in one step.
 */
const MAX_ROWS = 2 ** 22;
const TIME_PLACES = MAX_ROWS;
const SORT_NUMBERS: Record<ReviewSearchSort, number> = { newest: 0, oldest: 1, highest: 2, lowest: 3, most_helpful: 4 };
const [NEWEST, OLDEST, HIGHEST, LOWEST, MOST_HELPFUL] = [0, 1, 2, 3, 4];
/** Reading a row in time order costs about this many read in row order (it is fetched from wherever it lies). */
const WALK_READ_COST = 2;

/** Below this many rows a word's row list is kept whatever its density: too few to judge it by. */
const DENSE_AFTER = 512;
/** A review added this far back in time order waits for the next search to be put in its place. */
const MAX_SHIFT = 4096;
/** From this many rows waiting to be put in time order, all rows are sorted again. */
const SORT_ALL_AFTER = 20_000;
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const MAX_INT32 = 2 ** 31 - 1;
const EMPTY = new Uint32Array(0);
/** Numbers per vocabulary slot (`wordSlots`). */
const SLOT = 4;
/** Word and row pairs waiting to be posted: posting them together, word after word, keeps the word lists in the processor's cache. */
const STAGED = 1 << 16;
const FLUSH_MASK = 4095;

const HEX = new Int8Array(128).fill(-1);
for (let digit = 0; digit < 16; digit++) HEX['0123456789abcdef'.charCodeAt(digit)] = HEX['0123456789ABCDEF'.charCodeAt(digit)] = digit;
/** Where each of a uuid's 32 hex digits is in its text. */
const DIGIT_AT = Int8Array.from(
  { length: 32 },
  (_, digit) => digit + (digit >= 8 ? 1 : 0) + (digit >= 12 ? 1 : 0) + (digit >= 16 ? 1 : 0) + (digit >= 20 ? 1 : 0),
);

/** Reads a uuid into four 32-bit numbers, most significant first; false when it is not one. */
function parseId(id: string, into: Uint32Array): boolean {
  if (id.length !== 36 || id[8] !== '-' || id[13] !== '-' || id[18] !== '-' || id[23] !== '-') return false;
  for (let word = 0; word < 4; word++) {
    let value = 0;
    for (let digit = word * 8; digit < word * 8 + 8; digit++) {
      const code = id.charCodeAt(DIGIT_AT[digit]!);
      const nibble = code < 128 ? HEX[code]! : -1;
      if (nibble < 0) return false;
      value = value * 16 + nibble;
    }
    into[word] = value;
  }
  return true;
}

const hex8 = (value: number) => value.toString(16).padStart(8, '0');

function idHash(a: number, b: number, c: number, d: number): number {
  return mixed(Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca77) ^ Math.imul(c, 0xc2b2ae3d) ^ Math.imul(d, 0x27d4eb2f));
}

function bitCount(bits: Uint32Array, size: number): number {
  let count = 0;
  for (let at = 0; at < size; at++) {
    let value = bits[at]! | 0;
    value -= (value >>> 1) & 0x55555555;
    value = (value & 0x33333333) + ((value >>> 2) & 0x33333333);
    count += Math.imul((value + (value >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
  }
  return count;
}

/** First position in `list[0..length)` not below `row`. */
function lowerBound(list: Uint32Array, length: number, row: number): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (list[middle]! < row) low = middle + 1;
    else high = middle;
  }
  return low;
}

function grown<T extends Uint8Array | Uint16Array | Int32Array | Uint32Array | Float64Array>(array: T, length: number): T {
  const next = new (array.constructor as new (length: number) => T)(length);
  next.set(array.subarray(0, Math.min(array.length, length)));
  return next;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function checkWhole(review: IndexedReview, name: 'productId' | 'helpfulCount' | 'photoCount'): void {
  const value = review[name];
  if (!Number.isInteger(value) || Math.abs(value) > MAX_INT32) throw new RangeError(`Review ${review.id}: ${name} ${value}`);
}

export class ReviewSearchIndex {
  private rows = 0;
  private capacity: number;
  /** Each row's id as four numbers, most significant first: their order is the ids' text order. */
  private ids: Uint32Array;
  /** Rating, status, source and whether it has photos as one number (`codeOf`): searches ask no more of the photo count. */
  private codes: Uint8Array;
  private products: Int32Array;
  private helpful: Int32Array;
  /** A bit per row with helpful votes: the few most helpful are looked for among those, then the rest follow newest first. */
  private voted: Uint32Array;
  private negativeHelpful = 0;
  private created: Float64Array;
  private textHashes: Int32Array;
  /** Open addressing from an id's hash to its row + 1 (0: free), at most half full. */
  private slots: Int32Array;
  /**
   * Rows oldest first (ties by id), and each row's place there. Rows from `placed` on, and those
   * `moved` in time, wait out of it once a review came too far out of order, until the next search
   * sorts them and merges them in.
   */
  private timeOrder: Int32Array;
  private timePlace: Int32Array;
  private placed = 0;
  private readonly moved = new Set<number>();
  /** Every review counted by code, for searches by neither words nor products. */
  private readonly totals = new Int32Array(CODE_COUNT);
  /** Each product's rows, linked from its newest (`productHeads`) through `productNext` to -1; relinked at the next search once a review moved product. */
  private productNext: Int32Array;
  private readonly productHeads = new Map<number, number>();
  private productsMoved = false;
  private readonly key = new Uint32Array(4);

  /** A review's texts as UTF-16 (written by Buffer, far quicker than reading them a character at a time), and the word being read. */
  private units = new Uint16Array(1024);
  private unitBytes = Buffer.from(this.units.buffer);
  private scratch = new Uint16Array(1024);

  /**
   * The vocabulary: open addressing by a word's hash to four numbers (hash, word number + 1, where
   * its characters start in `characters`, and how many), at most half full. What a lookup needs is
   * side by side, so it reads memory in two places instead of five.
   */
  private wordSlots = new Int32Array(2048 * SLOT);
  private readonly words: string[] = [];
  private characters = new Uint16Array(8192);
  private characterCount = 0;
  /** How many rows each word is in. */
  private wordRows = new Int32Array(1024);
  /** The row of a word in only one, which needs no list. */
  private onlyRows = new Int32Array(1024);
  /** A word's rows, ascending, or for a dense word (in 1 row of 32 or more) a bitset over rows, which is smaller and quicker to merge. */
  private readonly postings: Uint32Array[] = [];
  private dense = new Uint8Array(1024);
  private readonly stagedWords = new Int32Array(STAGED);
  private readonly stagedRows = new Int32Array(STAGED);
  private staged = 0;
  private readonly flushStarts = new Int32Array(FLUSH_MASK + 2);
  private readonly flushWords = new Int32Array(STAGED);
  private readonly flushRows = new Int32Array(STAGED);
  /** The vocabulary in text order, for the range of words a prefix starts; words added since wait unsorted, looked through one by one. */
  private sortedWords: string[] = [];
  private sortedNumbers: number[] = [];
  private unsorted: number[] = [];

  /** What a search is asking, set at its start. */
  private readonly passing = new Uint8Array(CODE_COUNT);
  private readonly codeKeys = new Float64Array(CODE_COUNT);
  private sort = NEWEST;
  private readonly walkPassing = new Uint8Array(CODE_COUNT);
  /** The best rows so far: a heap with the last of them on top, their sort keys alongside; and how many rows passing it was offered. */
  private heapRows = new Int32Array(0);
  private heapKeys = new Float64Array(0);
  private offered = 0;
  /** Reused between searches: the rows the words match. */
  private matched = new Uint32Array(0);
  private other = new Uint32Array(0);
  private ofProduct = new Uint32Array(0);

  /** `expectedSize`: about how many reviews will be added (the arrays start that big, saving their copies as they grow). */
  constructor(expectedSize = 1024) {
    this.capacity = Number.isFinite(expectedSize) ? Math.min(MAX_ROWS, Math.max(16, Math.ceil(expectedSize))) : 1024;
    this.ids = new Uint32Array(this.capacity * 4);
    this.codes = new Uint8Array(this.capacity);
    this.products = new Int32Array(this.capacity);
    this.productNext = new Int32Array(this.capacity);
    this.helpful = new Int32Array(this.capacity);
    this.voted = new Uint32Array((this.capacity + 31) >> 5);
    this.created = new Float64Array(this.capacity);
    this.textHashes = new Int32Array(this.capacity);
    this.timeOrder = new Int32Array(this.capacity);
    this.timePlace = new Int32Array(this.capacity);
    this.slots = new Int32Array(2 ** Math.ceil(Math.log2(this.capacity * 2)));
  }

  get size(): number {
    return this.rows;
  }

  /** Approximate bytes held (typed arrays and postings), for the health page. */
  get bytes(): number {
    const rows = [
      this.ids,
      this.codes,
      this.products,
      this.productNext,
      this.helpful,
      this.voted,
      this.created,
      this.textHashes,
      this.slots,
      this.timeOrder,
      this.timePlace,
    ];
    const words = [this.wordSlots, this.characters, this.wordRows, this.onlyRows, this.dense];
    const workspace = [
      this.units,
      this.scratch,
      this.stagedWords,
      this.stagedRows,
      this.flushWords,
      this.flushRows,
      this.matched,
      this.other,
      this.ofProduct,
      this.heapRows,
      this.heapKeys,
    ];
    let bytes = 0;
    for (const array of [...rows, ...words, ...workspace]) bytes += array.byteLength;
    // A typed array object costs about 100 bytes; a word's string about 40 besides its characters, and its slots in the lists.
    for (const list of this.postings) if (list !== EMPTY) bytes += list.byteLength + 100;
    return bytes + this.words.length * 60 + this.characterCount * 2 + this.productHeads.size * 40;
  }

  /** Adds a review, or updates one already indexed (matched by id). */
  upsert(review: IndexedReview): void {
    const status = STATUS_NUMBERS.get(review.status);
    const source = SOURCE_NUMBERS.get(review.source);
    if (!Number.isInteger(review.rating) || review.rating < 1 || review.rating > 5) throw new RangeError(`Review ${review.id}: rating ${review.rating}`);
    if (status === undefined || source === undefined) throw new RangeError(`Review ${review.id}: status ${review.status}, source ${review.source}`);
    checkWhole(review, 'productId');
    checkWhole(review, 'helpfulCount');
    checkWhole(review, 'photoCount');
    if (!Number.isFinite(review.createdAt)) throw new RangeError(`Review ${review.id}: createdAt ${review.createdAt}`);
    if (!parseId(review.id, this.key)) throw new RangeError(`Not a uuid: ${review.id}`);

    let row = this.rowOf();
    const added = row === -1;
    if (added) {
      row = this.addRow();
      this.productNext[row] = this.productHeads.get(review.productId) ?? -1;
      this.productHeads.set(review.productId, row);
    } else {
      this.totals[this.codes[row]!]!--;
      if (this.products[row] !== review.productId) this.productsMoved = true;
      // Rare (a review's date is not edited): the time order is sorted again at the next search.
      if (this.created[row] !== review.createdAt && row < this.placed) this.moved.add(row);
    }
    this.codes[row] = codeOf(review.rating, status, source, review.photoCount);
    this.totals[this.codes[row]!]!++;
    this.products[row] = review.productId;
    if (!added && this.helpful[row]! < 0) this.negativeHelpful--;
    if (review.helpfulCount < 0) this.negativeHelpful++;
    this.helpful[row] = review.helpfulCount;
    if (review.helpfulCount > 0) this.voted[row >> 5]! |= 1 << (row & 31);
    else this.voted[row >> 5]! &= ~(1 << (row & 31));
    this.created[row] = review.createdAt + 0;
    if (added) this.placeInTime(row);

    // Texts only grow (a moderator's published title or text is added), so their new words are added and none removed.
    const length = this.readTexts(review.texts);
    if (!added) {
      if ((this.readWords(length, -1) ?? this.readSlowly(review.texts, -1)) === this.textHashes[row]) return;
      // Posted at once: an old row goes in the middle of its words' lists.
      this.flush();
    }
    this.textHashes[row] = this.readWords(length, row) ?? this.readSlowly(review.texts, row);
  }

  search(query: IndexQuery): IndexAnswer {
    const { offset, limit } = query;
    if (!Number.isInteger(offset) || offset < 0 || !Number.isInteger(limit) || limit < 0) throw new RangeError(`Offset ${offset}, limit ${limit}`);
    const sort = SORT_NUMBERS[query.sort];
    if (sort === undefined) throw new RangeError(`Sort ${query.sort}`);
    this.flush();
    let matched: Uint32Array | undefined;
    if (query.words !== undefined) {
      const words = searchWords(query.words);
      matched = words.length === 0 ? undefined : this.match(words);
      if (!matched) return { groups: [], ids: [] };
    }
    if (this.placed < this.rows || this.moved.size > 0) this.sortByTime();

    this.sort = sort;
    const photos = query.hasPhotos;
    for (let code = 0; code < CODE_COUNT; code++) {
      const rightPhotos = photos === undefined || photos === ((code & 1) === 1);
      this.passing[code] = rightPhotos && passes(GROUPS[code >> 1]!, query.filters) ? 1 : 0;
      const rating = GROUPS[code >> 1]!.rating;
      this.codeKeys[code] = sort === HIGHEST ? rating * TIME_PLACES : sort === LOWEST ? -rating * TIME_PLACES : 0;
    }
    if (query.productIds) matched = this.ofProducts(query.productIds, matched);
    const counts = new Int32Array(CODE_COUNT);
    // Without words or products, the counts kept by `upsert` answer.
    const scanned = matched ? this.count(matched, counts) : this.rows;
    if (!matched) counts.set(this.totals);
    let found = 0;
    for (let code = 0; code < CODE_COUNT; code++) if (this.passing[code] === 1) found += counts[code]!;

    const page = limit === 0 || found <= offset ? [] : this.pageOf(matched, counts, found, scanned, Math.min(offset + limit, found), offset);

    const groups: CountGroup[] = [];
    for (let group = 0; group < GROUP_COUNT; group++) {
      const count = (photos !== true ? counts[group * 2]! : 0) + (photos !== false ? counts[group * 2 + 1]! : 0);
      if (count > 0) groups.push({ ...GROUPS[group]!, count });
    }
    return { groups, ids: page.map((row) => this.idOf(row)) };
  }

  private addRow(): number {
    const row = this.rows;
    if (row === MAX_ROWS) throw new RangeError(`The review search index holds at most ${MAX_ROWS} reviews`);
    if (row === this.capacity) {
      this.capacity = Math.min(MAX_ROWS, this.capacity * 2);
      this.ids = grown(this.ids, this.capacity * 4);
      this.codes = grown(this.codes, this.capacity);
      this.products = grown(this.products, this.capacity);
      this.productNext = grown(this.productNext, this.capacity);
      this.helpful = grown(this.helpful, this.capacity);
      this.voted = grown(this.voted, (this.capacity + 31) >> 5);
      this.created = grown(this.created, this.capacity);
      this.textHashes = grown(this.textHashes, this.capacity);
      this.timeOrder = grown(this.timeOrder, this.capacity);
      this.timePlace = grown(this.timePlace, this.capacity);
    }
    this.ids.set(this.key, row * 4);
    this.rows++;
    if (this.rows * 2 > this.slots.length) {
      this.slots = new Int32Array(this.slots.length * 2);
      for (let other = 0; other < row; other++) this.place(other);
    }
    this.place(row);
    return row;
  }

  /** The row of the id in `key`, or -1. */
  private rowOf(): number {
    const key = this.key;
    const [a, b, c, d] = [key[0]!, key[1]!, key[2]!, key[3]!];
    const mask = this.slots.length - 1;
    for (let slot = idHash(a, b, c, d) & mask; ; slot = (slot + 1) & mask) {
      const row = this.slots[slot]! - 1;
      if (row === -1) return -1;
      const at = row * 4;
      if (this.ids[at] === a && this.ids[at + 1] === b && this.ids[at + 2] === c && this.ids[at + 3] === d) return row;
    }
  }

  private place(row: number): void {
    const at = row * 4;
    const mask = this.slots.length - 1;
    let slot = idHash(this.ids[at]!, this.ids[at + 1]!, this.ids[at + 2]!, this.ids[at + 3]!) & mask;
    while (this.slots[slot] !== 0) slot = (slot + 1) & mask;
    this.slots[slot] = row + 1;
  }

  private idOf(row: number): string {
    const at = row * 4;
    const [a, b, c, d] = [hex8(this.ids[at]!), hex8(this.ids[at + 1]!), hex8(this.ids[at + 2]!), hex8(this.ids[at + 3]!)];
    return `${a}-${b.slice(0, 4)}-${b.slice(4)}-${c.slice(0, 4)}-${c.slice(4)}${d}`;
  }

  /** Whether row `a`'s id sorts after row `b`'s. */
  private idAfter(a: number, b: number): boolean {
    for (let word = 0; word < 4; word++) {
      const x = this.ids[a * 4 + word]!;
      const y = this.ids[b * 4 + word]!;
      if (x !== y) return x > y;
    }
    return false;
  }

  /** Whether row `a` comes before row `b` oldest first. */
  private comesFirst(a: number, b: number): boolean {
    const x = this.created[a]!;
    const y = this.created[b]!;
    return x !== y ? x < y : this.idAfter(b, a);
  }

  /** Puts a new row in time order: at the end, or a little before (reviews saved at about the same moment arrive in any order). */
  private placeInTime(row: number): void {
    if (this.placed < row || this.moved.size > 0) return;
    const order = this.timeOrder;
    let at = row;
    while (at > 0 && this.comesFirst(row, order[at - 1]!)) {
      if (row - at === MAX_SHIFT) return;
      at--;
    }
    if (at < row) order.copyWithin(at + 1, at, row);
    order[at] = row;
    for (let place = at; place <= row; place++) this.timePlace[order[place]!] = place;
    this.placed = row + 1;
  }

  /**
   * Puts the rows waiting (`placed` on, and those `moved`) in time order: they are sorted, then each
   * is found in the time order by halving and the rows between are copied as a block. A few waiting
   * (a review far out of order) cost a few milliseconds at a million rows; many (reviews loaded in
   * no time order) have every row sorted.
   */
  private sortByTime(): void {
    if (this.rows - this.placed + this.moved.size > SORT_ALL_AFTER) {
      const all = new Int32Array(this.rows);
      for (let row = 0; row < this.rows; row++) all[row] = row;
      this.timeOrder.set(this.sortRowsByTime(all));
      for (let place = 0; place < this.rows; place++) this.timePlace[this.timeOrder[place]!] = place;
      this.placed = this.rows;
      this.moved.clear();
      return;
    }
    let old = this.timeOrder.subarray(0, this.placed);
    if (this.moved.size > 0) old = old.filter((row) => !this.moved.has(row));
    const waiting = new Int32Array(this.rows - this.placed + this.moved.size);
    for (let row = this.placed; row < this.rows; row++) waiting[row - this.placed] = row;
    waiting.set([...this.moved], this.rows - this.placed);
    const sorted = this.sortRowsByTime(waiting);
    const order = new Int32Array(this.capacity);
    // Places before the first row that waited or moved stay as they are.
    let first = this.rows;
    for (const row of this.moved) first = Math.min(first, this.timePlace[row]!);
    let [read, write] = [0, 0];
    for (const row of sorted) {
      let [low, high] = [read, old.length];
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (this.comesFirst(old[middle]!, row)) low = middle + 1;
        else high = middle;
      }
      if (low > read) order.set(old.subarray(read, low), write);
      write += low - read;
      read = low;
      first = Math.min(first, write);
      order[write++] = row;
    }
    order.set(old.subarray(read), write);
    this.timeOrder = order;
    for (let place = first; place < this.rows; place++) this.timePlace[order[place]!] = place;
    this.placed = this.rows;
    this.moved.clear();
  }

  /**
   * Sorts rows by time, then id. Each row's time (from the earliest, scaled to 41 bits: whole
   * milliseconds over 69 years) and row number are packed in one 64-bit whole number, which the
   * engine sorts natively in about 100 ms for a million rows, where comparing rows in pairs takes
   * about a second; rows whose packed times tie are then put in order by comparing them.
   */
  private sortRowsByTime(rows: Int32Array): Int32Array {
    const count = rows.length;
    let [earliest, latest] = [Infinity, -Infinity];
    for (let k = 0; k < count; k++) {
      earliest = Math.min(earliest, this.created[rows[k]!]!);
      latest = Math.max(latest, this.created[rows[k]!]!);
    }
    const scale = latest - earliest < 2 ** 41 ? 1 : 2 ** Math.ceil(Math.log2((latest - earliest + 1) / 2 ** 41));
    const packed = new BigInt64Array(count);
    const halves = new Int32Array(packed.buffer);
    const [low, high] = LITTLE_ENDIAN ? [0, 1] : [1, 0];
    for (let k = 0; k < count; k++) {
      const time = Math.floor((this.created[rows[k]!]! - earliest) / scale);
      halves[k * 2 + low] = ((time % 1024) << 22) | rows[k]!;
      halves[k * 2 + high] = Math.floor(time / 1024);
    }
    packed.sort();
    const sorted = new Int32Array(count);
    for (let k = 0; k < count; k++) sorted[k] = halves[k * 2 + low]! & (MAX_ROWS - 1);
    // Equal packed times, by time and id: by insertion, as there are rarely more than a few.
    for (let start = 0; start < count;) {
      const [upper, lower] = [halves[start * 2 + high], halves[start * 2 + low]! >>> 22];
      let end = start + 1;
      while (end < count && halves[end * 2 + high] === upper && halves[end * 2 + low]! >>> 22 === lower) end++;
      if (end - start > 16) sorted.subarray(start, end).sort((a, b) => (this.comesFirst(a, b) ? -1 : 1));
      else {
        for (let k = start + 1; k < end; k++) {
          const row = sorted[k]!;
          let at = k;
          for (; at > start && this.comesFirst(row, sorted[at - 1]!); at--) sorted[at] = sorted[at - 1]!;
          sorted[at] = row;
        }
      }
      start = end;
    }
    return sorted;
  }

  /** Copies the texts into `units`, saying how many characters they are. */
  private readTexts(texts: string): number {
    if (this.units.length < texts.length) {
      this.units = new Uint16Array(2 ** Math.ceil(Math.log2(texts.length)));
      this.unitBytes = Buffer.from(this.units.buffer);
    }
    return this.unitBytes.write(texts, 0, 'utf16le') >> 1;
  }

  /**
   * Reads the words of the texts in `units`, posting them for the row (none for row -1), and says
   * the hash of the words in order, which tells whether a review's words changed; undefined when a
   * character needs the slow way.
   */
  private readWords(length: number, row: number): number | undefined {
    const fold = foldings();
    const units = this.units;
    if (this.scratch.length < length) this.scratch = new Uint16Array(this.units.length);
    const scratch = this.scratch;
    let wordLength = 0;
    let wordHash = FNV_BASIS;
    let wordsHash = FNV_BASIS;
    for (let at = 0; at <= length; at++) {
      const code = at < length ? fold[units[at]!]! : ENDS_WORD;
      if (code > ADDS_NOTHING) {
        if (code === SLOW) return undefined;
        scratch[wordLength++] = code;
        wordHash = Math.imul(wordHash ^ code, FNV_PRIME);
      } else if (code === ENDS_WORD && wordLength > 0) {
        wordHash = mixed(wordHash);
        wordsHash = Math.imul(wordsHash ^ wordHash, FNV_PRIME);
        if (row >= 0) this.post(this.wordNumber(wordLength, wordHash), row);
        wordLength = 0;
        wordHash = FNV_BASIS;
      }
    }
    return wordsHash;
  }

  /** `readWords` for texts with characters the quick way cannot read (words it posted are not posted twice). */
  private readSlowly(texts: string, row: number): number {
    let wordsHash = FNV_BASIS;
    for (const word of wordsOf(texts)) {
      if (this.scratch.length < word.length) this.scratch = new Uint16Array(word.length);
      let hash = FNV_BASIS;
      for (let at = 0; at < word.length; at++) {
        this.scratch[at] = word.charCodeAt(at);
        hash = Math.imul(hash ^ this.scratch[at]!, FNV_PRIME);
      }
      hash = mixed(hash);
      wordsHash = Math.imul(wordsHash ^ hash, FNV_PRIME);
      if (row >= 0) this.post(this.wordNumber(word.length, hash), row);
    }
    return wordsHash;
  }

  /** The number of the word in `scratch[0..length)`; a new word is numbered. */
  private wordNumber(length: number, hash: number): number {
    const [scratch, slots, characters] = [this.scratch, this.wordSlots, this.characters];
    const mask = slots.length / SLOT - 1;
    let slot = (hash & mask) * SLOT;
    for (; slots[slot + 1] !== 0; slot = (slot + SLOT) & (mask * SLOT + SLOT - 1)) {
      if (slots[slot] !== hash || slots[slot + 3] !== length) continue;
      const start = slots[slot + 2]!;
      let at = 0;
      while (at < length && characters[start + at] === scratch[at]) at++;
      if (at === length) return slots[slot + 1]! - 1;
    }
    const number = this.words.length;
    this.words.push(UTF16.decode(scratch.subarray(0, length)));
    this.postings.push(EMPTY);
    if (number === this.wordRows.length) {
      this.wordRows = grown(this.wordRows, number * 2);
      this.onlyRows = grown(this.onlyRows, number * 2);
      this.dense = grown(this.dense, number * 2);
    }
    if (this.characterCount + length > characters.length) this.characters = grown(characters, 2 * (this.characterCount + length));
    this.characters.set(scratch.subarray(0, length), this.characterCount);
    slots.set([hash, number + 1, this.characterCount, length], slot);
    this.characterCount += length;
    if (this.words.length * 2 * SLOT > slots.length) {
      const wider = new Int32Array(slots.length * 2);
      const widerMask = wider.length / SLOT - 1;
      for (let old = 0; old < slots.length; old += SLOT) {
        if (slots[old + 1] === 0) continue;
        let free = (slots[old]! & widerMask) * SLOT;
        while (wider[free + 1] !== 0) free = (free + SLOT) & (widerMask * SLOT + SLOT - 1);
        wider.set(slots.subarray(old, old + SLOT), free);
      }
      this.wordSlots = wider;
    }
    this.unsorted.push(number);
    // Sorting in new words costs the whole vocabulary, so it waits for a sixteenth more words.
    if (this.unsorted.length > Math.max(1024, this.sortedWords.length >> 4)) this.sortVocabulary();
    return number;
  }

  private sortVocabulary(): void {
    const fresh = this.unsorted.toSorted((a, b) => byText(this.words[a]!, this.words[b]!));
    const [words, numbers] = [this.sortedWords, this.sortedNumbers];
    const [mergedWords, mergedNumbers]: [string[], number[]] = [[], []];
    let [old, added] = [0, 0];
    while (old < words.length || added < fresh.length) {
      if (added === fresh.length || (old < words.length && words[old]! < this.words[fresh[added]!]!)) {
        mergedWords.push(words[old]!);
        mergedNumbers.push(numbers[old++]!);
      } else {
        mergedWords.push(this.words[fresh[added]!]!);
        mergedNumbers.push(fresh[added++]!);
      }
    }
    [this.sortedWords, this.sortedNumbers, this.unsorted] = [mergedWords, mergedNumbers, []];
  }

  private post(word: number, row: number): void {
    this.stagedWords[this.staged] = word;
    this.stagedRows[this.staged++] = row;
    if (this.staged === STAGED) this.flush();
  }

  /** Posts the pairs staged, grouped by the low bits of their word numbers (each word's rows keep their order). */
  private flush(): void {
    const [words, rows, count] = [this.stagedWords, this.stagedRows, this.staged];
    const starts = this.flushStarts.fill(0);
    for (let k = 0; k < count; k++) starts[(words[k]! & FLUSH_MASK) + 1]!++;
    for (let bucket = 0; bucket < FLUSH_MASK; bucket++) starts[bucket + 1]! += starts[bucket]!;
    const [byWord, byRow] = [this.flushWords, this.flushRows];
    for (let k = 0; k < count; k++) {
      const at = starts[words[k]! & FLUSH_MASK]!++;
      byWord[at] = words[k]!;
      byRow[at] = rows[k]!;
    }
    for (let k = 0; k < count; k++) this.postNow(byWord[k]!, byRow[k]!);
    this.staged = 0;
  }

  /** Notes that `word` is in `row`, once however often it is: the usual cases here, the rest in `postRarely`. */
  private postNow(word: number, row: number): void {
    const length = this.wordRows[word]!;
    const list = this.postings[word]!;
    if (this.dense[word] === 1) {
      const at = row >> 5;
      if (at < list.length) {
        const bit = 1 << (row & 31);
        const bits = list[at]!;
        if ((bits & bit) === 0) {
          list[at] = bits | bit;
          this.wordRows[word] = length + 1;
        }
        return;
      }
    } else if (length >= 2) {
      const last = list[length - 1]!;
      if (last === row) return;
      if (last < row && length < list.length) {
        list[length] = row;
        this.wordRows[word] = length + 1;
        return;
      }
    }
    this.postRarely(word, row);
  }

  private postRarely(word: number, row: number): void {
    const length = this.wordRows[word]!;
    let list = this.postings[word]!;
    if (this.dense[word] === 1) {
      this.postings[word] = grown(list, (this.capacity + 31) >> 5);
      this.postNow(word, row);
      return;
    }
    if (length === 0) {
      this.onlyRows[word] = row;
      this.wordRows[word] = 1;
      return;
    }
    if (length === 1) {
      const only = this.onlyRows[word]!;
      if (only === row) return;
      list = new Uint32Array(16);
      [list[0], list[1]] = only < row ? [only, row] : [row, only];
      this.postings[word] = list;
      this.wordRows[word] = 2;
      return;
    }
    // New rows come last, so only changed texts insert.
    const at = lowerBound(list, length, row);
    if (at < length && list[at] === row) return;
    if (length === list.length) {
      if (length >= DENSE_AFTER && length * 32 >= this.rows) {
        const bits = new Uint32Array((this.capacity + 31) >> 5);
        for (let k = 0; k < length; k++) bits[list[k]! >> 5]! |= 1 << (list[k]! & 31);
        this.postings[word] = bits;
        this.dense[word] = 1;
        this.postNow(word, row);
        return;
      }
      this.postings[word] = list = grown(list, length + (length >> 1));
    }
    list.copyWithin(at + 1, at, length);
    list[at] = row;
    this.wordRows[word] = length + 1;
  }

  /** The numbers of the words starting with `prefix`. */
  private wordsStarting(prefix: string): number[] {
    const words = this.sortedWords;
    let [from, to] = [0, words.length];
    while (from < to) {
      const middle = (from + to) >>> 1;
      if (words[middle]! < prefix) from = middle + 1;
      else to = middle;
    }
    let end = from;
    to = words.length;
    while (end < to) {
      const middle = (end + to) >>> 1;
      if (words[middle]!.startsWith(prefix)) end = middle + 1;
      else to = middle;
    }
    const numbers = this.sortedNumbers.slice(from, end);
    for (const number of this.unsorted) if (this.words[number]!.startsWith(prefix)) numbers.push(number);
    return numbers;
  }

  private orInto(bits: Uint32Array, size: number, word: number): void {
    const length = this.wordRows[word]!;
    const list = this.postings[word]!;
    if (this.dense[word] === 1) {
      for (let at = Math.min(list.length, size) - 1; at >= 0; at--) bits[at]! |= list[at]!;
    } else if (length === 1) {
      const row = this.onlyRows[word]!;
      bits[row >> 5]! |= 1 << (row & 31);
    } else {
      for (let k = 0; k < length; k++) bits[list[k]! >> 5]! |= 1 << (list[k]! & 31);
    }
  }

  private has(word: number, row: number): boolean {
    const length = this.wordRows[word]!;
    const list = this.postings[word]!;
    if (this.dense[word] === 1) return row >> 5 < list.length && ((list[row >> 5]! >>> (row & 31)) & 1) === 1;
    if (length === 1) return this.onlyRows[word] === row;
    const at = lowerBound(list, length, row);
    return at < length && list[at] === row;
  }

  /** The rows having, for every query word, a word it starts; undefined when none can. */
  private match(words: string[]): Uint32Array | undefined {
    // A word that starts another query word adds nothing: "hot" is found wherever "hotel" is.
    const terms = words.filter((word) => !words.some((other) => other !== word && other.startsWith(word)));
    const spans = terms.map((term) => {
      const numbers = this.wordsStarting(term);
      return { numbers, rows: numbers.reduce((sum, number) => sum + this.wordRows[number]!, 0) };
    });
    if (spans.some((span) => span.rows === 0)) return undefined;
    spans.sort((a, b) => a.rows - b.rows);
    const size = (this.rows + 31) >> 5;
    if (this.matched.length < size) [this.matched, this.other] = [new Uint32Array(size * 2), new Uint32Array(size * 2)];
    const matched = this.matched.fill(0, 0, size);
    for (const number of spans[0]!.numbers) this.orInto(matched, size, number);
    for (const span of spans.slice(1)) {
      const candidates = bitCount(matched, size);
      if (candidates === 0) break;
      if (candidates * span.numbers.length * 16 < span.rows + size) {
        // Few candidates: each is looked up in the word's rows rather than gathering all of them.
        for (let at = 0; at < size; at++) {
          let bits = matched[at]! | 0;
          let kept = bits;
          while (bits !== 0) {
            const low = bits & -bits;
            const row = (at << 5) | (31 - Math.clz32(low));
            if (!span.numbers.some((number) => this.has(number, row))) kept &= ~low;
            bits ^= low;
          }
          matched[at] = kept;
        }
      } else {
        const other = this.other.fill(0, 0, size);
        for (const number of span.numbers) this.orInto(other, size, number);
        for (let at = 0; at < size; at++) matched[at]! &= other[at]!;
      }
    }
    return matched.subarray(0, size);
  }

  /** The rows of the products (of those the words match, if any), as a bitset. */
  private ofProducts(ids: ReadonlySet<number>, matched: Uint32Array | undefined): Uint32Array {
    if (this.productsMoved) {
      this.productHeads.clear();
      for (let row = 0; row < this.rows; row++) {
        this.productNext[row] = this.productHeads.get(this.products[row]!) ?? -1;
        this.productHeads.set(this.products[row]!, row);
      }
      this.productsMoved = false;
    }
    const size = (this.rows + 31) >> 5;
    if (this.ofProduct.length < size) this.ofProduct = new Uint32Array(size * 2);
    const bits = this.ofProduct.fill(0, 0, size);
    for (const id of ids) {
      for (let row = this.productHeads.get(id) ?? -1; row !== -1; row = this.productNext[row]!) bits[row >> 5]! |= 1 << (row & 31);
    }
    if (!matched) return bits.subarray(0, size);
    for (let at = 0; at < size; at++) matched[at]! &= bits[at]!;
    return matched;
  }

  /**
   * Counts by code the rows matched, saying how many they are. When they are most rows, the rows
   * not matched are taken off the totals instead: a common word costs no more than a rare one.
   */
  private count(matched: Uint32Array, counts: Int32Array): number {
    const codes = this.codes;
    const size = matched.length;
    const ones = bitCount(matched, size);
    if (ones * 2 > this.rows) {
      counts.set(this.totals);
      for (let at = 0; at < size; at++) {
        let bits = ~matched[at]!;
        if (at === size - 1 && (this.rows & 31) !== 0) bits &= (1 << (this.rows & 31)) - 1;
        while (bits !== 0) {
          const low = bits & -bits;
          counts[codes[(at << 5) | (31 - Math.clz32(low))]!]!--;
          bits ^= low;
        }
      }
      return ones;
    }
    for (let at = 0; at < size; at++) {
      for (let bits = matched[at]! | 0; bits !== 0;) {
        const low = bits & -bits;
        const row = (at << 5) | (31 - Math.clz32(low));
        bits ^= low;
        counts[codes[row]!]!++;
      }
    }
    return ones;
  }

  /**
   * The page's rows, `offset` to `wanted` of the `found` passing: read off the time order when that
   * is cheaper than looking at all the `scanned` rows the words match. Pages of the newest or oldest
   * are the time order's first rows passing; of the highest or lowest rated, those of each rating
   * the page takes, newest first; of the most helpful, the rows with votes are ranked and the rest
   * follow newest first. Walking reads about `wanted × all / found` rows, fewer than the matches
   * unless the rows passing are sparse.
   */
  private pageOf(matched: Uint32Array | undefined, counts: Int32Array, found: number, scanned: number, wanted: number, offset: number): number[] {
    const walkCost = (until: number, among: number) => (WALK_READ_COST * until * this.rows) / among;
    if (this.sort === NEWEST || this.sort === OLDEST) {
      return walkCost(wanted, found) < scanned ? this.walk(matched, 0, false, offset, wanted) : this.best(matched, wanted, offset, false);
    }
    if (this.sort === HIGHEST || this.sort === LOWEST) {
      const ofRating = new Int32Array(6);
      for (let code = 0; code < CODE_COUNT; code++) if (this.passing[code] === 1) ofRating[GROUPS[code >> 1]!.rating]! += counts[code]!;
      // A page within one rating is walked (one running into the next would walk all of the first, costing more than a scan).
      let start = 0;
      for (const rating of this.sort === HIGHEST ? [5, 4, 3, 2, 1] : [1, 2, 3, 4, 5]) {
        const among = ofRating[rating]!;
        if (offset < start + among) {
          if (wanted <= start + among && walkCost(wanted - start, among) < scanned) return this.walk(matched, rating, false, offset - start, wanted - start);
          break;
        }
        start += among;
      }
      return this.best(matched, wanted, offset, false);
    }
    if (this.negativeHelpful > 0) return this.best(matched, wanted, offset, false);
    const votedPage = this.best(matched, wanted, offset, true);
    const voted = this.offered;
    if (voted >= wanted) return votedPage;
    const [skip, until] = [Math.max(0, offset - voted), wanted - voted];
    if (walkCost(until, found - voted) < scanned) return [...votedPage, ...this.walk(matched, 0, true, skip, until)];
    return this.best(matched, wanted, offset, false);
  }

  /** Rows `skip` to `until` of those passing, of the rating asked for (0: any) and, `unvoted`, without helpful votes, in time order. */
  private walk(matched: Uint32Array | undefined, rating: number, unvoted: boolean, skip: number, until: number): number[] {
    const allowed = this.walkPassing;
    for (let code = 0; code < CODE_COUNT; code++) allowed[code] = this.passing[code]! & (rating === 0 || GROUPS[code >> 1]!.rating === rating ? 1 : 0);
    const page: number[] = [];
    const [order, codes, voted] = [this.timeOrder, this.codes, this.voted];
    const oldestFirst = this.sort === OLDEST;
    let seen = 0;
    for (let step = 0; step < this.rows; step++) {
      const row = order[oldestFirst ? step : this.rows - 1 - step]!;
      if (matched !== undefined && ((matched[row >> 5]! >>> (row & 31)) & 1) === 0) continue;
      if (allowed[codes[row]!] === 0 || (unvoted && ((voted[row >> 5]! >>> (row & 31)) & 1) === 1)) continue;
      if (seen >= skip) page.push(row);
      if (++seen === until) break;
    }
    return page;
  }

  /**
   * The page of the best `size` rows passing: a heap keeps them with the last on top, so most rows
   * are turned away by one comparison, and the page is taken off the top, last first. Rows were
   * mostly added oldest first, so they are read newest first (oldest first for `oldest`): the best
   * come early and the heap changes little.
   */
  private best(matched: Uint32Array | undefined, size: number, offset: number, votedOnly: boolean): number[] {
    if (this.heapRows.length < size) [this.heapRows, this.heapKeys] = [new Int32Array(size), new Float64Array(size)];
    let count = this.fillHeap(matched, size, votedOnly);
    const page = Array.from<number>({ length: Math.max(0, count - offset) });
    for (let rank = page.length - 1; rank >= 0; rank--) {
      page[rank] = this.heapRows[0]!;
      count--;
      if (count > 0) this.siftDown(this.heapRows[count]!, this.heapKeys[count]!, count);
    }
    return page;
  }

  /** Fills the heap with the best rows passing, saying how many; the loop over every row, kept apart so it stays compiled whatever runs after it. */
  private fillHeap(matched: Uint32Array | undefined, size: number, votedOnly: boolean): number {
    const [rows, keys] = [this.heapRows, this.heapKeys];
    const [codes, passing, codeKeys, places, helpful, voted] = [this.codes, this.passing, this.codeKeys, this.timePlace, this.helpful, this.voted];
    const forward = this.sort === OLDEST;
    const placeSign = forward ? -1 : 1;
    const byHelpful = this.sort === MOST_HELPFUL ? TIME_PLACES : 0;
    const words = (this.rows + 31) >> 5;
    const lastBits = (this.rows & 31) === 0 ? -1 : (1 << (this.rows & 31)) - 1;
    let [count, offered] = [0, 0];
    for (let step = 0; step < words; step++) {
      const at = forward ? step : words - 1 - step;
      let bits = (matched ? matched[at]! | 0 : at === words - 1 ? lastBits : -1) & (votedOnly ? voted[at]! | 0 : -1);
      while (bits !== 0) {
        const bit = forward ? 31 - Math.clz32(bits & -bits) : 31 - Math.clz32(bits);
        bits ^= 1 << bit;
        const row = (at << 5) | bit;
        const code = codes[row]!;
        if (passing[code] === 0) continue;
        offered++;
        const key = codeKeys[code]! + placeSign * places[row]! + byHelpful * helpful[row]!;
        if (count < size) {
          let child = count++;
          while (child > 0) {
            const parent = (child - 1) >> 1;
            if (keys[parent]! <= key) break;
            rows[child] = rows[parent]!;
            keys[child] = keys[parent]!;
            child = parent;
          }
          rows[child] = row;
          keys[child] = key;
        } else if (key > keys[0]!) this.siftDown(row, key, count);
      }
    }
    this.offered = offered;
    return count;
  }

  /** Puts a row at the heap's top and moves it down below the rows that come before it. */
  private siftDown(row: number, key: number, count: number): void {
    const [rows, keys] = [this.heapRows, this.heapKeys];
    let at = 0;
    for (;;) {
      let child = at * 2 + 1;
      if (child >= count) break;
      if (child + 1 < count && keys[child + 1]! < keys[child]!) child++;
      if (key <= keys[child]!) break;
      rows[at] = rows[child]!;
      keys[at] = keys[child]!;
      at = child;
    }
    rows[at] = row;
    keys[at] = key;
  }
}
