/**
 * The one shape of an in-process cache, in the API and the storefront: bounded, least recently used
 * first out, and optionally expiring. The catalogue's kept answers, the navigation tree, the
 * serialised bodies of public answers, the delivery calendar's working days, pricing's bands, the
 * search box's recent suggestions and product pictures' ETags each keep one. A cache belongs to its
 * process: instances agree through short lifetimes or through what they are keyed by (a catalogue
 * snapshot), never by sharing one.
 */
export interface CacheOptions {
  /** The most entries kept; past it, the least recently used goes. */
  maxEntries: number;
  /** How long an entry is good for, in milliseconds of the `now` its callers pass; without it, until it is pushed out. */
  ttlMs?: number;
}

interface Entry<V> {
  value: V;
  storedAt: number;
}

export class LruCache<K, V> {
  // A Map iterates in insertion order: taking an entry out and putting it back on every use keeps
  // the least recently used first.
  readonly #entries = new Map<K, Entry<V>>();
  readonly #maxEntries: number;
  readonly #ttlMs: number | undefined;

  constructor({ maxEntries, ttlMs }: CacheOptions) {
    if (!Number.isInteger(maxEntries) || maxEntries < 1) throw new RangeError(`A cache keeps at least one entry, not ${maxEntries}`);
    if (ttlMs !== undefined && !(ttlMs > 0)) throw new RangeError(`An entry lives a positive number of milliseconds, not ${ttlMs}`);
    this.#maxEntries = maxEntries;
    this.#ttlMs = ttlMs;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The value kept for `key` while it is young (`now`: the caller's clock, needed only with `ttlMs`); it becomes the most recent. */
  get(key: K, now?: number): V | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    this.#entries.delete(key);
    if (this.#ttlMs !== undefined && (now ?? Date.now()) - entry.storedAt >= this.#ttlMs) return undefined;
    this.#entries.set(key, entry);
    return entry.value;
  }

  set(key: K, value: V, now?: number): void {
    this.#entries.delete(key);
    this.#entries.set(key, { value, storedAt: this.#ttlMs === undefined ? 0 : (now ?? Date.now()) });
    this.#evict();
  }

  delete(key: K): boolean {
    return this.#entries.delete(key);
  }

  clear(): void {
    this.#entries.clear();
  }

  /**
   * The kept answer for `key`, or `load()`'s. The promise is kept at once, so callers arriving
   * while it loads share one load; a load that fails is forgotten, so the next caller tries again.
   */
  getOrLoad<T>(this: LruCache<K, Promise<T>>, key: K, load: () => Promise<T>, now?: number): Promise<T> {
    const kept = this.get(key, now);
    if (kept !== undefined) return kept;
    const value = load();
    this.set(key, value, now);
    value.catch(() => {
      if (this.#entries.get(key)?.value === value) this.#entries.delete(key);
    });
    return value;
  }

  // The one place the budget is enforced: a budget in bytes would be a second limit here, with
  // each entry's size stored beside its value.
  #evict(): void {
    for (const key of this.#entries.keys()) {
      if (this.#entries.size <= this.#maxEntries) return;
      this.#entries.delete(key);
    }
  }
}
