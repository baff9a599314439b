import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCatalogueClient, type CatalogueClient } from '@shop/api-client';
import { countStatements } from '../../../testing/statement-counter.ts';
import { startTestApi, type TestApi } from '../../../testing/test-api.ts';
import { catalogueSource } from '../../catalogue/testing.ts';
import { createInventoryService } from '../../inventory/index.ts';
import { CHANGE_REBUILD_GAP_MS, productSnapshots } from './listing-index.ts';

// The API reads this clock on every call, so each test moves "now" on.
const start = new Date('2026-11-21T10:00:00Z').getTime();
let now = new Date(start);
let api: TestApi;
let client: CatalogueClient;

beforeAll(async () => {
  // The memory engine's snapshot, whatever engine the run asks for (TEST_SEARCH_ENGINE).
  api = await startTestApi({ clock: { now: () => now }, env: { SEARCH_ENGINE: 'memory' } });
  client = createCatalogueClient({ baseUrl: api.serviceUrl('catalogue') });
  // Seeding the demo shop takes longer than a minute on a machine busy with other suites.
}, 240_000);
afterAll(() => api?.close());

const at = (seconds: number) => (now = new Date(start + seconds * 1000));
const firstToilet = async () => (await client.listCategory({ body: { slug: 'toilets', size: 1 } })).products[0]!.id;
const makeBestSeller = (id: number, popularity: number) => api.database.db.execute(sql`update products set popularity = ${popularity} where id = ${id}`);

describe('the listing snapshot', () => {
  it('answers listings from a snapshot until a change is heard, then loads a new one in the background', async () => {
    at(0);
    const all = (await client.listCategory({ body: { slug: 'toilets', size: 100 } })).products.map((product) => product.id);
    const [leader, , runnerUp] = all.toReversed();
    expect(await firstToilet()).toBe(all[0]);

    // The statement's trigger sends a change notice as it commits (platform/change-notices.ts); a
    // snapshot is not loaded again within CHANGE_REBUILD_GAP_MS of its load, however many come.
    await makeBestSeller(leader!, 1_000_000);
    await vi.waitFor(() => expect(api.app.platform.changes.heard().catalogue).toBeGreaterThan(0));
    expect(await firstToilet()).toBe(all[0]);
    at(CHANGE_REBUILD_GAP_MS / 1000);
    // Due: this caller is still served the old snapshot while the new one loads.
    expect(await firstToilet()).toBe(all[0]);
    await vi.waitFor(async () => expect(await firstToilet()).toBe(leader), { timeout: 10_000, interval: 50 });

    // Past the 60 s the listing responses may be cached for, the next call waits for the new snapshot.
    await makeBestSeller(runnerUp!, 2_000_000);
    at(110);
    expect(await firstToilet()).toBe(runnerUp);

    // Counts and facets come from the same snapshot.
    const onOffer = async () =>
      new Set((await client.listCategory({ body: { slug: 'toilets', size: 100, facets: { on_offer: ['yes'] } } })).products.map((product) => product.id));
    const before = await onOffer();
    const newOffer = all.find((id) => !before.has(id))!;
    await api.database.db.execute(
      sql`update prices set was_price_inc_vat = price_inc_vat * 2 where offering_id = (select id from offerings where product_id = ${newOffer} and is_default)`,
    );
    at(200);
    await vi.waitFor(async () => expect((await onOffer()).has(newOffer)).toBe(true), { timeout: 10_000, interval: 50 });
    const after = await onOffer();
    expect(after.has(newOffer)).toBe(true);
    expect(after.size).toBe(before.size + 1);
    // Each expiry reloads the whole snapshot: allow for a busy machine.
  }, 120_000);
});

describe('product pages', () => {
  it('are kept with the listings, read from nothing once asked again, and as fresh as they are', async () => {
    at(3000);
    const { slug, sku } = (await client.listCategory({ body: { slug: 'basins', size: 1 } })).products[0]!;
    const offered = async () => (await client.getProductSummary({ query: { slug } })).offerings.find((offering) => offering.sku === sku)!;
    const counter = countStatements(api.database);
    try {
      // Kept the second time it is asked for (as every answer is): from then on no statement is sent.
      await offered();
      await offered();
      counter.take();
      const kept = await offered();
      expect(await client.getProductSummaryBySku({ query: { sku } })).toBeDefined();
      expect(await client.getProductSummaryBySku({ query: { sku } })).toBeDefined();
      counter.take();
      expect((await client.getProductSummaryBySku({ query: { sku } })).offerings).toContainEqual(kept);
      expect(await offered()).toEqual(kept);
      expect(counter.take()).toEqual([]);

      // Stock shown differently is seen once its notice is heard and the product patched into the
      // snapshot (decision 0080), with the clock standing still, as the listing's cards see it.
      const flipped = kept.stockStatus.status === 'out_of_stock' ? 'in_stock' : 'out_of_stock';
      await api.database.db.execute(sql`update stock_levels set status = ${flipped} where sku = ${sku}`);
      await vi.waitFor(async () => expect((await offered()).stockStatus.status).toBe(flipped), { timeout: 10_000, interval: 50 });
      expect((await client.getProductSummaryBySku({ query: { sku } })).offerings.find((offering) => offering.sku === sku)!.stockStatus.status).toBe(flipped);
    } finally {
      counter.stop();
    }
  }, 60_000);
});

describe('checking the snapshot against the change counter', () => {
  const { snapshotOf, productsChanged, patched, servedVersion } = productSnapshots(catalogueSource(createInventoryService()));
  const snapshotAt = (seconds: number) => {
    at(seconds);
    return snapshotOf({ db: api.database.db, clock: { now: () => now } });
  };

  it('keeps a confirmed snapshot while nothing changes, and reloads when something does', async () => {
    await makeBestSeller(await firstToilet(), 3_000_000);
    const confirmed = await snapshotAt(1000);
    // No writer was under way when it read the counter: it is kept without a second load.
    expect(await snapshotAt(1060)).toBe(confirmed);
    expect(await snapshotAt(1120)).toBe(confirmed);
    expect(await snapshotAt(1300)).toBe(confirmed);

    // Stock moving without a new status or eta changes nothing shown.
    await api.database.db.execute(sql`update stock_levels set on_hand = on_hand + 1 where sku = (select sku from stock_levels order by sku limit 1)`);
    expect(await snapshotAt(1400)).toBe(confirmed);

    // Nor does a new status or price: their notices name the products, patched in (below), not counted.
    await api.database.db.execute(
      sql`update stock_levels set status = case when status = 'out_of_stock' then 'in_stock' else 'out_of_stock' end
        where sku = (select sku from stock_levels order by sku limit 1)`,
    );
    await api.database.db.execute(sql`update prices set price_inc_vat = price_inc_vat + 1 where offering_id = 1`);
    expect(await snapshotAt(1450)).toBe(confirmed);

    // A product's own row does (checked past the 60 s a caller waits for the check after).
    await makeBestSeller(await firstToilet(), 3_100_000);
    const reloaded = await snapshotAt(1520);
    expect(reloaded).not.toBe(confirmed);
    expect(await snapshotAt(1600)).toBe(reloaded);

    // A promotion listing's title is kept with its answers: renaming one counts as a change.
    await api.database.db.execute(sql`update listings set title = title || ' ' where slug = 'bathroom-sale'`);
    expect(await snapshotAt(1800)).not.toBe(reloaded);
  }, 60_000);

  it('patches a changed product in, with no load, and loads again when any product may have changed', async () => {
    const before = await snapshotAt(5000);
    // The snapshot served is numbered (decision 0162): asked again, the same number, until a patch or a load replaces it.
    const numbered = servedVersion({ db: api.database.db });
    expect(servedVersion({ db: api.database.db })).toBe(numbered);
    const [row] = (
      (await api.database.db.execute(
        sql`update prices set price_inc_vat = 123457, was_price_inc_vat = null
            where offering_id = (select id from offerings where is_default order by id limit 1)
            returning (select product_id from offerings where id = offering_id) as "productId"`,
      )) as unknown as { rows: { productId: number }[] }
    ).rows;
    const productId = Number(row!.productId);
    productsChanged({ db: api.database.db, clock: { now: () => now } }, [productId]);
    await patched({ db: api.database.db, clock: { now: () => now } });
    const after = await snapshotAt(5001);
    expect(after).not.toBe(before);
    const patchedNumber = servedVersion({ db: api.database.db });
    expect(patchedNumber).toBeGreaterThan(numbered);
    // The same loaded snapshot, its row patched: everything else is shared.
    expect(after.suggestions).toBe(before.suggestions);
    const rowOf = after.index.rowOfId.get(productId)!;
    expect(after.index.prices[rowOf]).toBe(123457);
    expect(after.cards.cardOf(rowOf).price.priceIncTax).toBe(123457);
    expect(after.cards.cardOf(rowOf).price.isOnPromotion).toBe(false);
    // The dearest-first order has it where its price puts it.
    const dearer = Array.from(after.index.sortRows[3]).findIndex((r) => after.index.prices[r]! < 123457);
    expect(after.index.sortRank[3][rowOf]).toBeLessThan(dearer === -1 ? Infinity : dearer);

    // The listening connection came back: anything may have changed, so the next check loads again.
    productsChanged({ db: api.database.db, clock: { now: () => now } }, null);
    // Until the load is in, the patched snapshot answers, under its number.
    expect(servedVersion({ db: api.database.db })).toBe(patchedNumber);
    const reloaded = await snapshotAt(5100);
    expect(reloaded.suggestions).not.toBe(before.suggestions);
    expect(servedVersion({ db: api.database.db })).toBeGreaterThan(patchedNumber);
  }, 60_000);

  // PGlite has one connection: a transaction held open there would hold up the load itself.
  it.runIf(process.env.TEST_DATABASE === 'postgres')(
    'loads again once a writer that had moved the counter before a load read it has committed',
    async () => {
      const toilet = await firstToilet();
      const popularityIn = (snapshot: Awaited<ReturnType<typeof snapshotAt>>) => snapshot.index.popularity[snapshot.index.rowOfId.get(toilet)!];
      let commit = () => {};
      const held = new Promise<void>((resolve) => (commit = resolve));
      let written = () => {};
      const writtenYet = new Promise<void>((resolve) => (written = resolve));
      // A writer moves the counter (its trigger runs at once) and commits only after the load has read the tables.
      const writer = api.database.db.transaction(async (tx) => {
        await tx.execute(sql`update products set popularity = 7777777 where id = ${toilet}`);
        written();
        await held;
      });
      await writtenYet;
      // Later than the tests before it: the shared snapshot's clock only goes forward.
      const duringWrite = await snapshotAt(7000);
      expect(popularityIn(duringWrite)).not.toBe(7777777);
      commit();
      await writer;
      // The counter has not moved since that load read it, but the load saw a writer under way: it loads again.
      const after = await snapshotAt(7100);
      expect(after).not.toBe(duringWrite);
      expect(popularityIn(after)).toBe(7777777);
      expect(await snapshotAt(7200)).toBe(after);
    },
    60_000,
  );
});
