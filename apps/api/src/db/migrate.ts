import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle, SqlSession } from './client.ts';

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

// Any fixed number works; it only has to be the same for every instance of the shop.
const MIGRATION_LOCK_ID = 7_340_221;

/**
 * The first line of a migration that must run outside a transaction (`CREATE INDEX CONCURRENTLY`): write it with
 * `npm run db:generate -- --custom --name <name>`, one statement between each `--> statement-breakpoint`, each safe to
 * run again (`IF NOT EXISTS`, and `DROP INDEX CONCURRENTLY IF EXISTS` first for an index a failed build left invalid).
 */
export const NO_TRANSACTION_MARKER = '-- migrate: no-transaction';

export interface Migration {
  /** drizzle-kit's name for it, e.g. `0003_orders`. */
  tag: string;
  /** When it was generated; the database keeps the newest applied, as drizzle's own migrator does. */
  when: number;
  hash: string;
  statements: string[];
  transaction: boolean;
}

interface JournalEntry {
  tag: string;
  when: number;
}

/** drizzle-kit's migrations in `folder`, oldest first, read as drizzle's migrator reads them (same hash, same split). */
export function readMigrations(folder: string = migrationsFolder): Migration[] {
  const journal: JournalEntry[] = JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')).entries;
  return journal.map(({ tag, when }) => {
    const text = fs.readFileSync(path.join(folder, `${tag}.sql`), 'utf8');
    return {
      tag,
      when,
      hash: createHash('sha256').update(text).digest('hex'),
      statements: text.split('--> statement-breakpoint').filter((statement) => statement.trim() !== ''),
      transaction: !text.trimStart().startsWith(NO_TRANSACTION_MARKER),
    };
  });
}

/** drizzle's own bookkeeping table, kept so a database migrated by either migrator reads the same. */
const CREATE_MIGRATIONS_TABLE =
  'create schema if not exists drizzle; ' +
  'create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)';

async function newestApplied(session: SqlSession): Promise<number> {
  const [table] = await session.query("select to_regclass('drizzle.__drizzle_migrations') is not null as present");
  if (!table?.present) return 0;
  const [row] = await session.query('select coalesce(max(created_at), 0) as newest from drizzle.__drizzle_migrations');
  return Number(row?.newest ?? 0);
}

const LOCK_POLL_MS = 250;

/**
 * Takes the migration lock, trying again until it is free rather than waiting inside `pg_advisory_lock`: a session waiting
 * there holds a snapshot, which `CREATE INDEX CONCURRENTLY` on the lock's holder would wait for in turn (a deadlock).
 */
async function takeLock(session: SqlSession): Promise<void> {
  for (;;) {
    const [row] = await session.query(`select pg_try_advisory_lock(${MIGRATION_LOCK_ID}) as taken`);
    if (row?.taken) return;
    await sleep(LOCK_POLL_MS);
  }
}

/**
 * Applies the migrations the database lacks and answers their tags. All of it happens on one connection holding a
 * PostgreSQL advisory lock, so migrators started together (a Job retried, two `npm run db:migrate`) apply each once:
 * the second waits for the lock, then finds nothing to do. Each migration is its own transaction, or none for one marked
 * `NO_TRANSACTION_MARKER`, which is recorded once its last statement has run.
 */
export async function applyMigrations(handle: DatabaseHandle, options: { folder?: string } = {}): Promise<string[]> {
  const migrations = readMigrations(options.folder);
  const locked = handle.kind === 'postgres';
  return handle.session(async (session) => {
    const unlock = `select pg_advisory_unlock(${MIGRATION_LOCK_ID})`;
    if (locked) await takeLock(session);
    try {
      // A migration may take longer than a request may (an index built concurrently): no statement timeout while it runs.
      if (locked) await session.query('set statement_timeout = 0');
      const applied = await applyPending(session, migrations);
      if (locked) await session.query(`reset statement_timeout; ${unlock}`);
      return applied;
    } catch (error) {
      // The first error is the one to report; the connection is closed anyway, which ends the lock.
      if (locked) await session.query(unlock).catch(() => {});
      throw error;
    }
  });
}

async function applyPending(session: SqlSession, migrations: Migration[]): Promise<string[]> {
  await session.query(CREATE_MIGRATIONS_TABLE);
  const newest = await newestApplied(session);
  const applied: string[] = [];
  for (const migration of migrations.filter((candidate) => candidate.when > newest)) {
    const record = `insert into drizzle.__drizzle_migrations (hash, created_at) values ('${migration.hash}', ${migration.when})`;
    if (!migration.transaction) {
      for (const statement of migration.statements) await session.query(statement);
      await session.query(record);
    } else {
      await session.query('begin');
      try {
        for (const statement of migration.statements) await session.query(statement);
        await session.query(record);
        await session.query('commit');
      } catch (error) {
        await session.query('rollback');
        throw error;
      }
    }
    applied.push(migration.tag);
  }
  return applied;
}

/** The migrations this build ships that the database has not had yet (none when it is as new as the build, or newer). */
export async function pendingMigrations(handle: DatabaseHandle, options: { folder?: string } = {}): Promise<string[]> {
  const newest = await handle.session(newestApplied);
  return readMigrations(options.folder)
    .filter((migration) => migration.when > newest)
    .map((migration) => migration.tag);
}

const journal = readMigrations();

/** The tag of the newest migration applied (e.g. `0003_orders`), or null on an empty database. */
export async function schemaVersion(handle: DatabaseHandle): Promise<string | null> {
  try {
    const result = (await handle.db.execute(sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`)) as unknown as {
      rows: { created_at: string | number }[];
    };
    const newest = Number(result.rows[0]?.created_at);
    if (!newest) return null;
    return journal.find((entry) => entry.when === newest)?.tag ?? `unknown-${newest}`;
  } catch {
    return null;
  }
}

/** The tag of the newest migration this build ships, to compare with what the database has. */
export const latestMigrationTag = journal.at(-1)?.tag ?? null;
