import type { ListingInput } from './listing-facets.ts';

/**
 * Recent answers by key, for the public catalogue calls shoppers repeat (listings, suggestions):
 * an answer is shared while it is younger than `ttlMs`, the least recently used is dropped beyond
 * `limit`, and a failed answer is forgotten at once. Callers sharing an answer get the same object,
 * so its serialised body and ETag are shared too (platform/bind.ts).
 */
export class AnswerCache<T> {
  readonly #entries = new Map<string, { loadedAt: number; value: Promise<T> }>();
  readonly #limit: number;
  readonly #ttlMs: number;

  constructor(limit: number, ttlMs: number) {
    this.#limit = limit;
    this.#ttlMs = ttlMs;
  }

  get(key: string, now: number, load: () => Promise<T>): Promise<T> {
    const cached = this.#entries.get(key);
    // Re-inserting keeps the Map in least-recently-used order.
    this.#entries.delete(key);
    if (cached && now - cached.loadedAt < this.#ttlMs) {
      this.#entries.set(key, cached);
      return cached.value;
    }
    const entry = { loadedAt: now, value: load() };
    this.#entries.set(key, entry);
    if (this.#entries.size > this.#limit) this.#entries.delete(this.#entries.keys().next().value!);
    entry.value.catch(() => {
      if (this.#entries.get(key) === entry) this.#entries.delete(key);
    });
    return entry.value;
  }
}

/** The same listing request however its facets were ordered: facets and their options sorted. */
export function listingKey(input: ListingInput): string {
  const facets = Object.keys(input.facets)
    .filter((identifier) => input.facets[identifier]!.length > 0)
    .toSorted()
    .map((identifier) => `${identifier}=${input.facets[identifier]!.toSorted().join(',')}`);
  return `${input.pageNumber}|${input.size}|${input.sort}|${input.price?.gte ?? ''}-${input.price?.lte ?? ''}|${facets.join('&')}`;
}
