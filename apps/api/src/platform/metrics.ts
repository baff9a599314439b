import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { OperationsConfig } from '../config.ts';
import { probeRouteOptions } from './probes.ts';

/** Sets one series of a gauge read at scrape time. */
export type SetGauge = (labels: Record<string, string>, value: number) => void;

/**
 * One app's Prometheus metrics (decision 0070). Other parts of the shop add theirs through `gauge`
 * (read only when scraped, so they cost nothing per request): the job queue's depth and lag, say.
 */
export interface ShopMetrics {
  readonly registry: Registry;
  /** Whether `/metrics` is served (METRICS_PORT or METRICS_TOKEN): request metrics are kept only then. */
  readonly served: boolean;
  /** A gauge whose series `collect` sets when `/metrics` is read; it may query (the outbox's depth). */
  gauge(name: string, help: string, labelNames: readonly string[], collect: (set: SetGauge) => void | Promise<void>): void;
  /** Counts a request refused before any work: rate limited (429) or overloaded (503). */
  refused(reason: 'rate_limited' | 'overloaded'): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: ShopMetrics;
  }
}

/** Latency buckets in seconds: from a kept answer (a millisecond) to a request about to be timed out. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Makes `app.metrics` and, when `settings` say where, serves it: on its own port (`METRICS_PORT`,
 * nothing else answers there), or at `/metrics` on the shop's with `Authorization: Bearer
 * METRICS_TOKEN` (401 without it). Neither: `/metrics` is not served and no request is measured.
 * Each request served costs one histogram observation, its labels the route's pattern (never the
 * URL, whose ids would make a series per basket), method and status.
 */
export function installMetrics(app: FastifyInstance, settings: OperationsConfig['metrics'], host: string): ShopMetrics {
  const registry = new Registry();
  const served = settings.port !== undefined || settings.token !== undefined;
  const refusals = new Counter({
    name: 'http_requests_refused_total',
    help: 'Requests refused before any work: rate_limited (429) or overloaded (503 with Retry-After)',
    labelNames: ['reason'],
    registers: [registry],
  });
  const metrics: ShopMetrics = {
    registry,
    served,
    gauge(name, help, labelNames, collect) {
      const gauge = new Gauge({
        name,
        help,
        labelNames,
        registers: [],
        async collect() {
          this.reset();
          await collect((labels, value) => this.set(labels, value));
        },
      });
      registry.registerMetric(gauge);
    },
    refused: (reason) => refusals.inc({ reason }),
  };
  app.decorate('metrics', metrics);
  if (!served) return metrics;

  collectDefaultMetrics({ register: registry });
  measureRequests(app, registry, metrics);
  const answer = async (reply: FastifyReply) =>
    reply
      .header('cache-control', 'no-store')
      .type(registry.contentType)
      .send(await registry.metrics());
  if (settings.token !== undefined) {
    const expected = Buffer.from(`Bearer ${settings.token}`);
    app.get('/metrics', probeRouteOptions, async (request: FastifyRequest, reply) => {
      const given = Buffer.from(request.headers.authorization ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return reply.code(401).header('www-authenticate', 'Bearer').type('text/plain; charset=utf-8').send('Metrics need the bearer token METRICS_TOKEN.\n');
      }
      return answer(reply);
    });
  }
  if (settings.port !== undefined) serveOnOwnPort(app, registry, settings.port, host);
  return metrics;
}

function measureRequests(app: FastifyInstance, registry: Registry, metrics: ShopMetrics): void {
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Requests by route pattern, method and status, with their time to answer',
    labelNames: ['method', 'route', 'status_code'],
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  // One child per series, found by a string key: prom-client's own label lookup sorts and joins the labels on every call.
  const series = new Map<string, ReturnType<typeof duration.labels>>();
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    const key = `${request.method} ${status} ${route}`;
    let child = series.get(key);
    if (child === undefined) series.set(key, (child = duration.labels(request.method, route, String(status))));
    child.observe(reply.elapsedTime / 1000);
    if (status === 429) metrics.refused('rate_limited');
    done();
  });
}

function serveOnOwnPort(app: FastifyInstance, registry: Registry, port: number, host: string): void {
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Only /metrics is served here.\n');
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  app.addHook('onListen', async () => {
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, host, resolve));
  });
  app.addHook('onClose', async () => {
    if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
  });
}
