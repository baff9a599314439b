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
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE=postgres needs DATABASE_URL');
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();

  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), poolSize: 5, ...limits });
  await applyMigrations(handle);
  return {
    ...handle,
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
