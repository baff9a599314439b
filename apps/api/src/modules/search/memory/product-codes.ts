/**
 * Product and variant codes, as the product page and the basket show them: a variant's sku
 * (PL000109-1) and its product's code, the part its skus share before the variant number
 * (PL000109). Trade customers type them all day, in any case, with or without the dash, so codes
 * are compared by their letters and digits alone ("pl0001091", "PL000109 1"). Built with the
 * listing snapshot (`listing-index.ts`), so codes are as fresh as listings.
 */
import { sortInSlices, yieldToRequests } from './build-slices.ts';

const NOT_LETTER_OR_DIGIT = /[^\p{L}\p{N}]+/gu;

/** A code's letters and digits, lower-cased: how it is typed need not match how it is written. */
export function codeKey(text: string): string {
  return text.toLowerCase().replace(NOT_LETTER_OR_DIGIT, '');
}

/** Every code has a digit: a plain word ("basin") is never taken for one. */
const looksLikeCode = (key: string) => /\p{N}/u.test(key);

/** A variant's number after the product's code: PL000109-1 → PL000109. */
const VARIANT_SUFFIX = /^(.+)-\d+$/;

/** A product's code: the stem all its skus share before their variant numbers, if they share one. */
export function productCodeOf(skus: readonly string[]): string | null {
  let code: string | null = null;
  for (const sku of skus) {
    const stem = VARIANT_SUFFIX.exec(sku)?.[1];
    if (stem === undefined || (code !== null && stem !== code)) return null;
    code = stem;
  }
  return code;
}

/** What the index knows of a product: its listing row and its skus, the default first. */
export interface CodedProduct {
  row: number;
  skus: readonly string[];
}

export interface CodeMatch {
  row: number;
  /** The code as the shop writes it. */
  code: string;
  /** The variant a variant code names; null for a product's own code (its default is shown). */
  sku: string | null;
}

export interface CodeIndex {
  /** The product (and variant) a whole code names; null when none does, or two would. */
  exact(text: string): CodeMatch | null;
  /** Up to `limit` products with a code starting with `text`, in code order, each with its first such code. */
  startingWith(text: string, limit: number): CodeMatch[];
  /**
   * This index with products' codes added (decision 0138): a new product's, or a listed one's whose
   * skus changed (a variant added), named in `replacing` by row, in place of those it had. This one
   * is left as it was.
   */
  withProducts(products: readonly CodedProduct[], replacing?: ReadonlySet<number>): CodeIndex;
}

/** Products (and then codes) handled between two turns of the event loop. */
const BUILD_SLICE = 2000;
/** Sorts below every letter and digit, so `<key><SEPARATOR><entry>` strings sort by key. */
const SEPARATOR = '\u0001';

/**
 * One list of codes sorted by key serves both lookups: a whole code by binary search (about 20
 * comparisons at 300,000 codes, a few microseconds), a partial one by walking on from where it
 * would sort. Keys are worked out again as they are compared rather than kept: a map and a kept
 * key per code would triple the index's memory (docs/decisions/0017).
 */
export async function buildCodeIndex(products: Iterable<CodedProduct>): Promise<CodeIndex> {
  const added: CodeEntry[] = [];
  // Each code's key followed by its number, sorted as plain strings: several times faster than a
  // sort with a comparison function, and codes with one key end up side by side.
  const byKey: string[] = [];
  let count = 0;
  for (const product of products) {
    if (++count % BUILD_SLICE === 0) await yieldToRequests();
    for (const { entry, key } of codesOf(product)) {
      byKey.push(`${key}${SEPARATOR}${added.length}`);
      added.push(entry);
    }
  }
  const inOrder = await sortInSlices(byKey);
  const sorted = new SortedCodes(inOrder.length);
  for (const [at, entry] of inOrder.entries()) {
    if (at % (10 * BUILD_SLICE) === 0) await yieldToRequests();
    sorted.set(at, added[Number(entry.slice(entry.indexOf(SEPARATOR) + 1))]!);
  }
  return sorted;
}

interface CodeEntry {
  row: number;
  code: string;
  variant: boolean;
}

/** A product's codes as the index holds them, with their keys: its own code (if its skus share one), then each sku. */
function codesOf({ row, skus }: CodedProduct): { entry: CodeEntry; key: string }[] {
  const productCode = productCodeOf(skus);
  const entries = [...(productCode === null ? [] : [{ row, code: productCode, variant: false }]), ...skus.map((code) => ({ row, code, variant: true }))];
  return entries.map((entry) => ({ entry, key: codeKey(entry.code) })).filter(({ key }) => looksLikeCode(key));
}

class SortedCodes implements CodeIndex {
  readonly #codes: string[];
  readonly #rows: Int32Array;
  readonly #variants: Uint8Array;

  constructor(size: number) {
    this.#codes = Array.from({ length: size });
    this.#rows = new Int32Array(size);
    this.#variants = new Uint8Array(size);
  }

  withProducts(products: readonly CodedProduct[], replacing: ReadonlySet<number> = new Set()): CodeIndex {
    return (replacing.size === 0 ? this : this.#without(replacing)).#with(products);
  }

  /** A new index without the codes of `rows`: the rest copied in order, their keys not worked out again. */
  #without(rows: ReadonlySet<number>): SortedCodes {
    let kept = 0;
    for (const row of this.#rows) if (!rows.has(row)) kept++;
    const next = new SortedCodes(kept);
    let to = 0;
    for (let at = 0; at < this.#codes.length; at++) {
      if (rows.has(this.#rows[at]!)) continue;
      next.#codes[to] = this.#codes[at]!;
      next.#rows[to] = this.#rows[at]!;
      next.#variants[to++] = this.#variants[at]!;
    }
    return next;
  }

  /**
   * A new index with `products`' codes each put where a build would sort it: a few binary searches
   * for the new codes, then the old ones copied across in runs. Keys are not worked out again for
   * the old codes, which at 300,000 codes would cost more than the copy.
   */
  #with(products: readonly CodedProduct[]): SortedCodes {
    const entries = products
      .flatMap(codesOf)
      // Codes of one key keep the order they came in (a build sorts them by it too: one key names neither).
      .toSorted((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const size = this.#codes.length;
    const next = new SortedCodes(size + entries.length);
    let copied = 0;
    for (const [k, { entry, key }] of entries.entries()) {
      // After every old code of the same key, as a build leaves codes added later.
      const at = this.#lowerBound(`${key}\u0000`);
      this.#copyRun(next, copied, at, k);
      copied = at;
      next.set(at + k, entry);
    }
    this.#copyRun(next, copied, size, entries.length);
    return next;
  }

  /** Codes `from` to `to` into `next`, `shift` places on. */
  #copyRun(next: SortedCodes, from: number, to: number, shift: number) {
    for (let at = from; at < to; at++) next.#codes[at + shift] = this.#codes[at]!;
    next.#rows.set(this.#rows.subarray(from, to), from + shift);
    next.#variants.set(this.#variants.subarray(from, to), from + shift);
  }

  set(at: number, entry: CodeEntry) {
    this.#codes[at] = entry.code;
    this.#rows[at] = entry.row;
    this.#variants[at] = entry.variant ? 1 : 0;
  }

  exact(text: string): CodeMatch | null {
    const key = codeKey(text);
    if (!looksLikeCode(key)) return null;
    const at = this.#lowerBound(key);
    return at < this.#codes.length && this.#keyAt(at) === key && !this.#shared(at, key) ? this.#match(at) : null;
  }

  startingWith(text: string, limit: number): CodeMatch[] {
    const prefix = codeKey(text);
    if (!looksLikeCode(prefix)) return [];
    const found: CodeMatch[] = [];
    const seen = new Set<number>();
    // A product's code sorts just before its skus, so each product comes first with its shortest matching code.
    for (let at = this.#lowerBound(prefix); at < this.#codes.length && found.length < limit; at++) {
      const key = this.#keyAt(at);
      if (!key.startsWith(prefix)) break;
      if (seen.has(this.#rows[at]!) || this.#shared(at, key)) continue;
      seen.add(this.#rows[at]!);
      found.push(this.#match(at));
    }
    return found;
  }

  #keyAt(at: number): string {
    return codeKey(this.#codes[at]!);
  }

  /** A key two codes share (PL0001-11 and PL00011-1) names neither. */
  #shared(at: number, key: string): boolean {
    return (at > 0 && this.#keyAt(at - 1) === key) || (at + 1 < this.#codes.length && this.#keyAt(at + 1) === key);
  }

  #match(at: number): CodeMatch {
    const code = this.#codes[at]!;
    return { row: this.#rows[at]!, code, sku: this.#variants[at] ? code : null };
  }

  #lowerBound(key: string): number {
    let low = 0;
    let high = this.#codes.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.#keyAt(middle) < key) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
