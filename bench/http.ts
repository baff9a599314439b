/**
 * `npm run bench:http`: GET /api/health through the full middleware (routing, request ids,
 * security headers, rate limiter, schema serialisation, the database check) against a bare
 * node:http server in the same run. Rounds alternate between the two so background load hits both
 * alike; medians are reported. Goal: at least 0.75× the bare server's requests/s.
 */
import { load, median, report, startServer, type LoadResult } from './lib.ts';

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const api = await startServer('./servers/api.ts');
const bare = await startServer('./servers/bare.ts');
const plain = await startServer('./servers/fastify.ts');

const runs: Record<string, LoadResult[]> = { health: [], navigation: [], bare: [], plain: [] };
for (let round = 0; round < rounds; round++) {
  runs.bare!.push(await load('bare node:http', `http://127.0.0.1:${bare.port}/`));
  runs.plain!.push(await load('plain Fastify, no middleware', `http://127.0.0.1:${plain.port}/api/health`));
  runs.health!.push(await load('GET /api/health (full API)', `http://127.0.0.1:${api.port}/api/health`));
  runs.navigation!.push(await load('GET /api/catalogue/Navigation', `http://127.0.0.1:${api.port}/api/catalogue/Navigation`));
}
await Promise.all([api.stop(), bare.stop(), plain.stop()]);

const [health, navigation, floor, framework] = [median(runs.health!), median(runs.navigation!), median(runs.bare!), median(runs.plain!)];
const ratios = runs.health!.map((run, i) => run.requestsPerSecond / runs.bare![i]!.requestsPerSecond);
report(`HTTP baseline (median of ${rounds} rounds)`, [health, navigation, framework, floor], {
  framework: `plain Fastify is ${(framework.requestsPerSecond / floor.requestsPerSecond).toFixed(2)}× bare node:http`,
  database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
  ratio: `${(health.requestsPerSecond / floor.requestsPerSecond).toFixed(2)}× bare node:http (per round: ${ratios.map((r) => r.toFixed(2)).join(', ')}; goal ≥ 0.75×)`,
});
