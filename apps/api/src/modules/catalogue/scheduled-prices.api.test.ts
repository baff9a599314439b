import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueClient, createCatalogueEditorClient, type ApiError, type CatalogueEditorClient } from '@shop/api-client';
import type { Transaction } from '../../db/client.ts';
import type { Actor } from '../../platform/context.ts';
import { countStatements } from '../../testing/statement-counter.ts';
import { startTestApi, type TestApi } from '../../testing/test-api.ts';
import { SCHEDULED_PRICES_JOB } from './catalogue-jobs.ts';
import { referencePrice } from './reference-price.ts';
import { SCHEDULED_PRICES_BATCH } from './scheduled-prices.ts';

let api: TestApi;
const actors: Record<string, Actor> = { manager: { userId: 'user-casey', name: 'Casey Catalogue', roles: ['shopper', 'catalogue-manager'] } };
let staff: CatalogueEditorClient;
const onPostgres = process.env.TEST_DATABASE === 'postgres';
const DAY_MS = 86_400_000;
/** How many prices the first sale starts: three batches' worth, or more to measure (`SCHEDULED_PRICES_DUE=2000`). */
const SALE_SIZE = Number(process.env.SCHEDULED_PRICES_DUE ?? SCHEDULED_PRICES_BATCH * 2 + 40);

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await api.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The scheduled-prices job as the API registers it, run once at `at` (a worker's run). */
function runJob(at: Date) {
  const job = api.app.composed.modules.flatMap((module) => module.jobs?.(api.app) ?? []).find((candidate) => candidate.name === SCHEDULED_PRICES_JOB)!;
  return job.runOnce({ db: api.database.db, clock: { now: () => at }, log: api.app.log });
}

interface Sale {
  offeringId: number;
  sku: string;
  productId: number;
  price: number;
  salePrice: number;
  isDefault: boolean;
}

/**
 * A sale of a fifth off `count` variants no schedule has touched yet, from `startsAt` to `endsAt`, as
 * staff scheduling them leave it: a schedule each, and each product's version moved on.
 */
async function scheduleSale(count: number, startsAt: Date, endsAt: Date): Promise<Sale[]> {
  const chosen = await rows<{ offering_id: number; sku: string; product_id: number; price: number; is_default: boolean }>(sql`
    select o.id as offering_id, o.sku, o.product_id, pr.price_inc_vat as price, o.is_default from offerings o join prices pr on pr.offering_id = o.id
    where pr.price_inc_vat >= 100 and not exists (select 1 from scheduled_prices sp where sp.offering_id = o.id)
    order by o.id limit ${count}`);
  expect(chosen).toHaveLength(count);
  const sale = chosen.map((row) => ({
    offeringId: Number(row.offering_id),
    sku: row.sku,
    productId: Number(row.product_id),
    price: Number(row.price),
    salePrice: Math.round(Number(row.price) * 0.8),
    isDefault: row.is_default,
  }));
  await api.database.db.execute(sql`insert into scheduled_prices (offering_id, price_inc_vat, vat_rate_code, starts_at, ends_at)
    select s.offering_id, s.price, pr.vat_rate_code, ${startsAt.toISOString()}::timestamptz, ${endsAt.toISOString()}::timestamptz
    from unnest(${sql.param(sale.map((row) => row.offeringId))}::int[], ${sql.param(sale.map((row) => row.salePrice))}::int[]) as s(offering_id, price)
    join prices pr on pr.offering_id = s.offering_id`);
  await api.database.db.execute(sql`insert into product_versions (product_id, version)
    select distinct product_id, 1 from unnest(${sql.param(sale.map((row) => row.productId))}::int[]) as s(product_id)
    on conflict (product_id) do update set version = product_versions.version + 1`);
  return sale;
}

/** Each variant's price, was-price, the history steps started at `at`, its schedules' statuses and its change-list lines naming `words`. */
async function stateOf(sale: readonly Sale[], at: Date, words: string) {
  const found = await rows<{ sku: string; price: number; was: number | null; steps: number; open: number; statuses: string; lines: number }>(sql`
    select o.sku, pr.price_inc_vat as price, pr.was_price_inc_vat as was,
      (select count(*)::int from price_history h where h.offering_id = o.id and h.effective_from = ${at.toISOString()}::timestamptz) as steps,
      (select count(*)::int from price_history h where h.offering_id = o.id and h.effective_until is null) as open,
      (select string_agg(sp.status, ',' order by sp.id) from scheduled_prices sp where sp.offering_id = o.id) as statuses,
      (select count(*)::int from product_audit a where a.product_id = o.product_id and a.what like 'Scheduled price of ' || o.sku || ' ' || ${words}) as lines
    from offerings o join prices pr on pr.offering_id = o.id
    where o.id = any(${sql.param(sale.map((row) => row.offeringId))}::int[]) order by o.id`);
  return found.map((row) => ({ ...row, price: Number(row.price), was: row.was === null ? null : Number(row.was) }));
}

/** The was-price the reference-price rule gives each variant at `at` from its history. */
async function wasByRule(sale: readonly Sale[], at: Date): Promise<(number | null)[]> {
  const history = await rows<{ offering_id: number; price_inc_vat: number; price_ex_vat: number; effective_from: string; effective_until: string | null }>(
    sql`select offering_id, price_inc_vat, price_ex_vat, effective_from::text, effective_until::text from price_history
        where offering_id = any(${sql.param(sale.map((row) => row.offeringId))}::int[])`,
  );
  return sale.map((row) => {
    const steps = history
      .filter((step) => Number(step.offering_id) === row.offeringId)
      .map((step) => ({
        priceIncVat: Number(step.price_inc_vat),
        priceExVat: Number(step.price_ex_vat),
        effectiveFrom: new Date(step.effective_from),
        effectiveUntil: step.effective_until === null ? null : new Date(step.effective_until),
      }));
    return referencePrice(steps, at)?.wasPriceIncVat ?? null;
  });
}

async function versionsOf(productIds: readonly number[]): Promise<Map<number, number>> {
  const found = await rows<{ product_id: number; version: number }>(
    sql`select product_id, version from product_versions where product_id = any(${sql.param([...new Set(productIds)])}::int[])`,
  );
  return new Map(found.map((row) => [Number(row.product_id), Number(row.version)]));
}

/** What a shopper sees for a sku on its product page. */
async function pageShowsSoon(sku: string, expected: { price: number; was: number | null }) {
  const catalogue = createCatalogueClient({ baseUrl: api.serviceUrl('catalogue') });
  const page = async () => {
    const offering = (await catalogue.getProductSummaryBySku({ query: { sku } })).offerings.find((candidate) => candidate.sku === sku)!;
    return { price: offering.price.priceIncTax, was: offering.price.wasPriceIncTax };
  };
  await expect.poll(page, { timeout: 20_000, interval: 100 }).toEqual(expected);
}

/** A product's first variant on its page, and on its card in search once the snapshot has heard of the change. */
async function showsSoon(sku: string, expected: { price: number; was: number | null }) {
  await pageShowsSoon(sku, expected);
  const catalogue = createCatalogueClient({ baseUrl: api.serviceUrl('catalogue') });
  const card = async () => {
    const found = (await catalogue.search({ body: { query: sku, size: 5 } })).products.find((product) => product.sku === sku);
    return { price: found?.price.priceIncTax, was: found?.price.wasPriceIncTax };
  };
  await expect.poll(card, { timeout: 20_000, interval: 100 }).toEqual(expected);
}

beforeAll(async () => {
  api = await startTestApi({ authenticate: async (authorization) => actors[authorization.replace(/^Bearer /, '')] ?? null });
  staff = createCatalogueEditorClient({ baseUrl: api.serviceUrl('catalogue'), getAccessToken: () => 'manager' });
});
afterAll(() => api?.close());

describe('the scheduled-prices job', () => {
  it('starts and ends a sale on many variants a batch at a time, each price through its history, was-price rule and change list', async () => {
    const startsAt = new Date(Date.now() + DAY_MS);
    const endsAt = new Date(startsAt.getTime() + 7 * DAY_MS);
    const sale = await scheduleSale(SALE_SIZE, startsAt, endsAt);
    const productIds = [...new Set(sale.map((row) => row.productId))];
    const versionsBefore = await versionsOf(productIds);
    const at = new Date(startsAt.getTime() + 1_000);

    const counter = countStatements(api.database);
    const started = performance.now();
    expect((await runJob(at)).claimed).toBe(productIds.length);
    const elapsed = performance.now() - started;
    const statements = counter.take();
    counter.stop();
    // Per batch: its transaction, the schedules and prices taken, the versions, and one statement of each kind it writes.
    const batches = Math.ceil(sale.length / SCHEDULED_PRICES_BATCH);
    process.stdout.write(`scheduled prices started (${api.database.kind}): ${sale.length} in ${Math.round(elapsed)} ms, ${statements.length} statements\n`);
    expect(statements.length).toBeLessThanOrEqual(batches * 14 + 6);

    const afterStart = await stateOf(sale, at, 'started: %');
    expect(afterStart.map((row) => [row.sku, row.price, row.steps, row.open, row.statuses])).toEqual(
      sale.map((row) => [row.sku, row.salePrice, 1, 1, 'started']),
    );
    expect(afterStart.map((row) => row.was)).toEqual(await wasByRule(sale, at));
    const startLines = await rows<{ n: number }>(sql`select count(*)::int as n from product_audit
      where product_id = any(${sql.param(productIds)}::int[]) and at = ${at.toISOString()}::timestamptz and actor_name is null
        and what like 'Scheduled price of % started: %'`);
    expect(startLines[0]!.n).toBe(sale.length);
    const versionsAfter = await versionsOf(productIds);
    // Moved on by each batch that changed it: an editor opened before is refused its save, not left to undo the sale.
    expect(productIds.filter((id) => !(versionsAfter.get(id)! > versionsBefore.get(id)!))).toEqual([]);
    // A first variant of the first batch and of the last on their pages and cards, and the last variant on its page.
    const [first, last] = [sale.find((one) => one.isDefault)!, sale.findLast((one) => one.isDefault)!];
    await showsSoon(first.sku, { price: first.salePrice, was: afterStart[sale.indexOf(first)]!.was });
    await showsSoon(last.sku, { price: last.salePrice, was: afterStart[sale.indexOf(last)]!.was });
    await pageShowsSoon(sale.at(-1)!.sku, { price: sale.at(-1)!.salePrice, was: afterStart.at(-1)!.was });

    // A small sale sends the same statements: each has one text whatever the batch's size.
    const small = await scheduleSale(3, startsAt, endsAt);
    const smallCounter = countStatements(api.database);
    expect((await runJob(at)).claimed).toBe(new Set(small.map((row) => row.productId)).size);
    const smallStatements = smallCounter.take();
    smallCounter.stop();
    // (Reads of other tables are the storefront's, as it hears of the changed products, not the job's.)
    const texts = new Set(statements);
    const jobs = (statement: string) => !statement.startsWith('select') || /scheduled_prices|"price_history"/.test(statement);
    expect(smallStatements.filter((statement) => jobs(statement) && !texts.has(statement))).toEqual([]);

    const ended = new Date(endsAt.getTime() + 1_000);
    expect((await runJob(ended)).claimed).toBe(new Set([...productIds, ...small.map((row) => row.productId)]).size);
    const afterEnd = await stateOf(sale, ended, 'ended: back to %');
    expect(afterEnd.map((row) => [row.sku, row.price, row.steps, row.open, row.statuses])).toEqual(sale.map((row) => [row.sku, row.price, 1, 1, 'ended']));
    expect(afterEnd.map((row) => row.was)).toEqual(await wasByRule(sale, ended));
    await showsSoon(first.sku, { price: first.price, was: afterEnd[sale.indexOf(first)]!.was });
    expect((await runJob(ended)).claimed).toBe(0);
  });

  it('two workers running it at once start each scheduled price once', async () => {
    const startsAt = new Date(Date.now() + 10 * DAY_MS);
    const sale = await scheduleSale(SCHEDULED_PRICES_BATCH * 2 + 50, startsAt, new Date(startsAt.getTime() + DAY_MS));
    const at = new Date(startsAt.getTime() + 1_000);
    const [first, second] = await Promise.all([runJob(at), runJob(at)]);
    process.stdout.write(`two workers (${api.database.kind}): ${first.claimed} and ${second.claimed} products\n`);
    expect(first.claimed + second.claimed).toBeGreaterThanOrEqual(new Set(sale.map((row) => row.productId)).size);
    const after = await stateOf(sale, at, 'started: %');
    expect(after.map((row) => [row.sku, row.price, row.steps, row.open, row.statuses])).toEqual(sale.map((row) => [row.sku, row.salePrice, 1, 1, 'started']));
    const lines = await rows<{ sku: string; n: number }>(sql`select o.sku, count(a.id)::int as n from offerings o
      left join product_audit a on a.product_id = o.product_id and a.what like 'Scheduled price of ' || o.sku || ' started: %'
      where o.id = any(${sql.param(sale.map((row) => row.offeringId))}::int[]) group by o.sku`);
    expect(lines.filter((line) => Number(line.n) !== 1)).toEqual([]);
    expect((await Promise.all([runJob(at), runJob(at)])).map((run) => run.claimed)).toEqual([0, 0]);
  });

  it('a price staff set or a schedule they cancel as the job runs is neither lost nor applied twice', async () => {
    const startsAt = new Date(Date.now() + 20 * DAY_MS);
    const endsAt = new Date(startsAt.getTime() + DAY_MS);
    const [set, cancelled] = await scheduleSale(2, startsAt, endsAt);
    const at = new Date(startsAt.getTime() + 1_000);
    const opened = await Promise.all([set!, cancelled!].map((row) => staff.getStaffProduct({ params: { id: row.productId } })));
    const [job, staffPrice, staffCancel] = await Promise.allSettled([
      runJob(at),
      staff.changeStaffPrice({
        params: { id: set!.productId },
        body: { version: opened[0]!.version, sku: set!.sku, priceIncVat: 4_321, vatRateCode: 'standard' },
      }),
      staff.cancelStaffPrice({
        params: { id: cancelled!.productId, scheduleId: opened[1]!.variants.find((variant) => variant.sku === cancelled!.sku)!.schedules[0]!.id },
        body: { version: opened[1]!.version },
      }),
    ]);
    expect(job.status).toBe('fulfilled');
    await runJob(at);
    const refusal = (result: PromiseSettledResult<unknown>) => (result.status === 'rejected' ? (result.reason as ApiError).code : 'done');
    const [priceAfterStart, cancelAfterStart] = await stateOf([set!, cancelled!], at, 'started: %');
    // Staff first: their price stands until the sale starts on it, and comes back at its end. The job first: their save is refused (409).
    expect(['done', 'PRODUCT_CHANGED']).toContain(refusal(staffPrice));
    expect(priceAfterStart).toMatchObject({ price: set!.salePrice, statuses: 'started', lines: 1 });
    // Cancelled first: never applied. The job first: the cancel is refused, and the sale applied once.
    expect(['done', 'PRODUCT_CHANGED', 'PRICE_SCHEDULE_NOT_CANCELLABLE']).toContain(refusal(staffCancel));
    expect(cancelAfterStart).toMatchObject(
      refusal(staffCancel) === 'done'
        ? { price: cancelled!.price, steps: 0, statuses: 'cancelled', lines: 0 }
        : { price: cancelled!.salePrice, steps: 1, statuses: 'started', lines: 1 },
    );
    const ended = new Date(endsAt.getTime() + 1_000);
    await runJob(ended);
    const [priceAfterEnd] = await stateOf([set!], ended, 'ended: back to %');
    expect(priceAfterEnd!.price).toBe(refusal(staffPrice) === 'done' ? 4_321 : set!.price);
  });

  it.runIf(onPostgres)('leaves a product a staff save holds for the next run without waiting for it, and applies the others', async () => {
    const startsAt = new Date(Date.now() + 30 * DAY_MS);
    const sale = await scheduleSale(5, startsAt, new Date(startsAt.getTime() + DAY_MS));
    const held = sale[2]!;
    const at = new Date(startsAt.getTime() + 1_000);
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding = () => {};
    const isHeld = new Promise<void>((resolve) => (holding = resolve));
    // A staff save of the held product, mid-way: its version locked, as `underVersion` takes it.
    const save = api.database.db.transaction(async (tx: Transaction) => {
      await tx.execute(sql`update product_versions set version = version + 1 where product_id = ${held.productId}`);
      holding();
      await released;
    });
    await isHeld;
    const others = sale.filter((row) => row.productId !== held.productId);
    try {
      expect((await runJob(at)).claimed).toBe(new Set(others.map((row) => row.productId)).size);
    } finally {
      release();
      await save;
    }
    const after = await stateOf(sale, at, 'started: %');
    expect(after.map((row) => [row.sku, row.price, row.statuses])).toEqual(
      sale.map((row) => [row.sku, row.productId === held.productId ? row.price : row.salePrice, row.productId === held.productId ? 'scheduled' : 'started']),
    );
    expect((await runJob(at)).claimed).toBe(1);
    expect((await stateOf([held], at, 'started: %'))[0]).toMatchObject({ price: held.salePrice, statuses: 'started', steps: 1, lines: 1 });
  });
});
