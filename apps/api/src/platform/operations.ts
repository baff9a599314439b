import type { FastifyInstance } from 'fastify';
import type { OperationsConfig } from '../config.ts';
import { installOverloadProtection } from './overload.ts';
import { installProbes, type ReadinessCheck } from './probes.ts';

export interface OperationsOptions {
  /** What `/readyz` waits for besides not draining (the API's database and catalogue). */
  checks?: readonly ReadinessCheck[];
  /** How often overload is measured (a second by default). */
  overloadSampleMs?: number;
}

/**
 * What every server of the shop answers operations with, the API's and a storefront-only tier's
 * alike (decision 0070): overload protection before any route's work, then the probes. Installed
 * before the routes, so every route is protected.
 */
export async function installOperations(app: FastifyInstance, settings: OperationsConfig, options: OperationsOptions = {}): Promise<void> {
  await installOverloadProtection(app, settings.overload, { sampleIntervalMs: options.overloadSampleMs });
  installProbes(app, options.checks ?? []);
}
