import type { FastifyBaseLogger } from 'fastify';
import type { Role } from '@shop/contracts';
import type { ApiConfig } from '../config.ts';
import type { Database, DatabaseKind, Transaction } from '../db/client.ts';
import type { CacheRegistry } from './cache.ts';
import type { ChangeNotices } from './change-notices.ts';

/** Who is calling. Anonymous visitors have no actor. */
export interface Actor {
  userId: string;
  email?: string;
  name?: string;
  roles: readonly Role[];
  tradeAccountId?: string;
}

export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/**
 * What every service call receives first, so tests can control time, identity and storage. `db` is
 * the database handle or the transaction the call runs in: a service passes it on and never reaches
 * for another handle (on PGlite's one connection, a statement outside an open transaction waits for
 * it forever). A call asks only for what it uses: `Pick<ServiceContext, 'db'>`, or `CallerContext`.
 */
export interface ServiceContext {
  db: Database | Transaction;
  actor: Actor | null;
  clock: Clock;
  log: FastifyBaseLogger;
}

/**
 * A call that must run inside a transaction (it locks rows, or its writes must commit with the
 * caller's): `db` is the transaction, so passing the plain handle does not compile.
 */
export interface TransactionContext {
  db: Transaction;
}

/** A call made for someone: the storage, who they are and the time (the logger is the routes'). */
export type CallerContext = Pick<ServiceContext, 'db' | 'actor' | 'clock'>;

/** One app's dependencies, built once and shared by every request. */
export interface Platform {
  config: ApiConfig;
  db: Database;
  databaseKind: DatabaseKind;
  clock: Clock;
  /** This app's caches, reported by the health call (the composition's registry). */
  caches: CacheRegistry;
  /** Checks a database round trip for health reporting. */
  ping(): Promise<void>;
  schemaVersion(): Promise<string | null>;
  /** Resolves the caller from the request's credentials; null when anonymous. */
  authenticate(authorization: string | undefined): Promise<Actor | null>;
  /** Notices of changes between the instances sharing the database (change-notices.ts). */
  changes: ChangeNotices;
}
