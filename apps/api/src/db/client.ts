import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The one query-builder type both drivers share: modules never know which one they run on. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  readonly db: Database;
  readonly kind: DatabaseKind;
  /** Runs a statement outside drizzle (maintenance: VACUUM, advisory locks). */
  exec(statement: string): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball, to start other instances from. */
  dump?: () => Promise<Blob>;
}

export interface DatabaseOptions {
  /** A postgres:// URL selects PostgreSQL; otherwise PGlite stores its files in `dataDir`. */
  url?: string;
  dataDir?: string;
  poolSize?: number;
  /** PGlite only: start from a dumped data directory (a migrated template) instead of initdb. */
  template?: Blob;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) return openPostgres(options.url, options.poolSize ?? 10);
  return openPglite(options.dataDir, options.template);
}

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  await db.execute(sql`select 1`);
  return {
    db,
    kind: 'postgres',
    exec: async (statement) => {
      await pool.query(statement);
    },
    close: () => pool.end(),
  };
}

/** `dataDir` undefined gives an in-memory database (tests). */
async function openPglite(dataDir: string | undefined, template: Blob | undefined): Promise<DatabaseHandle> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true }); // PGlite will not create parent folders.
  const client = await PGlite.create(dataDir ?? 'memory://', {
    extensions: { pg_trgm },
    ...(template ? { loadDataDir: template } : {}),
  });
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    exec: async (statement) => {
      await client.exec(statement);
    },
    close: () => client.close(),
    dump: () => client.dumpDataDir('none'),
  };
}
