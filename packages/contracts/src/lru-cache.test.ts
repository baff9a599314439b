import { describe, expect, it } from 'vitest';
import { LruCache } from './lru-cache.ts';

describe('LruCache', () => {
  it('keeps at most maxEntries, dropping the least recently used', () => {
    const cache = new LruCache<string, number>({ maxEntries: 2 });
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1); // a is now the most recent
    cache.set('c', 3); // b goes
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
  });

  it('counts setting a kept key again as a use, not a new entry', () => {
    const cache = new LruCache<string, number>({ maxEntries: 2 });
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('a', 10);
    cache.set('c', 3);
    expect(cache.get('a')).toBe(10);
    expect(cache.get('b')).toBeUndefined();
  });

  it('answers while an entry is younger than ttlMs, by the clock its callers pass', () => {
    const cache = new LruCache<string, string>({ maxEntries: 10, ttlMs: 1000 });
    cache.set('a', 'first', 5000);
    expect(cache.get('a', 5999)).toBe('first');
    expect(cache.get('a', 6000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps entries without ttlMs until they are pushed out', () => {
    const cache = new LruCache<string, string>({ maxEntries: 10 });
    cache.set('a', 'kept', 0);
    expect(cache.get('a', Number.MAX_SAFE_INTEGER)).toBe('kept');
  });

  it('takes any key, objects by identity', () => {
    const one = {};
    const cache = new LruCache<object, string>({ maxEntries: 2 });
    cache.set(one, 'one');
    expect(cache.get(one)).toBe('one');
    expect(cache.get({})).toBeUndefined();
  });

  it('forgets on delete and clear', () => {
    const cache = new LruCache<string, number>({ maxEntries: 5 });
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.delete('a')).toBe(true);
    expect(cache.get('a')).toBeUndefined();
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('refuses a bound that keeps nothing or an age that is not positive', () => {
    expect(() => new LruCache({ maxEntries: 0 })).toThrow(RangeError);
    expect(() => new LruCache({ maxEntries: 1.5 })).toThrow(RangeError);
    expect(() => new LruCache({ maxEntries: 1, ttlMs: 0 })).toThrow(RangeError);
  });
});

describe('LruCache.getOrLoad', () => {
  it('shares one load among callers, including those arriving while it runs', async () => {
    const cache = new LruCache<string, Promise<{ n: number }>>({ maxEntries: 10 });
    let loads = 0;
    let finish!: () => void;
    const started = new Promise<void>((resolve) => (finish = resolve));
    const load = async () => {
      loads++;
      await started;
      return { n: loads };
    };
    const first = cache.getOrLoad('a', load);
    const second = cache.getOrLoad('a', load);
    finish();
    expect(await first).toBe(await second);
    expect(await cache.getOrLoad('a', load)).toBe(await first);
    expect(loads).toBe(1);
  });

  it('keeps an answer only when `admit` says so, handing it over either way', async () => {
    const cache = new LruCache<string, Promise<number>>({ maxEntries: 10 });
    let loads = 0;
    const load = async () => ++loads;
    const asked = new Set<string>();
    const admit = (key: string) => asked.has(key) || (asked.add(key), false);
    expect(await cache.getOrLoad('a', load, undefined, undefined, admit)).toBe(1);
    expect(cache.size).toBe(0);
    expect(await cache.getOrLoad('a', load, undefined, undefined, admit)).toBe(2);
    expect(await cache.getOrLoad('a', load, undefined, undefined, admit)).toBe(2);
    expect(cache.stats()).toMatchObject({ entries: 1, hits: 1, misses: 2 });
  });

  it('loads again once the answer has expired', async () => {
    const cache = new LruCache<string, Promise<number>>({ maxEntries: 10, ttlMs: 1000 });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.getOrLoad('a', load, 0)).toBe(1);
    expect(await cache.getOrLoad('a', load, 999)).toBe(1);
    expect(await cache.getOrLoad('a', load, 1000)).toBe(2);
  });

  it('forgets a failed load at once, so the next caller tries again', async () => {
    const cache = new LruCache<string, Promise<string>>({ maxEntries: 10 });
    await expect(cache.getOrLoad('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.getOrLoad('a', async () => 'up')).toBe('up');
  });

  it('keeps a newer answer when an older load for the same key fails late', async () => {
    const cache = new LruCache<string, Promise<string>>({ maxEntries: 10, ttlMs: 1000 });
    let fail!: (error: Error) => void;
    const failing = cache.getOrLoad('a', () => new Promise<string>((_, reject) => (fail = reject)), 0);
    // Expired before it failed: a second caller loads afresh.
    expect(await cache.getOrLoad('a', async () => 'fresh', 1000)).toBe('fresh');
    fail(new Error('late'));
    await expect(failing).rejects.toThrow('late');
    expect(await cache.getOrLoad('a', async () => 'another', 1001)).toBe('fresh');
  });
});

describe('LruCache bounded by bytes', () => {
  const weighed = (maxBytes: number) => new LruCache<string, string>({ maxEntries: 1000, maxBytes, sizeOf: (value) => value.length });

  it('drops the least recently used until the kept bytes fit, and counts what it evicted', () => {
    const cache = weighed(10);
    cache.set('a', 'aaaa');
    cache.set('b', 'bbbb');
    cache.get('a');
    cache.set('c', 'cccc'); // 12 bytes: b, the least recently used, goes
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('aaaa');
    expect(cache.bytes).toBe(8);
    expect(cache.stats()).toMatchObject({ entries: 2, bytes: 8, maxBytes: 10, evictions: 1, hits: 2, misses: 1 });
  });

  it('keeps its byte count right through replacing, deleting, expiring and clearing', () => {
    const cache = new LruCache<string, string>({ maxEntries: 10, maxBytes: 100, sizeOf: (value) => value.length, ttlMs: 10 });
    cache.set('a', 'xx', 0);
    cache.set('a', 'xxxxx', 0);
    expect(cache.bytes).toBe(5);
    cache.set('b', 'yyy', 0);
    cache.delete('a');
    expect(cache.bytes).toBe(3);
    expect(cache.get('b', 20)).toBeUndefined(); // expired
    expect(cache.bytes).toBe(0);
    cache.set('c', 'zz', 0);
    cache.clear();
    expect(cache.bytes).toBe(0);
  });

  it('keeps a single answer larger than the budget, so the callers waiting on it still share it', () => {
    const cache = weighed(3);
    cache.set('a', 'aa');
    cache.set('big', 'xxxxxxxx');
    expect(cache.get('big')).toBe('xxxxxxxx');
    expect(cache.get('a')).toBeUndefined();
  });

  it('weighs a loaded answer once it has come, and evicts for it then', async () => {
    const cache = new LruCache<string, Promise<string>>({ maxEntries: 100, maxBytes: 10, sizeOf: () => 0 });
    const weigh = (answer: string) => answer.length;
    await cache.getOrLoad('a', async () => 'aaaaaa', undefined, weigh);
    expect(cache.bytes).toBe(6);
    await cache.getOrLoad('b', async () => 'bbbbbb', undefined, weigh);
    expect(cache.bytes).toBe(6);
    expect(cache.stats().evictions).toBe(1);
    expect(cache.get('a')).toBeUndefined();
  });

  it('a flood of unique keys never takes it past its budget', () => {
    const cache = weighed(1000);
    for (let index = 0; index < 10_000; index += 1) cache.set(`query ${index}`, 'x'.repeat(50));
    expect(cache.bytes).toBeLessThanOrEqual(1000);
    expect(cache.size).toBe(20);
  });

  it('refuses a byte budget without a way to weigh values', () => {
    expect(() => new LruCache<string, string>({ maxEntries: 1, maxBytes: 10 })).toThrow(RangeError);
  });
});
