import type { FastifyInstance } from 'fastify';
import { composeApi } from '../api.ts';
import { loadApiConfig } from '../config.ts';
import { buildApp } from '../platform/app.ts';
import { systemClock } from '../platform/context.ts';
import { noChangeNotices } from '../platform/change-notices.ts';

/**
 * The API's routes without a database, for tools that only inspect routing (spec coverage).
 * Any handler that runs fails, since the database is absent.
 */
export async function buildApiRoutesOnly(): Promise<FastifyInstance> {
  const unavailable = async (): Promise<never> => {
    throw new Error('no database in a routes-only build');
  };
  const config = loadApiConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const { modules, caches } = composeApi({ config, db: undefined as never });
  return buildApp({
    config,
    modules,
    logger: false,
    platform: {
      config,
      db: undefined as never,
      databaseKind: 'pglite',
      clock: systemClock,
      caches,
      ping: unavailable,
      schemaVersion: unavailable,
      authenticate: async () => null,
      changes: noChangeNotices(),
    },
  });
}
