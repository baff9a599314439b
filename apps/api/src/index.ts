export { buildApi, apiModules, apiSeeds, composeApi, type BuildApiOptions, type ComposeOptions } from './api.ts';
export { loadApiConfig, parseSettings, ConfigError, type ApiConfig } from './config.ts';
export { openDatabase, type Database, type DatabaseHandle, type DatabaseKind } from './db/client.ts';
export { applyMigrations, latestMigrationTag, schemaVersion } from './db/migrate.ts';
export { runSeeds, type Progress, type Seed } from './seed/seed.ts';
