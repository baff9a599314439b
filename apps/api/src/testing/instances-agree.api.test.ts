import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductCard, SearchListing } from '@shop/contracts';
import { buildApi } from '../api.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { CHANGE_REBUILD_GAP_MS } from '../modules/search/index.ts';
import { findSeededSku, setStock } from './seeded-skus.ts';
import { openSameDatabase } from './test-database.ts';
import { startTestApi, type TestApi } from './test-api.ts';
import type { Actor } from '../platform/context.ts';

/**
 * Two API instances on one PostgreSQL database (docs/scaling.md): a price, a stock level and a
 * business's trade band changed through one are seen by the other as soon as its change notice is
 * heard, not when what it keeps ages out. The second instance's clock stands still but for the
 * moves made here, so only the notices can make it read again: a price or stock status, or a
 * product renamed, is patched into its snapshot with no rebuild (decisions 0080 and 0149; the clock
 * is not moved, so no check of the snapshot falls due), a structural change has it checked no sooner than CHANGE_REBUILD_GAP_MS
 * after it loaded (the clock is moved that far, far short of the 45 s after which it would be
 * checked anyway), and a band is kept 5 s and bands and rates a minute (the clock is not moved at
 * all); search synonyms are read again on the notice alone. The bound: each change is seen within
 * NOTICE_BOUND_MS of real time of its commit.
 */
const onPostgres = process.env.TEST_DATABASE === 'postgres';
const NOTICE_BOUND_MS = 5_000;

let writer: TestApi;
let secondDatabase: DatabaseHandle;
let reader: FastifyInstance;
let now = Date.now();
const readerClock = { now: () => new Date(now) };

beforeAll(async () => {
  if (!onPostgres) return;
  writer = await startTestApi();
  secondDatabase = await openSameDatabase(writer.database);
  reader = await buildApi({ config: writer.config, database: secondDatabase, clock: readerClock });
  await reader.ready();
}, 240_000);
afterAll(async () => {
  if (!onPostgres) return;
  await reader.close();
  await secondDatabase.close();
  await writer.close();
});

/** A product's card as the reader's search finds it by its code (from the reader's snapshot). */
async function readerCard(sku: string): Promise<ProductCard> {
  const response = await reader.inject({ method: 'POST', url: '/api/catalogue/Search', payload: { query: sku } });
  const listing = response.json() as SearchListing;
  return listing.products[0]!;
}

/** Waits until `seen` is true of what the reader answers, and says how long that took. */
async function seenWithin(seen: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  await expect.poll(seen, { timeout: NOTICE_BOUND_MS, interval: 25 }).toBe(true);
  return performance.now() - started;
}

describe.runIf(onPostgres)('two API instances on one database', () => {
  it('agree on a price changed on one: the other patches it into its snapshot when the notice comes, with no rebuild', async () => {
    const item = await findSeededSku(writer.database.db, sql`s.status = 'in_stock' and pr.was_price_inc_vat is null and not p.is_bundle`, 5);
    expect((await readerCard(item.sku)).price.priceIncTax).toBe(item.price);
    const structural = reader.platform.changes.heard().catalogue;
    const raised = item.price + 1_000;
    await writer.app.composed.services.catalogue.changePrice({ db: writer.database.db, clock: { now: () => new Date() } }, item.sku, raised);
    const took = await seenWithin(async () => (await readerCard(item.sku)).price.priceIncTax === raised);
    expect(took).toBeLessThan(NOTICE_BOUND_MS);
    // Heard as that product's change, not as one that has every instance rebuild.
    expect(reader.platform.changes.heard().catalogue).toBe(structural);
  });

  it('agree on a stock level set on one, by any statement (the trigger sends the notice), with no rebuild', async () => {
    const item = await findSeededSku(writer.database.db, sql`s.status = 'in_stock' and s.on_hand > 5 and not p.is_bundle`, 7);
    expect((await readerCard(item.sku)).stockStatus.status).not.toBe('out_of_stock');
    const structural = reader.platform.changes.heard().catalogue;
    await setStock(writer.database.db, item.sku, 'out_of_stock', 0);
    await seenWithin(async () => (await readerCard(item.sku)).stockStatus.status === 'out_of_stock');
    expect(reader.platform.changes.heard().catalogue).toBe(structural);
  });

  it('agree on a product renamed on one, by any statement: the other patches its words in, with no rebuild', async () => {
    const item = await findSeededSku(writer.database.db, sql`s.status = 'in_stock' and not p.is_bundle`, 9);
    const structural = reader.platform.changes.heard().catalogue;
    await writer.database.db.execute(
      sql`update products set name = name || ' Quenby', search_text = search_text || ' Quenby'
          where id = (select product_id from offerings where sku = ${item.sku})`,
    );
    const foundByName = async () => {
      const response = await reader.inject({ method: 'POST', url: '/api/catalogue/Search', payload: { query: 'quenby' } });
      return (response.json() as SearchListing).products.map((card) => card.sku);
    };
    await seenWithin(async () => (await readerCard(item.sku)).productName.endsWith(' Quenby') && (await foundByName()).includes(item.sku));
    expect(reader.platform.changes.heard().catalogue).toBe(structural);
  });

  it('agree on a change a patch cannot make (a product moved to another category): the other rebuilds, no sooner than the gap after its load', async () => {
    const item = await findSeededSku(writer.database.db, sql`s.status = 'in_stock' and not p.is_bundle`, 11);
    const before = (await readerCard(item.sku)).defaultCategory.slug;
    now += CHANGE_REBUILD_GAP_MS;
    await writer.database.db.execute(
      sql`update products set category_id = (select c.id from categories c where c.parent_id is not null and c.id <> products.category_id order by c.id limit 1)
          where id = (select product_id from offerings where sku = ${item.sku})`,
    );
    const took = await seenWithin(async () => (await readerCard(item.sku)).defaultCategory.slug !== before);
    expect(took).toBeLessThan(NOTICE_BOUND_MS);
  });

  it("agree on a business's trade band moved by staff on one, though the other keeps a band 5 s and its clock stands still", async () => {
    const result = (await writer.database.db.execute(
      sql`select a.user_id as "userId", b.id as "businessId", b.band_code as "bandCode" from trade_accounts a join businesses b on b.id = a.business_id
          where b.band_code <> 'T5' order by a.id limit 1`,
    )) as unknown as { rows: { userId: string; businessId: number; bandCode: string }[] };
    const holder = result.rows[0]!;
    const actor: Actor = { userId: holder.userId, roles: ['shopper'] };
    const bandOnReader = async () =>
      (await reader.composed.services.pricing.priceListFor({ db: secondDatabase.db, clock: readerClock, actor })).pricing.tradeBand;
    expect(await bandOnReader()).toBe(holder.bandCode);
    const staff: Actor = { userId: 'staff-1', name: 'Sam Staff', roles: ['admin'] };
    await writer.app.composed.services.trade.setBusinessBand({ db: writer.database.db, clock: { now: () => new Date() }, actor: staff }, holder.businessId, {
      bandCode: 'T5',
      reason: 'Key account agreed',
    });
    await seenWithin(async () => (await bandOnReader()) === 'T5');
  });

  it('agree on a content page published on one, though the other keeps the published page it showed and its clock stands still', async () => {
    const editor: Actor = { userId: 'staff-2', name: 'Edith Editor', roles: ['content-editor'] };
    const ctx = { db: writer.database.db, clock: { now: () => new Date() }, actor: editor };
    const content = writer.app.composed.services.content;
    const document = (title: string) => ({ title, seoTitle: title, seoDescription: title, blocks: [] });
    const created = await content.createPage(ctx, 'two-instances', document('First words'), { publishedAt: new Date() });
    const titleOnReader = async () =>
      (await reader.composed.services.content.pageData({ db: secondDatabase.db, clock: readerClock, actor: null }, 'two-instances')).title;
    expect(await titleOnReader()).toBe('First words');
    await content.publishPage(ctx, 'two-instances', { version: created.version, page: document('Second words') });
    const took = await seenWithin(async () => (await titleOnReader()) === 'Second words');
    expect(took).toBeLessThan(NOTICE_BOUND_MS);
  });

  it('agree on a search synonym group made by staff on one: the other reads the groups again when the notice comes', async () => {
    const foundOnReader = async (query: string) => {
      const response = await reader.inject({ method: 'POST', url: '/api/catalogue/Search', payload: { query, size: 48 } });
      return (response.json() as SearchListing).products.map((card) => card.sku);
    };
    const mirrors = await foundOnReader('mirror');
    expect(mirrors.length).toBeGreaterThan(0);
    expect(await foundOnReader('cheval')).toEqual([]);
    const staff: Actor = { userId: 'staff-3', name: 'Cara Catalogue', roles: ['catalogue-manager'] };
    await writer.app.composed.services.search.synonyms.create({ db: writer.database.db, clock: { now: () => new Date() }, actor: staff }, ['cheval', 'mirror']);
    const took = await seenWithin(async () => (await foundOnReader('cheval')).join() === mirrors.join());
    expect(took).toBeLessThan(NOTICE_BOUND_MS);
  });

  it('hear each notice once per committed change, none for a change rolled back', async () => {
    const before = reader.platform.changes.heard().pricing;
    await secondDatabase.db
      .transaction(async (tx) => {
        await tx.execute(sql`update vat_rates set name = name where code = 'zero'`);
        throw new Error('rolled back');
      })
      .catch(() => {});
    await writer.database.db.execute(sql`update trade_bands set name = name where code = 'T1'`);
    await expect.poll(() => reader.platform.changes.heard().pricing).toBe(before + 1);
    // A later notice heard means any earlier one would have been too.
    const jobs = reader.platform.changes.heard().jobs;
    await writer.app.platform.changes.publish(writer.database.db, 'jobs');
    await expect.poll(() => reader.platform.changes.heard().jobs).toBe(jobs + 1);
    expect(reader.platform.changes.heard().pricing).toBe(before + 1);
  });
});
