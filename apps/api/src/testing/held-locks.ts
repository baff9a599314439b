import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.ts';

/**
 * Races made certain on PostgreSQL: a lock held by a transaction of its own connection, and a wait
 * until the shop's statements are queued behind it, so two requests really overlap where a test says.
 */

/** Runs the statement in a transaction of its own connection and keeps it open until the returned function is called. */
export async function lockInOwnTransaction(db: Database, statement: SQL): Promise<() => Promise<void>> {
  let locked!: () => void;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (locked = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const done = db.transaction(async (tx) => {
    await tx.execute(statement);
    locked();
    await released;
  });
  await held;
  return async () => {
    release();
    await done;
  };
}

/** Until `n` of the database's statements are waiting for a lock. */
export async function lockWaits(db: Database, n: number): Promise<void> {
  const waiting = async () =>
    (
      (await db.execute(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]!.n;
  while ((await waiting()) < n) await new Promise((resolve) => setImmediate(resolve));
}
