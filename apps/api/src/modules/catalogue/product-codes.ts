/**
 * Product and variant codes, as the product page and the basket show them: a variant's sku
 * (PL000109-1) and its product's code, the part its skus share before the variant number
 * (PL000109). Trade customers type them all day, in any case, with or without the dash, so codes
 * are compared by their letters and digits alone ("pl0001091", "PL000109 1"). A whole code is one
 * map lookup; the codes a partial one starts are one range of a sorted list. Built with the
 * listing snapshot (`listing-index.ts`), so codes are as fresh as listings.
 */

/** A code's letters and digits, lower-cased: how it is typed need not match how it is written. */
export function codeKey(text: string): string {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).join('');
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
}

const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));
const BUILD_SLICE = 20_000;
/** Marks a key two codes share (PL0001-11 and PL00011-1): it names neither. */
const SHARED = -1;

export async function buildCodeIndex(products: Iterable<CodedProduct>): Promise<CodeIndex> {
  const rows: number[] = [];
  const codes: string[] = [];
  const variant: boolean[] = [];
  const entryOf = new Map<string, number>();
  const add = (row: number, code: string, isVariant: boolean) => {
    const key = codeKey(code);
    if (!looksLikeCode(key)) return;
    const known = entryOf.get(key);
    if (known !== undefined) {
      if (known !== SHARED) entryOf.set(key, SHARED);
      return;
    }
    entryOf.set(key, rows.length);
    rows.push(row);
    codes.push(code);
    variant.push(isVariant);
  };
  let count = 0;
  for (const { row, skus } of products) {
    // Hundreds of thousands of skus: let requests in between slices.
    if (++count % BUILD_SLICE === 0) await yieldToRequests();
    const productCode = productCodeOf(skus);
    if (productCode !== null) add(row, productCode, false);
    for (const sku of skus) add(row, sku, true);
  }
  // Codes are mostly added in order already (they follow product ids), which this sort finds quickly.
  const keys = [...entryOf.keys()].toSorted();
  const match = (entry: number): CodeMatch => ({ row: rows[entry]!, code: codes[entry]!, sku: variant[entry] ? codes[entry]! : null });

  const lowerBound = (text: string) => {
    let low = 0;
    let high = keys.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (keys[middle]! < text) low = middle + 1;
      else high = middle;
    }
    return low;
  };

  return {
    exact(text) {
      const entry = entryOf.get(codeKey(text));
      return entry === undefined || entry === SHARED ? null : match(entry);
    },
    startingWith(text, limit) {
      const prefix = codeKey(text);
      if (!looksLikeCode(prefix)) return [];
      const found: CodeMatch[] = [];
      const seen = new Set<number>();
      // A product's code sorts just before its skus, so each product comes first with its shortest matching code.
      for (let at = lowerBound(prefix); at < keys.length && found.length < limit && keys[at]!.startsWith(prefix); at++) {
        const entry = entryOf.get(keys[at]!)!;
        if (entry === SHARED || seen.has(rows[entry]!)) continue;
        seen.add(rows[entry]!);
        found.push(match(entry));
      }
      return found;
    },
  };
}
