/**
 * Statements whose SQL is built once per process, not on every call (decision 0151). Drizzle makes a
 * statement's text and its list of values from the query object each time one runs, and profiled
 * that was a fifth to a third of the CPU of placing an order: every `is()` check and name escaped
 * again for text that never changes. A statement made here is built the first time it runs, with
 * `sql.placeholder(name)` wherever a call's values go; each call after that only fills its values
 * in and runs it on the caller's connection (a transaction's own, or the pool), drizzle still
 * mapping the rows as it does for any statement.
 */
import type { SQL } from 'drizzle-orm';
import type { Database, Transaction } from './client.ts';

/** Drizzle's prepared query: built text and values, run on `client` (node-postgres' or PGlite's). */
interface DrizzlePrepared<R> {
  client: unknown;
  execute(values?: Record<string, unknown>): Promise<R>;
}

/** What drizzle keeps on a database or transaction object (its session holds the connection; not in its types). */
interface Internals {
  session: { client: unknown; prepareQuery(query: unknown, fields: undefined, name: undefined, arrayMode: boolean): DrizzlePrepared<unknown> };
  dialect: { sqlToQuery(statement: SQL): unknown };
}

const internals = (db: Database | Transaction) => db as unknown as Internals;

/**
 * A statement built on its first call by `prepare` (a query builder's `.prepare(…)`, or `rawStatement`),
 * then run with each call's values on the connection of the `db` it is given.
 */
export function builtOnce<V extends Record<string, unknown>, R>(
  prepare: (db: Database | Transaction) => { execute(values?: Record<string, unknown>): Promise<R> },
): (db: Database | Transaction, values: V) => Promise<R> {
  // Built once per driver: each driver's statement runs only on that driver's connections (node-postgres' call
  // given to PGlite reaches it as a malformed message, which aborts its connection's transaction for good).
  // A shop has one, but a process can hold both (the test suites', with PostgreSQL and PGlite apps side by side).
  const preparedBy = new Map<unknown, DrizzlePrepared<R>>();
  return (db, values) => {
    const { session } = internals(db);
    let prepared = preparedBy.get(session.constructor);
    if (!prepared) preparedBy.set(session.constructor, (prepared = prepare(db) as unknown as DrizzlePrepared<R>));
    // The built statement with this caller's connection: everything else is read from the one built.
    const bound = Object.create(prepared) as DrizzlePrepared<R>;
    bound.client = session.client;
    return bound.execute(values);
  };
}

/** A statement written in SQL, as `db.execute` runs it (rows as the driver gives them), for `builtOnce`. */
export function rawStatement<R = { rows: Record<string, unknown>[] }>(
  db: Database | Transaction,
  statement: SQL,
): { execute(values?: Record<string, unknown>): Promise<R> } {
  const { session, dialect } = internals(db);
  return session.prepareQuery(dialect.sqlToQuery(statement), undefined, undefined, false) as DrizzlePrepared<R>;
}
