/**
 * The real API on a large catalogue, for `npm run bench:catalogue`. Seeds `BENCH_PRODUCTS`
 * (default 100,000) generated products once, under the demo seed's own name so the demo catalogue
 * is never added on top, then serves. `BENCH_DATABASE_URL` selects PostgreSQL, else PGlite in `DATA_DIR`.
 * Prints `ready <port>`.
 */
import { sql } from 'drizzle-orm';
import { applyMigrations, buildApi, loadApiConfig, openDatabase, runSeeds } from '@shop/api';
import { recordPauses } from './pauses.ts';

const productCount = Number(process.env.BENCH_PRODUCTS ?? 100_000);
// BENCH_DATABASE_URL selects PostgreSQL; without it PGlite in DATA_DIR, whatever DATABASE_URL says.
const { DATABASE_URL: _ignored, ...env } = process.env;
const config = loadApiConfig({
  ...env,
  ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  NODE_ENV: 'production',
  // A benchmark's shop: keys generated into its database and the sandbox gateway, as production allows only when asked.
  ALLOW_GENERATED_KEYS_IN_PRODUCTION: 'true',
  ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'true',
  LOG_LEVEL: 'warn',
  // Benchmarks measure the server, not the abuse limiter.
  RATE_LIMIT_PER_MINUTE: '100000000',
});
const database = await openDatabase({ url: config.database.url, dataDir: config.database.dataDir, poolSize: config.database.poolSize });
await applyMigrations(database);
// Logging stays on at the configured level: it is part of every real request's cost.
const app = await buildApi({ config, database, compose: { demoProducts: productCount } });
const started = Date.now();
// The demo seeds with the catalogue's products seed generating `productCount` products.
const seeded = await runSeeds(database, app.composed.seeds, (done, total, label) => {
  if (done % 5000 === 0) process.stderr.write(`  seeding ${label}: ${done}/${total}\n`);
});
if (seeded.length) process.stderr.write(`  seeded ${seeded.join(', ')} in ${Math.round((Date.now() - started) / 1000)} s\n`);
const result = (await database.db.execute(sql`select count(*)::int as count from products`)) as unknown as { rows: { count: number }[] };
const count = result.rows[0]?.count ?? 0;
if (count !== productCount) {
  process.stderr.write(`This database holds ${count} products, not ${productCount}: use a fresh database.\n`);
  process.exit(1);
}
const address = await app.listen({ port: 0, host: '127.0.0.1' });
recordPauses(process.env.BENCH_PAUSES, app.server);
process.stdout.write(`ready ${new URL(address).port}\n`);
const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
