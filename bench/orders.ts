/**
 * `npm run orders -w @shop/bench`: placing orders on PostgreSQL with durable commits. Each order
 * is a real guest checkout prepared beforehand (basket, details, delivery, payment intent paid
 * through the sandbox card frame's confirm call); what is measured is completePayment: checking the
 * payment with the gateway, then committing stock, claiming nothing, writing the order and its
 * e-mail and removing the basket, in one transaction. Two figures, medians of BENCH_ROUNDS rounds:
 * orders per second flat out at 10 connections (goal ≥ 200; issue 36's ≥ 500), and p99 at 100 orders
 * per second (goal ≤ 50 ms); and for each, the CPU per order of the server and of PostgreSQL's backends.
 */
import { randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import autocannon from 'autocannon';
import { pacedLoad } from './paced.ts';
import { cpuMeter, cpuText, ensureDatabase, median, report, startServer, type CpuPerRequest, type LoadResult, type RunningServer } from './lib.ts';

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const RATE = 100;
const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_orders';
const SKU = 'PL000109-1';
/**
 * How many products the orders are spread over (BENCH_SKUS): 1, every order buys the same basin (a
 * sale of one product, its stock row the one every payment start takes its unit from); more, the
 * basin and other large items in stock, in turn, as a day's orders spread over the range.
 */
const SKU_COUNT = Number(process.env.BENCH_SKUS ?? 1);
let skus: string[] = [SKU];
let basketsMade = 0;
/** Flat out: as many connections as issue 36's goal (≥ 500 orders/s at 10). */
const FLAT_OUT_CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

async function call<T>(base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A guest basket, ready and paid: only completePayment is left. */
async function paidBasket(origin: string): Promise<string> {
  const api = `${origin}/api`;
  const sku = skus[basketsMade++ % skus.length]!;
  const { basketId } = await call<{ basketId: string }>(api, 'POST', '/basket/basket', { sku, quantity: 1 });
  const checkout = `/checkout/checkout/${basketId}`;
  await call(api, 'PUT', `${checkout}/contactDetails`, { emailAddress: 'bench@example.com', firstName: 'Bench', lastName: 'Shopper', phone: '07700 900123' });
  await call(api, 'PUT', `${checkout}/deliveryDetails`, { address: { name: 'Bench Shopper', line1: '1 High Street', town: 'Leeds', postcode: 'LS1 4AP' } });
  await call(api, 'PUT', `${checkout}/billingDetails`, { sameAsDelivery: true });
  // The basin is a large item: kerbside delivery.
  await call(api, 'PUT', `${checkout}/deliveryoption`, { code: 'large_kerbside' });
  const intent = await call<{ intentId: string; clientSecret: string }>(
    api,
    'POST',
    `${checkout}/createPaymentIntent`,
    {},
    { 'idempotency-key': randomUUID() },
  );
  await call(
    api,
    'POST',
    `/payments/sandbox/intents/${intent.intentId}/confirm`,
    { client_secret: intent.clientSecret, card: { number: '4242424242424242', expiry: '12 / 39', cvc: '123', postcode: 'LS1 4AP' } },
    { 'idempotency-key': randomUUID() },
  );
  return basketId;
}

async function prepare(origin: string, count: number): Promise<string[]> {
  const baskets: string[] = [];
  // A few at a time: preparing is not what is measured.
  for (let i = 0; i < count; i += 8) baskets.push(...(await Promise.all(Array.from({ length: Math.min(8, count - i) }, () => paidBasket(origin)))));
  return baskets;
}

/**
 * Preparation's webhooks (one per payment) are delivered before measuring: they are not what is
 * measured. Then the dead rows preparation left are vacuumed, as autovacuum would have done in
 * the time a real shop takes to make that many baskets (this machine's PostgreSQL runs without
 * autovacuum, so otherwise every round would run on the bloat of all the rounds before it).
 */
async function settlePreparation(): Promise<void> {
  for (let wait = 0; wait < 240; wait++) {
    const pending = execFileSync('psql', [postgresUrl, '-tAc', "select count(*) from sandbox_webhook_deliveries where status = 'pending'"]).toString().trim();
    if (pending === '0') break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  execFileSync('psql', [postgresUrl, '-qc', 'vacuum analyze']);
}

async function complete(
  name: string,
  server: RunningServer,
  baskets: string[],
  options: { rate?: number; connections: number; duration: number },
): Promise<LoadResult & { cpu: CpuPerRequest }> {
  const origin = `http://127.0.0.1:${server.port}`;
  let next = 0;
  const request = () => {
    const basketId = baskets[next++];
    if (!basketId) throw new Error('Ran out of prepared baskets');
    return { method: 'POST' as const, path: `/api/checkout/checkout/${basketId}/completePayment`, headers: { 'idempotency-key': randomUUID() } };
  };
  try {
    // At a rate: spaced evenly (paced.ts); flat out: autocannon, as fast as the server answers.
    if (options.rate) {
      // A second first, not counted (as wrk2 calibrates, and as the catalogue bench
      // warms up): the server's first requests after preparation open connections and prepare
      // statements, and in the traces nearly all the slow answers of a round fell in its first second.
      const paced = { rate: options.rate, connections: options.connections, next: request };
      await pacedLoad(`${name} (warm-up)`, origin, { ...paced, seconds: 1 });
      const meter = cpuMeter(server, postgresUrl);
      const result = await pacedLoad(name, origin, { ...paced, seconds: options.duration });
      return { ...result, cpu: meter.stop(result.total) };
    }
    const flatOut = (duration: number) =>
      autocannon({
        url: origin,
        connections: options.connections,
        duration,
        requests: [{ method: 'POST', setupRequest: (base) => ({ ...base, ...request() }) }],
      });
    await flatOut(1); // warm-up, likewise
    const meter = cpuMeter(server, postgresUrl);
    const result = await flatOut(options.duration);
    return {
      cpu: meter.stop(result.requests.total),
      name,
      requestsPerSecond: Math.round(result.requests.average),
      total: result.requests.total,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.timeouts,
      non2xx: result.non2xx,
    };
  } finally {
    baskets.splice(0, next);
  }
}

ensureDatabase(postgresUrl);
// Plenty of the basin, so stock never refuses an order here.
// Baskets wait up to a minute between being paid for and completed here, where a browser takes a
// second: the recovery worker's grace is stretched so it does not step in and complete them itself.
const serverEnv = { DATABASE_URL: postgresUrl, PAYMENT_RECOVERY_GRACE_SECONDS: '3600' };
const server = await startServer('./servers/api.ts', serverEnv);
// Baskets are prepared through a second server on the same database, so the measured server's CPU
// (and its profile, with BENCH_NODE_ARGS=--cpu-prof) is completePayment's alone.
const preparer = await startServer('./servers/api.ts', { ...serverEnv, BENCH_NODE_ARGS: '' });
if (SKU_COUNT > 1) {
  const others = execFileSync('psql', [
    postgresUrl,
    '-tAc',
    `select o.sku from offerings o join products p on p.id = o.product_id join stock_levels s on s.sku = o.sku
      where p.delivery_class = 'large' and not p.is_bundle and p.withdrawn_at is null and s.status in ('in_stock', 'low_stock') and o.sku <> '${SKU}'
      order by o.sku limit ${SKU_COUNT - 1}`,
  ])
    .toString()
    .split('\n')
    .filter(Boolean);
  skus = [SKU, ...others];
}
execFileSync('psql', [postgresUrl, '-c', `update stock_levels set on_hand = 10000000, status = 'in_stock' where sku = any('{${skus.join(',')}}')`]);
const preparing = `http://127.0.0.1:${preparer.port}`;
const flatOut: (LoadResult & { cpu: CpuPerRequest })[] = [];
const atRate: (LoadResult & { cpu: CpuPerRequest })[] = [];
try {
  for (let round = 0; round < rounds; round++) {
    process.stdout.write(`round ${round + 1}: preparing baskets…\n`);
    const rateBaskets = await prepare(preparing, RATE * (seconds + 1) + 50);
    await settlePreparation();
    atRate.push(await complete(`completePayment at ${RATE}/s`, server, rateBaskets, { rate: RATE, connections: 20, duration: seconds }));
    // Flat out for half as long, after a second of warm-up: enough for 600 orders/s from the baskets prepared.
    const flatBaskets = await prepare(preparing, Number(process.env.BENCH_FLAT_BASKETS ?? 3600));
    await settlePreparation();
    flatOut.push(
      await complete('completePayment flat out', server, flatBaskets, { connections: FLAT_OUT_CONNECTIONS, duration: Math.max(2, Math.round(seconds / 2)) }),
    );
  }
} finally {
  await Promise.all([server.stop(), preparer.stop()]);
}
const rated = median(atRate, 'p99');
const flat = median(flatOut);
const cpuTotal = (run: { cpu: CpuPerRequest }) => run.cpu.appMs + (run.cpu.postgresMs ?? 0);
report(`Orders placed on PostgreSQL (median of ${rounds} rounds)`, [flat, rated], {
  rounds: `flat out: ${flatOut.map((run) => run.requestsPerSecond).join(', ')} orders/s; p99 at ${RATE}/s: ${atRate.map((run) => `${run.p99} ms`).join(', ')}`,
  'CPU per order': `flat out (median round) ${cpuText(flat.cpu)}; at ${RATE}/s (median round) ${cpuText(rated.cpu)}`,
  'CPU per order per round (app + PostgreSQL, ms)': `flat out ${flatOut.map((run) => cpuTotal(run).toFixed(2)).join(' / ')}; at ${RATE}/s ${atRate
    .map((run) => cpuTotal(run).toFixed(2))
    .join(' / ')}`,
  goals: `≥ 200 orders/s: ${flat.requestsPerSecond >= 200 ? 'met' : 'NOT met'}; p99 ≤ 50 ms at ${RATE}/s: ${rated.p99 <= 50 ? 'met' : 'NOT met'}`,
  'issue 36 goals': `≥ 500 orders/s flat out: ${flat.requestsPerSecond >= 500 ? 'met' : 'NOT met'}; ≤ 2.5 ms CPU per order flat out: ${
    cpuTotal(flat) <= 2.5 ? 'met' : 'NOT met'
  }`,
  load: `load average at the end: ${(await import('node:os'))
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`,
});
