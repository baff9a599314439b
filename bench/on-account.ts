/**
 * `npm run on-account -w @shop/bench`: paying on account (issue 41) with the embedded credit sandbox on
 * PostgreSQL. (1) Placing an order on account (`payOnAccount`: the provider asked whether the business's
 * user is verified, its order created under the business's lock against the credit left, then the
 * shop's order placed with the provider's id, in one transaction) at a fixed 50 orders/s, paced: goal
 * p99 ≤ 60 ms. Each order is trade@demo.test's own basket, prepared beforehand (items, contact,
 * delivery, billing, delivery option) through a second server on the same database, so the measured
 * server's CPU is placing alone. Between rounds the sandbox's orders are marked paid (the business
 * paying its invoices), so its credit (£15,000) never runs out. (2) The provider's webhooks flat out
 * (autocannon, 10 connections): each a new event, signed as the sandbox signs them, saying an order
 * placed in (1) is approved as it stands, later than the last: each recorded once and applied (one
 * conditional update). Goal ≥ 500/s. CPU per request is reported for both (server and PostgreSQL's
 * backends): on a shared machine it is the figure to trust. Medians of BENCH_ROUNDS rounds.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { signWebhook } from '../apps/api/src/platform/webhook-signature.ts';
import { pacedLoad } from './paced.ts';
import {
  cpuMeter,
  cpuText,
  createTokenSigner,
  freshDatabase,
  load,
  median,
  psql as runSql,
  report,
  startServer,
  type CpuPerRequest,
  type LoadResult,
  type RunningServer,
} from './lib.ts';

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const RATE = 50;
const GOAL_P99_MS = 60;
const WEBHOOK_GOAL = 500;
const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_on_account';
const PUBLIC_URL = 'http://bench.on-account.test';
const WEBHOOK_SECRET = 'twhsec_bench_on_account_0123456789abcdef';
const WEBHOOK_PATH = '/api/accounts/api/two/Webhook';
const psql = (sql: string) => runSql(postgresUrl, sql);

async function call<T>(base: string, method: string, path: string, body: unknown, authorization: string): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** trade@demo.test's basket of one cheap item, every checkout step done: only paying on account is left. */
async function readyBasket(api: string, authorization: string, sku: string): Promise<string> {
  const { basketId } = await call<{ basketId: string }>(api, 'POST', '/basket/basket', { sku, quantity: 1 }, authorization);
  const checkout = `/checkout/checkout/${basketId}`;
  await call(
    api,
    'PUT',
    `${checkout}/contactDetails`,
    { emailAddress: 'trade@demo.test', firstName: 'Taylor', lastName: 'Trade', phone: '07700 900123' },
    authorization,
  );
  await call(
    api,
    'PUT',
    `${checkout}/deliveryDetails`,
    { address: { name: 'Taylor Trade', line1: '1 High Street', town: 'Leeds', postcode: 'LS1 4AP' } },
    authorization,
  );
  await call(api, 'PUT', `${checkout}/billingDetails`, { sameAsDelivery: true }, authorization);
  await call(api, 'PUT', `${checkout}/deliveryoption`, { code: 'standard' }, authorization);
  return basketId;
}

async function prepare(api: string, authorization: string, sku: string, count: number): Promise<string[]> {
  const baskets: string[] = [];
  for (let i = 0; i < count; i += 8)
    baskets.push(...(await Promise.all(Array.from({ length: Math.min(8, count - i) }, () => readyBasket(api, authorization, sku)))));
  return baskets;
}

type Measured = LoadResult & { cpu: CpuPerRequest };

async function placeOrders(server: RunningServer, baskets: string[], authorization: string): Promise<Measured> {
  let next = 0;
  const request = () => {
    const basketId = baskets[next++];
    if (!basketId) throw new Error('Ran out of prepared baskets');
    return {
      method: 'POST' as const,
      path: `/api/checkout/checkout/${basketId}/payOnAccount`,
      headers: { 'idempotency-key': randomUUID(), authorization, 'content-type': 'application/json' },
      body: '{}',
    };
  };
  const origin = `http://127.0.0.1:${server.port}`;
  const paced = { rate: RATE, connections: 20, next: request };
  await pacedLoad('payOnAccount (warm-up)', origin, { ...paced, seconds: 1 });
  const meter = cpuMeter(server, postgresUrl);
  const result = await pacedLoad(`payOnAccount at ${RATE}/s`, origin, { ...paced, seconds });
  return { ...result, cpu: meter.stop(result.total) };
}

/** A new event each time, signed now: an order placed above approved as it stands, later than any event before it. */
function webhookRequests(orders: readonly { id: string; amountPence: number }[]) {
  let n = 0;
  const start = Date.now() + 60_000;
  return () => {
    const order = orders[n % orders.length]!;
    n += 1;
    const body = JSON.stringify({
      id: `evt_bench_${randomUUID()}`,
      type: 'order.verified',
      occurred_at: new Date(start + n).toISOString(),
      organisation_number: '09876543',
      order: {
        id: order.id,
        state: 'VERIFIED',
        amountPence: order.amountPence,
        refundedPence: 0,
        declineReason: null,
        fulfilledAt: null,
        dueDate: null,
        payee: null,
        paidAt: null,
      },
      decision: null,
    });
    return {
      method: 'POST' as const,
      path: WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', 'two-signature': signWebhook(WEBHOOK_SECRET, body, Math.floor(Date.now() / 1000)) },
      body,
    };
  };
}

async function webhooksFlatOut(server: RunningServer, orders: readonly { id: string; amountPence: number }[]): Promise<Measured> {
  const next = webhookRequests(orders);
  let meter: ReturnType<typeof cpuMeter> | undefined;
  const result = await load('webhooks flat out', `http://127.0.0.1:${server.port}${WEBHOOK_PATH}`, {
    connections: 10,
    method: 'POST',
    seconds: Math.max(2, Math.round(seconds / 2)),
    setupRequest: (request) => ({ ...request, ...next() }),
    beforeMeasure: () => (meter = cpuMeter(server, postgresUrl)),
  });
  return { ...result, cpu: meter!.stop(result.total) };
}

freshDatabase(postgresUrl);
const signer = createTokenSigner('bench-on-account', PUBLIC_URL);
// The sandbox's own webhook sender is left to run: it is part of the shop's cost of orders on account.
const serverEnv = { DATABASE_URL: postgresUrl, PUBLIC_URL, IDENTITY_JWKS: signer.jwks, TWO_WEBHOOK_SECRET: WEBHOOK_SECRET, SANDBOX_WEBHOOK_CHAOS: 'off' };
const server = await startServer('./servers/api.ts', serverEnv);
// Preparing is not measured: its server does not turn requests away when the machine is busy.
const preparer = await startServer('./servers/api.ts', { ...serverEnv, BENCH_NODE_ARGS: '', OVERLOAD_EVENT_LOOP_DELAY_MS: '0' });
const placing: Measured[] = [];
const ingesting: Measured[] = [];
try {
  const userId = psql("select id from identity_users where email = 'trade@demo.test'");
  const authorization = `Bearer ${signer.tokenFor(userId, ['shopper', 'trade'])}`;
  const preparing = `http://127.0.0.1:${preparer.port}/api`;
  // trade@demo.test applies to pay on account and verifies through the sandbox's link (its business is approved on £15,000).
  const user = await call<{ customerUser: { verificationUrl: string } }>(preparing, 'POST', '/accounts/api/two/MerchantCustomerUser', {}, authorization);
  const link = new URL(user.customerUser.verificationUrl);
  const verified = await fetch(`http://127.0.0.1:${preparer.port}${link.pathname}${link.search}`);
  if (!verified.ok) throw new Error(`verifying answered ${verified.status}`);
  // A cheap parcel item, plenty of it.
  const sku = psql(`select o.sku from offerings o join products p on p.id = o.product_id join prices pr on pr.offering_id = o.id
    join stock_levels s on s.sku = o.sku where s.status = 'in_stock' and p.delivery_class = 'parcel' and not p.is_bundle
    and pr.price_inc_vat between 500 and 2000 order by o.sku limit 1`);
  psql(`update stock_levels set on_hand = 10000000, status = 'in_stock' where sku = '${sku}'`);
  for (let round = 0; round < rounds; round++) {
    process.stdout.write(`round ${round + 1}: preparing baskets…\n`);
    const baskets = await prepare(preparing, authorization, sku, RATE * (seconds + 1) + 30);
    // The business pays its invoices: the sandbox's credit is free again for this round.
    psql('update credit_sandbox_orders set paid_at = now() where paid_at is null');
    psql('vacuum analyze');
    placing.push(await placeOrders(server, baskets, authorization));
    const orders = psql('select id, amount_pence from credit_sandbox_orders order by created_at desc limit 500')
      .split('\n')
      .map((line) => {
        const [id, amount] = line.split('|');
        return { id: id!, amountPence: Number(amount) };
      });
    ingesting.push(await webhooksFlatOut(server, orders));
    const [order, webhook] = [placing.at(-1)!, ingesting.at(-1)!];
    process.stdout.write(
      `round ${round + 1}: orders p99 ${order.p99} ms at ${order.requestsPerSecond}/s, CPU ${cpuText(order.cpu)}; ` +
        `webhooks ${webhook.requestsPerSecond}/s, CPU ${cpuText(webhook.cpu)}; load ${os.loadavg()[0]!.toFixed(2)}\n`,
    );
  }
} finally {
  await Promise.all([server.stop(), preparer.stop()]);
}
const placed = median(placing, 'p99');
const received = median(ingesting);
const verdict = (met: boolean, run: LoadResult) => (met && run.errors + run.non2xx === 0 ? 'met' : 'NOT met');
const total = (run: { cpu: CpuPerRequest }) => run.cpu.appMs + (run.cpu.postgresMs ?? 0);
report(`Paying on account with the credit sandbox on PostgreSQL (median of ${rounds} rounds)`, [placed, received], {
  rounds:
    `p99 at ${RATE}/s: ${placing.map((run) => `${run.p99} ms`).join(', ')}; ` +
    `webhooks flat out: ${ingesting.map((run) => run.requestsPerSecond).join(', ')}/s`,
  'CPU per order (median round)': cpuText(placed.cpu),
  'CPU per webhook (median round)': cpuText(received.cpu),
  'CPU per request per round (app + PostgreSQL, ms)': `orders ${placing.map((run) => total(run).toFixed(2)).join(' / ')}; webhooks ${ingesting
    .map((run) => total(run).toFixed(2))
    .join(' / ')}`,
  goals: `p99 ≤ ${GOAL_P99_MS} ms at ${RATE}/s: ${verdict(placed.p99 <= GOAL_P99_MS, placed)}; webhooks ≥ ${WEBHOOK_GOAL}/s: ${verdict(
    received.requestsPerSecond >= WEBHOOK_GOAL,
    received,
  )}`,
  load: `load average at the end: ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')} (${os.cpus().length} cores)`,
});
