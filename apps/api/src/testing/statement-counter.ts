/**
 * Counts the statements a call sends to the database, as the driver sends them: every statement,
 * BEGIN and COMMIT included, on PGlite and on PostgreSQL alike. For measuring (decision 0026 counts
 * a checkout's statements with it); tests only, since it patches the driver while it counts.
 */
import pg from 'pg';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { DatabaseHandle } from '../db/client.ts';

export interface StatementCounter {
  /** The statements sent since the counter started or was last taken, in order; starts again. */
  take(): string[];
  /**
   * The waits for the database since last taken (PostgreSQL only; PGlite, in the process, has none):
   * a statement sent on a connection with no statement of its own awaiting an answer starts one, so
   * statements pipelined behind another (decision 0078) share its wait. Starts again.
   */
  takeRoundTrips(): number;
  /** Puts the driver back as it was. */
  stop(): void;
}

const textOf = (query: unknown) => (typeof query === 'string' ? query : typeof query === 'object' && query && 'text' in query ? String(query.text) : '?');

export function countStatements(handle: DatabaseHandle): StatementCounter {
  let sent: string[] = [];
  const note = (query: unknown) => sent.push(textOf(query).replace(/\s+/g, ' ').trim());
  const take = () => {
    const taken = sent;
    sent = [];
    return taken;
  };
  let trips = 0;
  const takeRoundTrips = () => {
    const taken = trips;
    trips = 0;
    return taken;
  };
  if (handle.kind === 'postgres') {
    // Every pooled client, and the transactions that hold one, send through Client#query.
    const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
    const original = prototype.query;
    const awaiting = new WeakMap<object, number>();
    prototype.query = function (this: object, ...args: unknown[]) {
      note(args[0]);
      const waiting = awaiting.get(this) ?? 0;
      if (waiting === 0) trips += 1;
      awaiting.set(this, waiting + 1);
      const answered = () => awaiting.set(this, (awaiting.get(this) ?? 1) - 1);
      // The pool's statements take a callback; drizzle's in a transaction, a promise.
      const last = args.length - 1;
      const callback = args[last];
      if (typeof callback === 'function')
        args[last] = (...result: unknown[]) => {
          answered();
          return (callback as (...a: unknown[]) => unknown)(...result);
        };
      const result = original.apply(this, args) as { then?: (done: () => void, failed: () => void) => unknown } | undefined;
      if (typeof callback !== 'function') {
        if (typeof result?.then === 'function') result.then(answered, answered);
        else answered();
      }
      return result;
    };
    return { take, takeRoundTrips, stop: () => (prototype.query = original) };
  }
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  const { query, exec, transaction } = client;
  const counted = <T extends Pick<PGlite, 'query' | 'exec'>>(target: T): T => {
    const [sendQuery, sendExec] = [target.query, target.exec] as ((...args: unknown[]) => unknown)[];
    return Object.assign(Object.create(target) as T, {
      query: (text: string, ...rest: unknown[]) => (note(text), sendQuery!.call(target, text, ...rest)),
      exec: (text: string, ...rest: unknown[]) => (note(text), sendExec!.call(target, text, ...rest)),
    });
  };
  const own = counted(client);
  client.query = own.query;
  client.exec = own.exec;
  // PGlite sends a transaction's BEGIN and COMMIT itself, and its statements through the object it hands over.
  client.transaction = ((callback: (tx: Transaction) => Promise<unknown>) =>
    transaction.call(client, async (tx) => {
      note('BEGIN');
      const result = await callback(counted(tx));
      note('COMMIT');
      return result;
    })) as PGlite['transaction'];
  return {
    take,
    takeRoundTrips,
    stop: () => {
      client.query = query;
      client.exec = exec;
      client.transaction = transaction;
    },
  };
}
