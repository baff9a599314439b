import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';

/**
 * Whether another transaction holds a write lock on any of `tables`. A change counter kept in a
 * sequence (the catalogue's, the reviews') moves before its writer commits: read after the
 * counter, "no" means every change the reading counts was committed when it was taken, since a
 * writer takes its table's lock before its trigger runs and keeps it until it ends. So whatever
 * reads the tables next sees every change the counter counts.
 */
export async function writeUnderWay(db: Database, tables: readonly string[]): Promise<boolean> {
  const relations = sql.join(
    tables.map((table) => sql`to_regclass(${table})`),
    sql`, `,
  );
  const result = (await db.execute(sql`
    select exists (
      select 1 from pg_locks
      where locktype = 'relation' and granted and pid <> pg_backend_pid()
        and database = (select oid from pg_database where datname = current_database())
        and mode in ('RowExclusiveLock', 'ShareRowExclusiveLock', 'ExclusiveLock', 'AccessExclusiveLock')
        and relation = any(array[${relations}]::oid[])
    ) as writing`)) as unknown as { rows: { writing: boolean }[] };
  return result.rows[0]!.writing;
}
