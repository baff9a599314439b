/** Shared benchmark plumbing: start a server in its own process, load it (autocannon, or paced at a fixed rate), report. */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, sign } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { DEFAULT_HEAP_LIMIT_MB } from '../apps/server/src/heap-limit.ts';
import { pacedLoad, type PacedRequest } from './paced.ts';
import { startMachineProbe, type MachineStalls } from './machine.ts';

export interface RunningServer {
  port: number;
  /** CPU time the server process has used so far, in microseconds (Linux /proc, user + system). */
  cpuMicros(): number;
  /** Resident memory of the server process, in bytes (Linux /proc). */
  rssBytes(): number;
  stop(): Promise<void>;
}

export async function startServer(script: string, env: Record<string, string> = {}): Promise<RunningServer> {
  // BENCH_NODE_ARGS passes flags to the servers only, e.g. `--cpu-prof --cpu-prof-dir=/tmp/profiles`
  // (a server started with its own BENCH_NODE_ARGS in `env` gets those instead).
  const nodeArgs = (env.BENCH_NODE_ARGS ?? process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // The heap limit the shop starts with (HEAP_LIMIT_MB's default), unless the flags give another.
  if (!nodeArgs.some((arg) => arg.startsWith('--max-old-space-size'))) nodeArgs.push(`--max-old-space-size=${DEFAULT_HEAP_LIMIT_MB}`);
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, fileURLToPath(new URL(script, import.meta.url))], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // BENCH_SERVER_STDOUT keeps what the server writes there (`--trace-gc` lines, say) in that file.
  if (process.env.BENCH_SERVER_STDOUT) child.stdout!.pipe(fs.createWriteStream(process.env.BENCH_SERVER_STDOUT, { flags: 'a' }));
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /ready (\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code} before it was ready`)));
  });
  return {
    port,
    cpuMicros: () => {
      const fields = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      // utime and stime, in clock ticks of 1/100 s.
      return (Number(fields[11]) + Number(fields[12])) * 10_000;
    },
    rssBytes: () => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'))![1]) * 1024,
    stop: () =>
      new Promise((resolve) => {
        child.on('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  /** Requests answered in the measured run. */
  total: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** Paced runs: how late the 99th percentile request was sent, in ms (the generator's own delay, charged to the server). */
  sentLateP99?: number;
  /** Paced runs: the generator's own longest event-loop stall, in ms (an answer arriving then waits for it). */
  generatorStallMaxMs?: number;
  /** Paced runs: how the machine held back a process with nothing to do, during the measured run (machine.ts). */
  machine?: MachineStalls;
}

const toPaced = (request: autocannon.Request): PacedRequest => ({
  method: request.method ?? 'GET',
  path: request.path ?? '/',
  headers: request.headers as Record<string, string> | undefined,
  body: request.body === undefined ? undefined : String(request.body),
});

/** With BENCH_PAUSES, marks where each measured run starts and ends among the server's pause lines (servers/pauses.ts). */
function markPauses(mark: string): void {
  if (process.env.BENCH_PAUSES) fs.appendFileSync(process.env.BENCH_PAUSES, `${JSON.stringify({ at: new Date().toISOString(), mark })}\n`);
}

/**
 * Waits until the server's start-up loads are done, then a few seconds more: the staff review
 * search index (every review, about 10 s of one core at 1,000,000) is loaded when the shop starts,
 * and the collections that follow it last a few seconds. A round measured meanwhile measures the
 * start, not the rate the goal is about. Every round's figure is still printed.
 */
export async function afterStartUpLoads(api: string): Promise<void> {
  const giveUpAt = Date.now() + 180_000;
  for (;;) {
    const health = (await (await fetch(`${api}/health`)).json()) as { caches?: Record<string, { bytes: number }> };
    // Its figures are set when a load ends: its arrays weigh something even with no reviews.
    if ((health.caches?.['reviews-search-index']?.bytes ?? 0) > 0 || Date.now() > giveUpAt) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await new Promise((resolve) => setTimeout(resolve, 5000));
}

/**
 * Warms up, then measures: flat out with autocannon, or, with `overallRate`, at that fixed rate
 * with requests spaced evenly (`paced.ts`), for latency-at-rate goals.
 */
export async function load(
  name: string,
  url: string,
  options: {
    seconds?: number;
    connections?: number;
    overallRate?: number;
    method?: 'GET' | 'POST';
    body?: string;
    /** Varies each request (path, body), so a mix of inputs is measured rather than one cached answer. */
    setupRequest?: (request: autocannon.Request) => autocannon.Request;
    /** Flat out: send exactly this many requests, without a warm-up, instead of running for `seconds`. */
    amount?: number;
    /** Flat out: called between the warm-up and the measured run (to read the server's CPU time from there). */
    beforeMeasure?: () => void;
  } = {},
): Promise<LoadResult> {
  const seconds = options.seconds ?? Number(process.env.BENCH_SECONDS ?? 10);
  if (options.overallRate) {
    const target = new URL(url);
    const first: PacedRequest = {
      method: options.method ?? 'GET',
      path: target.pathname + target.search,
      body: options.body,
      headers: options.body ? { 'content-type': 'application/json' } : {},
    };
    const next = () => (options.setupRequest ? toPaced(options.setupRequest({ ...first } as autocannon.Request)) : first);
    const paced = { rate: options.overallRate, connections: options.connections, next };
    await pacedLoad(name, target.origin, { ...paced, seconds: Math.min(3, seconds) });
    markPauses(`${name}: measured from here`);
    const probe = await startMachineProbe();
    const result = { ...(await pacedLoad(name, target.origin, { ...paced, seconds })), machine: await probe.stop() };
    markPauses(`${name}: p99 ${result.p99} ms, sent late p99 ${result.sentLateP99} ms, machine ${machineStalls(result)}`);
    return result;
  }
  const base = {
    url,
    connections: options.connections ?? 50,
    method: options.method ?? 'GET',
    body: options.body,
    headers: options.body ? { 'content-type': 'application/json' } : undefined,
    overallRate: options.overallRate,
    ...(options.setupRequest ? { requests: [{ setupRequest: options.setupRequest }] } : {}),
  };
  if (options.amount === undefined) await autocannon({ ...base, duration: Math.min(3, seconds) });
  options.beforeMeasure?.();
  const result = await autocannon(options.amount === undefined ? { ...base, duration: seconds } : { ...base, amount: options.amount });
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/**
 * The server's CPU time per page (or request) of `url`, flat out at 10 connections for `seconds`
 * after a warm-up: its process's user + system time over the measured run divided by the answers
 * it gave (/proc), the figure to trust on a busy machine where rates and times are not.
 */
export async function cpuPerAnswer(
  name: string,
  url: string,
  server: RunningServer,
  options: { seconds: number; setupRequest?: (request: autocannon.Request) => autocannon.Request },
): Promise<{ flat: LoadResult; cpuMs: number }> {
  let before = 0;
  const beforeMeasure = () => {
    before = server.cpuMicros();
  };
  const flat = await load(name, url, { seconds: options.seconds, connections: 10, setupRequest: options.setupRequest, beforeMeasure });
  // Answers still being drawn when the warm-up stopped count against the measured run: at most ten, against hundreds answered on a
  // quiet machine. On a busy one, give BENCH_SECONDS more.
  return { flat, cpuMs: (server.cpuMicros() - before) / 1000 / Math.max(1, flat.total) };
}

/** The machine's load average over 1, 5 and 15 minutes, for a report: figures measured on a shared machine carry it. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((figure) => figure.toFixed(2))
    .join(' ');

/** The highest resident memory `server` reaches from now until `stop`, read every `everyMs` (/proc). */
export function peakRss(server: RunningServer, everyMs = 50): { stop(): number } {
  let peak = server.rssBytes();
  const timer = setInterval(() => {
    peak = Math.max(peak, server.rssBytes());
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, server.rssBytes());
    },
  };
}

/**
 * The median run: by requests/s flat out, by p99 at a fixed rate (where every run sends the same
 * requests/s); its other figures come with it.
 */
export function median<T extends LoadResult>(results: T[], by: 'requestsPerSecond' | 'p99' = 'requestsPerSecond'): T {
  const sorted = results.toSorted((a, b) => a[by] - b[by]);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export function report(title: string, results: LoadResult[], extra: Record<string, unknown> = {}): void {
  const lines = [
    title,
    `${'scenario'.padEnd(34)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'errors'.padStart(7)} ${'non-2xx'.padStart(8)}`,
    ...results.map(
      (r) =>
        `${r.name.padEnd(34)} ${String(r.requestsPerSecond).padStart(8)} ${String(r.p50).padStart(8)} ` +
        `${String(r.p99).padStart(8)} ${String(r.errors).padStart(7)} ${String(r.non2xx).padStart(8)}`,
    ),
    ...Object.entries(extra).map(([key, value]) => `${key}: ${String(value)}`),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  const dir = path.join(fileURLToPath(new URL('.', import.meta.url)), 'results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${title.replace(/\W+/g, '-').toLowerCase()}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify({ title, at: new Date().toISOString(), results, ...extra }, null, 2));
}

/** A latency goal at a fixed rate, as the catalogue benches state theirs. */
export interface RateGoal {
  name: string;
  rate: number;
  p99: number;
}

/** A round's machine stalls in a few words (machine.ts): how late an idle process woke, at p99 and at worst. */
export function machineStalls(result: LoadResult | undefined): string {
  if (!result?.machine) return 'not measured';
  const { p99Ms, maxMs, over15Ms } = result.machine;
  return `${p99Ms}/${maxMs} ms (${over15Ms} over 15 ms), generator's longest stall ${result.generatorStallMaxMs} ms`;
}

/**
 * Each goal's verdict on its median run ("p99 4 ms (goal ≤ 15 ms) at 300 req/s: met"), and every
 * round's p99, for a report's extra lines.
 */
export function goalVerdicts(goals: readonly RateGoal[], medians: readonly LoadResult[], runs: readonly LoadResult[][]): Record<string, string> {
  return {
    ...Object.fromEntries(
      goals.map((goal, index) => {
        const result = medians[index]!;
        const met = result.p99 <= goal.p99 && result.requestsPerSecond >= goal.rate * 0.95 && result.errors === 0 && result.non2xx === 0;
        return [goal.name, `p99 ${result.p99} ms (goal ≤ ${goal.p99} ms) at ${result.requestsPerSecond} req/s: ${met ? 'met' : 'NOT met'}`];
      }),
    ),
    'p99 per round (ms)': goals.map((goal, index) => `${goal.name.split(' (')[0]} ${runs[index]!.map((run) => run.p99).join(' / ')}`).join('; '),
    "an idle process woken late (p99/longest, machine.ts) and the generator's longest stall, per round": goals
      .map((goal, index) => `${goal.name.split(' (')[0]} ${runs[index]!.map(machineStalls).join(' / ')}`)
      .join('; '),
  };
}

/** A seeded generator (mulberry32), so every run, and every scenario given the same seed, sees the same sequence of inputs. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Creates a PostgreSQL database for a benchmark if it is not there (the API migrates and seeds it). */
export function ensureDatabase(url: string): void {
  const name = new URL(url).pathname.slice(1);
  const server = new URL(url);
  server.pathname = '/postgres';
  const exists = execFileSync('psql', [server.href, '-tAc', `select 1 from pg_database where datname = '${name.replace(/'/g, "''")}'`])
    .toString()
    .trim();
  if (!exists) execFileSync('psql', [server.href, '-c', `create database "${name.replace(/"/g, '""')}"`]);
}

/** Drops a benchmark's PostgreSQL database (closing its connections) and creates it empty (the API migrates and seeds it). */
export function freshDatabase(url: string): void {
  const server = new URL(url);
  const name = server.pathname.slice(1);
  server.pathname = '/postgres';
  execFileSync('psql', [server.href, '-c', `drop database if exists "${name}" with (force)`]);
  execFileSync('psql', [server.href, '-c', `create database "${name}"`]);
}

/** Runs SQL on the database at `url`, stopping at the first error; what it printed, trimmed (`-tA`: bare values). */
export function psql(url: string, sql: string): string {
  return execFileSync('psql', [url, '-v', 'ON_ERROR_STOP=1', '-tAc', sql]).toString().trim();
}

export interface TokenSigner {
  /** The JWKS with the public key, for the API's IDENTITY_JWKS. */
  jwks: string;
  /** An access token as the embedded provider signs them (RS256, `at+jwt`), valid for two hours. */
  tokenFor(userId: string, roles: readonly string[]): string;
}

/** A fresh RSA key named `kid`, so a benchmark signs its own tokens for an API at `publicUrl`. */
export function createTokenSigner(kid: string, publicUrl: string): TokenSigner {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' });
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return {
    jwks: JSON.stringify({ keys: [{ ...jwk, kid, alg: 'RS256', use: 'sig' }] }),
    tokenFor(userId, roles) {
      const now = Math.floor(Date.now() / 1000);
      const header = part({ alg: 'RS256', kid, typ: 'at+jwt' });
      const payload = part({ sub: userId, roles, iss: `${publicUrl}/identity`, aud: `${publicUrl}/api`, iat: now, exp: now + 7200 });
      const unsigned = `${header}.${payload}`;
      return `${unsigned}.${sign('RSA-SHA256', Buffer.from(unsigned), privateKey).toString('base64url')}`;
    },
  };
}

/** utime + stime of a process from /proc, in microseconds (clock ticks of 1/100 s); 0 once it has gone. */
function processCpuMicros(pid: number | string): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return 0;
  }
}

/** The PostgreSQL backends serving `database` (their process titles name it), with the CPU each has used so far. */
function postgresBackends(database: string): Map<string, number> {
  const backends = new Map<string, number>();
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    let title: string;
    try {
      title = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    // "postgres: 15/main: postgres bench_orders 127.0.0.1(51234) idle"
    if (title.startsWith('postgres: ') && title.split(' ')[3] === database) backends.set(pid, processCpuMicros(pid));
  }
  return backends;
}

/** CPU milliseconds per request, of the server process and of the PostgreSQL backends serving its database. */
export interface CpuPerRequest {
  appMs: number;
  /** Null without a PostgreSQL database (PGlite runs inside the server process). */
  postgresMs: number | null;
}

/**
 * Starts counting the CPU `server` and `postgresUrl`'s backends use from now (Linux /proc); `stop`
 * divides it by the requests answered. Every backend of the database counts, so nothing else may
 * use it meanwhile (the benches' preparing servers are idle while a run is measured). Backends
 * that ended during the run are lost; the API's pool keeps its connections.
 */
export function cpuMeter(server: RunningServer, postgresUrl?: string): { stop(requests: number): CpuPerRequest } {
  const database = postgresUrl ? new URL(postgresUrl).pathname.slice(1) : null;
  const appBefore = server.cpuMicros();
  const postgresBefore = database ? postgresBackends(database) : new Map<string, number>();
  return {
    stop(requests) {
      const perRequest = (micros: number) => micros / 1000 / Math.max(1, requests);
      const appMs = perRequest(server.cpuMicros() - appBefore);
      if (!database) return { appMs, postgresMs: null };
      let micros = 0;
      for (const [pid, used] of postgresBackends(database)) micros += used - (postgresBefore.get(pid) ?? 0);
      return { appMs, postgresMs: perRequest(micros) };
    },
  };
}

/** "0.43 ms app + 0.37 ms PostgreSQL = 0.80 ms" */
export function cpuText({ appMs, postgresMs }: CpuPerRequest): string {
  if (postgresMs === null) return `${appMs.toFixed(2)} ms (app, PGlite in process)`;
  return `${appMs.toFixed(2)} ms app + ${postgresMs.toFixed(2)} ms PostgreSQL = ${(appMs + postgresMs).toFixed(2)} ms`;
}
