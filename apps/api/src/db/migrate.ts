import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { DatabaseHandle } from './client.ts';

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

// Any fixed number works; it only has to be the same for every instance of the shop.
const MIGRATION_LOCK_ID = 7_340_221;

/**
 * Applies drizzle-kit's generated migrations in code (drizzle-kit cannot load pg_trgm into PGlite).
 * On PostgreSQL an advisory lock keeps two instances starting together from racing.
 */
export async function applyMigrations(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  await handle.exec(`select pg_advisory_lock(${MIGRATION_LOCK_ID})`);
  try {
    await migratePg(handle.db as unknown as NodePgDatabase, { migrationsFolder });
  } finally {
    await handle.exec(`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`);
  }
}

interface JournalEntry {
  tag: string;
  when: number;
}

const journal: JournalEntry[] = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')).entries;

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
