import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';

/** A notice on `channel`, sent when `db`'s transaction commits (at once outside one). */
export async function sendChangeNotice(db: Database, channel: string, topic: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${topic})`);
}
