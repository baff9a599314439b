/** The SQL of idempotency keys (idempotency.ts holds the rules). */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { idempotencyKeys } from '../db/platform.tables.ts';

export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;

/** A key: what it is for and whose it is (`scope`), and the key the caller sent. */
export interface KeyName {
  scope: string;
  key: string;
}

/**
 * Relaxed statements commit without waiting for the disk: PostgreSQL's `SET LOCAL synchronous_commit = off`,
 * prefixed to a statement, for that statement's implicit transaction.
 */
const RELAXED = sql`with relaxed as (select set_config('synchronous_commit', 'off', true) as setting)`;

const named = ({ scope, key }: KeyName) => and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));
const rowsOf = (result: unknown) => (result as { rows: { key: string }[] }).rows;

/** Claims the key for a call that now runs (`insert … on conflict do nothing`); false when it is held or done already. */
export async function claimKey(db: Database, name: KeyName, claim: { requestHash: string; lockedUntil: Date; now: Date }, relaxed: boolean): Promise<boolean> {
  if (relaxed) {
    const result = await db.execute(sql`${RELAXED}
      insert into ${idempotencyKeys} (scope, key, request_hash, state, locked_until, created_at)
      select ${name.scope}, ${name.key}, ${claim.requestHash}, 'in_progress',
        ${claim.lockedUntil.toISOString()}::timestamptz, ${claim.now.toISOString()}::timestamptz from relaxed
      on conflict do nothing returning key`);
    return rowsOf(result).length > 0;
  }
  const rows = await db
    .insert(idempotencyKeys)
    .values({ ...name, requestHash: claim.requestHash, state: 'in_progress', lockedUntil: claim.lockedUntil, createdAt: claim.now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return rows.length > 0;
}

export async function findKey(db: Database, name: KeyName): Promise<IdempotencyKeyRow | undefined> {
  const [row] = await db.select().from(idempotencyKeys).where(named(name));
  return row;
}

/** Takes over a key still in progress whose lease ran out before `now`; false when another call holds it. */
export async function takeOverKey(db: Database, name: KeyName, lockedUntil: Date, now: Date): Promise<boolean> {
  const rows = await db
    .update(idempotencyKeys)
    .set({ lockedUntil })
    .where(and(named(name), eq(idempotencyKeys.state, 'in_progress'), lt(idempotencyKeys.lockedUntil, now)))
    .returning({ key: idempotencyKeys.key });
  return rows.length > 0;
}

/** Stores the answer a replay gives (`json`: the answer as JSON text). */
export async function finishKey(db: Database, name: KeyName, status: number, json: string, relaxed: boolean): Promise<void> {
  if (relaxed) {
    await db.execute(sql`${RELAXED}
      update ${idempotencyKeys} set state = 'done', response_status = ${status}, response = ${json}::jsonb
      from relaxed where scope = ${name.scope} and key = ${name.key}`);
    return;
  }
  await db
    .update(idempotencyKeys)
    .set({ state: 'done', responseStatus: status, response: sql`${json}::jsonb` })
    .where(named(name));
}

/** Frees a key whose call failed without an answer to keep, so a retry runs again. */
/** Frees a claim still running; with `lockedUntil`, only that claim (not one taken over since). */
export async function freeKey(db: Database, name: KeyName, lockedUntil?: Date): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(and(named(name), eq(idempotencyKeys.state, 'in_progress'), lockedUntil ? eq(idempotencyKeys.lockedUntil, lockedUntil) : undefined));
}

/** Deletes finished keys made before `before`; returns how many went. */
export async function deleteFinishedKeys(db: Database, before: Date): Promise<number> {
  const rows = await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.state, 'done'), lt(idempotencyKeys.createdAt, before)))
    .returning({ key: idempotencyKeys.key });
  return rows.length;
}
