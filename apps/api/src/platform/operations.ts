import type { FastifyInstance } from 'fastify';
import type { ApiConfig } from '../config.ts';
import { installMetrics } from './metrics.ts';
import { installOverloadProtection } from './overload.ts';
import { installProbes, type ReadinessCheck } from './probes.ts';
import { traceRequests } from './tracing.ts';

export interface OperationsOptions {
  /** What `/readyz` waits for besides not draining (the API's database and catalogue). */
  checks?: readonly ReadinessCheck[];
  /** How often overload is measured (a second by default). */
  overloadSampleMs?: number;
}

/**
 * What every server of the shop answers operations with, the API's and a storefront-only tier's
 * alike (decision 0070): a span per request when tracing, metrics, overload protection before any route's work, then the probes.
 * Installed before the routes, so every route is measured and protected.
 */
export async function installOperations(app: FastifyInstance, config: Pick<ApiConfig, 'operations' | 'host'>, options: OperationsOptions = {}): Promise<void> {
  traceRequests(app);
  const metrics = installMetrics(app, config.operations.metrics, config.host);
  await installOverloadProtection(app, config.operations.overload, {
    sampleIntervalMs: options.overloadSampleMs,
    listener: { refused: () => metrics.refused('overloaded') },
  });
  installProbes(app, options.checks ?? []);
}
