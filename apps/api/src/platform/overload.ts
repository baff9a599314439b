import { getHeapStatistics } from 'node:v8';
import type { FastifyInstance } from 'fastify';
import underPressure from '@fastify/under-pressure';
import type { OperationsConfig } from '../config.ts';
import { PlatformErrors } from './errors.ts';

/** What `/metrics` counts of overload: each request refused for it (metrics.ts fills it in). */
export interface OverloadListener {
  refused(): void;
}

/**
 * Overload protection (decision 0070): while the event loop's mean delay over a sample or the heap
 * in use passes its limit, a request is answered 503 with Retry-After at once, before any work,
 * rather than joining a queue that only grows. The probes and `/metrics` are let through
 * (`probeRouteOptions`). `sampleIntervalMs` is how often the measures are taken (a second; tests
 * take them sooner).
 */
export async function installOverloadProtection(
  app: FastifyInstance,
  settings: OperationsConfig['overload'],
  options: { sampleIntervalMs?: number; listener?: OverloadListener } = {},
): Promise<void> {
  const { eventLoopDelayMs, heapUsedPercent, retryAfterSeconds } = settings;
  if (!eventLoopDelayMs && !heapUsedPercent) return;
  const overloaded = PlatformErrors.unavailable(retryAfterSeconds);
  await app.register(underPressure, {
    maxEventLoopDelay: eventLoopDelayMs,
    maxHeapUsedBytes: heapUsedPercent ? Math.floor((getHeapStatistics().heap_size_limit * heapUsedPercent) / 100) : 0,
    sampleInterval: options.sampleIntervalMs,
    // Refused as a problem (problem-handler.ts), counted first; a route's own handler (the probes') lets its requests through.
    pressureHandler: async () => {
      options.listener?.refused();
      throw overloaded;
    },
  });
}
