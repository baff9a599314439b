/**
 * What a background worker claims (rows locked with SKIP LOCKED, so two workers never take one), found kind by kind: due
 * rows, rows whose worker's lease ran out, and so on, each by an index scan of its own, the kinds taken in the order given
 * and `limit` rows in all. Not one OR of the kinds: that is planned as a bitmap scan, which never marks the index entries
 * of rows that have moved on as dead, so every claim walked every row since the table was last vacuumed (the payment
 * sandbox's webhooks: 763 buffers and 1.34 ms a claim under the order bench, 131 and 0.28 ms by kind); an index scan marks
 * them as it passes. Write each kind's status in its condition's text, not as a parameter, so a generic plan can use the
 * partial index it names.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client.ts';

export interface ClaimKind {
  name: string;
  where: SQL;
  order: SQL[];
}

/** The kinds' parts for `db.with(...parts)`, and the ids they claim, for the claiming update's `where id in ${ids}`. */
export function claimKinds(db: Database, table: PgTable, id: PgColumn, limit: number, kinds: readonly ClaimKind[]) {
  const parts = kinds.map(({ name, where, order }) =>
    db.$with(name).as(
      db
        .select({ id })
        .from(table)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .for('update', { skipLocked: true }),
    ),
  );
  const each = sql.join(
    parts.map((part) => sql`select id from ${part}`),
    sql` union all `,
  );
  return { parts, ids: sql`(select id from (${each}) claimed limit ${limit})` };
}
