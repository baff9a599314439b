import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './client.ts';
import { applyMigrations, NO_TRANSACTION_MARKER, pendingMigrations, readMigrations } from './migrate.ts';
import { createEmptyPostgresDatabase } from '../testing/test-database.ts';

const onPostgres = process.env.TEST_DATABASE === 'postgres';
const folders: string[] = [];
const cleanups: (() => Promise<void>)[] = [];

/** A migrations folder as drizzle-kit writes one: a journal and a file per migration. */
function migrationsFolder(migrations: { tag: string; sql: string }[]): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  folders.push(folder);
  fs.mkdirSync(path.join(folder, 'meta'));
  const entries = migrations.map(({ tag }, idx) => ({ idx, version: '7', when: 1_700_000_000_000 + idx, tag, breakpoints: true }));
  fs.writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ version: '7', dialect: 'postgresql', entries }));
  for (const { tag, sql } of migrations) fs.writeFileSync(path.join(folder, `${tag}.sql`), sql);
  return folder;
}

/** An empty database (no shop tables, no migrations applied) that any number of handles may open. */
async function emptyDatabase(): Promise<{ open: () => Promise<DatabaseHandle> }> {
  if (!onPostgres) {
    const handle = await openDatabase({});
    cleanups.push(() => handle.close());
    return { open: async () => handle };
  }
  const { url, drop } = await createEmptyPostgresDatabase('shop_migrate');
  const handles: DatabaseHandle[] = [];
  cleanups.push(async () => {
    await Promise.all(handles.map((handle) => handle.close()));
    await drop();
  });
  return {
    async open() {
      const handle = await openDatabase({ url, poolSize: 1 });
      handles.push(handle);
      return handle;
    },
  };
}

const rows = async (handle: DatabaseHandle, statement: string) => handle.session((session) => session.query(statement));

const probeTable = {
  tag: '0000_probe',
  sql:
    'create table migration_probe (id serial primary key, note text not null);\n--> statement-breakpoint\n' +
    "insert into migration_probe (note) values ('applied');",
};
const concurrentIndex = {
  tag: '0001_probe_index',
  sql:
    `${NO_TRANSACTION_MARKER}\n` +
    'drop index concurrently if exists migration_probe_note_idx;\n--> statement-breakpoint\n' +
    'create index concurrently if not exists migration_probe_note_idx on migration_probe (note);',
};

afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

describe('applying migrations', () => {
  it('applies what the database lacks, records it as drizzle does, and applies nothing the second time', async () => {
    const folder = migrationsFolder([probeTable]);
    const database = await (await emptyDatabase()).open();
    expect(await pendingMigrations(database, { folder })).toEqual(['0000_probe']);

    expect(await applyMigrations(database, { folder })).toEqual(['0000_probe']);
    expect(await applyMigrations(database, { folder })).toEqual([]);
    expect(await pendingMigrations(database, { folder })).toEqual([]);
    expect(await rows(database, 'select note from migration_probe')).toEqual([{ note: 'applied' }]);
    const [migration] = readMigrations(folder);
    expect(await rows(database, 'select hash, created_at::text as created_at from drizzle.__drizzle_migrations')).toEqual([
      { hash: migration!.hash, created_at: String(migration!.when) },
    ]);
  });

  it('runs a migration marked no-transaction outside one, so an index is built concurrently; unmarked, it fails and is not recorded', async () => {
    const database = await (await emptyDatabase()).open();
    const unmarked = { tag: concurrentIndex.tag, sql: concurrentIndex.sql.replace(`${NO_TRANSACTION_MARKER}\n`, '') };
    await expect(applyMigrations(database, { folder: migrationsFolder([probeTable, unmarked]) })).rejects.toThrow(/cannot run inside a transaction block/);
    // The first migration stays applied (each is its own transaction); the failed one is not recorded.
    expect(await pendingMigrations(database, { folder: migrationsFolder([probeTable, unmarked]) })).toEqual(['0001_probe_index']);

    expect(await applyMigrations(database, { folder: migrationsFolder([probeTable, concurrentIndex]) })).toEqual(['0001_probe_index']);
    expect(await rows(database, "select indisvalid from pg_index where indexrelid = to_regclass('migration_probe_note_idx')")).toEqual([{ indisvalid: true }]);
  });

  it.runIf(onPostgres)('applies each migration once when two migrators start together, each on its own connection', async () => {
    const folder = migrationsFolder([probeTable, concurrentIndex]);
    const empty = await emptyDatabase();
    const [holder, first, second] = await Promise.all([empty.open(), empty.open(), empty.open()]);
    // Both migrators are made to start while the lock is taken, so both are waiting for it at once when it is let go.
    await holder!.session(async (session) => {
      await session.query('select pg_advisory_lock(7340221)');
      const runs = [applyMigrations(first!, { folder }), applyMigrations(second!, { folder })];
      for (;;) {
        const [waiting] = await session.query(
          "select count(*)::int as n from pg_stat_activity where datname = current_database() and query like 'select pg_try_advisory_lock%'",
        );
        if (waiting!.n === 2) break;
        await sleep(20);
      }
      await session.query('select pg_advisory_unlock(7340221)');
      const applied = await Promise.all(runs);
      expect(applied.flat().toSorted()).toEqual(['0000_probe', '0001_probe_index']);
      expect(applied.map((tags) => tags.length).toSorted((a, b) => a - b)).toEqual([0, 2]);
    });
    expect(await rows(holder!, 'select count(*)::int as n from migration_probe')).toEqual([{ n: 1 }]);
    expect(await rows(holder!, 'select count(*)::int as n from drizzle.__drizzle_migrations')).toEqual([{ n: 2 }]);
    // Other suites migrate their own databases on the same server at the same time, taking the same lock number there.
    const ownLocks =
      "select count(*)::int as n from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())";
    expect(await rows(holder!, ownLocks)).toEqual([{ n: 0 }]);
  });
});
