import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { createBasketClient, createCheckoutClient } from '@shop/api-client';
import { applyMigrations, buildApi, InMemorySpanExporter, loadApiConfig, openDatabase, startTracing, stopTracing, type DatabaseHandle } from '@shop/api';
import type { FastifyInstance } from 'fastify';
import { freePort, serverTestBed, storefrontBuild } from './server-tests.ts';
import { registerWeb } from './web.ts';

/**
 * One checkout is one trace (decision 0070): the storefront's request, the API call its action
 * makes in process (`traceparent` carried), the API's SQL and the payment gateway's calls.
 */
// The API suites' seeded database (apps/api/src/testing/global-setup.ts provides it).
declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

const exporter = new InMemorySpanExporter();
const bed = serverTestBed();
let app: FastifyInstance;
let database: DatabaseHandle;
let origin = '';

// The build's entry takes the in-process transport as the real one does (apps/web/app/lib/api.server.ts), and the page's
// action places the order with it, as a checkout page posting its form would.
const entry =
  "Object.assign(() => new Response('<!doctype html><title>Plumbline</title>', { headers: { 'content-type': 'text/html' } }), " +
  '{ answerApiCallsInProcess: (transport) => { globalThis.shopApiFetch = transport; } })';
const page =
  '{ action: async ({ request }) => { const basketId = (await request.formData()).get("basketId"); ' +
  'const placed = await globalThis.shopApiFetch(process.env.API_INTERNAL_URL + "/checkout/checkout/" + basketId + "/completePayment", ' +
  '{ method: "POST", headers: { "idempotency-key": "trace-test-" + basketId } }); ' +
  'return new Response(null, { status: 303, headers: { location: "/placed?status=" + placed.status } }); }, default: () => null }';

/** On the embedded database (the PostgreSQL suite runs the same code with a template it does not make). */
const onPglite = process.env.TEST_DATABASE !== 'postgres';

beforeAll(async () => {
  if (!onPglite) return;
  await startTracing({ spanExporter: exporter });
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  const buildDir = storefrontBuild(bed, page, '');
  fs.writeFileSync(
    `${buildDir}/server/index.js`,
    fs.readFileSync(`${buildDir}/server/index.js`, 'utf8').replace(/export const entry = .*;/, `export const entry = { module: ${entry} };`),
  );
  process.env.API_INTERNAL_URL = `${origin}/api`;
  const config = loadApiConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: String(port), PUBLIC_URL: origin });
  database = await openDatabase({ template: new Blob([fs.readFileSync(inject('pgliteTemplate'))]) });
  await applyMigrations(database);
  app = await buildApi({ config, database, logger: false });
  await registerWeb(app, buildDir, 'production', {
    publicUrl: origin,
    bodyLimitBytes: config.bodyLimitBytes,
    pageSources: { publicUrl: origin, issuer: origin, stripe: null },
    apiInProcessUrl: `${origin}/api`,
  });
  await app.listen({ port, host: '127.0.0.1' });
}, 120_000);

afterAll(async () => {
  if (onPglite) {
    await app?.close();
    await database?.close();
    await stopTracing();
  }
  await bed.cleanUp();
});

/** A guest's basket ready to pay, paid with the sandbox's test card as its frame does (each call its own trace). */
async function paidBasket(): Promise<string> {
  const result = (await database.db.execute(
    sql`select o.sku from offerings o join products p on p.id = o.product_id join stock_levels s on s.sku = o.sku
        where s.status = 'in_stock' and p.delivery_class = 'parcel' and not p.is_bundle and s.on_hand >= 20 order by o.sku limit 1`,
  )) as unknown as { rows: { sku: string }[] };
  const basket = createBasketClient({ baseUrl: `${origin}/api/basket` });
  const checkout = createCheckoutClient({ baseUrl: `${origin}/api/checkout` });
  const { basketId } = await basket.createBasket({ body: { sku: result.rows[0]!.sku, quantity: 1 } });
  const params = { basketId };
  await checkout.setContactDetails({ params, body: { emailAddress: 'sam@example.com', firstName: 'Sam', lastName: 'Shopper', phone: '07700 900123' } });
  await checkout.setDeliveryDetails({ params, body: { address: { name: 'Sam Shopper', line1: '1 High Street', town: 'Leeds', postcode: 'LS1 4AP' } } });
  await checkout.setBillingDetails({ params, body: { sameAsDelivery: true } });
  await checkout.setDeliveryOption({ params, body: { code: 'standard' } });
  const intent = await checkout.createPaymentIntent({ params, body: {} });
  const confirmed = await fetch(`${origin}/api/payments/sandbox/intents/${intent.intentId}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify({ client_secret: intent.clientSecret, card: { number: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123', postcode: 'SW1A 1AA' } }),
  });
  expect(confirmed.status).toBe(200);
  return basketId;
}

describe.runIf(onPglite)('traces', () => {
  it('one checkout is one trace: the page, its API call, the SQL and the payment gateway', async () => {
    const basketId = await paidBasket();
    exporter.reset();
    const placed = await fetch(`${origin}/`, { method: 'POST', body: new URLSearchParams({ basketId }), redirect: 'manual' });
    await placed.arrayBuffer();
    expect([placed.status, placed.headers.get('location')]).toEqual([303, '/placed?status=200']);
    // The page's span ends as its answer is sent: wait for it rather than for a time.
    await expect.poll(() => exporter.getFinishedSpans().some((span) => span.name === 'POST /*')).toBe(true);

    const spans = exporter.getFinishedSpans();
    const pageSpan = spans.find((span) => span.name === 'POST /*')!;
    expect(spans.map((span) => span.name)).toContain('POST /api/checkout/checkout/:basketId/completePayment');
    const apiSpan = spans.find((span) => span.name === 'POST /api/checkout/checkout/:basketId/completePayment');
    expect(new Set(spans.map((span) => span.spanContext().traceId))).toEqual(new Set([pageSpan.spanContext().traceId]));
    expect(apiSpan!.parentSpanContext?.spanId).toBe(pageSpan.spanContext().spanId);
    const names = spans.map((span) => span.name);
    expect(names.some((name) => name.startsWith('db.'))).toBe(true);
    expect(names.some((name) => name.startsWith('payment.'))).toBe(true);
    // SQL is named by its operation, its text kept without parameters: no address reaches a trace.
    expect(JSON.stringify(spans.map((span) => span.attributes))).not.toContain('sam@example.com');
  });
});
