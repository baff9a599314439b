import type { FastifyInstance } from 'fastify';
import { platformEndpoints, type Health } from '@shop/contracts';
import { bindEndpoint } from './bind.ts';
import type { ApiModule } from './module.ts';

const VERSION = '0.1.0';

/** Liveness and readiness in one: a load balancer takes a 503 as "send no traffic here". */
export const healthModule: ApiModule = {
  name: 'health',
  registerRoutes(app: FastifyInstance) {
    bindEndpoint(
      app,
      platformEndpoints.getHealth,
      async ({ reply }) => {
        const { platform } = app;
        const started = performance.now();
        let up = true;
        let schemaVersion: string | null = null;
        try {
          await platform.ping();
          schemaVersion = await platform.schemaVersion();
        } catch {
          up = false;
        }
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
        };
        reply.header('cache-control', 'no-store');
        if (!up) reply.code(503);
        return health;
      },
      // Load balancers poll this often; it must never be throttled.
      { rateLimit: false, compress: false },
    );
  },
};
