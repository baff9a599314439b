import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle, type DatabaseOptions } from '../db/client.ts';
import { applyMigrations } from '../db/migrate.ts';

/**
 * An isolated, migrated database for one test file: in-memory PGlite, or (TEST_DATABASE=postgres)
 * a fresh database on the server named by DATABASE_URL, dropped again on close.
 */
/** The URL of each PostgreSQL test database, so a test can open a second handle on it (another instance). */
const urls = new WeakMap<DatabaseHandle, string>();

/** Another handle (pool) on a PostgreSQL test database, as a second instance of the shop would open it; close it before the database. */
export function openSameDatabase(database: DatabaseHandle, options: Pick<DatabaseOptions, 'readUrl' | 'replicaRetryMs'> = {}): Promise<DatabaseHandle> {
  const url = urls.get(database);
  if (!url) throw new Error('Only a PostgreSQL test database can be opened twice');
  return openDatabase({ url, poolSize: 5, ...options });
}

export async function createTestDatabase(limits: Pick<DatabaseOptions, 'statementTimeoutMs' | 'connectTimeoutMs'> = {}): Promise<DatabaseHandle> {
  if (process.env.TEST_DATABASE !== 'postgres') {
    const templateFile = inject('pgliteTemplate');
    const template = templateFile ? new Blob([fs.readFileSync(templateFile)]) : undefined;
    const handle = await openDatabase({ template });
    await applyMigrations(handle);
    return handle;
  }
  const { url, drop } = await createEmptyPostgresDatabase('shop_test');
  const handle = await openDatabase({ url, poolSize: 5, ...limits });
  await applyMigrations(handle);
  const database: DatabaseHandle = {
    ...handle,
    async close() {
      await handle.close();
      await drop();
    },
  };
  urls.set(database, url.toString());
  return database;
}

/** A new, empty database on the server named by DATABASE_URL: its URL, and how to drop it (closing whatever is left). */
export async function createEmptyPostgresDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE=postgres needs DATABASE_URL');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
