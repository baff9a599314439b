import { londonIsoDate } from '@shop/contracts';
import type { BeaconsWrite, EventCount, EventRow } from './analytics.repository.ts';

/**
 * The beacons that come within a few milliseconds of each other are stored together, in one statement
 * (decision 0143): at a few hundred beacons a second, one statement for every few dozen instead of one
 * each. Each beacon still gets its own answer (how many of its events were new), a repeat of an event
 * another beacon of the same write carries counts as that beacon's drop, and the roll-up still counts a
 * (metric, subject) once a beacon, on the London day the beacon came.
 */

/** A beacon's events as the service admitted them, and the roll-up counts they make if stored. */
export interface Beacon {
  rows: readonly EventRow[];
  counts: readonly EventCount[];
}

/** The beacons as one write, an event that an earlier beacon of the write carries left out (with its counts). */
export function beaconsWrite(beacons: readonly Beacon[]): BeaconsWrite {
  const taken = new Set<string>();
  const write: BeaconsWrite = { rows: [], counts: [] };
  beacons.forEach(({ rows, counts }, beacon) => {
    const own = new Set<string>();
    for (const row of rows) {
      if (taken.has(row.messageId)) continue;
      own.add(row.messageId);
      write.rows.push(row);
    }
    for (const id of own) taken.add(id);
    const day = rows[0] ? londonIsoDate(rows[0].receivedAt as Date) : '';
    for (const count of counts) if (own.has(count.messageId)) write.counts.push({ ...count, beacon, day });
  });
  return write;
}

/** How many of each beacon's events the write stored (`stored`: the ids it inserted), in the beacons' order. */
export function storedPerBeacon(beacons: readonly Beacon[], write: BeaconsWrite, stored: ReadonlySet<string>): number[] {
  const written = new Set(write.rows.map((row) => row.messageId));
  const owner = new Map<string, number>();
  beacons.forEach(({ rows }, beacon) => {
    for (const row of rows) if (written.has(row.messageId) && !owner.has(row.messageId)) owner.set(row.messageId, beacon);
  });
  const counts = beacons.map(() => 0);
  for (const id of stored) {
    const beacon = owner.get(id);
    if (beacon !== undefined) counts[beacon]! += 1;
  }
  return counts;
}

/** How long the first beacon of a write waits for others, and how many events make a write go at once. */
export interface WriteTogetherSettings {
  windowMs: number;
  maxEvents: number;
}

interface Waiting {
  beacon: Beacon;
  resolve: (stored: number) => void;
  reject: (error: unknown) => void;
}

/**
 * `store` called for the beacons that come together (per database: each has its own writes), each
 * caller answered with its own beacon's number of stored events, or the write's error.
 */
export function writeTogether<Db extends object>(
  store: (db: Db, write: BeaconsWrite) => Promise<ReadonlySet<string>>,
  { windowMs, maxEvents }: WriteTogetherSettings,
): (db: Db, beacon: Beacon) => Promise<number> {
  const pending = new Map<Db, { waiting: Waiting[]; events: number; timer: ReturnType<typeof setTimeout> }>();

  const flush = (db: Db) => {
    const open = pending.get(db);
    if (!open) return;
    pending.delete(db);
    clearTimeout(open.timer);
    const beacons = open.waiting.map((waiting) => waiting.beacon);
    const write = beaconsWrite(beacons);
    store(db, write).then(
      (stored) => {
        const counts = storedPerBeacon(beacons, write, stored);
        open.waiting.forEach((waiting, index) => waiting.resolve(counts[index]!));
      },
      (error: unknown) => open.waiting.forEach((waiting) => waiting.reject(error)),
    );
  };

  return (db, beacon) => {
    if (beacon.rows.length === 0) return Promise.resolve(0);
    return new Promise<number>((resolve, reject) => {
      let open = pending.get(db);
      if (!open) {
        open = { waiting: [], events: 0, timer: setTimeout(() => flush(db), windowMs) };
        pending.set(db, open);
      }
      open.waiting.push({ beacon, resolve, reject });
      open.events += beacon.rows.length;
      if (open.events >= maxEvents) flush(db);
    });
  };
}
