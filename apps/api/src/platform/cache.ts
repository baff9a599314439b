// The one in-process cache shape, shared with the storefront (packages/contracts/src/lru-cache.ts).
import type { CacheStats } from '@shop/contracts/lru-cache';

export { LruCache, type CacheOptions, type CacheStats } from '@shop/contracts/lru-cache';

/** The catalogue's kept answers' default budget (CATALOGUE_ANSWER_CACHE_MB). */
export const DEFAULT_ANSWER_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * Roughly what an answer object weighs on the heap: its JSON's characters, times what V8 spends
 * per character of JSON on objects, arrays and strings. Measured over 300 kept listing and search
 * answers: the heap grew 1.7 bytes per JSON character (facet names are shared with the snapshot),
 * so 2 keeps a budget on the safe side (decision 0039).
 */
const HEAP_BYTES_PER_JSON_CHAR = 2;

/** What an object whose JSON has this many characters weighs on the heap, roughly. */
export const jsonHeapBytes = (jsonCharacters: number): number => jsonCharacters * HEAP_BYTES_PER_JSON_CHAR;

export function answerWeight(key: string, answer: unknown): number {
  return jsonHeapBytes(key.length + (JSON.stringify(answer)?.length ?? 0));
}

export interface CacheReport extends CacheStats {
  /** Hits over lookups since start, to two decimals (null before any lookup). */
  hitRate: number | null;
}

/**
 * One app's caches that may grow with what visitors send, by name: each reports its figures to the
 * health call (`caches`) and the start-up log, so hit rates, sizes and evictions can be watched.
 * composeApi makes one per app and hands it to the services that keep caches (decision 0057).
 */
export interface CacheRegistry {
  watch(name: string, stats: () => CacheStats): void;
  reports(): Record<string, CacheReport>;
}

export function createCacheRegistry(): CacheRegistry {
  const watched = new Map<string, () => CacheStats>();
  return {
    watch: (name, stats) => void watched.set(name, stats),
    reports: () => Object.fromEntries([...watched].map(([name, stats]) => [name, reportOf(stats())])),
  };
}

function reportOf(figures: CacheStats): CacheReport {
  const lookups = figures.hits + figures.misses;
  return { ...figures, hitRate: lookups === 0 ? null : Math.round((figures.hits / lookups) * 100) / 100 };
}

/**
 * Which keys have been asked for once, in a fixed table of their hashes (1 MB by default): the
 * doorkeeper of a cache that should keep only what is asked for again (as TinyLFU's is). Answers to
 * queries never seen before are mostly never asked for again; keeping each one would make it live
 * long enough to be copied by every young-generation collection and then fill the old one (decision
 * 0040), and would push out the answers that are asked again. A key is remembered until another
 * key's hash takes its slot, so a key asked twice far apart may count as new: it is kept next time.
 */
export class SeenOnce {
  readonly #hashes: Uint32Array;
  readonly #mask: number;

  constructor(slots = 1 << 18) {
    if (!Number.isInteger(Math.log2(slots))) throw new RangeError(`The table has a power of two slots, not ${slots}`);
    this.#hashes = new Uint32Array(slots);
    this.#mask = slots - 1;
  }

  /** Whether `key` was asked for before (then it is forgotten); if not, it is remembered. */
  again(key: string): boolean {
    const hash = fnv1a(key) || 1;
    const slot = (hash ^ (hash >>> 16)) & this.#mask;
    if (this.#hashes[slot] === hash) {
      this.#hashes[slot] = 0;
      return true;
    }
    this.#hashes[slot] = hash;
    return false;
  }
}

/** FNV-1a over the string's UTF-16 code units: a fast, well-spread 32-bit hash. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
