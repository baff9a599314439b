/**
 * Where a latency tail comes from: with BENCH_PAUSES=<file>, a bench server appends one line a
 * second to that file with the longest wait of its event loop in that second and the garbage
 * collections that ran in it (count, longest, total, by kind). A request that waits behind a
 * 60 ms pause shows as a 60 ms answer whatever its own work was, so a round's p99 is read beside
 * these lines: a pause the loop saw, with no collection to match it, was the shop's own work, and
 * a slow answer the server did not see (its own request times are short) was slow outside it.
 */
import fs from 'node:fs';
import type { Server } from 'node:http';
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

const KINDS: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'scavenge',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'mark-compact',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak',
};

export function recordPauses(file: string | undefined, server: Server): void {
  if (!file) return;
  // Each request's time in this process, from its headers read to its answer written.
  let answered: number[] = [];
  server.on('request', (_request, response) => {
    const started = performance.now();
    response.on('finish', () => answered.push(performance.now() - started));
  });
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  let collections: { kind: string; ms: number }[] = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ?? -1;
      collections.push({ kind: KINDS[kind] ?? String(kind), ms: entry.duration });
    }
  }).observe({ entryTypes: ['gc'] });
  const round = (ms: number) => Math.round(ms * 10) / 10;
  setInterval(() => {
    const byKind = new Map<string, number>();
    for (const { kind, ms } of collections) byKind.set(kind, (byKind.get(kind) ?? 0) + ms);
    const line = {
      at: new Date().toISOString(),
      loopMaxMs: round(loop.max / 1e6),
      loopP99Ms: round(loop.percentile(99) / 1e6),
      gcCount: collections.length,
      gcMaxMs: round(Math.max(0, ...collections.map((c) => c.ms))),
      gcMs: Object.fromEntries([...byKind].map(([kind, ms]) => [kind, round(ms)])),
      heapMb: Math.round(process.memoryUsage().heapUsed / 1024 / 1024),
      requests: answered.length,
      requestMaxMs: round(Math.max(0, ...answered)),
      requestP99Ms: round(answered.toSorted((a, b) => a - b)[Math.floor(answered.length * 0.99)] ?? 0),
    };
    answered = [];
    fs.appendFileSync(file, `${JSON.stringify(line)}\n`);
    loop.reset();
    collections = [];
  }, 1000).unref();
}
