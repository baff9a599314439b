import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../db/client.ts';
import { createTestDatabase } from '../testing/test-database.ts';
import { AppError } from './errors.ts';
import { hashRequest, pruneIdempotencyKeys, withIdempotency, type IdempotencyRequest } from './idempotency.ts';

let database: DatabaseHandle;
let db: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

// Each rule holds whether the key's records wait for the disk or not (`relaxedCommit`).
let relaxedCommit = false;
const request = (key: string, body: unknown, scope = 'test.create', caller: IdempotencyRequest['caller'] = { userId: 'user-a' }): IdempotencyRequest => ({
  key,
  scope,
  caller,
  requestHash: hashRequest(body),
  relaxedCommit,
});

/** A call that waits for `release()` before it finishes. */
function gated<T>(result: T) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  const run = async () => {
    started();
    await gate;
    return result;
  };
  return { run, release, running };
}

describe.each([false, true])('withIdempotency (relaxed commit: %s)', (relaxed) => {
  beforeAll(() => {
    relaxedCommit = relaxed;
  });

  it('runs once per key: the same key and body replay the first result', async () => {
    const key = randomUUID();
    let runs = 0;
    const run = async () => ({ id: `pi_${++runs}`, at: new Date('2026-01-01T00:00:00Z') });
    const first = await withIdempotency(db, request(key, { amountPence: 100 }), run);
    const second = await withIdempotency(db, request(key, { amountPence: 100 }), run);
    expect(runs).toBe(1);
    expect(second).toEqual(first);
    // The first caller gets what a replay gets: JSON.
    expect(first).toEqual({ id: 'pi_1', at: '2026-01-01T00:00:00.000Z' });
  });

  it('hashes bodies by content, not key order', () => {
    expect(hashRequest({ a: 1, b: { c: [1, 2], d: undefined } })).toBe(hashRequest({ b: { c: [1, 2] }, a: 1 }));
    expect(hashRequest({ a: 1 })).not.toBe(hashRequest({ a: 2 }));
  });

  it('refuses the same key with a different body: 422 IDEMPOTENCY_KEY_REUSED', async () => {
    const key = randomUUID();
    await withIdempotency(db, request(key, { amountPence: 100 }), async () => 'ok');
    const refused = withIdempotency(db, request(key, { amountPence: 101 }), async () => 'never');
    await expect(refused).rejects.toMatchObject({ status: 422, code: 'IDEMPOTENCY_KEY_REUSED' });
  });

  it('answers 409 IDEMPOTENCY_IN_PROGRESS while the first call with the key still runs', async () => {
    const key = randomUUID();
    const slow = gated({ id: 'first' });
    const first = withIdempotency(db, request(key, { n: 1 }), slow.run);
    await slow.running;
    let secondRan = false;
    const second = withIdempotency(db, request(key, { n: 1 }), async () => {
      secondRan = true;
      return { id: 'second' };
    });
    await expect(second).rejects.toMatchObject({ status: 409, code: 'IDEMPOTENCY_IN_PROGRESS' });
    slow.release();
    expect(await first).toEqual({ id: 'first' });
    expect(await withIdempotency(db, request(key, { n: 1 }), async () => ({ id: 'third' }))).toEqual({ id: 'first' });
    expect(secondRan).toBe(false);
  });

  it('lets exactly one of many simultaneous calls run', async () => {
    const key = randomUUID();
    let runs = 0;
    const outcomes = await Promise.allSettled(
      Array.from({ length: 8 }, () =>
        withIdempotency(db, request(key, { n: 8 }), async () => {
          runs++;
          await new Promise((resolve) => setTimeout(resolve, 50));
          return 'done';
        }),
      ),
    );
    expect(runs).toBe(1);
    const fulfilled = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const rejected = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    // On PGlite calls queue on its one connection, so later ones may see the stored result instead.
    expect(fulfilled.length).toBeGreaterThanOrEqual(1);
    for (const outcome of rejected) expect(outcome.reason).toMatchObject({ code: 'IDEMPOTENCY_IN_PROGRESS' });
  });

  it('stores a 4xx refusal and replays it; a 5xx or crash is not stored, so a retry runs again', async () => {
    const refusedKey = randomUUID();
    let runs = 0;
    const refuse = async () => {
      runs++;
      throw new AppError(402, 'CARD_DECLINED', 'Your card was declined.', { errors: [{ path: 'card', message: 'declined', code: 'declined' }] });
    };
    await expect(withIdempotency(db, request(refusedKey, {}), refuse)).rejects.toMatchObject({ status: 402, code: 'CARD_DECLINED' });
    const replayed = await withIdempotency(db, request(refusedKey, {}), refuse).catch((error: unknown) => error);
    expect(replayed).toBeInstanceOf(AppError);
    expect(replayed).toMatchObject({ status: 402, code: 'CARD_DECLINED', message: 'Your card was declined.', errors: [{ path: 'card' }] });
    expect(runs).toBe(1);

    const brokenKey = randomUUID();
    let attempts = 0;
    const flaky = async () => {
      if (++attempts === 1) throw new Error('gateway timed out');
      return 'second time lucky';
    };
    await expect(withIdempotency(db, request(brokenKey, {}), flaky)).rejects.toThrow('gateway timed out');
    expect(await withIdempotency(db, request(brokenKey, {}), flaky)).toBe('second time lucky');
  });

  it('frees the key when the outcome cannot be recorded, so a retry runs again rather than waiting out the claim', async () => {
    // PostgreSQL cannot store a NUL in JSON: the recording fails as it would with the database gone at that moment.
    const key = randomUUID();
    let runs = 0;
    const answer = async () => (++runs === 1 ? 'not\u0000storable' : 'stored');
    await expect(withIdempotency(db, request(key, {}), answer)).rejects.toThrow(/unicode|\\u0000/i);
    expect(await withIdempotency(db, request(key, {}), answer)).toBe('stored');
    expect(await withIdempotency(db, request(key, {}), answer)).toBe('stored');
    expect(runs).toBe(2);
  });

  it('keeps keys apart by scope, takes over a key whose caller crashed, and refuses malformed keys', async () => {
    const key = randomUUID();
    expect(await withIdempotency(db, request(key, {}, 'scope.a'), async () => 'a')).toBe('a');
    expect(await withIdempotency(db, request(key, {}, 'scope.b'), async () => 'b')).toBe('b');
    // A stored answer is its caller's: another user, a guest or the shop with the same key gets its own.
    expect(await withIdempotency(db, request(key, {}, 'scope.a', { userId: 'user-b' }), async () => 'b’s')).toBe('b’s');
    expect(await withIdempotency(db, request(key, {}, 'scope.a', null), async () => 'guest’s')).toBe('guest’s');
    expect(await withIdempotency(db, request(key, {}, 'scope.a', 'shop'), async () => 'shop’s')).toBe('shop’s');
    expect(await withIdempotency(db, request(key, {}, 'scope.a'), async () => 'not run')).toBe('a');

    const crashedKey = randomUUID();
    const stuck = gated('never finishes');
    const crashed = withIdempotency(db, request(crashedKey, {}), stuck.run);
    await stuck.running;
    const later = new Date(Date.now() + 10 * 60_000); // after the two-minute lease
    expect(await withIdempotency(db, { ...request(crashedKey, {}), now: later }, async () => 'taken over')).toBe('taken over');
    stuck.release();
    await crashed;

    await expect(withIdempotency(db, request('', {}), async () => 'x')).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_INVALID' });
    await expect(withIdempotency(db, request('has space', {}), async () => 'x')).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_INVALID' });
  });

  it('forgets finished keys after a day, as Stripe does', async () => {
    const key = randomUUID();
    const dayAgo = new Date(Date.now() - 25 * 60 * 60_000);
    expect(await withIdempotency(db, { ...request(key, {}), now: dayAgo }, async () => 'old')).toBe('old');
    expect(await pruneIdempotencyKeys(db, new Date())).toBeGreaterThanOrEqual(1);
    expect(await withIdempotency(db, request(key, {}), async () => 'new')).toBe('new');
  });
});
