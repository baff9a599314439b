import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ApiConfig } from './config.ts';
import type { Database, DatabaseHandle } from './db/client.ts';
import { schemaVersion } from './db/migrate.ts';
import { buildApp, type BuildAppOptions } from './platform/app.ts';
import { systemClock, type Actor, type Clock, type Platform } from './platform/context.ts';
import type { ApiModule } from './platform/module.ts';
import { runJobsWithApp } from './platform/jobs.ts';
import { PlatformErrors } from './platform/errors.ts';
import { startChangeNotices, type ChangeListeners, type ChangeTopic } from './platform/change-notices.ts';
import { idempotencyKeysPruning } from './platform/idempotency.ts';
import { healthModule } from './platform/health.ts';
import { jobOperationsModule, watchJobMetrics } from './platform/job-operations.ts';
import { selectOne } from './platform/health.repository.ts';
import { createCatalogueModule, createCatalogueService } from './modules/catalogue/index.ts';
import { createInventoryModule, createInventoryService, createRestockService } from './modules/inventory/index.ts';
import { createNotificationsModule, createNotificationsService } from './modules/notifications/index.ts';
import { createIdentityModule, createIdentityService } from './modules/identity/index.ts';
import { createAccountsModule, createAccountsService, createErasureModule, createErasureService } from './modules/accounts/index.ts';
import { createDeliveryModule, createDeliveryService } from './modules/delivery/index.ts';
import { createBasketModule, createBasketService } from './modules/basket/index.ts';
import { createDiscountsModule, createDiscountsService } from './modules/discounts/index.ts';
import { createWishlistModule, createWishlistService } from './modules/wishlist/index.ts';
import { createProjectsModule, createProjectsService } from './modules/projects/index.ts';
import { createPaymentsModule, createPaymentsService } from './modules/payments/index.ts';
import { createCheckoutModule, createCheckoutService } from './modules/checkout/index.ts';
import { createOrdersModule, createOrdersService } from './modules/orders/index.ts';
import { createOrderBasketsModule, createOrderBasketsService } from './modules/order-baskets/index.ts';
import { createDeliveryUpgradeModule, createDeliveryUpgradeService } from './modules/delivery-upgrade/index.ts';
import { createSiteModule } from './modules/site/index.ts';
import { createContentModule, createContentService } from './modules/content/index.ts';
import { createPricingService } from './modules/pricing/index.ts';
import { createTradeBandLookup, createTradeModule, createTradeService } from './modules/trade/index.ts';
import { createEnquiriesModule, createEnquiriesService } from './modules/enquiries/index.ts';
import { createAfterSalesModule, createAfterSalesService } from './modules/after-sales/index.ts';
import { createReviewsModule, createReviewsService } from './modules/reviews/index.ts';
import { createSearchModule, createSearchService } from './modules/search/index.ts';
import { createTokenAuthenticator, localKeys, remoteKeys } from './platform/auth.ts';
import { createFilesModule, createFilesService } from './modules/files/index.ts';
import { createCreditProvider, createTradeCreditModule, createTradeCreditService } from './modules/trade-credit/index.ts';
import { createAddressesModule, createAddressesService, createPostcodeLookup } from './modules/addresses/index.ts';
import { createCatalogueRequestsModule, createCatalogueRequestsService } from './modules/catalogue-requests/index.ts';
import { createAnalyticsModule, createAnalyticsService } from './modules/analytics/index.ts';
import { createReportsModule, createReportsService } from './modules/reports/index.ts';
import type { Seed } from './seed/seed.ts';
import { createCacheRegistry } from './platform/cache.ts';

const PING_CACHE_MS = 1000;

export interface ComposeOptions {
  /** The settings every service is made with (public URL, payment gateway, file store, shop details, budgets). */
  config: ApiConfig;
  /** The database the services' own stores use (the sandbox gateway's tables); absent in the routes-only build. */
  db: Database;
  /** Where the catalogue snapshot's loads may read, a replica (DATABASE_READ_URL); `db` without one. */
  readDb?: Database;
  clock?: Clock;
  /** How many products the demo catalogue seed generates (benchmarks ask for 100,000). */
  demoProducts?: number;
  /** How saved baskets' retrieval codes are drawn (by default at random; tests draw codes already taken). */
  retrievalCodes?: () => string;
}

/**
 * The composition root, and the graph of modules: each module's service is made once, here, from
 * the services it uses, in dependency order; each module's routes, seeds and jobs from its service
 * (docs/decisions/0025). A module never makes another module's service itself.
 */
export function composeApi(options: ComposeOptions) {
  const { config } = options;
  const clock = options.clock ?? systemClock;
  const { publicUrl } = config;
  // This app's caches, reported by its health call: two apps in one process each report their own.
  const caches = createCacheRegistry();
  const files = createFilesService({ settings: config.files });
  // Pricing asks for the band of a caller's business: trade's lookup needs only the database, so it is made first.
  const tradeBands = createTradeBandLookup();
  const pricing = createPricingService({ tradeBandCodeFor: tradeBands.bandCodeFor });
  const inventory = createInventoryService();
  const delivery = createDeliveryService();
  const payments = createPaymentsService({ delivery, config, publicUrl, db: options.db, clock });
  const search = createSearchService({ engine: config.searchEngine, answerBudgetBytes: config.catalogueAnswerCacheBytes, caches });
  // Shopping events know no other module: the catalogue's carousels and the staff reports read them.
  const analytics = createAnalyticsService();
  const replica = options.readDb && options.readDb !== options.db ? { primary: options.db, reads: options.readDb } : undefined;
  const catalogue = createCatalogueService({ pricing, inventory, delivery, files, search, replica, analytics });
  const notifications = createNotificationsService({ shop: config.shop });
  const identitySettings = { publicUrl, provider: config.identity };
  const identity = createIdentityService({ notifications, ...identitySettings });
  const accounts = createAccountsService({ identity, notifications, publicUrl, embeddedProvider: config.identity.embedded });
  const discounts = createDiscountsService();
  const wishlist = createWishlistService({ pricing, catalogue, notifications, publicUrl });
  const basket = createBasketService({ pricing, catalogue, inventory, discounts, notifications, publicUrl, newRetrievalCode: options.retrievalCodes });
  const orders = createOrdersService({ notifications, delivery, inventory, discounts, payments, publicUrl, shop: config.shop });
  const trade = createTradeService({
    pricing,
    catalogue,
    notifications,
    orders,
    delivery,
    files,
    bandLookup: tradeBands,
    publicUrl,
    identity,
    staffPasswordResets: config.identity.embedded,
  });
  const projects = createProjectsService({ pricing, catalogue, basket, orders, identity, notifications, publicUrl });
  const addresses = createAddressesService({ delivery, lookup: createPostcodeLookup(config.addressLookup) });
  const creditProvider = createCreditProvider(config.creditProvider, { db: options.db, clock, publicUrl });
  const payingOnAccount = config.creditProvider.kind !== 'off';
  const tradeCredit = createTradeCreditService({ trade, orders, delivery, notifications, provider: creditProvider, publicUrl, payingOnAccount });
  // Orders paid on account are refunded and dispatched through trade credit.
  orders.settleOnAccountThrough(tradeCredit);
  const checkout = createCheckoutService({
    addresses,
    basket,
    delivery,
    inventory,
    notifications,
    orders,
    payments,
    trade,
    tradeCredit,
    publicUrl,
    recoveryGraceMs: config.payments.recoveryGraceMs,
  });
  const orderBaskets = createOrderBasketsService({
    orders,
    catalogue,
    pricing,
    delivery,
    discounts,
    inventory,
    payments,
    tradeCredit,
    notifications,
    publicUrl,
  });
  const deliveryUpgrade = createDeliveryUpgradeService({ orders, catalogue, delivery, payments, tradeCredit, notifications, publicUrl });
  // Restocking names products as the catalogue sells them: made once the catalogue (made from inventory) is, nothing given late.
  const restock = createRestockService({ inventory, notifications, products: catalogue, publicUrl });
  const enquiries = createEnquiriesService({ notifications, delivery, orders, catalogue, files, publicUrl });
  const afterSales = createAfterSalesService({ enquiries, orders, notifications });
  // Reviews' product insights count after-sales' returns and damage reports.
  const reviews = createReviewsService({ catalogue, orders, notifications, identity, search, afterSales, files, caches, publicUrl, settings: config.reviews });
  const catalogueRequests = createCatalogueRequestsService({ delivery });
  const reports = createReportsService({ analytics, orders, catalogue });
  const content = createContentService({ caches, files });

  // Payment events, each heard by this composition's services only.
  payments.onEvent(checkout.notePaidIntent);
  payments.onEvent(orders.settleRefunds);
  payments.onEvent(orderBaskets.noteStrayPayments);
  payments.onEvent(deliveryUpgrade.notePaidUpgrades);
  // A product question the asker lets us publish is filed with reviews for moderation, in the enquiry's transaction.
  enquiries.onProductQuestion(reviews.fileQuestion);

  /** In registration order; the demo seeds run in this order too. */
  const domainModules: readonly ApiModule[] = [
    healthModule,
    jobOperationsModule,
    createSearchModule({ search }),
    createInventoryModule({ inventory, restock }),
    createCatalogueModule({
      catalogue,
      files,
      pricing,
      inventory,
      demoProducts: options.demoProducts,
      unitsSoldSince: orders.unitsSoldSince,
      coPurchasesSince: orders.coPurchasesSince,
    }),
    createNotificationsModule({ notifications }),
    createIdentityModule({ identity, settings: identitySettings }),
    createAccountsModule({ accounts }),
    createDeliveryModule(),
    createBasketModule({ basket }),
    createDiscountsModule({ discounts }),
    createWishlistModule({ wishlist }),
    createProjectsModule({ projects }),
    createPaymentsModule({ payments }),
    createCheckoutModule({ checkout }),
    createOrdersModule({ orders }),
    createOrderBasketsModule({ orderBaskets }),
    createDeliveryUpgradeModule({ deliveryUpgrade }),
    createTradeModule({ trade, files, pricing, catalogue, identity, orders }),
    createEnquiriesModule({ enquiries, files }),
    createAfterSalesModule({ afterSales }),
    createReviewsModule({ reviews, catalogue, files }),
    createSiteModule(),
    createFilesModule(),
    createContentModule({ content, files, demoProducts: options.demoProducts }),
    createAddressesModule({ addresses }),
    createCatalogueRequestsModule({ catalogueRequests }),
    createAnalyticsModule({ analytics }),
    createReportsModule({ reports }),
    createTradeCreditModule({ tradeCredit, provider: creditProvider, off: !payingOnAccount }),
  ];
  // Erasure walks every module's declared personal data, so it is made once they all are.
  const erasure = createErasureService({
    identity,
    orders,
    requests: enquiries,
    stores: domainModules.flatMap((module) => (module.personalData ?? []).map((store) => ({ module: module.name, store }))),
    files,
    payments,
  });
  const modules: readonly ApiModule[] = [...domainModules, createErasureModule({ erasure })];
  // The demo's best sellers come from its orders (trade's seed writes them): counted once every other seed has run.
  const bestSellers: Seed = {
    name: 'catalogue:best-sellers',
    size: 1,
    run: async (db) => void (await catalogue.recountPopularity({ db, clock: systemClock }, orders.unitsSoldSince)),
  };
  const seeds: readonly Seed[] = [...modules.flatMap((module) => module.seeds ?? []), bestSellers];
  // buildApi verifies access tokens with identity's public keys; tests reach work that has no call (`app.composed.services`).
  const services = {
    pricing,
    inventory,
    delivery,
    payments,
    catalogue,
    notifications,
    identity,
    accounts,
    discounts,
    wishlist,
    basket,
    orders,
    orderBaskets,
    deliveryUpgrade,
    trade,
    checkout,
    reviews,
    enquiries,
    afterSales,
    search,
    restock,
    files,
    addresses,
    catalogueRequests,
    tradeCredit,
    creditProvider,
    content,
  };
  /** What this instance forgets when a change notice comes, from any instance (platform/change-notices.ts). */
  const heard = (ctx: Pick<Platform, 'db' | 'clock'>): ChangeListeners => ({
    catalogue: () => catalogue.heardOfChange(ctx),
    // `products:<id>`: that product's price or stock status, or the product new, patched in; without an id (the listener came back), any product's.
    products: (id) => catalogue.heardOfChange(ctx, id !== null && /^\d{1,9}$/.test(id) ? [Number(id)] : null),
    'trade-bands': () => tradeBands.forget(),
    pricing: () => pricing.forgetReference(),
    content: () => content.heardOfChange(),
    'search-synonyms': () => search.synonymsChanged(),
  });
  return { modules, seeds, services, caches, heard };
}

/** One composition of the API: its modules in registration order, its demo seeds in module order, its services and its cache registry. */
export type ComposedApi = ReturnType<typeof composeApi>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The composition this app was built from: seeds run from it, and tests reach its services. */
    composed: ComposedApi;
  }
}

export interface BuildApiOptions {
  config: ApiConfig;
  database: DatabaseHandle;
  clock?: Clock;
  /** Verifies a bearer token; by default the configured OpenID provider's access tokens. */
  authenticate?: (authorization: string) => Promise<Actor | null>;
  logger?: boolean;
  /** Where log lines go, redacted (a test's capture); standard output by default. */
  logDestination?: BuildAppOptions['logDestination'];
  /** How long health reuses one database check (default a second); benchmarks under valgrind hold it longer. */
  healthCheckCacheMs?: number;
  /** What the composition takes besides the settings (the demo catalogue's size, a test's retrieval codes). */
  compose?: Pick<ComposeOptions, 'demoProducts' | 'retrievalCodes'>;
  /** A worker's API (SERVE=worker): composed for its jobs, it answers its health and probe paths only. */
  healthOnly?: boolean;
  /** How often overload is measured (a second; tests sooner). */
  overloadSampleMs?: number;
}

/** What a worker without the API still answers: its probes. */
const PROBE_PATHS = /^\/(api\/health|livez|readyz|metrics)(\/|\?|$)/;

/**
 * The API as a Fastify instance, not yet listening: tests inject into it, servers listen on it. Its
 * services are composed once, with its settings (`app.composed`); run its seeds before it is ready.
 */
export async function buildApi(options: BuildApiOptions): Promise<FastifyInstance> {
  const { database } = options;
  const clock = options.clock ?? systemClock;
  const composed = composeApi({ ...options.compose, config: options.config, db: database.db, readDb: database.readDb, clock });
  const { services } = composed;
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
          ? localKeys(() => services.identity.publicJwks({ db: database.db }))
          : remoteKeys(identity.issuer, identity.jwksUrl),
    });
  let cachedVersion: string | null = null;
  let lastPing: Promise<void> | null = null;
  const pingCacheMs = options.healthCheckCacheMs ?? PING_CACHE_MS;
  // Heard from the start, so a change made while the app is built is not missed; logged by the app once it exists.
  let log: FastifyBaseLogger | null = null;
  const changes = await startChangeNotices(database, () => log);
  // Health is polled by load balancers and monitors: one database round trip per second is enough,
  // and concurrent polls share it.
  const pingDatabase = async (handle: DatabaseHandle) => {
    try {
      await selectOne(handle.db);
    } finally {
      setTimeout(() => (lastPing = null), pingCacheMs).unref();
    }
  };
  const platform: Platform = {
    config: options.config,
    db: database.db,
    databaseKind: database.kind,
    clock,
    caches: composed.caches,
    ping: () => (lastPing ??= pingDatabase(database)),
    // The schema only changes at start-up, so one successful read is enough.
    schemaVersion: async () => (cachedVersion ??= await schemaVersion(database)),
    authenticate: async (authorization) => {
      if (!authorization) return null;
      const actor = await verify(authorization);
      if (!actor || actor.roles.includes('trade')) return actor;
      // A token names the roles of its sign-in: a customer approved since holds a trade account
      // before their token says so. Membership is looked up per request (kept seconds, forgotten on
      // every decision), so trade prices and pages apply from approval, with no new sign-in.
      const tradeBand = await services.trade.bandCodeFor({ db: database.db, actor, clock: platform.clock });
      return tradeBand ? { ...actor, roles: [...actor.roles, 'trade'] } : actor;
    },
    changes,
  };
  // Ready once the database answers and the listings are loaded (decision 0070); a worker lists nothing.
  const checks = [
    { name: 'database', ready: () => platform.ping() },
    ...(options.healthOnly ? [] : [{ name: 'catalogue', ready: () => services.catalogue.loadListings({ db: database.db, clock }) }]),
  ];
  const app = await buildApp({
    config: options.config,
    platform,
    modules: composed.modules,
    logger: options.logger,
    logDestination: options.logDestination,
    operations: { checks, overloadSampleMs: options.overloadSampleMs },
  });
  app.decorate('composed', composed);
  watchShopMetrics(app, database, clock);
  log = app.log;
  for (const [topic, listener] of Object.entries(composed.heard(platform))) changes.on(topic as ChangeTopic, listener);
  app.addHook('onClose', async () => changes.close());
  if (options.healthOnly) {
    app.addHook('onRequest', async (request) => {
      if (!PROBE_PATHS.test(request.url)) throw PlatformErrors.routeNotFound(request.method, request.url.split('?')[0]!);
    });
  }
  app.log.info({ caches: composed.caches.reports() }, 'in-process caches and their budgets');
  // The modules' polling work runs while the app is open, on one runner (`JOBS` chooses which; none unless SERVE holds worker).
  runJobsWithApp(app, [idempotencyKeysPruning, ...composed.modules.flatMap((module) => module.jobs?.(app) ?? [])], options.config.jobs);
  watchJobMetrics(app, { db: database.db, clock });
  return app;
}

/** What `/metrics` reads of this app when scraped (decision 0070): its database pool, e-mail outbox, listings' snapshot and caches. */
function watchShopMetrics(app: FastifyInstance, database: DatabaseHandle, clock: Clock): void {
  const { metrics, composed } = app;
  const ctx = { db: database.db, clock };
  const { poolStatus } = database;
  if (poolStatus) {
    metrics.gauge('shop_db_pool_connections', 'PostgreSQL connections of the pool, in use or idle', ['state'], (set) => {
      const { total, idle } = poolStatus();
      set({ state: 'in_use' }, total - idle);
      set({ state: 'idle' }, idle);
    });
    metrics.gauge('shop_db_pool_waiting', 'Calls waiting for a connection of the pool', [], (set) => set({}, poolStatus().waiting));
  }
  const { replicaStatus } = database;
  if (replicaStatus) {
    metrics.gauge('shop_db_replica_reachable', 'Whether reads go to the read replica now (0 while they fall back to the primary)', [], (set) =>
      set({}, replicaStatus().reachable ? 1 : 0),
    );
    metrics.gauge('shop_db_replica_fallbacks', 'Times since start the read replica could not answer and reads went to the primary', [], (set) =>
      set({}, replicaStatus().fallbacks),
    );
  }
  metrics.gauge('shop_email_outbox_depth', 'E-mails queued and not yet sent nor given up', [], async (set) => {
    set({}, await composed.services.notifications.outboxDepth(ctx));
  });
  metrics.gauge('shop_catalogue_snapshot_age_seconds', "Since the listings' snapshot was loaded or last found current", [], (set) => {
    const age = composed.services.catalogue.listingsAgeMs(ctx);
    if (age !== null) set({}, age / 1000);
  });
  metrics.gauge('shop_cache_lookups', 'Lookups of each in-process cache since start, by result', ['cache', 'result'], (set) => {
    for (const [cache, report] of Object.entries(composed.caches.reports())) {
      set({ cache, result: 'hit' }, report.hits);
      set({ cache, result: 'miss' }, report.misses);
    }
  });
  metrics.gauge('shop_cache_hit_ratio', 'Hits over lookups of each in-process cache since start (the catalogue answers among them)', ['cache'], (set) => {
    for (const [cache, report] of Object.entries(composed.caches.reports())) if (report.hitRate !== null) set({ cache }, report.hitRate);
  });
}
