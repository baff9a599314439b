/**
 * `npm run bench:postcode-lookup`: "Find address" with the embedded lookup (issue 38's goal): `POST
 * /api/address-lookup/PostcodeAddress/LookupAddresses` at 200 requests/s, p99 ≤ 10 ms, on PostgreSQL
 * (the lookup itself reads no table). Postcodes vary per request, each from a client address of its
 * own (TRUST_PROXY and X-Forwarded-For: two hundred people a second, none over the lookup's per-visitor
 * limit). The median of BENCH_ROUNDS rounds is reported.
 */
import { freshDatabase, median, report, startServer, type LoadResult } from './lib.ts';
import { pacedLoad, type PacedRequest } from './paced.ts';

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const RATE = 200;
const GOAL_P99_MS = 10;
const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_postcode_lookup';
const AREAS = ['LS', 'M', 'SW', 'B', 'EH', 'CF', 'BT', 'NE', 'PL', 'TA'];
const LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';

freshDatabase(postgresUrl);
const server = await startServer('servers/api.ts', {
  DATABASE_URL: postgresUrl,
  PUBLIC_URL: 'http://bench.postcode.test',
  TRUST_PROXY: 'true',
  BENCH_SEED: '0',
});
try {
  let client = 0;
  const next = (): PacedRequest => {
    client += 1;
    const postcode = `${AREAS[client % AREAS.length]}${1 + (client % 19)} ${client % 10}${LETTERS[(client >> 3) % 20]}${LETTERS[(client >> 7) % 20]}`;
    return {
      method: 'POST',
      path: '/api/address-lookup/PostcodeAddress/LookupAddresses',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}` },
      body: Buffer.from(JSON.stringify({ postcode })),
    };
  };
  const origin = `http://127.0.0.1:${server.port}`;
  const check = await fetch(`${origin}/api/address-lookup/PostcodeAddress/LookupAddresses`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.255.255.255' },
    body: JSON.stringify({ postcode: 'LS1 4AP' }),
  });
  if (check.status !== 200) throw new Error(`the lookup answered ${check.status}: ${await check.text()}`);
  const results: LoadResult[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const name = `postcode lookup (embedded) @${RATE}/s`;
    await pacedLoad(name, origin, { rate: RATE, seconds: Math.min(3, seconds), connections: 10, next });
    results.push(await pacedLoad(name, origin, { rate: RATE, seconds, connections: 10, next }));
  }
  const result = median(results, 'p99');
  report(`Postcode lookup, embedded list, on PostgreSQL (median of ${rounds} rounds)`, [result], {
    goal: `p99 ≤ ${GOAL_P99_MS} ms at ${RATE} requests/s`,
    'p99 per round (ms)': results.map((run) => run.p99).join(' / '),
    met: result.p99 <= GOAL_P99_MS && results.every((run) => run.errors + run.non2xx === 0),
  });
} finally {
  await server.stop();
}
