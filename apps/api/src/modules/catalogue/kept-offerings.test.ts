import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { keptOfferings } from './sellable-offerings.ts';

const db = {} as Database;

/** Kept variants over a catalogue in memory that counts what is read of it. */
function kept() {
  let now = 0;
  const catalogue = new Map<number, { sku: string; label: string }[]>([
    [
      1,
      [
        { sku: 'A-1', label: 'Small' },
        { sku: 'A-2', label: 'Large' },
      ],
    ],
    [2, [{ sku: 'B-1', label: 'Standard' }]],
  ]);
  const asked: number[][] = [];
  const offerings = keptOfferings(() => now, {
    rows: async () => [],
    variants: async (_ctx, ids) => (asked.push([...ids]), new Map(ids.flatMap((id) => (catalogue.has(id) ? [[id, catalogue.get(id)!] as const] : [])))),
  });
  return { offerings, catalogue, asked, later: (ms: number) => (now += ms) };
}

describe("a project's variants kept with the offerings' facts", () => {
  it('reads each product once, and only those not kept', async () => {
    const { offerings, asked } = kept();
    expect((await offerings.variants({ db }, [1])).get(1)).toHaveLength(2);
    const both = await offerings.variants({ db }, [1, 2, 3]);
    expect([both.get(1)?.length, both.get(2)?.length, both.get(3)]).toEqual([2, 1, []]);
    await offerings.variants({ db }, [1, 2, 3]);
    expect(asked).toEqual([[1], [2, 3]]);
  });

  it('forgets a product changed, every product on a change that names none, and any after a minute', async () => {
    const { offerings, catalogue, asked, later } = kept();
    await offerings.variants({ db }, [1, 2]);
    catalogue.set(1, [{ sku: 'A-1', label: 'Small' }]);
    offerings.forget([1]);
    expect((await offerings.variants({ db }, [1, 2])).get(1)).toEqual([{ sku: 'A-1', label: 'Small' }]);
    offerings.forget(null);
    await offerings.variants({ db }, [2]);
    later(60_000);
    await offerings.variants({ db }, [2]);
    expect(asked).toEqual([[1, 2], [1], [2], [2]]);
  });

  it('does not keep what was read while a change was heard', async () => {
    const { offerings, asked } = kept();
    const reading = offerings.variants({ db }, [1]);
    offerings.forget([1]);
    await reading;
    await offerings.variants({ db }, [1]);
    expect(asked).toEqual([[1], [1]]);
  });
});
