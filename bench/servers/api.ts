/** The real API (full middleware) on a fresh database, for benchmarks. Prints `ready <port>`. */
import { applyMigrations, buildApi, loadApiConfig, openDatabase, runSeeds } from '@shop/api';
import { recordPauses } from './pauses.ts';

const config = loadApiConfig({
  ...process.env,
  NODE_ENV: 'production',
  // A benchmark's shop: keys generated into its database and the sandbox gateway, as production allows only when asked.
  ALLOW_GENERATED_KEYS_IN_PRODUCTION: 'true',
  ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'true',
  LOG_LEVEL: 'warn',
  // Benchmarks measure the server, not the abuse limiter.
  RATE_LIMIT_PER_MINUTE: '100000000',
});
const database = await openDatabase({ url: config.database.url });
await applyMigrations(database);
// Logging stays on at the configured level: it is part of every real request's cost.
const healthCheckCacheMs = process.env.BENCH_HEALTH_CACHE_MS ? Number(process.env.BENCH_HEALTH_CACHE_MS) : undefined;
const app = await buildApi({ config, database, healthCheckCacheMs });
// The instruction-count mode measures health only and skips the catalogue seeds (slow under valgrind).
if (process.env.BENCH_SEED !== '0') await runSeeds(database, app.composed.seeds, () => {});
const address = await app.listen({ port: 0, host: '127.0.0.1' });
recordPauses(process.env.BENCH_PAUSES, app.server);
process.stdout.write(`ready ${new URL(address).port}\n`);
const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
