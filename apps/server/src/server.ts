import Fastify, { type FastifyInstance } from 'fastify';
import {
  applyMigrations,
  buildApi,
  ConfigError,
  pendingMigrations,
  openDatabase,
  runSeeds,
  installSecurityHeaders,
  installOperations,
  listenForChangeNotices,
  installProblemHandler,
  shopServerOptions,
  type BuildApiOptions,
  type ChangeNotices,
  type DatabaseHandle,
} from '@shop/api';
import type { ServerConfig } from './config.ts';
import { storefrontServerEntry } from './storefront-build.ts';
import { registerWeb } from './web.ts';
import { createProgressBar } from './progress.ts';

export interface ShopServer {
  app: FastifyInstance;
  database: DatabaseHandle | null;
  /** Finishes in-flight requests, then closes the database. */
  close(): Promise<void>;
}

/**
 * The composition root: the API, the storefront and the background jobs on one Fastify server, or
 * the roles `SERVE` names. A worker without the API builds the API's composition for its jobs but
 * answers only its health calls.
 */
export async function createShopServer(
  config: ServerConfig,
  options: { logger?: boolean; logDestination?: BuildApiOptions['logDestination']; clock?: BuildApiOptions['clock'] } = {},
): Promise<ShopServer> {
  // Page loaders find the API through this, whether it is in this process or another, and prove
  // their calls are the web tier's with the secret (decision 0047; generated for SERVE=all).
  process.env.API_INTERNAL_URL = config.apiInternalUrl;
  const { serve } = config;
  // Said before migrating and seeding, not after minutes of them.
  if (serve.has('web')) storefrontServerEntry(config.webBuildDir);
  if (serve.has('web')) process.env.WEB_TIER_SECRET = config.api.webTierSecret;

  let database: DatabaseHandle | null = null;
  let app: FastifyInstance;
  let changes: ChangeNotices | null = null;
  if (!serve.has('api') && !serve.has('worker')) {
    // Built as the API's server is: the same security headers, request ids, redacted logs, proxy
    // trust (TRUST_PROXY) and body limit, so a page is answered alike whichever tier draws it.
    app = Fastify(shopServerOptions(config.api, options));
    installSecurityHeaders(app);
    // The same probes and overload protection as the API's (decision 0070); ready unless draining.
    installProblemHandler(app, config.api.bodyLimitBytes, config.api.operations.overload.retryAfterSeconds);
    await installOperations(app, config.api);
    // Given the database's address, a storefront-only tier listens for change notices (and only
    // that: one connection, no pool), so its guest pages are forgotten on a change as the API's
    // instances forget what they keep; without it they age out.
    const { url } = config.api.database;
    if (url) changes = await listenForChangeNotices(url, () => app.log);
  } else {
    const { url, dataDir, poolSize, readUrl, readPoolSize, statementTimeoutMs, connectTimeoutMs } = config.api.database;
    database = await openDatabase({ url, dataDir: `${dataDir}/pglite`, poolSize, readUrl, readPoolSize, statementTimeoutMs, connectTimeoutMs });
    await migrateOrCheck(database, config.api.database.migrateOnStart);
    app = await buildApi({
      config: config.api,
      database,
      logger: options.logger,
      logDestination: options.logDestination,
      clock: options.clock,
      healthOnly: !serve.has('api'),
    });
    // The demo data comes from the API's own composition, before it is ready (search indexes load then).
    if (config.api.demoData) {
      const bar = createProgressBar();
      await runSeeds(database, app.composed.seeds, (done, total, label) => bar.update(done, total, label), { files: config.api.files });
    }
  }
  if (serve.has('web')) {
    const mode = config.api.env === 'development' ? 'development' : 'production';
    await registerWeb(app, config.webBuildDir, mode, {
      publicUrl: config.api.publicUrl,
      bodyLimitBytes: config.api.bodyLimitBytes,
      pageSources: config.pageSources,
      pageCache: config.pageCache,
      ...(database ? { changes: app.platform.changes } : changes && { changes }),
      ...(serve.has('api') && { apiInProcessUrl: config.apiInternalUrl, webTierSecret: config.api.webTierSecret }),
      ...(database &&
        serve.has('api') && {
          catalogueCaughtUp: () => app.composed.services.catalogue.listingsCaughtUp({ db: app.platform.db, clock: app.platform.clock }),
          ...(app.composed.services.catalogue.listingsVersion && {
            catalogueVersion: () => app.composed.services.catalogue.listingsVersion!({ db: app.platform.db, clock: app.platform.clock }),
          }),
        }),
    });
  }
  return {
    app,
    database,
    async close() {
      await app.close();
      await changes?.close();
      await database?.close();
    },
  };
}

/**
 * Applies the migrations at start (the default outside production), or, where they are a step of their own (docs/operations.md),
 * refuses to start on a database older than this build: one newer is fine, as during a rolling upgrade's expand phase.
 */
async function migrateOrCheck(database: DatabaseHandle, migrateOnStart: boolean): Promise<void> {
  if (migrateOnStart) {
    await applyMigrations(database);
    return;
  }
  const pending = await pendingMigrations(database);
  if (pending.length > 0) {
    await database.close();
    throw new ConfigError(
      `The database lacks ${pending.length} migration(s) this build ships (${pending.join(', ')}). ` +
        'Run `npm run db:migrate` (the image: its `migrate` role) first, or set MIGRATE_ON_START=true.',
    );
  }
}
