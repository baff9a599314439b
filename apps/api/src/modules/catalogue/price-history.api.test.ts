import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBasketClient, createCatalogueClient, type CatalogueClient } from '@shop/api-client';
import { lineTotalExVatOf } from '@shop/contracts';
import { failure, startTestApi, type TestApi } from '../../testing/test-api.ts';
import { findSeededSku } from '../../testing/seeded-skus.ts';
import { createDeliveryService } from '../delivery/index.ts';
import { createInventoryService } from '../inventory/index.ts';
import { createPricingService } from '../pricing/index.ts';
import { createCatalogueService } from './index.ts';
import { createSearchService } from '../search/index.ts';
import { referencePrice, type PriceStep } from './reference-price.ts';
import { REFERENCE_PRICES_JOB } from './catalogue-jobs.ts';
import { createFilesService } from '../files/index.ts';

let api: TestApi;
let client: CatalogueClient;
const catalogue = createCatalogueService({
  pricing: createPricingService(),
  inventory: createInventoryService(),
  delivery: createDeliveryService(),
  // Nothing is uploaded here: a folder that is never written.
  files: createFilesService({ settings: { kind: 'local', dir: path.join(os.tmpdir(), 'shop-unused-files') } }),
  search: createSearchService(),
});

beforeAll(async () => {
  api = await startTestApi();
  client = createCatalogueClient({ baseUrl: api.serviceUrl('catalogue') });
});
afterAll(() => api.close());

const DAY_MS = 86_400_000;
const start = Date.now();
const ctxOn = (day: number) => ({ db: api.database.db, clock: { now: () => new Date(start + day * DAY_MS) } });
/** The reference-prices job as the API registers it, run once on `day`. */
async function runReferencePricesJob(day: number) {
  const job = api.app.composed.modules.flatMap((module) => module.jobs?.(api.app) ?? []).find((candidate) => candidate.name === REFERENCE_PRICES_JOB)!;
  return job.runOnce({ ...ctxOn(day), log: api.app.log });
}
/** What a shopper sees for a sku on its product page. */
async function shown(sku: string) {
  const summary = await catalogue.getProductSummaryBySku({ db: api.database.db }, sku);
  const offering = summary.offerings.find((candidate) => candidate.sku === sku)!;
  return { price: offering.price.priceIncTax, was: offering.price.wasPriceIncTax, slug: summary.slug };
}

interface PricesRow {
  offering_id: number;
  was_price_inc_vat: number | null;
  was_price_ex_vat: number | null;
}
interface HistoryRow {
  offering_id: number;
  price_inc_vat: number;
  price_ex_vat: number;
  effective_from: string | Date;
  effective_until: string | Date | null;
}
async function seededHistories() {
  const prices = (await api.database.db.execute(sql`select offering_id, was_price_inc_vat, was_price_ex_vat from prices order by offering_id`)) as unknown as {
    rows: PricesRow[];
  };
  const history = (await api.database.db.execute(sql`select * from price_history order by offering_id, effective_from`)) as unknown as { rows: HistoryRow[] };
  const steps = new Map<number, PriceStep[]>();
  for (const row of history.rows) {
    const step = {
      priceIncVat: row.price_inc_vat,
      priceExVat: row.price_ex_vat,
      effectiveFrom: new Date(row.effective_from),
      effectiveUntil: row.effective_until === null ? null : new Date(row.effective_until),
    };
    steps.set(row.offering_id, [...(steps.get(row.offering_id) ?? []), step]);
  }
  return { prices: prices.rows, steps };
}

// First, before the tests below change prices.
describe('the demo price history', () => {
  it('supports every was-price the demo shows, and the job keeps them to the rule', async () => {
    const { prices, steps } = await seededHistories();
    expect(prices.every((row) => (steps.get(row.offering_id) ?? []).filter((step) => step.effectiveUntil === null).length === 1)).toBe(true);
    // A was-price shown is the price just before a reduction that the rule allowed when it was made.
    const unsupported = prices.filter((row) => {
      if (row.was_price_inc_vat === null) return false;
      const history = steps.get(row.offering_id)!;
      const reference = referencePrice(history, history.at(-1)!.effectiveFrom);
      return reference?.wasPriceIncVat !== row.was_price_inc_vat || reference.wasPriceExVat !== row.was_price_ex_vat;
    });
    expect(unsupported).toEqual([]);
    const shownNow = prices.filter((row) => row.was_price_inc_vat !== null).length;
    expect(shownNow / prices.length).toBeGreaterThan(0.08);
    // Some prices went up and some reductions have become the normal price: the history shows them, and no "was".
    const changedWithoutWas = prices.filter((row) => row.was_price_inc_vat === null && steps.get(row.offering_id)!.length > 1);
    expect(changedWithoutWas.length).toBeGreaterThan(20);
    expect(changedWithoutWas.some((row) => steps.get(row.offering_id)!.at(-2)!.priceIncVat < steps.get(row.offering_id)!.at(-1)!.priceIncVat)).toBe(true);

    await runReferencePricesJob(0);
    const after = await seededHistories();
    const now = new Date(start);
    expect(after.prices.filter((row) => row.was_price_inc_vat !== (referencePrice(steps.get(row.offering_id)!, now)?.wasPriceIncVat ?? null))).toEqual([]);
  });

  it('prices no demo order line at a retail price its sku never had', async () => {
    // Trade lines are the retail price in force that day less the band: never above it, and within the largest band's discount of it.
    const lines = (await api.database.db.execute(
      sql`select l.sku, l.unit_price_inc_vat as unit, o.placed_at as at, h.price_inc_vat as retail
          from order_lines l join orders o on o.id = l.order_id join offerings f on f.sku = l.sku
          join price_history h on h.offering_id = f.id
            and (h.effective_from <= o.placed_at or h.effective_from = (select min(effective_from) from price_history where offering_id = f.id))
            and (h.effective_until is null or h.effective_until > o.placed_at)`,
    )) as unknown as { rows: { sku: string; unit: number; retail: number }[] };
    expect(lines.rows.length).toBeGreaterThan(100);
    expect(lines.rows.filter((line) => line.unit > line.retail || line.unit < line.retail * 0.7)).toEqual([]);
  });
});

describe('a price change', () => {
  it('is kept in the history, and shows a "was" only after 28 days at the higher price, for no longer than it was charged', async () => {
    const { sku, price: before } = await findSeededSku(
      api.database.db,
      sql`pr.was_price_inc_vat is null and (select count(*) from price_history h where h.offering_id = o.id) = 1 and p.is_bundle = false`,
    );
    const higher = before + 2_000;
    const reduced = before - 1_000;

    // Raised, then cut after only 20 days: the higher price was not charged long enough to compare with.
    expect(await catalogue.changePrice(ctxOn(0), sku, higher)).toMatchObject({ priceIncVat: higher, wasPriceIncVat: null });
    expect(await catalogue.changePrice(ctxOn(20), sku, reduced)).toMatchObject({ priceIncVat: reduced, wasPriceIncVat: null });
    expect(await shown(sku)).toMatchObject({ price: reduced, was: null });

    // Back up for 30 days, then cut: now it may say "was", for 30 days at most.
    await catalogue.changePrice(ctxOn(21), sku, higher);
    const cut = await catalogue.changePrice(ctxOn(51), sku, reduced);
    expect(cut).toMatchObject({ priceIncVat: reduced, wasPriceIncVat: higher });
    expect(await shown(sku)).toMatchObject({ price: reduced, was: higher });
    const card = (await client.search({ body: { query: sku, size: 5 } })).products.find((product) => product.sku === sku);
    expect(card?.price).toMatchObject({ priceIncTax: reduced, wasPriceIncTax: higher });

    const history = (await catalogue.priceHistory({ db: api.database.db }, [sku])).get(sku)!;
    expect(history.map((step) => step.priceIncVat)).toEqual([before, higher, reduced, higher, reduced]);
    expect(history.slice(1).map((step) => step.effectiveFrom.getTime() - start)).toEqual([0, 20, 21, 51].map((day) => day * DAY_MS));
    expect(history.slice(0, -1).every((step, index) => step.effectiveUntil?.getTime() === history[index + 1]!.effectiveFrom.getTime())).toBe(true);
    expect(history.at(-1)!.effectiveUntil).toBeNull();

    // The job takes the "was" down once the reduction has run as long as the higher price did.
    await runReferencePricesJob(80);
    expect((await shown(sku)).was).toBe(higher);
    expect((await runReferencePricesJob(81)).claimed).toBeGreaterThanOrEqual(1);
    expect(await shown(sku)).toMatchObject({ price: reduced, was: null });
  });

  it('takes the "was" away at once when the price rises again', async () => {
    const { sku, price: before } = await findSeededSku(
      api.database.db,
      sql`pr.was_price_inc_vat is null and (select count(*) from price_history h where h.offering_id = o.id) = 1 and p.is_bundle = false`,
      7,
    );
    await catalogue.changePrice(ctxOn(0), sku, before + 3_000);
    expect((await catalogue.changePrice(ctxOn(40), sku, before)).wasPriceIncVat).toBe(before + 3_000);
    expect((await catalogue.changePrice(ctxOn(45), sku, before + 500)).wasPriceIncVat).toBeNull();
    expect((await shown(sku)).was).toBeNull();
  });

  it('refuses a price that is not whole pence above nothing, and a sku there is not', async () => {
    const { sku } = await findSeededSku(api.database.db, sql`true`);
    for (const bad of [0, -5, 12.5]) {
      expect(await failure(catalogue.changePrice(ctxOn(0), sku, bad))).toMatchObject({ status: 400, code: 'BAD_PRICE' });
    }
    expect(await failure(catalogue.changePrice(ctxOn(0), 'NOPE-1', 1_000))).toMatchObject({ status: 404, code: 'SKU_NOT_FOUND' });
  });
});

/**
 * A price's ex-VAT figure is the price less the VAT in it, rounded to the penny (`exVatOf`), the rule
 * a basket's and an order's lines are worked out by. £9.99 at 20% holds £1.665 of VAT: £8.32 ex VAT on
 * its card as in the basket (the price ÷ 1.2, rounded, made it £8.33 on the card only).
 */
describe('a price’s ex-VAT figure', () => {
  const standardRate = sql`pr.vat_rate_code = 'standard' and pr.was_price_inc_vat is null and p.is_bundle = false and s.on_hand - s.committed - s.reserved > 5`;

  it('is the price less the VAT in it: on its card, on its product page, in the basket and in its history', async () => {
    const { sku } = await findSeededSku(api.database.db, standardRate, 13);
    expect(await catalogue.changePrice(ctxOn(0), sku, 999)).toMatchObject({ priceIncVat: 999, priceExVat: 832 });
    const summary = await catalogue.getProductSummaryBySku({ db: api.database.db }, sku);
    expect(summary.offerings.find((offering) => offering.sku === sku)!.price).toMatchObject({ priceIncTax: 999, priceExcTax: 832 });
    // The search's snapshot hears of the change a moment later on PostgreSQL (its notice): read until it has.
    const card = async () => (await client.search({ body: { query: sku, size: 5 } })).products.find((product) => product.sku === sku)?.price;
    await expect.poll(card, { timeout: 15_000 }).toMatchObject({ priceIncTax: 999, priceExcTax: 832 });
    const basket = await createBasketClient({ baseUrl: api.serviceUrl('basket') }).createBasketWithItems({ body: { items: [{ sku, quantity: 3 }] } });
    expect(basket.lines[0]).toMatchObject({ unitPriceIncVat: 999, unitPriceExVat: 832, lineTotalExVat: 2_496 });
    expect(basket.lines[0]!.lineTotalExVat).toBe(lineTotalExVatOf(999, 3, 2_000));
    expect((await catalogue.priceHistory({ db: api.database.db }, [sku])).get(sku)!.at(-1)).toMatchObject({ priceIncVat: 999, priceExVat: 832 });
  });

  it('is put right by migration 0092 where the old rule stored it, and left alone where it is right', async () => {
    const { sku } = await findSeededSku(api.database.db, standardRate, 17);
    await catalogue.changePrice(ctxOn(0), sku, 1_299);
    const offeringId = sql`(select id from offerings where sku = ${sku})`;
    // As the old rule stored them: £12.99 ÷ 1.2 = £10.825 → £10.83, and a was-price of £15.99 → £13.33.
    await api.database.db.execute(
      sql`update prices set price_ex_vat = 1083, was_price_inc_vat = 1599, was_price_ex_vat = 1333 where offering_id = ${offeringId}`,
    );
    await api.database.db.execute(sql`update price_history set price_ex_vat = 1083 where offering_id = ${offeringId} and effective_until is null`);
    const stored = async () =>
      (
        (await api.database.db.execute(
          sql`select pr.price_ex_vat as ex, pr.was_price_ex_vat as was, h.price_ex_vat as step from prices pr
              join price_history h on h.offering_id = pr.offering_id and h.effective_until is null where pr.offering_id = ${offeringId}`,
        )) as unknown as { rows: { ex: number; was: number; step: number }[] }
      ).rows.map((row) => ({ ex: Number(row.ex), was: Number(row.was), step: Number(row.step) }))[0];
    expect(await stored()).toEqual({ ex: 1_083, was: 1_333, step: 1_083 });

    const migration = fs.readFileSync(new URL('../../../drizzle/0092_price_ex_vat_by_the_vat_in_it.sql', import.meta.url), 'utf8');
    await api.database.exec(migration);
    expect(await stored()).toEqual({ ex: 1_082, was: 1_332, step: 1_082 });
    await api.database.exec(migration);
    expect(await stored()).toEqual({ ex: 1_082, was: 1_332, step: 1_082 });
    await api.database.db.execute(sql`update prices set was_price_inc_vat = null, was_price_ex_vat = null where offering_id = ${offeringId}`);
  });
});
