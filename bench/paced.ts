/**
 * Latency at a fixed request rate, measured the way wrk2 does: requests are scheduled evenly
 * (open loop), sent over a pool of keep-alive connections, and each latency is counted from when
 * the request was due, not when it could be sent, so a server that falls behind is charged for the
 * queue it builds (no coordinated omission).
 *
 * Why not autocannon's `overallRate`: each connection sends its whole quota for the second as fast
 * as it can and then waits for the next second, so the server sees a burst of `rate` requests at
 * the top of every second; and its coordinated-omission correction assumes a 1 ms interval, adding
 * synthetic samples for any answer slower than that. Both measure the generator, not the rate.
 */
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { LoadResult } from './lib.ts';

export interface PacedRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  /** Bytes for an upload (a multipart body with files), text otherwise. */
  body?: string | Uint8Array;
}

export interface PacedOptions {
  rate: number;
  seconds: number;
  /** Keep-alive connections at most (requests wait for a free one, and that wait counts). */
  connections?: number;
  /** The request to send next: varied per call, so a mix of inputs is measured. */
  next: () => PacedRequest;
  timeoutMs?: number;
}

export async function pacedLoad(name: string, origin: string, options: PacedOptions): Promise<LoadResult> {
  const target = new URL(origin);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections ?? 50 });
  const total = Math.round(options.rate * options.seconds);
  const interval = 1000 / options.rate;
  const latencies: number[] = [];
  // How late each request left this process: a generator that falls behind is charged to the server.
  const lateness: number[] = [];
  let errors = 0;
  let non2xx = 0;
  // This process's own stalls (its collections, its sending): an answer that arrives during one is counted late.
  const stalls = monitorEventLoopDelay({ resolution: 1 });
  stalls.enable();
  const start = performance.now();
  await new Promise<void>((resolve) => {
    let settled = 0;
    const settle = () => {
      if (++settled === total) resolve();
    };
    const send = (due: number) => {
      lateness.push(performance.now() - due);
      const request = options.next();
      const headers: Record<string, string | number> = { ...request.headers };
      if (request.body !== undefined) headers['content-length'] = Buffer.byteLength(request.body);
      const outgoing = http.request({ host: target.hostname, port: target.port, agent, method: request.method, path: request.path, headers }, (response) => {
        response.resume();
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          if (status >= 200 && status < 300) latencies.push(performance.now() - due);
          else non2xx++;
          settle();
        });
      });
      outgoing.setTimeout(options.timeoutMs ?? 10_000, () => outgoing.destroy(new Error('timed out')));
      outgoing.on('error', () => {
        errors++;
        settle();
      });
      outgoing.end(request.body);
    };
    let sent = 0;
    const tick = () => {
      const now = performance.now();
      // Timers fire a little late now and then: send everything already due, each timed from when it was due.
      while (sent < total && start + sent * interval <= now) send(start + sent++ * interval);
      if (sent < total) setTimeout(tick, Math.max(0, start + sent * interval - performance.now()));
    };
    tick();
  });
  const elapsed = (performance.now() - start) / 1000;
  stalls.disable();
  agent.destroy();
  const sorted = latencies.toSorted((a, b) => a - b);
  const percentile = (p: number) => (sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]! * 10) / 10 : 0);
  return {
    name,
    requestsPerSecond: Math.round(latencies.length / elapsed),
    total: latencies.length,
    p50: percentile(0.5),
    p99: percentile(0.99),
    errors,
    non2xx,
    sentLateP99: Math.round(lateness.toSorted((a, b) => a - b)[Math.floor(lateness.length * 0.99)] ?? 0),
    generatorStallMaxMs: Math.round(stalls.max / 1e5) / 10,
  };
}
