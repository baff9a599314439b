import { afterAll, describe, expect, it } from 'vitest';
import { loadServerConfig } from './config.ts';
import { createShopServer } from './server.ts';
import { serverTestBed } from './server-tests.ts';

/**
 * Background jobs run only where SERVE holds `worker` (docs/scaling.md): an API instance started
 * with every job asked for (JOBS=all) runs none, a worker runs them all and answers nothing but
 * its health, and `all` (as `npm start` runs the shop) is both.
 */
const onPglite = process.env.TEST_DATABASE !== 'postgres';
// Upper bound, not an expected time: a shop's start on a busy machine.
const STARTUP_MS = 120_000;

const bed = serverTestBed();
afterAll(() => bed.cleanUp());

async function start(serve: string) {
  // The database migrated already: which jobs run is what is tested, not the first start (server.api.test.ts).
  const config = loadServerConfig({ SERVE: serve, JOBS: 'all', DATA_DIR: bed.dataDir('migrated'), LOG_LEVEL: 'silent', DEMO_DATA: 'false' });
  const server = bed.keep(await createShopServer(config, { logger: false }));
  await server.app.ready();
  return server.app;
}

describe.runIf(onPglite)('the worker role', () => {
  it(
    'an api instance starts no job, even with JOBS=all',
    async () => {
      const app = await start('api');
      expect(app.jobs.selected).toEqual([]);
      expect((await app.inject({ method: 'GET', url: '/api/catalogue/navigation' })).statusCode).toBe(200);
    },
    STARTUP_MS,
  );

  it(
    'a worker runs every job, the identity clean-up among them, and answers only its health',
    async () => {
      const app = await start('worker');
      expect(app.jobs.selected).toContain('email-outbox');
      expect(app.jobs.selected).toContain('identity-clean-up');
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      const refused = await app.inject({ method: 'GET', url: '/api/catalogue/navigation' });
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
    },
    STARTUP_MS,
  );

  it('all is every role; api,worker answers the API and runs the jobs', () => {
    const env = { DATA_DIR: '/tmp/unused', JOBS: 'all' };
    expect([...loadServerConfig({ ...env, SERVE: 'all' }).serve].toSorted()).toEqual(['api', 'web', 'worker']);
    const both = loadServerConfig({ ...env, SERVE: 'api, worker' });
    expect([...both.serve].toSorted()).toEqual(['api', 'worker']);
    expect(both.api.jobs).toBe('all');
    expect(loadServerConfig({ ...env, SERVE: 'web,api' }).api.jobs).toEqual([]);
    expect(() => loadServerConfig({ ...env, SERVE: 'jobs' })).toThrow(/SERVE: must be all, or api, web and worker/);
  });
});
