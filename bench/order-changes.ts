/**
 * `npm run bench:order-changes`: order changes' speed goals on PostgreSQL (issue 39). (1) Opening an
 * order basket (`PUT /OrderBasket/{id}` on an order with none open: the order read and checked, the
 * basket made and priced): p99 ≤ 20 ms at 100 requests/s. (2) Completing an order change paid by card
 * (`CompleteOrderBasket` with the paid intent: the gateway asked, the basket and the order locked,
 * the order's lines, figures, charge, stock, history and e-mail written): p99 ≤ 50 ms at 50/s, with the
 * sandbox gateway. Requests are paced evenly (`paced.ts`). The database (`order_changes_bench` unless
 * BENCH_DATABASE_URL, made afresh each run) holds the demo catalogue; shopper@demo.test places the
 * orders beforehand through checkout (paid with the sandbox's 4242 card). Each round first closes
 * the baskets left open, so every open makes one; then each change is prepared (an item added, the
 * difference's intent made and paid as the card frame pays it) and only its completion is measured.
 * The median of BENCH_ROUNDS rounds is reported.
 */
import { randomUUID } from 'node:crypto';
import { pacedLoad } from './paced.ts';
import { createTokenSigner, freshDatabase, median, psql as runSql, report, startServer, type LoadResult } from './lib.ts';

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const OPEN_RATE = 100;
const OPEN_GOAL_MS = 20;
const CHANGE_RATE = 50;
const CHANGE_GOAL_MS = 50;
const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/order_changes_bench';
const PUBLIC_URL = 'http://bench.order-changes.test';

freshDatabase(postgresUrl);
const signer = createTokenSigner('bench-order-changes', PUBLIC_URL);
const server = await startServer('servers/api.ts', { DATABASE_URL: postgresUrl, PUBLIC_URL, IDENTITY_JWKS: signer.jwks });
try {
  const psql = (sql: string) => runSql(postgresUrl, sql);
  const userId = psql("select id from identity_users where email = 'shopper@demo.test'");
  const authorization = `Bearer ${signer.tokenFor(userId, ['shopper'])}`;
  const origin = `http://127.0.0.1:${server.port}`;
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${origin}/api${path}`, {
      method,
      headers: { authorization, 'idempotency-key': randomUUID(), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  /** Pays a sandbox intent as the card frame does. */
  const pay = (intent: { intentId: string; clientSecret: string }) =>
    call('POST', `/payments/sandbox/intents/${intent.intentId}/confirm`, {
      client_secret: intent.clientSecret,
      card: { number: '4242424242424242', expiry: '12 / 39', cvc: '123', postcode: 'LS1 4AP' },
    });
  // Two parcel items sold now: one ordered, one added by each change; stock enough for every run.
  const [ordered, added] = psql(
    `select string_agg(sku, ',') from (select o.sku from offerings o join products p on p.id = o.product_id join stock_levels s on s.sku = o.sku
     where s.status = 'in_stock' and p.delivery_class = 'parcel' and not p.is_bundle order by o.sku limit 2) chosen`,
  ).split(',') as [string, string];
  psql(`update stock_levels set on_hand = 1000000 where sku in ('${ordered}', '${added}')`);

  /** shopper@demo.test's order of one `ordered`, standard delivery to Leeds, paid with 4242. */
  const placeOrder = async (): Promise<string> => {
    const { basketId } = await call<{ basketId: string }>('POST', '/basket/basket', { sku: ordered, quantity: 1 });
    const checkout = `/checkout/checkout/${basketId}`;
    await call('PUT', `${checkout}/contactDetails`, { emailAddress: 'shopper@demo.test', firstName: 'Bench', lastName: 'Shopper', phone: '07700 900123' });
    await call('PUT', `${checkout}/deliveryDetails`, { address: { name: 'Bench Shopper', line1: '1 High Street', town: 'Leeds', postcode: 'LS1 4AP' } });
    await call('PUT', `${checkout}/billingDetails`, { sameAsDelivery: true });
    await call('PUT', `${checkout}/deliveryoption`, { code: 'standard' });
    await pay(await call<{ intentId: string; clientSecret: string }>('POST', `${checkout}/createPaymentIntent`, {}));
    return (await call<{ orderNumber: string }>('POST', `${checkout}/completePayment`)).orderNumber;
  };
  /** `count` at a time, eight at once: preparing is not what is measured. */
  const inBatches = async <T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> => {
    const done: R[] = [];
    for (let i = 0; i < items.length; i += 8) done.push(...(await Promise.all(items.slice(i, i + 8).map(work))));
    return done;
  };
  /** Preparation's webhooks delivered and its dead rows vacuumed before measuring (as bench/orders.ts does). */
  const settle = async () => {
    for (let wait = 0; wait < 240 && psql("select count(*) from sandbox_webhook_deliveries where status = 'pending'") !== '0'; wait++)
      await new Promise((resolve) => setTimeout(resolve, 250));
    psql('vacuum analyze');
  };

  // The paced generator's first, uncounted second needs its own requests too.
  const orders = await inBatches(
    Array.from({ length: OPEN_RATE * (seconds + 1) }, (_, i) => i),
    () => placeOrder(),
  );
  const basketPath = (orderNumber: string) => `/api/order-baskets/OrderBasket/${orderNumber}`;
  const results: Record<'open' | 'complete', LoadResult[]> = { open: [], complete: [] };
  for (let round = 0; round < rounds; round++) {
    // Every open makes a basket: those left open by the round before are closed.
    psql("delete from order_baskets where state = 'open'");
    await settle();
    let nextOpen = 0;
    results.open.push(
      await pacedLoad(`open an order basket @${OPEN_RATE}/s`, origin, {
        rate: OPEN_RATE,
        seconds,
        connections: 10,
        next: () => ({ method: 'PUT', path: basketPath(orders[nextOpen++ % orders.length]!), headers: { authorization } }),
      }),
    );
    // Each change: one more item added to the open basket, the difference's intent made and paid.
    const changes = await inBatches(orders.slice(0, CHANGE_RATE * (seconds + 1)), async (orderNumber) => {
      const basket = await call<{ orderVersion: number }>('PUT', `/order-baskets/OrderBasket/${orderNumber}/AddItem`, { sku: added, quantity: 1 });
      const asked = await call<{ status: string; payment: { intentId: string; clientSecret: string } }>(
        'PUT',
        `/order-baskets/OrderBasket/${orderNumber}/CompleteOrderBasket`,
        { orderVersion: basket.orderVersion },
      );
      if (asked.status !== 'payment_required') throw new Error(`Completing ${orderNumber} asked for no payment`);
      await pay(asked.payment);
      return { orderNumber, body: JSON.stringify({ orderVersion: basket.orderVersion, paymentIntentId: asked.payment.intentId }) };
    });
    await settle();
    let nextChange = 0;
    results.complete.push(
      await pacedLoad(`complete an order change paid by card @${CHANGE_RATE}/s`, origin, {
        rate: CHANGE_RATE,
        seconds,
        connections: 10,
        next: () => {
          const change = changes[nextChange++];
          if (!change) throw new Error('Ran out of prepared changes');
          return {
            method: 'PUT',
            path: `${basketPath(change.orderNumber)}/CompleteOrderBasket`,
            headers: { authorization, 'content-type': 'application/json' },
            body: change.body,
          };
        },
      }),
    );
  }
  const open = median(results.open, 'p99');
  const complete = median(results.complete, 'p99');
  const clean = (runs: LoadResult[]) => runs.every((run) => run.errors + run.non2xx === 0);
  report(`Order changes on PostgreSQL, sandbox gateway (median of ${rounds} rounds of ${seconds} s)`, [open, complete], {
    goal: `open p99 ≤ ${OPEN_GOAL_MS} ms at ${OPEN_RATE}/s; complete with a card payment p99 ≤ ${CHANGE_GOAL_MS} ms at ${CHANGE_RATE}/s`,
    'p99 per round (ms), open': results.open.map((run) => run.p99).join(' / '),
    'p99 per round (ms), complete': results.complete.map((run) => run.p99).join(' / '),
    met: open.p99 <= OPEN_GOAL_MS && complete.p99 <= CHANGE_GOAL_MS && clean(results.open) && clean(results.complete),
  });
} finally {
  await server.stop();
}
