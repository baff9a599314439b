/**
 * The one shape of an in-process cache, in the API and the storefront: bounded, least recently used
 * first out, and optionally expiring. The catalogue's kept answers, the navigation tree, the
 * serialised bodies of public answers, the delivery calendar's working days, pricing's bands, the
 * search box's recent suggestions and product pictures' ETags each keep one. A cache belongs to its
 * process: instances agree through short lifetimes or through what they are keyed by (a catalogue
 * snapshot), never by sharing one.
 *
 * A cache whose entries differ in size (answers to queries anyone can send) is bounded by bytes as
 * well as entries: `sizeOf` says what a value weighs, so a flood of unique queries evicts old
 * answers instead of growing the process without limit.
 */
export interface CacheOptions<V = unknown> {
  /** The most entries kept; past it, the least recently used goes. */
  maxEntries: number;
  /** The most bytes kept, by `sizeOf`; past it, the least recently used go. */
  maxBytes?: number;
  /** An entry's weight in bytes (an estimate is fine: a string's length, a JSON body's). Required with `maxBytes`. */
  sizeOf?: (value: V) => number;
  /** How long an entry is good for, in milliseconds of the `now` its callers pass; without it, until it is pushed out. */
  ttlMs?: number;
}

/** What a cache has done since it was made: for a log line and the health call's detail. */
export interface CacheStats {
  entries: number;
  bytes: number;
  maxEntries: number;
  maxBytes: number | null;
  hits: number;
  misses: number;
  evictions: number;
}

interface Entry<V> {
  value: V;
  storedAt: number;
  bytes: number;
}

export class LruCache<K, V> {
  // A Map iterates in insertion order: taking an entry out and putting it back on every use keeps
  // the least recently used first.
  readonly #entries = new Map<K, Entry<V>>();
  readonly #maxEntries: number;
  readonly #maxBytes: number | undefined;
  readonly #sizeOf: ((value: V) => number) | undefined;
  readonly #ttlMs: number | undefined;
  #bytes = 0;
  #hits = 0;
  #misses = 0;
  #evictions = 0;

  constructor({ maxEntries, maxBytes, sizeOf, ttlMs }: CacheOptions<V>) {
    if (!Number.isInteger(maxEntries) || maxEntries < 1) throw new RangeError(`A cache keeps at least one entry, not ${maxEntries}`);
    if (ttlMs !== undefined && !(ttlMs > 0)) throw new RangeError(`An entry lives a positive number of milliseconds, not ${ttlMs}`);
    if (maxBytes !== undefined && !(maxBytes > 0)) throw new RangeError(`A cache keeps a positive number of bytes, not ${maxBytes}`);
    if (maxBytes !== undefined && !sizeOf) throw new RangeError('A cache bounded by bytes needs sizeOf to weigh its values');
    this.#maxEntries = maxEntries;
    this.#maxBytes = maxBytes;
    this.#sizeOf = sizeOf;
    this.#ttlMs = ttlMs;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The bytes kept, by `sizeOf` (0 for a cache without it). */
  get bytes(): number {
    return this.#bytes;
  }

  stats(): CacheStats {
    return {
      entries: this.#entries.size,
      bytes: this.#bytes,
      maxEntries: this.#maxEntries,
      maxBytes: this.#maxBytes ?? null,
      hits: this.#hits,
      misses: this.#misses,
      evictions: this.#evictions,
    };
  }

  /** The value kept for `key` while it is young (`now`: the caller's clock, needed only with `ttlMs`); it becomes the most recent. */
  get(key: K, now?: number): V | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) {
      this.#misses += 1;
      return undefined;
    }
    this.#entries.delete(key);
    if (this.#ttlMs !== undefined && (now ?? Date.now()) - entry.storedAt >= this.#ttlMs) {
      this.#bytes -= entry.bytes;
      this.#misses += 1;
      return undefined;
    }
    this.#entries.set(key, entry);
    this.#hits += 1;
    return entry.value;
  }

  set(key: K, value: V, now?: number): void {
    this.#remove(key);
    const bytes = this.#sizeOf ? this.#sizeOf(value) : 0;
    this.#entries.set(key, { value, storedAt: this.#ttlMs === undefined ? 0 : (now ?? Date.now()), bytes });
    this.#bytes += bytes;
    this.#evict();
  }

  delete(key: K): boolean {
    return this.#remove(key);
  }

  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }

  /**
   * The kept answer for `key`, or `load()`'s. The promise is kept at once, so callers arriving
   * while it loads share one load; a load that fails is forgotten, so the next caller tries again.
   * In a cache of promises bounded by bytes, `weigh` gives the answer's weight once it has come
   * (a pending promise weighs nothing until then). `admit`, asked on a miss, may say not to keep
   * this one (an answer asked for the first time): it is loaded and handed over, not kept.
   */
  getOrLoad<T>(
    this: LruCache<K, Promise<T>>,
    key: K,
    load: () => Promise<T>,
    now?: number,
    weigh?: (answer: T) => number,
    admit?: (key: K) => boolean,
  ): Promise<T> {
    const kept = this.get(key, now);
    if (kept !== undefined) return kept;
    if (admit && !admit(key)) return load();
    const value = load();
    this.set(key, value, now);
    value.then(
      (answer) => {
        const entry = this.#entries.get(key);
        if (!weigh || entry?.value !== value) return;
        const bytes = weigh(answer);
        this.#bytes += bytes - entry.bytes;
        entry.bytes = bytes;
        this.#evict();
      },
      () => {
        if (this.#entries.get(key)?.value === value) this.#remove(key);
      },
    );
    return value;
  }

  #remove(key: K): boolean {
    const entry = this.#entries.get(key);
    if (entry === undefined) return false;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
    return true;
  }

  // The one place the budgets are enforced: entries, then bytes, least recently used first. The
  // newest entry stays even when it alone is over the byte budget, so a large answer is still shared
  // by the callers waiting on it.
  #evict(): void {
    for (const [key, entry] of this.#entries) {
      const over = this.#entries.size > this.#maxEntries || (this.#maxBytes !== undefined && this.#bytes > this.#maxBytes);
      if (!over || this.#entries.size === 1) return;
      this.#entries.delete(key);
      this.#bytes -= entry.bytes;
      this.#evictions += 1;
    }
  }
}
