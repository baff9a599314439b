import { describe, expect, it } from 'vitest';
import type { BeaconsWrite, EventRow } from './analytics.repository.ts';
import { beaconsWrite, storedPerBeacon, writeTogether, type Beacon } from './beacons-together.ts';

const at = new Date('2026-07-01T23:30:00Z');
const row = (messageId: string, receivedAt = at): EventRow => ({ messageId, event: 'Product Viewed', receivedAt, properties: { product_id: '1' } });
const beacon = (ids: string[], receivedAt = at): Beacon => ({
  rows: ids.map((id) => row(id, receivedAt)),
  counts: ids.map((messageId) => ({ messageId, metric: 'product-viewed', subject: '1' })),
});

describe('beaconsWrite', () => {
  it('writes every beacon’s events, each count marked with its beacon and the London day it came', () => {
    const write = beaconsWrite([beacon(['a', 'b']), beacon(['c'], new Date('2026-07-02T10:00:00Z'))]);
    expect(write.rows.map((one) => one.messageId)).toEqual(['a', 'b', 'c']);
    // 23:30 UTC in July is the next day in London.
    expect(write.counts.map(({ messageId, beacon: index, day }) => [messageId, index, day])).toEqual([
      ['a', 0, '2026-07-02'],
      ['b', 0, '2026-07-02'],
      ['c', 1, '2026-07-02'],
    ]);
  });

  it('leaves out an event an earlier beacon of the write carries, with its counts', () => {
    const write = beaconsWrite([beacon(['a', 'b']), beacon(['b', 'c'])]);
    expect(write.rows.map((one) => one.messageId)).toEqual(['a', 'b', 'c']);
    expect(write.counts.map((count) => [count.messageId, count.beacon])).toEqual([
      ['a', 0],
      ['b', 0],
      ['c', 1],
    ]);
  });
});

describe('storedPerBeacon', () => {
  it('gives each beacon the events it brought that were stored: a repeat is the first beacon’s, one stored before is no one’s', () => {
    const beacons = [beacon(['a', 'b']), beacon(['b', 'c']), beacon(['d'])];
    const write = beaconsWrite(beacons);
    expect(storedPerBeacon(beacons, write, new Set(['a', 'b', 'c']))).toEqual([2, 1, 0]);
  });
});

describe('writeTogether', () => {
  /** A store that keeps each write and stores every id it has not stored before. */
  function recordingStore() {
    const writes: BeaconsWrite[] = [];
    const stored = new Set<string>();
    const store = async (_db: object, write: BeaconsWrite) => {
      writes.push(write);
      const fresh = new Set(write.rows.map((one) => one.messageId).filter((id) => !stored.has(id)));
      for (const id of fresh) stored.add(id);
      return fresh;
    };
    return { writes, store };
  }

  it('stores the beacons that come together in one write, answering each with its own count', async () => {
    const { writes, store } = recordingStore();
    const write = writeTogether(store, { windowMs: 5, maxEvents: 100 });
    const db = {};
    const answers = await Promise.all([write(db, beacon(['a', 'b'])), write(db, beacon(['b', 'c'])), write(db, beacon(['d']))]);
    expect(answers).toEqual([2, 1, 1]);
    expect(writes).toHaveLength(1);
    // A later beacon is a write of its own, and an event stored before counts nothing.
    expect(await write(db, beacon(['a', 'e']))).toBe(1);
    expect(writes).toHaveLength(2);
  });

  it('writes at once when the events reach the most a write takes, and keeps each database’s beacons apart', async () => {
    const { writes, store } = recordingStore();
    // A window no test waits out: only the count can send the first write.
    const write = writeTogether(store, { windowMs: 60_000, maxEvents: 3 });
    const [shop, other] = [{}, {}];
    const first = write(shop, beacon(['a', 'b']));
    const elsewhere = write(other, beacon(['x', 'y', 'z']));
    const second = write(shop, beacon(['c']));
    expect(await Promise.all([first, second, elsewhere])).toEqual([2, 1, 3]);
    expect(writes.map((made) => made.rows.map((one) => one.messageId))).toEqual([
      ['x', 'y', 'z'],
      ['a', 'b', 'c'],
    ]);
  });

  it('gives every beacon of a failed write the failure', async () => {
    const failure = new Error('database away');
    const write = writeTogether(() => Promise.reject(failure), { windowMs: 1, maxEvents: 100 });
    const db = {};
    const answers = await Promise.allSettled([write(db, beacon(['a'])), write(db, beacon(['b']))]);
    expect(answers).toEqual([
      { status: 'rejected', reason: failure },
      { status: 'rejected', reason: failure },
    ]);
  });

  it('answers a beacon with no events to keep at once, writing nothing', async () => {
    const { writes, store } = recordingStore();
    expect(await writeTogether(store, { windowMs: 60_000, maxEvents: 100 })({}, beacon([]))).toBe(0);
    expect(writes).toEqual([]);
  });
});
