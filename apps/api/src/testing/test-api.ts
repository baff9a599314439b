import type { FastifyInstance } from 'fastify';
import type { ApiError } from '@shop/api-client';
import { buildApi, type BuildApiOptions } from '../api.ts';
import { loadApiConfig, type ApiConfig } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { runSeeds } from '../seed/seed.ts';
import { createTestDatabase } from './test-database.ts';

export interface TestApi {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: ApiConfig;
  /** `http://127.0.0.1:<port>`: the app listens on a real socket so clients use real HTTP. */
  origin: string;
  /** Base URL of one service, for `create<Service>Client({ baseUrl })`. */
  serviceUrl(service: string): string;
  close(): Promise<void>;
}

export interface TestApiOptions extends Partial<Omit<BuildApiOptions, 'config' | 'database'>> {
  env?: Record<string, string>;
  /** `false` skips seeding where it costs time (PostgreSQL); PGlite databases start from a seeded template. */
  seed?: boolean;
}

/** The real API on an isolated database, as an API test drives it. */
export async function startTestApi(options: TestApiOptions = {}): Promise<TestApi> {
  // TEST_SEARCH_ENGINE=postgres runs a suite on the PostgreSQL search engine (decision 0059); a test's own env still wins.
  const engine = process.env.TEST_SEARCH_ENGINE ? { SEARCH_ENGINE: process.env.TEST_SEARCH_ENGINE } : {};
  const config = loadApiConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...engine, ...options.env });
  const { statementTimeoutMs, connectTimeoutMs } = config.database;
  const database = await createTestDatabase({ statementTimeoutMs, connectTimeoutMs }, options.seed !== false);
  // Silent unless the test captures the log (`logDestination`, with LOG_LEVEL in `env`).
  const app = await buildApi({ ...options, config, database, logger: options.logDestination !== undefined });
  // The app's own composition's seeds, before it is ready (its search indexes load then).
  if (options.seed !== false) await runSeeds(database, app.composed.seeds, () => {});
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const origin = `http://127.0.0.1:${port}`;
  return {
    app,
    database,
    config,
    origin,
    serviceUrl: (service) => (service === 'platform' ? `${origin}/api` : `${origin}/api/${service}`),
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** The error a call fails with; the test fails if the call succeeds. */
export const failure = (promise: Promise<unknown>): Promise<ApiError> =>
  promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: ApiError) => error,
  );
