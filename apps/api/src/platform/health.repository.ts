/** The SQL of the health check (its caching is in api.ts, its answer in health.ts). */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';

/** One round trip: the database answers, or this throws. */
export async function selectOne(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
