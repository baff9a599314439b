export { buildApi, apiModules, apiSeeds, type BuildApiOptions } from './api.ts';
export { loadApiConfig, parseSettings, ConfigError, type ApiConfig } from './config.ts';
export { openDatabase, type Database, type DatabaseHandle, type DatabaseKind } from './db/client.ts';
export { applyMigrations, latestMigrationTag, schemaVersion } from './db/migrate.ts';
export { runSeeds, type Progress, type Seed } from './seed/seed.ts';
// The demo catalogue generator, for benchmarks that load 100k products.
export { generateCatalogue, insertCatalogue } from './modules/catalogue/index.ts';
