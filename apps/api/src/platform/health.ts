import { getHeapStatistics } from 'node:v8';
import type { FastifyInstance } from 'fastify';
import { platformEndpoints, type Health } from '@shop/contracts';
import { bindEndpoint } from './bind.ts';
import type { Platform } from './context.ts';
import type { ApiModule } from './module.ts';

const VERSION = '0.1.0';

interface Answer {
  status: 200 | 503;
  body: string;
}

/**
 * One answer per database check: the platform shares a check for a second (decision 2), and every
 * poll in that second gets the answer it gave, checked against the contract and written out once.
 */
async function answerFor(platform: Platform, check: Promise<void>): Promise<Answer> {
  const started = performance.now();
  let up = true;
  let schemaVersion: string | null = null;
  try {
    await check;
    schemaVersion = await platform.schemaVersion();
  } catch {
    up = false;
  }
  const heap = getHeapStatistics();
  const health: Health = {
    status: up ? 'ok' : 'degraded',
    database: {
      kind: platform.databaseKind,
      status: up ? 'up' : 'down',
      schemaVersion,
      latencyMs: Math.round((performance.now() - started) * 100) / 100,
    },
    version: VERSION,
    uptimeSeconds: Math.round(process.uptime()),
    caches: platform.caches.reports(),
    memory: { residentBytes: process.memoryUsage.rss(), heapUsedBytes: heap.used_heap_size, heapLimitBytes: heap.heap_size_limit },
  };
  const status = up ? 200 : 503;
  return { status, body: JSON.stringify(platformEndpoints.getHealth.responses[status].parse(health)) };
}

/** Liveness and readiness in one: a load balancer takes a 503 as "send no traffic here". */
export const healthModule: ApiModule = {
  name: 'health',
  registerRoutes(app: FastifyInstance) {
    let kept: { check: Promise<void>; answer: Promise<Answer> } | null = null;
    bindEndpoint(
      app,
      platformEndpoints.getHealth,
      async ({ reply }) => {
        const check = app.platform.ping();
        if (kept?.check !== check) kept = { check, answer: answerFor(app.platform, check) };
        const { status, body } = await kept.answer;
        return reply.code(status).header('cache-control', 'no-store').type('application/json; charset=utf-8').send(body);
      },
      // Load balancers poll this often; it must never be throttled.
      { rateLimit: false, compress: false },
    );
  },
};
