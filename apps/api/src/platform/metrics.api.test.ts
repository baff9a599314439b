import { sql } from 'drizzle-orm';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../testing/test-api.ts';

const TOKEN = 'a-metrics-token-of-this-test-run-0123456789';

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

describe('/metrics with METRICS_TOKEN (decision 0070)', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ seed: false, env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(async () => {
    await api?.close();
  });

  it('is refused without the bearer token, or with another', async () => {
    for (const authorization of [undefined, 'Bearer not-the-token', `Basic ${TOKEN}`]) {
      const response = await fetch(`${api.origin}/metrics`, { headers: authorization ? { authorization } : {} });
      expect(response.status).toBe(401);
      expect(await response.text()).not.toContain('http_request');
    }
  });

  it('with it, counts requests by route pattern and status, and reports the process, outbox, listings and caches', async () => {
    await fetch(`${api.origin}/readyz`); // Loads the listings' snapshot.
    for (const id of ['first-missing-basket-id-00000000000', 'second-missing-basket-id-0000000000']) {
      expect((await fetch(`${api.origin}/api/basket/basket/${id}`)).status).toBe(404);
    }
    const response = await fetch(`${api.origin}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    // Two baskets, one series: the route's pattern, not its URL.
    expect(text).toContain('http_request_duration_seconds_count{method="GET",route="/api/basket/basket/:basketId",status_code="404"} 2');
    expect(text).not.toContain('missing-basket-id');
    for (const series of [
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
      'shop_email_outbox_depth',
      'shop_job_queue_depth{job="email-outbox"} 0',
      'shop_job_failed_items{job="email-outbox"} 0',
      'shop_catalogue_snapshot_age_seconds',
      'shop_cache_lookups{cache=',
      'http_requests_refused_total',
    ]) {
      expect(text).toContain(series);
    }
  });

  it("reports every job's lag since its last recorded batch, on any worker, and whether that batch failed", async () => {
    await api.database.db.execute(sql`insert into job_runs (job, last_run_at) values ('payment-recovery', now() - interval '90 seconds')`);
    await api.database.db.execute(
      sql`insert into job_runs (job, last_run_at, last_failed_at, last_failure) values ('erasure-followups', now(), now(), 'refused')`,
    );
    // Read once a second at most: a scrape after the first reads the rows afresh.
    await expect
      .poll(async () => {
        const text = await (await fetch(`${api.origin}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
        const lag = Number(/shop_job_lag_seconds\{job="payment-recovery"\} ([\d.]+)/.exec(text)?.[1]);
        return (
          lag >= 90 && lag < 600 && text.includes('shop_job_failing{job="erasure-followups"} 1') && text.includes('shop_job_failing{job="payment-recovery"} 0')
        );
      })
      .toBe(true);
  });

  it('takes gauges from other parts of the shop, read when scraped', async () => {
    let depth = 3;
    api.app.metrics.gauge('shop_test_queue_depth', 'A queue a test fills', ['queue'], (set) => set({ queue: 'test' }, depth));
    const scrape = () => fetch(`${api.origin}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } }).then((response) => response.text());
    expect(await scrape()).toContain('shop_test_queue_depth{queue="test"} 3');
    depth = 0;
    expect(await scrape()).toContain('shop_test_queue_depth{queue="test"} 0');
  });
});

describe('/metrics on METRICS_PORT', () => {
  let api: TestApi;
  let port = 0;
  beforeAll(async () => {
    port = await freePort();
    api = await startTestApi({ seed: false, env: { METRICS_PORT: String(port), HOST: '127.0.0.1' } });
  });
  afterAll(async () => {
    await api?.close();
  });

  it('answers on its own port only, and nothing else there', async () => {
    expect((await fetch(`${api.origin}/metrics`)).status).toBe(404);
    const metrics = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain('http_request_duration_seconds');
    expect((await fetch(`http://127.0.0.1:${port}/api/catalogue/Navigation`)).status).toBe(404);
  });
});

describe('/metrics without a setting', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ seed: false });
  });
  afterAll(async () => {
    await api?.close();
  });

  it('is not served', async () => {
    expect((await fetch(`${api.origin}/metrics`)).status).toBe(404);
    expect(api.app.metrics.served).toBe(false);
  });
});
