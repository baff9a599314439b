import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle, type DatabaseOptions } from '../db/client.ts';
import { applyMigrations } from '../db/migrate.ts';

/** The API suites' dumped PGlite databases (global-setup.ts): migrated and seeded, and migrated only. */
declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgliteMigratedTemplate: string;
    postgresTemplates: PostgresTemplates | undefined;
  }
}

/** The API suites' PostgreSQL databases to copy (global-setup-postgres.ts), on the server they were made on. */
export interface PostgresTemplates {
  server: string;
  migrated: string;
  seeded: string;
}

/** A PostgreSQL URL's server, so a test on a server of its own never asks it for a template it does not have. */
export const serverOf = (url: string | undefined): string => {
  if (!url) return '';
  const { hostname, port } = new URL(url);
  return `${hostname}:${port || '5432'}`;
};

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

export async function createTestDatabase(
  limits: Pick<DatabaseOptions, 'statementTimeoutMs' | 'connectTimeoutMs'> = {},
  /** On PostgreSQL, start from the demo seed already run (PGlite's databases always do). */
  seeded = false,
): Promise<DatabaseHandle> {
  if (process.env.TEST_DATABASE !== 'postgres') {
    const templateFile = inject('pgliteTemplate');
    const template = templateFile ? new Blob([fs.readFileSync(templateFile)]) : undefined;
    const handle = await openDatabase({ template });
    await applyMigrations(handle);
    return handle;
  }
  const templates = inject('postgresTemplates');
  const template = templates && templates.server === serverOf(process.env.DATABASE_URL) ? templates[seeded ? 'seeded' : 'migrated'] : undefined;
  // A copy of the migrated (and seeded) template; else, as before, an empty database migrated here.
  const { url, drop } = await createEmptyPostgresDatabase('shop_test', template).catch(() => createEmptyPostgresDatabase('shop_test'));
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
export async function createEmptyPostgresDatabase(prefix: string, template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
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
  await admin(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * A shop's embedded database folder (DATA_DIR's `pglite`) written out from the API suites' dump, for a test whose shop would
 * otherwise run initdb and every migration (and the demo seed: `seeded`) on start. The shop still migrates and seeds on start,
 * finding nothing left to do. The dump is a plain tar, as PGlite writes one; unpacking it here takes a fraction of PGlite's own
 * unpacking into a folder.
 */
export function writePgliteDataDir(template: 'seeded' | 'migrated', dataDir: string): void {
  const tar = fs.readFileSync(inject(template === 'seeded' ? 'pgliteTemplate' : 'pgliteMigratedTemplate'));
  const folder = path.join(dataDir, 'pglite');
  const field = (header: Buffer, start: number, length: number) => header.toString('latin1', start, start + length).replace(/\0.*$/s, '');
  for (let offset = 0; offset + 512 <= tar.length;) {
    const header = tar.subarray(offset, offset + 512);
    const name = field(header, 0, 100);
    if (name === '') break; // The archive's closing empty blocks.
    const size = Number.parseInt(field(header, 124, 12).trim() || '0', 8);
    const type = field(header, 156, 1);
    const target = path.join(folder, field(header, 345, 155), name);
    if (type === '5') fs.mkdirSync(target, { recursive: true });
    else if (type === '0' || type === '') {
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, tar.subarray(offset + 512, offset + 512 + size), { mode: Number.parseInt(field(header, 100, 8).trim() || '600', 8) });
    } else throw new Error(`The PGlite dump holds an entry of tar type ${type}, which this does not unpack: ${name}`);
    offset += 512 + Math.ceil(size / 512) * 512;
  }
}
