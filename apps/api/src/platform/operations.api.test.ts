import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../testing/test-api.ts';
import { isDatabaseUnavailable } from './problem-handler.ts';

const get = (api: TestApi, path: string) => fetch(`${api.origin}${path}`);

describe('probes (decision 0070)', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ seed: false });
  });
  afterAll(async () => {
    await api?.close();
  });

  it('says the process is live and ready once its database answers and its catalogue is loaded', async () => {
    const live = await get(api, '/livez');
    expect(live.status).toBe(200);
    expect(live.headers.get('cache-control')).toBe('no-store');
    expect(await live.json()).toEqual({ status: 'ok' });
    // Once the catalogue is loaded (on a busy machine its first load can outlast the probe's 2 s deadline).
    await api.app.composed.services.catalogue.loadListings({ db: api.database.db, clock: { now: () => new Date() } });
    const ready = await get(api, '/readyz');
    expect(await ready.json()).toEqual({ status: 'ready' });
    expect(ready.status).toBe(200);
  });

  it('is not ready from the moment it drains, while it still answers what it is asked', async () => {
    api.app.readiness.drain();
    const ready = await get(api, '/readyz');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'draining' });
    expect((await get(api, '/livez')).status).toBe(200);
    expect((await get(api, '/api/catalogue/Navigation')).status).toBe(200);
  });
});

describe('readiness without a database', () => {
  it('names the database when it does not answer', async () => {
    const api = await startTestApi({ seed: false, healthCheckCacheMs: 0 });
    try {
      await api.database.close();
      const ready = await get(api, '/readyz');
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ status: 'unready', failing: expect.arrayContaining(['database']) });
      expect((await get(api, '/livez')).status).toBe(200);
    } finally {
      await api.app.close();
    }
  });
});

describe('overload protection', () => {
  let api: TestApi;
  beforeAll(async () => {
    // Any heap is over 1% of the limit: every sample after the first finds the instance overloaded.
    api = await startTestApi({ seed: false, env: { OVERLOAD_HEAP_USED_PERCENT: '1', OVERLOAD_RETRY_AFTER_SECONDS: '7' }, overloadSampleMs: 20 });
  });
  afterAll(async () => {
    await api?.close();
  });

  it('answers 503 with Retry-After at once, and still answers the probes', async () => {
    let refused: Response | undefined;
    await expect
      .poll(async () => {
        refused = await get(api, '/api/catalogue/Navigation');
        return refused.status;
      })
      .toBe(503);
    expect(refused!.headers.get('retry-after')).toBe('7');
    expect(refused!.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await refused!.json()).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE', detail: 'The shop is busy. Try again in 7 seconds.' });
    expect((await get(api, '/livez')).status).toBe(200);
    expect((await get(api, '/readyz')).status).toBe(200);
  });
});

describe.runIf(process.env.TEST_DATABASE === 'postgres')('the database pool on PostgreSQL', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ seed: false, env: { DATABASE_CONNECT_TIMEOUT_MS: '200', DATABASE_STATEMENT_TIMEOUT_MS: '300' } });
  });
  afterAll(async () => {
    await api?.close();
  });

  it('cancels a statement past its time', async () => {
    const error = await api.database.exec('select pg_sleep(5)').then(
      () => null,
      (failure: unknown) => failure,
    );
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('answers 503 with Retry-After when no connection is free in time, instead of queueing', async () => {
    // Every connection of the pool (5 in tests) held by a transaction that waits for the test.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding = 0;
    const holders = Array.from({ length: 5 }, () =>
      api.database.db.transaction(async () => {
        holding += 1;
        await held;
      }),
    );
    try {
      await expect.poll(() => holding).toBe(5);
      const response = await get(api, '/api/basket/basket/no-such-basket-id-0000000000');
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('5');
      expect(await response.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    } finally {
      release();
      await Promise.all(holders);
    }
    expect((await get(api, '/api/basket/basket/no-such-basket-id-0000000000')).status).toBe(404);
  });
});
