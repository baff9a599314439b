import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.ts';
import { SpanKind, traced, tracingEnabled } from '../platform/tracing.ts';

/** A statement as a span under the request that runs it, named by its operation, its SQL (parameters apart, so no personal data) an attribute. */
const tracedStatement = <T>(system: string, text: string, run: () => T): T =>
  tracingEnabled()
    ? traced(`db.${/^\s*(\w+)/.exec(text)?.[1]?.toLowerCase() ?? 'query'}`, SpanKind.CLIENT, { 'db.system.name': system, 'db.query.text': text }, run)
    : run();

/** PGlite's statements traced as PostgreSQL's are: those outside a transaction and those in one. */
function traceStatements(client: PGlite): void {
  const traceQueries = (target: Pick<PGlite, 'query'>) => {
    const query = target.query.bind(target);
    target.query = ((text: string, ...rest: unknown[]) =>
      tracedStatement('pglite', text, () => (query as (...a: unknown[]) => unknown)(text, ...rest))) as typeof query;
  };
  traceQueries(client);
  const transaction = client.transaction.bind(client);
  client.transaction = ((work: (tx: Parameters<Parameters<typeof transaction>[0]>[0]) => Promise<unknown>) =>
    transaction((tx) => {
      traceQueries(tx);
      return work(tx);
    })) as typeof transaction;
}

export type Schema = typeof schema;
/** The one query-builder type both drivers share: modules never know which one they run on. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/**
 * What `db.transaction(async (tx) => …)` hands its callback. It is a `Database` (drizzle's transaction
 * extends it), so repositories take either without a cast; a service's `ctx.db` is typed
 * `Database | Transaction` to say that it may be either (docs/decisions/0025).
 */
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  readonly db: Database;
  /**
   * Where reads that may lag a moment go (the catalogue snapshot's loads): the replica named by
   * DATABASE_READ_URL, or the primary while the replica cannot be reached; `db` itself without one.
   */
  readonly readDb: Database;
  /** PostgreSQL with a replica only: whether reads go to it now, and how often they fell back to the primary. */
  replicaStatus?: () => ReplicaStatus;
  readonly kind: DatabaseKind;
  /** Runs a statement outside drizzle (maintenance: VACUUM). */
  exec(statement: string): Promise<void>;
  /**
   * Runs `work` on one connection held until it ends: a session-level advisory lock, or statements that must run outside
   * a transaction, stay on the connection that began them (a pool would hand the next statement another).
   */
  session<T>(work: (session: SqlSession) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball, to start other instances from. */
  dump?: () => Promise<Blob>;
  /** PostgreSQL only: the pool's connections, those idle, and the calls waiting for one (metrics). */
  poolStatus?: () => PoolStatus;
  /**
   * Hears the notices sent on `channel` (NOTIFY, `pg_notify`) by any connection to this database,
   * this process's own included: on PostgreSQL over a connection of its own, outside the pool, opened
   * again after it is lost, when `resumed` is called (notices sent meanwhile were missed). Resolves
   * once listening, to a function that stops.
   */
  listen(channel: string, heard: (payload: string) => void, resumed: () => void): Promise<() => Promise<void>>;
}

export interface ReplicaStatus {
  /** False while the replica is taken for unreachable and reads go to the primary. */
  reachable: boolean;
  fallbacks: number;
}

export interface PoolStatus {
  total: number;
  idle: number;
  waiting: number;
}

/** One connection's plain statements (the simple protocol: no parameters, several statements allowed). */
export interface SqlSession {
  /** The rows of the statement's result (of the last one, if several). */
  query(statement: string): Promise<Record<string, unknown>[]>;
}

/** How soon a lost listening connection is opened again, doubling to LISTEN_RETRY_MAX_MS while the server is away. */
const LISTEN_RETRY_MS = 250;
const LISTEN_RETRY_MAX_MS = 10_000;

/**
 * `waitForServer`: a server that cannot be reached at the start is not an error; listening begins
 * (with `resumed`) once it can be, as after a lost connection. For an instance that only listens.
 */
export function listenOnPostgres(url: string, options: { waitForServer?: boolean } = {}): DatabaseHandle['listen'] {
  return async (channel, heard, resumed) => {
    let client: pg.Client | null = null;
    let stopped = false;
    let retryMs = LISTEN_RETRY_MS;
    let timer: NodeJS.Timeout | undefined;
    const connect = async (again: boolean) => {
      const next = new pg.Client({ connectionString: url });
      next.on('notification', (message) => {
        if (message.channel === channel) heard(message.payload ?? '');
      });
      // A lost connection is reported by 'end' too, where it is opened again.
      next.on('error', () => {});
      next.on('end', () => {
        if (client !== next || stopped) return;
        client = null;
        openSoon();
      });
      try {
        await next.connect();
        await next.query(`LISTEN ${next.escapeIdentifier(channel)}`);
      } catch (error) {
        await next.end().catch(() => {});
        throw error;
      }
      if (stopped) {
        await next.end();
        return;
      }
      client = next;
      retryMs = LISTEN_RETRY_MS;
      if (again) resumed();
    };
    const openSoon = () => {
      timer = setTimeout(() => {
        connect(true).catch(() => {
          retryMs = Math.min(retryMs * 2, LISTEN_RETRY_MAX_MS);
          if (!stopped) openSoon();
        });
      }, retryMs).unref();
    };
    if (options.waitForServer) await connect(false).catch(openSoon);
    else await connect(false);
    return async () => {
      stopped = true;
      clearTimeout(timer);
      await client?.end().catch(() => {});
    };
  };
}

export interface DatabaseOptions {
  /** A postgres:// URL selects PostgreSQL; otherwise PGlite stores its files in `dataDir`. */
  url?: string;
  dataDir?: string;
  poolSize?: number;
  /** PostgreSQL only: the server cancels a statement running longer (0 or absent: no limit). */
  statementTimeoutMs?: number;
  /** PostgreSQL only: a call waiting longer for a connection, or a connection taking longer to open, fails (0 or absent: waits). */
  connectTimeoutMs?: number;
  /** PGlite only: start from a dumped data directory (a migrated template) instead of initdb. */
  template?: Blob;
  /**
   * PostgreSQL only: a read replica (DATABASE_READ_URL) for `readDb`, its pool's size (default 5),
   * and how long reads stay on the primary after it failed (default 5 s).
   */
  readUrl?: string;
  readPoolSize?: number;
  replicaRetryMs?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const handle = await openPostgres(options.url, options.poolSize ?? 10, options);
    return options.readUrl ? withReadReplica(handle, options.readUrl, options) : handle;
  }
  return openPglite(options.dataDir, options.template);
}

/**
 * Every parameterised statement runs as a named prepared statement, one name per distinct SQL text
 * (as postgres.js and pgJDBC do): each connection parses it once and may keep its plan, which halves
 * PostgreSQL's CPU for the short statements a request makes (decision 0012). The names are bounded,
 * so SQL built with a varying shape cannot fill the server's memory; past the bound, statements run
 * unnamed as before.
 */
const MAX_NAMED_STATEMENTS = 2_000;
const statementNames = new Map<string, string>();

function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_NAMED_STATEMENTS) {
    name = `s${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return name;
}

/** What pg's client keeps of its socket: written to once per message (a statement is four or five). */
interface ClientSocket {
  connection: { stream: { cork(): void; uncork(): void; writableCorked: number } };
}

/** The answer to a statement nobody waits for (`begin`, `savepoint`): it has no rows. */
const NO_ROWS = { command: '', rowCount: 0, oid: 0, fields: [], rows: [] };

/**
 * A connection that prepares its statements (above), sends them without waiting for the one before
 * to be answered (pg's pipeline mode: each statement still ends with its own Sync, so one that fails
 * fails alone, or, inside a transaction, aborts it as before), and gathers what a turn of the event
 * loop sends into one write: pg writes each protocol message of a statement on its own, and every
 * write to a loopback socket is a system call that also delivers the data to PostgreSQL in the
 * sender's time (decision 0078). A transaction's `begin` and a savepoint are not waited for: they
 * go out with the statement after them, whose answer says whether they failed (a connection lost).
 */
class PreparingClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(typeof config === 'string' ? { connectionString: config, pipeline: true } : { ...config, pipeline: true });
    // A connection lost while lent out (between a transaction's statements, say, as the server
    // restarts) is reported by its next statement failing; unheard, pg's 'error' would end the process.
    this.on('error', () => {});
  }

  /** Holds this turn's writes to the socket and sends them as one once the turn's work is done. */
  private gatherWrites(): void {
    const stream = (this as unknown as ClientSocket).connection.stream;
    if (stream.writableCorked) return;
    stream.cork();
    setImmediate(() => stream.uncork());
  }

  // pg's overloads cannot be restated in a subclass: this one only adds a name to config objects.
  override query(config: unknown, values?: unknown, callback?: unknown): never {
    const query = config as { text?: unknown; name?: unknown } | null;
    const named =
      query && typeof query === 'object' && typeof query.text === 'string' && query.name === undefined && Array.isArray(values) && values.length > 0
        ? statementName(query.text)
        : undefined;
    this.gatherWrites();
    const run = () => (super.query as (...args: unknown[]) => never)(named ? { ...query, name: named } : config, values, callback);
    if (callback === undefined && typeof query?.text === 'string' && /^(begin|savepoint \w+)$/.test(query.text)) {
      // Its failure shows as the next statement's; a rejection nobody hears would end the process.
      (run() as Promise<unknown>).catch(() => {});
      return Promise.resolve(NO_ROWS) as never;
    }
    // Drizzle's statements (promises) are traced; pg's own calls with a callback are not (decision 0070).
    return callback === undefined && typeof query?.text === 'string' ? tracedStatement('postgresql', query.text, run) : run();
  }
}

async function openPostgres(
  url: string,
  poolSize: number,
  limits: Pick<DatabaseOptions, 'statementTimeoutMs' | 'connectTimeoutMs'>,
): Promise<DatabaseHandle & { pool: pg.Pool }> {
  // Every connection is opened at start and kept (`min`): pg closes one idle for 10 s by default, and
  // it hands out the most recently used first, so most sit idle and close, and the next burst (after
  // any stall) waited on new connections, each preparing its statements afresh: one hiccup grew into
  // 150 ms (bench:reviews, bench README).
  // Bounded waits (decision 0070): a statement past its time is cancelled by the server, and a call
  // finding every connection busy waits at most the connect timeout, then fails as 503, never queueing without end.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    min: poolSize,
    Client: PreparingClient,
    ...(limits.statementTimeoutMs ? { statement_timeout: limits.statementTimeoutMs } : {}),
    ...(limits.connectTimeoutMs ? { connectionTimeoutMillis: limits.connectTimeoutMs } : {}),
  });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  const db: Database = drizzlePg({ client: pool, schema });
  const opened = await Promise.all(Array.from({ length: poolSize }, () => pool.connect()));
  for (const client of opened) client.release();
  await db.execute(sql`select 1`);
  return {
    db,
    readDb: db,
    pool,
    kind: 'postgres',
    exec: async (statement) => {
      await pool.query(statement);
    },
    async session(work) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        return await work({
          async query(statement) {
            const result = (await client.query(statement)) as pg.QueryResult | pg.QueryResult[];
            return (Array.isArray(result) ? (result.at(-1)?.rows ?? []) : result.rows) as Record<string, unknown>[];
          },
        });
      } catch (error) {
        // The connection may still hold what the work began (a lock, a transaction): closed, not handed on.
        broken = error instanceof Error ? error : new Error(String(error));
        throw error;
      } finally {
        client.release(broken);
      }
    },
    close: () => pool.end(),
    poolStatus: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    listen: listenOnPostgres(url),
  };
}

/** `dataDir` undefined gives an in-memory database (tests). */
async function openPglite(dataDir: string | undefined, template: Blob | undefined): Promise<DatabaseHandle> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true }); // PGlite will not create parent folders.
  const client = await PGlite.create(dataDir ?? 'memory://', {
    extensions: { pg_trgm },
    ...(template ? { loadDataDir: template } : {}),
  });
  traceStatements(client);
  const db: Database = drizzlePglite({ client, schema });
  return {
    db,
    readDb: db,
    kind: 'pglite',
    exec: async (statement) => {
      await client.exec(statement);
    },
    // PGlite is one connection already.
    session: (work) =>
      work({
        async query(statement) {
          return ((await client.exec(statement)).at(-1)?.rows ?? []) as Record<string, unknown>[];
        },
      }),
    close: () => client.close(),
    dump: () => client.dumpDataDir('none'),
    // One process holds the embedded database: its own connection hears every notice, and is never lost.
    listen: async (channel, heard) => {
      const stop = await client.listen(channel, heard);
      // A database closed first (a test's, or at shutdown) has stopped hearing already.
      return async () => (client.closed ? undefined : stop());
    },
  };
}

/**
 * Sends a statement now rather than when it is first awaited: statements started one after another
 * reach the connection in that order, and on PostgreSQL travel together without waiting for each
 * other's answers (pipelined, decision 0078). Await them in order, and every one of them before the
 * transaction they run in ends.
 */
export const sendNow = <T>(statement: PromiseLike<T>): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    void statement.then(resolve, reject);
  });

/**
 * Failures that say the replica cannot answer now, rather than that the statement is wrong: it
 * cannot be reached or is refusing connections (class 08, 57P01–57P03, 53300, 55000, 3D000), a
 * connection could not be had in time, or it cancelled a read that conflicted with what it was
 * replaying (40001).
 */
function replicaUnavailable(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && /^(08|57P0[123]|53300|55000|3D000|40001|E[A-Z]+)/.test(code)) return true;
  return typeof message === 'string' && /timeout exceeded when trying to connect|Connection terminated/i.test(message);
}

/**
 * `handle` with `readDb` on a replica (decision 0080): a pool of its own on `readUrl`, opened as
 * reads need it (a replica down at start does not stop the shop starting). A read the replica
 * cannot answer is asked of the primary instead, and so is every read for `replicaRetryMs` after,
 * when the replica is tried again. Only reads go there: a statement that writes would fail on a
 * replica, and the primary's pool answers it. Its connections count beside the primary's.
 */
function withReadReplica(
  handle: DatabaseHandle & { pool: pg.Pool },
  readUrl: string,
  options: Pick<DatabaseOptions, 'readPoolSize' | 'replicaRetryMs' | 'statementTimeoutMs' | 'connectTimeoutMs'>,
): DatabaseHandle {
  const replica = new pg.Pool({
    connectionString: readUrl,
    max: options.readPoolSize ?? 5,
    Client: PreparingClient,
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    connectionTimeoutMillis: options.connectTimeoutMs || 5_000,
  });
  replica.on('error', () => {});
  const retryMs = options.replicaRetryMs ?? 5_000;
  const status = { downUntil: 0, fallbacks: 0 };
  const onReplica = async <T>(read: (pool: pg.Pool) => Promise<T>): Promise<T> => {
    if (Date.now() >= status.downUntil) {
      try {
        return await read(replica);
      } catch (error) {
        if (!replicaUnavailable(error)) throw error;
        status.downUntil = Date.now() + retryMs;
        status.fallbacks += 1;
      }
    }
    return read(handle.pool);
  };
  // Drizzle takes any client whose class is named like a pool: it queries it, and takes a connection from it for a transaction.
  class FallbackReadPool {
    query(config: unknown, values?: unknown) {
      return onReplica((pool) => (pool.query as (c: unknown, v: unknown) => Promise<unknown>)(config, values));
    }
    connect() {
      return onReplica((pool) => pool.connect());
    }
  }
  const readDb: Database = drizzlePg({ client: new FallbackReadPool() as unknown as pg.Pool, schema });
  return {
    ...handle,
    readDb,
    replicaStatus: () => ({ reachable: Date.now() >= status.downUntil, fallbacks: status.fallbacks }),
    async close() {
      await Promise.all([handle.close(), replica.end()]);
    },
  };
}
