export { buildApi, composeApi, type BuildApiOptions, type ComposeOptions, type ComposedApi } from './api.ts';
export { loadApiConfig, parseSettings, trustedProxies, ConfigError, type ApiConfig } from './config.ts';
export { openDatabase, type Database, type DatabaseHandle, type DatabaseKind } from './db/client.ts';
export { applyMigrations, latestMigrationTag, pendingMigrations, schemaVersion } from './db/migrate.ts';
export { runSeeds, type Progress, type Seed } from './seed/seed.ts';
// How every line the shop writes is kept free of e-mail addresses and tokens (decision 0048).
export { ShopLogController, shopLoggerOptions } from './platform/request-log.ts';
export { shopServerOptions } from './platform/server-options.ts';
export { installSecurityHeaders } from './platform/security-headers.ts';
export { installProblemHandler } from './platform/problem-handler.ts';
export { installOperations } from './platform/operations.ts';
export { listenForChangeNotices, type ChangeNotices } from './platform/change-notices.ts';
export type { Readiness } from './platform/probes.ts';
export type { ShopMetrics, SetGauge } from './platform/metrics.ts';
export { InMemorySpanExporter, startTracing, stopTracing, tracingEnabled, withTraceContext } from './platform/tracing.ts';
export { redactLogText } from '@shop/contracts/redaction';
