import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { ApiConfig } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { schemaVersion } from './db/migrate.ts';
import { buildApp } from './platform/app.ts';
import { systemClock, type Actor, type Clock, type Platform } from './platform/context.ts';
import type { ApiModule } from './platform/module.ts';
import { runJobsWithApp } from './platform/jobs.ts';
import { idempotencyKeysPruning } from './platform/idempotency.ts';
import { healthModule } from './platform/health.ts';
import { catalogueModule } from './modules/catalogue/index.ts';
import { inventoryModule } from './modules/inventory/index.ts';
import { notificationsModule } from './modules/notifications/index.ts';
import { getPublicJwks, identityModule } from './modules/identity/index.ts';
import { accountsModule } from './modules/accounts/index.ts';
import { deliveryModule } from './modules/delivery/index.ts';
import { basketModule } from './modules/basket/index.ts';
import { discountsModule } from './modules/discounts/index.ts';
import { wishlistModule } from './modules/wishlist/index.ts';
import { paymentsModule } from './modules/payments/index.ts';
import { checkoutModule } from './modules/checkout/index.ts';
import { ordersModule } from './modules/orders/index.ts';
import { siteModule } from './modules/site/index.ts';
import { createTokenAuthenticator, localKeys, remoteKeys } from './platform/auth.ts';

const PING_CACHE_MS = 1000;

/** Every module of the API, in registration order. */
export const apiModules: readonly ApiModule[] = [
  healthModule,
  inventoryModule,
  catalogueModule,
  notificationsModule,
  identityModule,
  accountsModule,
  deliveryModule,
  basketModule,
  discountsModule,
  wishlistModule,
  paymentsModule,
  checkoutModule,
  ordersModule,
  siteModule,
];

export interface BuildApiOptions {
  config: ApiConfig;
  database: DatabaseHandle;
  clock?: Clock;
  /** Verifies a bearer token; by default the configured OpenID provider's access tokens. */
  authenticate?: (authorization: string) => Promise<Actor | null>;
  logger?: boolean;
  /** How long health reuses one database check (default a second); benchmarks under valgrind hold it longer. */
  healthCheckCacheMs?: number;
}

/** The API as a Fastify instance, not yet listening: tests inject into it, servers listen on it. */
export async function buildApi(options: BuildApiOptions): Promise<FastifyInstance> {
  const { database } = options;
  const { identity } = options.config;
  // The embedded provider's keys are read in process; any other provider's come over HTTP.
  const verify =
    options.authenticate ??
    createTokenAuthenticator({
      issuer: identity.issuer,
      audience: identity.audience,
      rolesClaim: identity.rolesClaim,
      keys:
        identity.embedded && !identity.jwksUrl
          ? localKeys(() => getPublicJwks(database.db, options.config))
          : remoteKeys(identity.issuer, identity.jwksUrl),
    });
  let cachedVersion: string | null = null;
  let lastPing: Promise<void> | null = null;
  const pingCacheMs = options.healthCheckCacheMs ?? PING_CACHE_MS;
  // Health is polled by load balancers and monitors: one database round trip per second is enough,
  // and concurrent polls share it.
  const pingDatabase = async (handle: DatabaseHandle) => {
    try {
      await handle.db.execute(sql`select 1`);
    } finally {
      setTimeout(() => (lastPing = null), pingCacheMs).unref();
    }
  };
  const platform: Platform = {
    config: options.config,
    db: database.db,
    databaseKind: database.kind,
    clock: options.clock ?? systemClock,
    ping: () => (lastPing ??= pingDatabase(database)),
    // The schema only changes at start-up, so one successful read is enough.
    schemaVersion: async () => (cachedVersion ??= await schemaVersion(database)),
    authenticate: async (authorization) => {
      if (!authorization) return null;
      return verify(authorization);
    },
  };
  const app = await buildApp({ config: options.config, platform, modules: apiModules, logger: options.logger });
  // The modules' polling work runs while the app is open, on one runner (`JOBS` chooses which).
  runJobsWithApp(app, [idempotencyKeysPruning, ...apiModules.flatMap((module) => module.jobs?.(app) ?? [])], options.config.jobs);
  return app;
}

export const apiSeeds = apiModules.flatMap((module) => module.seeds ?? []);
