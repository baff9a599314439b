import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApi } from '../api.ts';
import { openDatabase, type Database, type DatabaseHandle } from '../db/client.ts';
import { applyMigrations } from '../db/migrate.ts';
import { CHANGE_REBUILD_GAP_MS } from '../modules/search/index.ts';
import { createEmptyPostgresDatabase, openSameDatabase } from './test-database.ts';
import { startTestApi, type TestApi } from './test-api.ts';

/**
 * A read replica (DATABASE_READ_URL, decision 0080), played by a second database on the test
 * server: reads given to it go there, writes stay on the primary, and while it cannot be reached
 * (never from the start, or refusing from a moment on, as a replica restarting or failed over does)
 * the reads go to the primary without an error, and back to it once it answers again. The
 * catalogue's snapshot loads from it: an empty replica shows an empty shop, until it is gone.
 */
const onPostgres = process.env.TEST_DATABASE === 'postgres';

let api: TestApi;
let replica: { url: string; drop: () => Promise<void> };
const nameOfUrl = (url: string) => new URL(url).pathname.slice(1);
const admin = async (statement: string) => {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
};
/** The replica refuses connections and loses those it had, as a server going down does; or takes them again. */
const replicaDown = async (down: boolean) => {
  const name = nameOfUrl(replica.url);
  await admin(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS ${down ? 'false' : 'true'}`);
  if (down) await admin(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}' AND pid <> pg_backend_pid()`);
};
const databaseOf = async (db: Database) =>
  ((await db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] }).rows[0]!.name;

beforeAll(async () => {
  if (!onPostgres) return;
  api = await startTestApi();
  replica = await createEmptyPostgresDatabase('shop_test_replica');
  // The replica has the schema but no rows: what is read from it shows.
  const handle = await openDatabase({ url: replica.url, poolSize: 1 });
  await applyMigrations(handle);
  await handle.close();
}, 240_000);
afterAll(async () => {
  if (!onPostgres) return;
  await api.close();
  await replica.drop();
});

describe.runIf(onPostgres)('a read replica', () => {
  it('takes the reads, while writes and their transactions stay on the primary', async () => {
    const handle = await openSameDatabase(api.database, { readUrl: replica.url });
    try {
      expect(await databaseOf(handle.readDb)).toBe(nameOfUrl(replica.url));
      expect(await databaseOf(handle.db)).not.toBe(nameOfUrl(replica.url));
      expect(handle.replicaStatus!()).toEqual({ reachable: true, fallbacks: 0 });
    } finally {
      await handle.close();
    }
  });

  it('sends the reads to the primary while the replica cannot be reached, and back to the replica once it answers', async () => {
    const nowhere = new URL(replica.url);
    nowhere.port = '1';
    const neverThere = await openSameDatabase(api.database, { readUrl: nowhere.toString() });
    try {
      expect(await databaseOf(neverThere.readDb)).toBe(await databaseOf(neverThere.db));
      expect(neverThere.replicaStatus!()).toEqual({ reachable: false, fallbacks: 1 });
    } finally {
      await neverThere.close();
    }
    const handle = await openSameDatabase(api.database, { readUrl: replica.url, replicaRetryMs: 200 });
    try {
      expect(await databaseOf(handle.readDb)).toBe(nameOfUrl(replica.url));
      await replicaDown(true);
      expect(await databaseOf(handle.readDb)).toBe(await databaseOf(handle.db));
      expect(handle.replicaStatus!().fallbacks).toBeGreaterThanOrEqual(1);
      await replicaDown(false);
      await expect.poll(() => databaseOf(handle.readDb), { timeout: 10_000, interval: 100 }).toBe(nameOfUrl(replica.url));
    } finally {
      await replicaDown(false);
      await handle.close();
    }
  });

  describe('the catalogue', () => {
    let reader: FastifyInstance;
    let database: DatabaseHandle;
    let now = Date.now();
    beforeAll(async () => {
      database = await openSameDatabase(api.database, { readUrl: replica.url, replicaRetryMs: 200 });
      reader = await buildApi({ config: api.config, database, clock: { now: () => new Date(now) } });
      await reader.ready();
    }, 120_000);
    afterAll(async () => {
      await reader.close();
      await database.close();
      await replicaDown(false);
    });

    it('loads its snapshot from the replica, and from the primary once the replica is gone', async () => {
      const [department] = (
        (await api.database.db.execute(sql`select slug from categories where parent_id is null order by position limit 1`)) as unknown as {
          rows: { slug: string }[];
        }
      ).rows;
      const listing = () => reader.inject({ method: 'POST', url: '/api/catalogue/Listings/Categories', payload: { slug: department!.slug } });
      // The empty replica's catalogue has no such department.
      expect((await listing()).statusCode).toBe(404);
      await replicaDown(true);
      // A change heard has the snapshot loaded again, no sooner than the gap after the last load.
      now += CHANGE_REBUILD_GAP_MS;
      await api.database.db.execute(sql`update categories set name = name where slug = ${department!.slug}`);
      await expect.poll(async () => (await listing()).statusCode, { timeout: 20_000, interval: 100 }).toBe(200);
    });
  });
});
