import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './client.ts';
import { createTestDatabase } from '../testing/test-database.ts';

let database: DatabaseHandle;
const rowsOf = async <T>(statement: ReturnType<typeof sql>) => ((await database.db.execute(statement)) as unknown as { rows: T[] }).rows;

describe.runIf(process.env.TEST_DATABASE === 'postgres')('the PostgreSQL pool', () => {
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());

  it('opens every connection at start and keeps them: a burst never waits for new ones', async () => {
    // test-database.ts opens its pools with 5 connections.
    const connections = () => rowsOf<{ n: number }>(sql`select count(*)::int as n from pg_stat_activity where datname = current_database()`);
    expect((await connections())[0]!.n).toBe(5);
    // Five statements at once run on the five connections there are: none is opened for them.
    const backends = await Promise.all(Array.from({ length: 5 }, () => rowsOf<{ pid: number }>(sql`select pg_backend_pid() as pid, pg_sleep(0.05)`)));
    expect(new Set(backends.map(([row]) => row!.pid)).size).toBe(5);
    expect((await connections())[0]!.n).toBe(5);
  });
});
