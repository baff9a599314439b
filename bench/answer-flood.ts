/**
 * `npm run bench:answer-flood`: the catalogue under a flood of queries it has never seen, on the
 * demo catalogue (PGlite in memory), in a Node of its own started as the shop starts (a heap limit),
 * so its memory is the shop's alone. Goals: resident memory within 1.3 × the warmed-up figure plus
 * the answer budget, and the heap kept flat (what is kept after a full collection grows by less
 * than a quarter of the budget over 2,000 more unique answers). Exits 1 when a goal is missed.
 * `PGLITE_TEMPLATE` names a seeded PGlite dump to start from (else the demo data is seeded first);
 * `FLOOD_PER_PART` (500) sets the queries per part.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

interface Memory {
  rss: number;
  heapUsed: number;
}
interface Flood {
  budgetBytes: number;
  sent: number;
  idle: Memory;
  parts: Memory[];
  cache: { bytes: number; evictions: number };
}

const child = fileURLToPath(new URL('./servers/answer-flood.ts', import.meta.url));
const perPart = process.env.FLOOD_PER_PART ?? '500';

function flood(): Promise<Flood> {
  return new Promise((resolve, reject) => {
    const run = spawn(process.execPath, ['--max-old-space-size=256', '--expose-gc', child], {
      env: { ...process.env, FLOOD_PER_PART: perPart },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    run.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    run.on('error', reject);
    run.on('exit', (code) => (code === 0 ? resolve(JSON.parse(output.trim().split('\n').at(-1)!) as Flood) : reject(new Error(`the flood exited ${code}`))));
  });
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const { budgetBytes, sent, idle, parts, cache } = await flood();
const last = parts.at(-1)!;
const peakRss = Math.max(...parts.map((part) => part.rss));
const checks: [string, boolean][] = [
  // Every query was new (each asked twice, so kept), so the budget was reached over and over again.
  [`${sent} queries sent, ${cache.evictions} answers evicted (more than ${Math.floor(sent / 2.5)})`, cache.evictions > sent / 2.5],
  [`kept answers ${mb(cache.bytes)} within the budget ${mb(budgetBytes)}`, cache.bytes <= budgetBytes],
  // Within ±0.5 MB measured; 9 MB more with no budget, the answers being light because they share the kept cards.
  [`heap kept after the flood ${mb(last.heapUsed - idle.heapUsed)} over idle, under a quarter of the budget`, last.heapUsed - idle.heapUsed < budgetBytes / 4],
  [`peak resident ${mb(peakRss)} within 1.3 × idle ${mb(idle.rss)} + budget = ${mb(1.3 * idle.rss + budgetBytes)}`, peakRss <= 1.3 * idle.rss + budgetBytes],
];
for (const [what, met] of checks) process.stdout.write(`${met ? 'met   ' : 'MISSED'} ${what}\n`);
if (checks.some(([, met]) => !met)) process.exitCode = 1;
