import { describe, expect, it } from 'vitest';
import { SeenOnce } from './cache.ts';

describe('the doorkeeper of kept answers', () => {
  it('says a key is asked for again only the second time, then forgets it', () => {
    const seen = new SeenOnce(1024);
    expect(seen.again('search:basin')).toBe(false);
    expect(seen.again('search:basin')).toBe(true);
    expect(seen.again('search:basin')).toBe(false);
  });

  it('tells keys apart, and a flood of new keys is never taken for keys seen before', () => {
    const seen = new SeenOnce(1 << 16);
    expect(seen.again('category:12:price<=1000')).toBe(false);
    let repeats = 0;
    for (let index = 0; index < 100_000; index++) if (seen.again(`category:12:price<=${2000 + index}`)) repeats += 1;
    expect(repeats).toBe(0);
  });

  it('keeps a fixed table: a key pushed out by many others counts as new again', () => {
    const seen = new SeenOnce(16);
    seen.again('popular');
    for (let index = 0; index < 1000; index++) seen.again(`unique ${index}`);
    expect(seen.again('popular')).toBe(false);
    expect(seen.again('popular')).toBe(true);
  });

  it('has a power of two slots', () => {
    expect(() => new SeenOnce(1000)).toThrow('The table has a power of two slots, not 1000');
  });
});
