/**
 * A statement built once runs on the connection of whoever calls it (decision 0151): inside a
 * transaction on the transaction's own, so it sees the transaction's rows and goes with its rollback;
 * outside on the pool, after the transaction it was first built in has ended.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './client.ts';
import { builtOnce, rawStatement } from './built-once.ts';
import { idempotencyKeys } from './platform.tables.ts';
import { createTestDatabase } from '../testing/test-database.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const p = sql.placeholder;
const claim = builtOnce<{ scope: string; key: string; at: Date }, { key: string }[]>((db) =>
  db
    .insert(idempotencyKeys)
    .values({ scope: p('scope'), key: p('key'), requestHash: 'h', state: 'in_progress', lockedUntil: p('at'), createdAt: p('at') })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key })
    .prepare('test_claim'),
);
const countKeys = builtOnce<{ scope: string }, { rows: { n: number }[] }>((db) =>
  rawStatement(db, sql`select count(*)::int as n from ${idempotencyKeys} where scope = ${p('scope')}`),
);
const keysIn = async (db: Parameters<typeof countKeys>[0], scope: string) => Number((await countKeys(db, { scope })).rows[0]!.n);

it('runs in the caller’s transaction, and on the pool once that has ended', async () => {
  const at = new Date('2026-11-30T12:00:00Z');
  // First built inside a transaction that rolls back: its insert is seen there and gone after.
  const seen: { claimed?: { key: string }[]; inside?: number; outside?: number } = {};
  const rolledBack = database.db.transaction(async (tx) => {
    seen.claimed = await claim(tx, { scope: 'built-once', key: 'a', at });
    seen.inside = await keysIn(tx, 'built-once');
    // Not yet committed: the pool's other connections do not see it (PGlite has the one connection, which the transaction holds).
    seen.outside = database.kind === 'postgres' ? await keysIn(database.db, 'built-once') : 0;
    throw new Error('roll back');
  });
  await expect(rolledBack).rejects.toThrow('roll back');
  expect(seen).toEqual({ claimed: [{ key: 'a' }], inside: 1, outside: 0 });
  expect(await keysIn(database.db, 'built-once')).toBe(0);
  // Then on the pool, with other values each time.
  expect(await claim(database.db, { scope: 'built-once', key: 'b', at })).toEqual([{ key: 'b' }]);
  expect(await claim(database.db, { scope: 'built-once', key: 'b', at })).toEqual([]);
  expect(await claim(database.db, { scope: 'built-once', key: 'c', at })).toEqual([{ key: 'c' }]);
  expect(await keysIn(database.db, 'built-once')).toBe(2);
  // The timestamp went through the column's own encoding, as any insert's does.
  const stored = (
    (await database.db.execute(sql`select locked_until = ${at.toISOString()}::timestamptz as same from ${idempotencyKeys} where key = 'c'`)) as unknown as {
      rows: { same: boolean }[];
    }
  ).rows[0]!;
  expect(stored.same).toBe(true);
});

const nextOf = builtOnce<{ n: number }, { rows: { next: number }[] }>((db) => rawStatement(db, sql`select ${p('n')}::int + 1 as next`));

it.runIf(process.env.TEST_DATABASE === 'postgres')('runs on PostgreSQL and on PGlite in one process, each built for its own driver', async () => {
  // The suites' processes hold both (a worker runs PostgreSQL's suites and the shop on its embedded database): a statement
  // built for one driver and run on the other's connection reached PGlite malformed, and left it in an aborted transaction.
  const embedded = await openDatabase({});
  try {
    expect((await nextOf(database.db, { n: 1 })).rows).toEqual([{ next: 2 }]);
    expect((await nextOf(embedded.db, { n: 2 })).rows).toEqual([{ next: 3 }]);
    expect(await embedded.db.transaction(async (tx) => (await nextOf(tx, { n: 3 })).rows)).toEqual([{ next: 4 }]);
    expect((await nextOf(database.db, { n: 4 })).rows).toEqual([{ next: 5 }]);
  } finally {
    await embedded.close();
  }
});
