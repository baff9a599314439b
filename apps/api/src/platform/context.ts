import type { FastifyBaseLogger } from 'fastify';
import type { Role } from '@shop/contracts';
import type { ApiConfig } from '../config.ts';
import type { Database, DatabaseKind } from '../db/client.ts';

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

/** What every service function receives, so tests can control time, identity and storage. */
export interface ServiceContext {
  db: Database;
  actor: Actor | null;
  clock: Clock;
  log: FastifyBaseLogger;
}

/** Process-wide dependencies, built once and shared by every request. */
export interface Platform {
  config: ApiConfig;
  db: Database;
  databaseKind: DatabaseKind;
  clock: Clock;
  /** Checks a database round trip for health reporting. */
  ping(): Promise<void>;
  schemaVersion(): Promise<string | null>;
  /** Resolves the caller from the request's credentials; null when anonymous. */
  authenticate(authorization: string | undefined): Promise<Actor | null>;
}
