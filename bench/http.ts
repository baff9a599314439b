/**
 * `npm run bench:http`: GET /api/health through the full middleware (routing, request ids,
 * security headers, rate limiter, schema serialisation, the database check) against plain Fastify
 * answering the same JSON and a bare node:http server, in the same run. Rounds alternate so
 * background load hits all alike; medians are reported. Goals (docs/decisions/0004): the full API
 * at least 0.75× plain Fastify; 0.75× bare node:http is reported too, though on this machine the
 * framework alone is below it.
 *
 * `npm run bench:http -- --instructions` counts the server's CPU instructions per request under
 * valgrind instead: a figure that does not move with whatever else the machine is doing.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import { load, median, report, startServer, type LoadResult, type RunningServer } from './lib.ts';

const GOAL = 0.75;

const verdict = (ratio: number) => `${ratio.toFixed(2)}× (goal ≥ ${GOAL}×: ${ratio >= GOAL ? 'met' : 'NOT met'})`;

// `--instructions` or BENCH_INSTRUCTIONS=1 (npm does not pass flags through a nested `npm run`).
if (process.argv.includes('--instructions') || process.env.BENCH_INSTRUCTIONS === '1') await countInstructions();
else await measureThroughput();

async function measureThroughput(): Promise<void> {
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  const api = await startServer('./servers/api.ts');
  const bare = await startServer('./servers/bare.ts');
  const plain = await startServer('./servers/fastify.ts');

  const runs: Record<string, LoadResult[]> = { health: [], navigation: [], bare: [], plain: [] };
  // The server's own CPU time per request answered: on 2 cores autocannon can saturate its core
  // before a fast server does, which flatters the slower server's requests/s ratio; CPU per request
  // does not depend on that.
  const cpu: Record<'health' | 'bare' | 'plain', number[]> = { health: [], bare: [], plain: [] };
  const measured = async (key: 'health' | 'bare' | 'plain', server: RunningServer, name: string, url: string) => {
    const before = server.cpuMicros();
    const result = await load(name, url);
    cpu[key].push((server.cpuMicros() - before) / Math.max(1, result.total));
    runs[key]!.push(result);
  };
  for (let round = 0; round < rounds; round++) {
    await measured('bare', bare, 'bare node:http', `http://127.0.0.1:${bare.port}/`);
    await measured('plain', plain, 'plain Fastify, no middleware', `http://127.0.0.1:${plain.port}/api/health`);
    await measured('health', api, 'GET /api/health (full API)', `http://127.0.0.1:${api.port}/api/health`);
    runs.navigation!.push(await load('GET /api/catalogue/Navigation', `http://127.0.0.1:${api.port}/api/catalogue/Navigation`));
  }
  await Promise.all([api.stop(), bare.stop(), plain.stop()]);

  const [health, navigation, floor, framework] = [median(runs.health!), median(runs.navigation!), median(runs.bare!), median(runs.plain!)];
  // Ratios within each round (same background load), then their median.
  const perRound = (of: LoadResult[], to: LoadResult[]) => of.map((run, i) => run.requestsPerSecond / to[i]!.requestsPerSecond);
  const middle = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const toPlain = perRound(runs.health!, runs.plain!);
  const toBare = perRound(runs.health!, runs.bare!);
  const list = (values: number[]) => values.map((r) => r.toFixed(2)).join(', ');
  report(`HTTP baseline (median of ${rounds} rounds)`, [health, navigation, framework, floor], {
    database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    framework: `plain Fastify is ${(framework.requestsPerSecond / floor.requestsPerSecond).toFixed(2)}× bare node:http (the floor)`,
    'full API vs plain Fastify': `${verdict(middle(toPlain))}; per round ${list(toPlain)}`,
    'full API vs bare node:http': `${verdict(middle(toBare))}; per round ${list(toBare)}`,
    'server CPU per request':
      `full API ${middle(cpu.health).toFixed(1)} µs, plain Fastify ${middle(cpu.plain).toFixed(1)} µs, bare ` +
      `${middle(cpu.bare).toFixed(1)} µs; plain/full API ${verdict(middle(cpu.plain) / middle(cpu.health))}`,
  });
}

interface Counted {
  name: string;
  instructionsPerRequest: number;
  /** The second measured batch, as a check that the first was already in the steady state. */
  repeat: number;
}

/**
 * Each server runs under callgrind with instrumentation off while it starts and warms up (so
 * V8 has compiled the hot path), then counts two batches of requests. Only the server's user-space
 * instructions count: the kernel's socket work, the same for all three, is not in these figures,
 * so the ratios are a little wider than throughput ratios on real hardware.
 */
async function countInstructions(): Promise<void> {
  const run = promisify(execFile);
  try {
    await run('valgrind', ['--version']);
  } catch {
    throw new Error('--instructions needs valgrind (apt-get install valgrind)');
  }
  const warmup = Number(process.env.BENCH_WARMUP ?? 3000);
  const amount = Number(process.env.BENCH_REQUESTS ?? 3000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-callgrind-'));

  const count = async (name: string, script: string, route: string, env: Record<string, string> = {}): Promise<Counted> => {
    const out = path.join(dir, `${script.replace(/\W+/g, '-')}.%p`);
    const child = spawn(
      'valgrind',
      ['--tool=callgrind', '--instr-atstart=no', `--callgrind-out-file=${out}`, process.execPath, fileURLToPath(new URL(script, import.meta.url))],
      { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'ignore'] },
    );
    const port = await new Promise<number>((resolve, reject) => {
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /ready (\d+)/.exec(output);
        if (match) resolve(Number(match[1]));
      });
      child.on('exit', (code) => reject(new Error(`${script} exited with ${code} under valgrind before it was ready`)));
    });
    const url = `http://127.0.0.1:${port}${route}`;
    const send = async (requests: number) => {
      const result = await autocannon({ url, amount: requests, connections: 10, timeout: 120 });
      if (result.non2xx || result.errors || result.timeouts) throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    };
    const control = (...args: string[]) => run('callgrind_control', [...args, String(child.pid)]);
    const dumped = (part: number) => {
      const file = out.replace('%p', String(child.pid)) + `.${part}`;
      return Number(/^totals: (\d+)/m.exec(fs.readFileSync(file, 'utf8'))?.[1] ?? NaN) / amount;
    };
    await send(warmup);
    await control('--instr=on');
    await send(amount);
    await control('--dump');
    await send(amount);
    await control('--dump');
    child.kill('SIGKILL');
    return { name, instructionsPerRequest: Math.round(dumped(1)), repeat: Math.round(dumped(2)) };
  };

  // In parallel: the counts do not depend on how the CPU is shared.
  const [full, plain, bare] = await Promise.all([
    // Health's database check is shared for a second; valgrind's slowness would make that one
    // round trip look like a per-request cost, so the bench server holds it for the whole run.
    count('GET /api/health (full API)', './servers/api.ts', '/api/health', { BENCH_SEED: '0', BENCH_HEALTH_CACHE_MS: '3600000' }),
    count('plain Fastify, no middleware', './servers/fastify.ts', '/api/health'),
    count('bare node:http', './servers/bare.ts', '/'),
  ]);
  fs.rmSync(dir, { recursive: true, force: true });

  const lines = [
    `HTTP instructions per request (callgrind; ${warmup} warm-up requests, then 2 × ${amount} counted)`,
    `${'scenario'.padEnd(34)} ${'instr/req'.padStart(10)} ${'repeat'.padStart(10)}`,
    ...[full, plain, bare].map((r) => `${r.name.padEnd(34)} ${String(r.instructionsPerRequest).padStart(10)} ${String(r.repeat).padStart(10)}`),
    `framework: plain Fastify is ${(bare.instructionsPerRequest / plain.instructionsPerRequest).toFixed(2)}× bare node:http (the floor)`,
    `full API vs plain Fastify: ${verdict(plain.instructionsPerRequest / full.instructionsPerRequest)}`,
    `full API vs bare node:http: ${verdict(bare.instructionsPerRequest / full.instructionsPerRequest)}`,
    `above plain Fastify: ${full.instructionsPerRequest - plain.instructionsPerRequest} instructions per request`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
