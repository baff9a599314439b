import { sql, type Placeholder, type SQL } from 'drizzle-orm';

/**
 * A short list a shopper's call names (a basket's skus), as a parameter whose length the planner
 * cannot see (decision 0147). PostgreSQL keeps a prepared statement's generic plan only when it costs
 * no more than the plans it made for each call's own values. With an array it can see, each call's
 * plan counts the array's real length (one sku) while the generic plan assumes ten, so the generic
 * plan always looked dearer and every call was planned afresh, which cost more than running it.
 * Read through a sub-select, the array has no length the planner knows in either plan, so from a
 * connection's sixth call on, the kept plan runs. For short lists only: a bulk read (100,000 skus)
 * keeps a plan made for its size.
 */
export function unseenArray(values: readonly (string | number)[] | Placeholder, type: 'text' | 'int'): SQL {
  const param = Array.isArray(values) ? sql.param(values) : values;
  return sql`array(select unnest(${param}::${sql.raw(type)}[]))`;
}
