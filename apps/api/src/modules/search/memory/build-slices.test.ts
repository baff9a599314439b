import { describe, expect, it } from 'vitest';
import { sortInSlices } from './build-slices.ts';

describe('sortInSlices', () => {
  it('sorts as a native sort with no comparison function does, across many chunks', async () => {
    let seed = 7;
    const random = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
    const list = Array.from({ length: 50_000 }, () => `PL${Math.floor(random() * 1e6)}\u0001${Math.floor(random() * 100)}`);
    expect(await sortInSlices(list)).toEqual(list.toSorted());
  });

  it('keeps duplicates, an odd number of chunks, and empty and tiny lists', async () => {
    const list = Array.from({ length: 8192 * 3 + 5 }, (_, index) => String(index % 977));
    expect(await sortInSlices(list)).toEqual(list.toSorted());
    expect(await sortInSlices([])).toEqual([]);
    expect(await sortInSlices(['b', 'a'])).toEqual(['a', 'b']);
  });
});
