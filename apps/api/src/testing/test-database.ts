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
  return {
    ...handle,
    async close() {
      await handle.close();
      await drop();
    },
  };
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
