/** The SQL of idempotency keys (idempotency.ts holds the rules). */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { idempotencyKeys } from '../db/platform.tables.ts';
import { builtOnce, rawStatement } from '../db/built-once.ts';

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

const p = sql.placeholder;

/** The claim and the answer's keeping, run on every idempotent call: built once (decision 0151). */
const claimRelaxed = builtOnce<Record<string, unknown>, { rows: { key: string }[] }>((db) =>
  rawStatement(
    db,
    sql`${RELAXED}
      insert into ${idempotencyKeys} (scope, key, request_hash, state, locked_until, created_at)
      select ${p('scope')}, ${p('key')}, ${p('requestHash')}, 'in_progress', ${p('lockedUntil')}::timestamptz, ${p('now')}::timestamptz from relaxed
      on conflict do nothing returning key`,
  ),
);
const claim = builtOnce<Record<string, unknown>, { key: string }[]>((db) =>
  db
    .insert(idempotencyKeys)
    .values({ scope: p('scope'), key: p('key'), requestHash: p('requestHash'), state: 'in_progress', lockedUntil: p('lockedUntil'), createdAt: p('now') })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key })
    .prepare('claim_idempotency_key'),
);
const finishRelaxed = builtOnce<Record<string, unknown>, unknown>((db) =>
  rawStatement(
    db,
    sql`${RELAXED}
      update ${idempotencyKeys} set state = 'done', response_status = ${p('status')}, response = ${p('json')}::jsonb
      from relaxed where scope = ${p('scope')} and key = ${p('key')}`,
  ),
);
const finish = builtOnce<Record<string, unknown>, unknown>((db) =>
  db
    .update(idempotencyKeys)
    .set({ state: 'done', responseStatus: sql`${p('status')}`, response: sql`${p('json')}::jsonb` })
    .where(and(eq(idempotencyKeys.scope, p('scope')), eq(idempotencyKeys.key, p('key'))))
    .prepare('finish_idempotency_key'),
);

/** Claims the key for a call that now runs (`insert … on conflict do nothing`); false when it is held or done already. */
export async function claimKey(
  db: Database,
  name: KeyName,
  claimed: { requestHash: string; lockedUntil: Date; now: Date },
  relaxed: boolean,
): Promise<boolean> {
  const values = { ...name, requestHash: claimed.requestHash, lockedUntil: claimed.lockedUntil, now: claimed.now };
  if (relaxed) return (await claimRelaxed(db, { ...values, lockedUntil: claimed.lockedUntil.toISOString(), now: claimed.now.toISOString() })).rows.length > 0;
  return (await claim(db, values)).length > 0;
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
  await (relaxed ? finishRelaxed : finish)(db, { ...name, status, json });
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
