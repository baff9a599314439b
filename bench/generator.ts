/**
 * `npm run bench:generator`: the fixed-rate generator's own floor. `paced.ts` at `BENCH_RATE`
 * (300) requests/s against a bare `node:http` server (`servers/bare.ts`) that answers every
 * request at once with a body of a listing's size (25 kB), for `BENCH_ROUNDS` (3) rounds. What it
 * reports is what this machine and the generator add to any p99 measured at that rate: a round
 * here whose p99 is near a goal says the goal cannot be read on this machine, whatever the server.
 */
import { load, machineStalls, median, report, startServer, type LoadResult } from './lib.ts';

const rate = Number(process.env.BENCH_RATE ?? 300);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const bodyBytes = Number(process.env.BARE_BODY_BYTES ?? 25_000);

const server = await startServer('./servers/bare.ts', { BARE_BODY_BYTES: String(bodyBytes) });
try {
  const results: LoadResult[] = [];
  for (let round = 0; round < rounds; round++) {
    let sent = 0;
    results.push(
      await load(`bare node:http, ${bodyBytes / 1000} kB answers (${rate} req/s)`, `http://127.0.0.1:${server.port}/floor`, {
        overallRate: rate,
        method: 'POST',
        // A search-sized body, different each time, as bench:unseen sends.
        setupRequest: (request) => ({
          ...request,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: `basin ${sent++}`, size: 24 }),
        }),
      }),
    );
  }
  report(`The fixed-rate generator's floor at ${rate} req/s (median of ${rounds} rounds)`, [median(results, 'p99')], {
    'p99 per round': results.map((result) => `${result.p99} ms`).join(' / '),
    'the machine and the generator per round': results.map((result) => machineStalls(result)).join('; '),
  });
} finally {
  await server.stop();
}
