import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueClient, createCatalogueEditorClient, type ApiError, type CatalogueEditorClient } from '@shop/api-client';
import {
  formatPence,
  lineTotalExVatOf,
  londonIsoDateTime,
  londonShortDateTime,
  londonSortableDateTime,
  RANGE_COLUMNS,
  type Problem,
  type RangeRow,
} from '@shop/contracts';
import type { Transaction } from '../../db/client.ts';
import type { Actor } from '../../platform/context.ts';
import { createInventoryService } from '../inventory/index.ts';
import { countStatements } from '../../testing/statement-counter.ts';
import { failure, startTestApi, type TestApi } from '../../testing/test-api.ts';
import { RANGE_IMPORTS_JOB } from './catalogue-jobs.ts';
import { APPLY_BATCH_PRODUCTS } from './range-batches.ts';

let api: TestApi;
const actors: Record<string, Actor> = {
  manager: { userId: 'user-casey', name: 'Casey Catalogue', roles: ['shopper', 'catalogue-manager'] },
  discounts: { userId: 'user-dee', roles: ['shopper', 'discount-manager'] },
  shopper: { userId: 'user-sam', roles: ['shopper'] },
};
const client = (token?: string): CatalogueEditorClient => createCatalogueEditorClient({ baseUrl: api.serviceUrl('catalogue'), getAccessToken: () => token });
let staff: CatalogueEditorClient;
const inventory = createInventoryService();

const base64 = (text: string | Uint8Array) => Buffer.from(text).toString('base64');
const check = (fileName: string, text: string | Uint8Array) => staff.checkRangeImport({ body: { fileName, content: base64(text) } });
const problem = (error: ApiError) => error.data as Problem;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await api.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Stocked variants of products with at least two, none shared between tests (by `offset`): two products' worth. */
async function stockedVariants(offset: number): Promise<{ sku: string; productId: number; price: number; onHand: number }[]> {
  const found = await rows<{ sku: string; product_id: number; price: number; on_hand: number }>(sql`
    select o.sku, o.product_id, pr.price_inc_vat as price, s.on_hand from offerings o
    join prices pr on pr.offering_id = o.id join stock_levels s on s.sku = o.sku
    where o.product_id in (
      select o2.product_id from offerings o2 join stock_levels s2 on s2.sku = o2.sku
      group by o2.product_id having count(*) >= 2 and bool_and(s2.status in ('in_stock', 'low_stock') and s2.committed = 0 and s2.reserved = 0)
      order by o2.product_id limit 2 offset ${offset * 2})
    order by o.product_id, o.sku`);
  return found.map((row) => ({ sku: row.sku, productId: Number(row.product_id), price: Number(row.price), onHand: Number(row.on_hand) }));
}

async function stockOf(sku: string) {
  const [row] = await rows<{ on_hand: number; committed: number; reserved: number }>(
    sql`select on_hand, committed, reserved from stock_counts where sku = ${sku}`,
  );
  return { onHand: Number(row!.on_hand), committed: Number(row!.committed), reserved: Number(row!.reserved) };
}

/** One run of the `range-imports` job, as a worker runs it: it claims one import and applies it. */
function runImportsJobOnce() {
  const job = api.app.composed.modules.flatMap((module) => module.jobs?.(api.app) ?? []).find((candidate) => candidate.name === RANGE_IMPORTS_JOB)!;
  return job.runOnce({ db: api.database.db, clock: { now: () => new Date() }, log: api.app.log });
}

async function runImportsJob() {
  while ((await runImportsJobOnce()).claimed > 0);
}

/** A payment's hold of `quantity` of `sku`, uncommitted until `release()`: another connection's writer of that stock row waits for it. */
async function holdingPayment(basketId: string, sku: string, quantity: number) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let holding = () => {};
  const held = new Promise<void>((resolve) => (holding = resolve));
  const payment = api.database.db.transaction(async (tx: Transaction) => {
    await inventory.reserveStock({ db: tx }, basketId, [{ sku, quantity, productName: 'Held' }], new Date(Date.now() + 600_000), new Date());
    holding();
    await released;
  });
  await held;
  return { release, payment };
}

/** How many connections to the test database wait for a lock (PostgreSQL). */
const lockWaits = async () =>
  (await rows<{ n: number }>(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`))[0]!.n;

beforeAll(async () => {
  api = await startTestApi({ authenticate: async (authorization) => actors[authorization.replace(/^Bearer /, '')] ?? null });
  staff = client('manager');
});
afterAll(() => api?.close());

describe('access', () => {
  it('is 401 signed out and 403 for a shopper or another staff role, for the export, an import and the feed', async () => {
    const calls = [
      (editor: CatalogueEditorClient) => editor.exportStaffRange({}),
      (editor: CatalogueEditorClient) => editor.checkRangeImport({ body: { fileName: 'a.csv', content: base64('sku,stock_on_hand\nA-1,1') } }),
      (editor: CatalogueEditorClient) => editor.postRangeFeed({ body: { lines: [{ sku: 'A-1', stockOnHand: 1 }] } }),
    ];
    for (const call of calls) {
      expect((await failure(call(client()))).status).toBe(401);
      for (const role of ['shopper', 'discounts']) expect((await failure(call(client(role)))).status).toBe(403);
    }
  });
});

describe('the export', () => {
  it('pages through every variant, one row each, in the documented columns', async () => {
    const first = await staff.exportStaffRange({ query: { limit: 50 } });
    expect(first.rows).toHaveLength(50);
    expect(Object.keys(first.rows[0]!).toSorted()).toEqual([...RANGE_COLUMNS].toSorted());
    const second = await staff.exportStaffRange({ query: { after: first.next!, limit: 50 } });
    expect(second.rows[0]!.sku).not.toBe(first.rows.at(-1)!.sku);
    let all: RangeRow[] = [];
    for (let after: number | null = 0; after !== null;) {
      const page = await staff.exportStaffRange({ query: { after, limit: 2_000 } });
      all = [...all, ...page.rows];
      after = page.next;
    }
    const [count] = await rows<{ count: number }>(sql`select count(*)::int as count from offerings`);
    expect(all).toHaveLength(Number(count!.count));
    expect(new Set(all.map((row) => row.sku)).size).toBe(all.length);
  });
});

describe('an import', () => {
  it('checks first (a dry run changes nothing), applies in the background with the price history, and the same file again changes nothing', async () => {
    const [a, b, c] = await stockedVariants(0);
    const file = [
      'sku,price_inc_vat_pence,vat_rate,stock_on_hand',
      `${a!.sku},${a!.price - 100},standard,${a!.onHand + 5}`,
      `${b!.sku},${b!.price},standard,${b!.onHand}`,
      `${c!.sku},-4,standard,3`,
      'NO-SUCH-CODE,100,standard,1',
    ].join('\n');
    const checked = await check('weekly prices.csv', file);
    expect(checked).toMatchObject({
      status: 'checked',
      fileName: 'weekly prices.csv',
      checkedBy: 'Casey Catalogue',
      lines: 4,
      changing: 1,
      unchanged: 1,
      refused: 2,
    });
    expect(checked.changes).toEqual([
      { line: 2, sku: a!.sku, what: expect.stringMatching(/^Price £[\d,.]+ → £[\d,.]+ inc VAT; Stock on hand \d+ → \d+$/), applied: null },
    ]);
    expect(checked.refusals).toEqual([
      { line: 4, column: 'price_inc_vat_pence', reason: 'Enter the price of more than 0', whileApplying: null },
      {
        line: 5,
        column: 'product_slug',
        reason: 'No variant has the code “NO-SUCH-CODE”: to add it, give the product_slug of its product, or a new product’s product_name, brand and category',
        whileApplying: null,
      },
    ]);
    expect((await stockOf(a!.sku)).onHand).toBe(a!.onHand);

    const applying = await staff.applyRangeImport({ params: { id: checked.id } });
    expect(applying.status).toBe('queued');
    await runImportsJob();
    const applied = await staff.getRangeImport({ params: { id: checked.id } });
    expect(applied).toMatchObject({ status: 'applied', products: 1, productsDone: 1, finishedAt: expect.any(String) });
    expect(await stockOf(a!.sku)).toEqual({ onHand: a!.onHand + 5, committed: 0, reserved: 0 });
    const product = await staff.getStaffProduct({ params: { id: a!.productId } });
    const variant = product.variants.find((candidate) => candidate.sku === a!.sku)!;
    expect([variant.priceIncVat, variant.history[0]!.priceIncVat, variant.history[1]!.priceIncVat]).toEqual([a!.price - 100, a!.price - 100, a!.price]);
    expect(product.audit[0]).toMatchObject({
      who: 'Casey Catalogue',
      what: expect.stringMatching(/^Imported from weekly prices.csv: Price of .* changed: .*; Stock on hand of/),
    });

    // Applying again, or the same file again, changes nothing.
    expect((await staff.applyRangeImport({ params: { id: checked.id } })).status).toBe('applied');
    const again = await check('weekly prices.csv', file);
    expect(again).toMatchObject({ changing: 0, unchanged: 2, refused: 2 });
    await staff.applyRangeImport({ params: { id: again.id } });
    await runImportsJob();
    const after = await staff.getStaffProduct({ params: { id: a!.productId } });
    expect([after.variants.find((candidate) => candidate.sku === a!.sku)!.history.length, after.audit.length]).toEqual([
      variant.history.length,
      product.audit.length,
    ]);
  });

  it('a row refused while applying (stock held meanwhile) leaves its product as it was, says so line by line, and the others go on', async () => {
    const [a, b, c] = await stockedVariants(1);
    const checked = await check(
      'stock.json',
      JSON.stringify([
        { sku: a!.sku, price_inc_vat_pence: a!.price + 100 },
        { sku: b!.sku, stock_on_hand: 1 },
        { sku: c!.sku, stock_on_hand: c!.onHand + 1 },
      ]),
    );
    expect(checked).toMatchObject({ changing: 3, refused: 0, refusedWhileApplying: 0 });
    expect(checked.changes.map(({ line, applied }) => [line, applied])).toEqual([
      [1, null],
      [2, null],
      [3, null],
    ]);
    // A shopper's payment holds 2 of b before the import runs.
    await api.database.db.transaction((tx: Transaction) =>
      inventory.reserveStock(
        { db: tx },
        'basket-range-import',
        [{ sku: b!.sku, quantity: 2, productName: 'Held' }],
        new Date(Date.now() + 600_000),
        new Date(),
      ),
    );
    const [before, otherBefore] = await Promise.all([a!.productId, c!.productId].map((id) => staff.getStaffProduct({ params: { id } })));
    await staff.applyRangeImport({ params: { id: checked.id } });
    await runImportsJob();
    const applied = await staff.getRangeImport({ params: { id: checked.id } });
    expect(applied).toMatchObject({ status: 'applied', changing: 1, refused: 2, refusedWhileApplying: 2 });
    // Line by line: the refused line with its reason, the other line of its product not applied, the other product's applied.
    expect(applied.refusals).toEqual([
      {
        line: 1,
        column: null,
        reason: 'Not applied: line 2 of the same product was refused while applying, and a product changes whole or not at all',
        whileApplying: 'not-applied',
      },
      {
        line: 2,
        column: 'stock_on_hand',
        reason: `2 of ${b!.sku} are now held for orders and payments: stock on hand cannot be less than 2`,
        whileApplying: 'refused',
      },
    ]);
    expect(applied.changes.map(({ line, sku, applied: went }) => [line, sku, went])).toEqual([
      [1, a!.sku, false],
      [2, b!.sku, false],
      [3, c!.sku, true],
    ]);
    // The database changed exactly as reported: nothing of the refused product (prices, history, audit, version), the other's stock.
    expect(await staff.getStaffProduct({ params: { id: a!.productId } })).toEqual(before);
    expect(await stockOf(b!.sku)).toMatchObject({ onHand: b!.onHand, reserved: 2 });
    expect((await stockOf(c!.sku)).onHand).toBe(c!.onHand + 1);
    const other = await staff.getStaffProduct({ params: { id: c!.productId } });
    expect(other.audit.length).toBe(otherBefore!.audit.length + 1);
    expect(other.audit[0]!.what).toBe(`Imported from stock.json: Stock on hand of ${c!.sku}: ${c!.onHand} → ${c!.onHand + 1}`);
  });

  it('refuses a file in another encoding, too large, or of unknown columns, with the reason in words, and stores nothing', async () => {
    const [before] = await rows<{ count: number }>(sql`select count(*)::int as count from range_imports`);
    const latin1 = Buffer.from('sku,stock_on_hand\nCAFÉ-1,1\n', 'latin1');
    const refusals = [
      [await failure(check('range.csv', latin1)), 'The file is not in UTF-8: save it from your spreadsheet as “CSV UTF-8” and choose it again.'],
      [
        await failure(check('range.csv', new Uint8Array(10 * 1024 * 1024 + 1))),
        'The file is larger than 10 MB: split the range into several files of 10 MB or less and import each.',
      ],
      [await failure(check('range.csv', 'sku,colour\nA-1,red')), expect.stringMatching(/^The column “colour” is not one the shop reads/)],
    ] as const;
    for (const [error, detail] of refusals) {
      expect([error.status, problem(error).code, problem(error).detail]).toEqual([422, 'RANGE_FILE_REFUSED', detail]);
    }
    const [after] = await rows<{ count: number }>(sql`select count(*)::int as count from range_imports`);
    expect(after!.count).toBe(before!.count);
    expect((await failure(staff.getRangeImport({ params: { id: '00000000-0000-4000-8000-000000000000' } }))).status).toBe(404);
  });
});

const DAY_MS = 86_400_000;
/** A time whole minutes ahead, as staff would type it. */
const daysAhead = (days: number) => new Date(Math.floor((Date.now() + days * DAY_MS) / 60_000) * 60_000);
const firstOfEachProduct = (variants: Awaited<ReturnType<typeof stockedVariants>>) =>
  variants.filter((variant, index) => variants.findIndex((other) => other.productId === variant.productId) === index);

async function liveSchedulesOf(productId: number, sku: string) {
  const product = await staff.getStaffProduct({ params: { id: productId } });
  const variant = product.variants.find((candidate) => candidate.sku === sku)!;
  return { product, variant, live: variant.schedules.filter((schedule) => schedule.status === 'scheduled' || schedule.status === 'started') };
}

/** Rows as a CSV file of the export's columns, each value quoted as RFC 4180 says. */
const csvOf = (exported: readonly RangeRow[]) =>
  [RANGE_COLUMNS.join(','), ...exported.map((row) => RANGE_COLUMNS.map((column) => `"${String(row[column] ?? '').replaceAll('"', '""')}"`).join(','))].join(
    '\n',
  );

async function wholeExport(): Promise<RangeRow[]> {
  let all: RangeRow[] = [];
  for (let after: number | null = 0; after !== null;) {
    const page = await staff.exportStaffRange({ query: { after, limit: 2_000 } });
    all = [...all, ...page.rows];
    after = page.next;
  }
  return all;
}

describe('a scheduled price in a file', () => {
  it('schedules the row’s price as the editor does and says so; refuses an end before its start by line and column; twice changes nothing', async () => {
    const [a, c] = firstOfEachProduct(await stockedVariants(5));
    const startsAt = daysAhead(10);
    const endsAt = daysAhead(20);
    const file = [
      'sku,price_inc_vat_pence,price_starts_at,price_ends_at',
      // A UK date and time without an offset, and ISO 8601 with one.
      `${a!.sku},${a!.price - 500},${londonSortableDateTime(startsAt)},${endsAt.toISOString()}`,
      `${c!.sku},${c!.price - 100},${londonSortableDateTime(endsAt)},${londonSortableDateTime(startsAt)}`,
    ].join('\n');
    const checked = await check('sale.csv', file);
    expect(checked).toMatchObject({ lines: 2, changing: 1, unchanged: 0, refused: 1 });
    expect(checked.changes).toEqual([
      {
        line: 2,
        sku: a!.sku,
        what:
          `Price of ${a!.sku} scheduled: ${formatPence(a!.price)} → ${formatPence(a!.price - 500)} inc VAT (Standard rate), ` +
          `from ${londonShortDateTime(startsAt)} until ${londonShortDateTime(endsAt)}`,
        applied: null,
      },
    ]);
    expect(checked.refusals).toEqual([
      {
        line: 3,
        column: 'price_ends_at',
        reason: `A price must end after it starts, and after now: ${londonShortDateTime(startsAt)} is not`,
        whileApplying: null,
      },
    ]);
    await staff.applyRangeImport({ params: { id: checked.id } });
    await runImportsJob();
    const { product, variant, live } = await liveSchedulesOf(a!.productId, a!.sku);
    expect(variant.priceIncVat).toBe(a!.price);
    expect(live).toEqual([
      expect.objectContaining({ priceIncVat: a!.price - 500, startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString(), status: 'scheduled' }),
    ]);
    expect(product.audit[0]!.what).toBe(`Imported from sale.csv: ${checked.changes[0]!.what}`);
    expect((await liveSchedulesOf(c!.productId, c!.sku)).live).toEqual([]);

    // The same file again: the schedule is there already, so nothing changes.
    const again = await check('sale.csv', file);
    expect(again).toMatchObject({ changing: 0, unchanged: 1, refused: 1 });
    await staff.applyRangeImport({ params: { id: again.id } });
    await runImportsJob();
    const after = await liveSchedulesOf(a!.productId, a!.sku);
    expect([after.variant.schedules.length, after.product.audit.length, after.product.version]).toEqual([
      variant.schedules.length,
      product.audit.length,
      product.version,
    ]);
  });

  it('refuses a schedule that overlaps one already there, by line and column, and applies the other products’ rows', async () => {
    const [a, c] = firstOfEachProduct(await stockedVariants(6));
    const product = await staff.getStaffProduct({ params: { id: a!.productId } });
    await staff.changeStaffPrice({
      params: { id: a!.productId },
      body: {
        version: product.version,
        sku: a!.sku,
        priceIncVat: a!.price - 100,
        vatRateCode: 'standard',
        startsAt: daysAhead(5).toISOString(),
        endsAt: daysAhead(15).toISOString(),
      },
    });
    const checked = await check(
      'overlap.json',
      JSON.stringify([
        { sku: a!.sku, price_inc_vat_pence: a!.price - 200, price_starts_at: londonIsoDateTime(daysAhead(10)) },
        { sku: c!.sku, price_inc_vat_pence: c!.price + 100 },
      ]),
    );
    expect(checked).toMatchObject({ changing: 1, refused: 1 });
    expect(checked.refusals).toEqual([
      {
        line: 1,
        column: 'price_starts_at',
        reason: `${a!.sku} already has a scheduled price at that time: cancel it on the product’s page first, or choose another time`,
        whileApplying: null,
      },
    ]);
    await staff.applyRangeImport({ params: { id: checked.id } });
    await runImportsJob();
    expect((await staff.getRangeImport({ params: { id: checked.id } })).status).toBe('applied');
    expect((await liveSchedulesOf(a!.productId, a!.sku)).live).toEqual([expect.objectContaining({ priceIncVat: a!.price - 100 })]);
    expect((await liveSchedulesOf(c!.productId, c!.sku)).variant.priceIncVat).toBe(c!.price + 100);
  });

  it('exports each variant’s next scheduled price with its start and end, and importing the export, as CSV or JSON, changes nothing', async () => {
    const [a, c] = firstOfEachProduct(await stockedVariants(7));
    const startsAt = daysAhead(3);
    const endsAt = daysAhead(9);
    for (const [variant, period] of [
      [a!, { startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString() }],
      // Started now, until an end: the price in force, with the end that brings the old one back.
      [c!, { startsAt: null, endsAt: endsAt.toISOString() }],
    ] as const) {
      const product = await staff.getStaffProduct({ params: { id: variant.productId } });
      const body = { version: product.version, sku: variant.sku, priceIncVat: variant.price - 300, vatRateCode: 'standard', ...period };
      await staff.changeStaffPrice({ params: { id: variant.productId }, body });
    }
    const exported = (await wholeExport()).filter((row) => row.sku === a!.sku || row.sku === c!.sku);
    expect(exported.map((row) => [row.sku, row.price_inc_vat_pence, row.price_ex_vat_pence, row.price_starts_at, row.price_ends_at])).toEqual([
      [a!.sku, a!.price - 300, lineTotalExVatOf(a!.price - 300, 1, 2_000), londonIsoDateTime(startsAt), londonIsoDateTime(endsAt)],
      [
        c!.sku,
        c!.price - 300,
        lineTotalExVatOf(c!.price - 300, 1, 2_000),
        expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?\+0[01]:00$/),
        londonIsoDateTime(endsAt),
      ],
    ]);
    const csv = csvOf(exported);
    for (const [name, content] of [
      ['range.csv', csv],
      ['range.json', JSON.stringify(exported)],
    ] as const) {
      const checked = await check(name, content);
      expect([checked.changing, checked.unchanged, checked.refused, checked.changes]).toEqual([0, 2, 0, []]);
    }
  });
});

describe('products and variants made by file', () => {
  const header = 'sku,product_slug,product_name,brand,category,description,variant_label,price_inc_vat_pence,vat_rate,stock_on_hand';
  async function sizedProduct() {
    const [found] = await rows<{ id: number }>(sql`select product_id as id from offerings where handing is null and pack_qty = 1 group by product_id
      having count(distinct width_mm) > 1 and count(distinct coalesce(finish, '')) = 1 and count(*) = count(width_mm) and max(width_mm) < 1000
      order by product_id desc limit 1`);
    return staff.getStaffProduct({ params: { id: Number(found!.id) } });
  }
  const offeringsOf = async (sku: string) =>
    Number((await rows<{ count: number }>(sql`select count(*)::int as count from offerings where sku = ${sku}`))[0]!.count);

  it('checks what it makes and renames by line, makes the product whole, adds a size as a size; the same file or its export again change nothing', async () => {
    const choices = await staff.getStaffProductChoices({});
    const [brand, otherBrand] = choices.brands;
    const category = choices.categories[0]!;
    const sized = await sizedProduct();
    const [renamed] = firstOfEachProduct(await stockedVariants(9));
    const file = [
      header,
      `FILE-WH,file-basin,File Basin,${brand!.name},${category.name},"A basin, made by file.",White,14900,standard,12`,
      'FILE-MB,file-basin,,,,,Matt black,15900,standard,0',
      `FILE-1000,${sized.slug},,,,,1000 mm,29900,standard,2`,
      `${renamed!.sku},,Renamed By File,${otherBrand!.slug},,,,,,`,
    ].join('\n');
    const checked = await check('new range.csv', file);
    expect(checked).toMatchObject({ lines: 4, changing: 4, unchanged: 0, refused: 0, refusals: [] });
    expect(checked.changes.map((change) => [change.line, change.what])).toEqual([
      [
        2,
        `New product “File Basin” (file-basin), ${brand!.name}, in ${category.name}; ` +
          'Variant FILE-WH “White” added at £149.00 inc VAT (Standard rate), 12 on hand',
      ],
      [3, 'Variant FILE-MB “Matt black” added at £159.00 inc VAT (Standard rate), 0 on hand'],
      [4, 'Variant FILE-1000 “1000 mm” added at £299.00 inc VAT (Standard rate), 2 on hand'],
      [5, expect.stringMatching(new RegExp(`^Name: “.*” → “Renamed By File”; Brand: .* → ${otherBrand!.name}$`))],
    ]);
    expect([await offeringsOf('FILE-WH'), await offeringsOf('FILE-1000')]).toEqual([0, 0]);

    await staff.applyRangeImport({ params: { id: checked.id } });
    await runImportsJob();
    expect(await staff.getRangeImport({ params: { id: checked.id } })).toMatchObject({ status: 'applied', products: 3, productsDone: 3, refused: 0 });
    const shop = createCatalogueClient({ baseUrl: api.serviceUrl('catalogue') });
    const made = await shop.getProductSummary({ query: { slug: 'file-basin' } });
    expect([
      made.productName,
      made.offerings.map((offering) => [offering.sku, offering.finish, offering.widthMm, offering.isDefault, offering.stockStatus.status]),
    ]).toEqual([
      'File Basin',
      [
        ['FILE-WH', 'White', null, true, 'in_stock'],
        ['FILE-MB', 'Matt black', null, false, 'out_of_stock'],
      ],
    ]);
    const [made1] = await rows<{ id: number }>(sql`select id from products where slug = 'file-basin'`);
    const staffView = await staff.getStaffProduct({ params: { id: Number(made1!.id) } });
    expect([staffView.description, staffView.brandSlug, staffView.categorySlug, staffView.audit[0]!.who, staffView.audit[0]!.what]).toEqual([
      'A basin, made by file.',
      brand!.slug,
      category.slug,
      'Casey Catalogue',
      expect.stringMatching(
        /^Imported from new range.csv: Product added; Variant FILE-WH “White” added at £149.00 inc VAT \(Standard rate\), 12 on hand; Variant FILE-MB/,
      ),
    ]);
    const withSize = (await shop.getProductSummary({ query: { slug: sized.slug } })).offerings.find((offering) => offering.sku === 'FILE-1000');
    expect([withSize?.widthMm, withSize?.finish]).toEqual([1000, (await shop.getProductSummary({ query: { slug: sized.slug } })).offerings[0]!.finish]);
    const renamedNow = await staff.getStaffProduct({ params: { id: renamed!.productId } });
    expect([renamedNow.name, renamedNow.brandSlug]).toEqual(['Renamed By File', otherBrand!.slug]);

    const again = await check('new range.csv', file);
    expect([again.changing, again.unchanged, again.refused]).toEqual([0, 4, 0]);
    const exported = (await wholeExport()).filter((row) => ['FILE-WH', 'FILE-MB', 'FILE-1000', renamed!.sku].includes(row.sku));
    expect(exported).toHaveLength(4);
    const back = await check('export.csv', csvOf(exported));
    expect([back.changing, back.unchanged, back.refusals, back.changes]).toEqual([0, 4, [], []]);
    expect([await offeringsOf('FILE-WH'), await offeringsOf('FILE-1000')]).toEqual([1, 1]);
  });

  it('makes each new product in the ways of its own sub-category, its family and delivery, however many one file adds', async () => {
    // Two sub-categories whose products are all of one family and one delivery class, the two different.
    const uniform = await rows<{ name: string; family: string; deliveryClass: string }>(sql`
      select c.name, min(p.family) as family, min(p.delivery_class) as "deliveryClass" from products p join categories c on c.id = p.category_id
       group by c.id, c.name having count(distinct p.family) = 1 and count(distinct p.delivery_class) = 1 order by c.id`);
    const first = uniform[0]!;
    const second = uniform.find((category) => category.deliveryClass !== first.deliveryClass && category.family !== first.family)!;
    const brand = (await staff.getStaffProductChoices({})).brands[0]!.name;
    const file = [
      header,
      `WAYS-A1,ways-a-one,Ways A One,${brand},${first.name},,White,14900,standard,1`,
      `WAYS-B1,ways-b-one,Ways B One,${brand},${second.name},,White,24900,standard,1`,
      `WAYS-A2,ways-a-two,Ways A Two,${brand},${first.name},,White,15900,standard,1`,
    ].join('\n');
    const checked = await check('ways.csv', file);
    expect([checked.changing, checked.refused]).toEqual([3, 0]);
    await staff.applyRangeImport({ params: { id: checked.id } });
    await runImportsJob();
    const made = await rows<{ slug: string; family: string; deliveryClass: string }>(
      sql`select slug, family, delivery_class as "deliveryClass" from products where slug like 'ways-%' order by slug`,
    );
    expect(made).toEqual([
      { slug: 'ways-a-one', family: first.family, deliveryClass: first.deliveryClass },
      { slug: 'ways-a-two', family: first.family, deliveryClass: first.deliveryClass },
      { slug: 'ways-b-one', family: second.family, deliveryClass: second.deliveryClass },
    ]);
  });

  it('makes a new product sold only in sizes with its sizes kept as sizes, from its first row', async () => {
    const choices = await staff.getStaffProductChoices({});
    const file = [
      header,
      `SIZF-600,sized-file-basin,Sized File Basin,${choices.brands[0]!.name},${choices.categories[0]!.name},,600 mm,14900,standard,4`,
      'SIZF-800,sized-file-basin,,,,,800mm,16900,standard,4',
    ].join('\n');
    const checked = await check('sized.csv', file);
    expect([checked.changing, checked.refused]).toEqual([2, 0]);
    await staff.applyRangeImport({ params: { id: checked.id } });
    await runImportsJob();
    const made = await createCatalogueClient({ baseUrl: api.serviceUrl('catalogue') }).getProductSummary({ query: { slug: 'sized-file-basin' } });
    expect(made.offerings.map((offering) => [offering.sku, offering.label, offering.widthMm, offering.finish])).toEqual([
      ['SIZF-600', '600 mm', 600, null],
      ['SIZF-800', '800mm', 800, null],
    ]);
  });

  it('refuses a new product whole when one of its rows is refused, naming line and column, and makes nothing of it', async () => {
    const choices = await staff.getStaffProductChoices({});
    const file = [
      header,
      `HALF-WH,half-basin,Half Basin,${choices.brands[0]!.name},No Such Category,,White,14900,standard,12`,
      'HALF-MB,half-basin,,,,,Matt black,15900,standard,',
    ].join('\n');
    const checked = await check('half.csv', file);
    expect(checked.refusals).toEqual([
      {
        line: 2,
        column: 'category',
        reason: 'There is no sub-category “No Such Category”: use a sub-category of the shop, as an export names them',
        whileApplying: null,
      },
      { line: 3, column: 'stock_on_hand', reason: 'Enter the stock on hand of the new variant HALF-MB', whileApplying: null },
    ]);
    await staff.applyRangeImport({ params: { id: checked.id } });
    await runImportsJob();
    expect([await offeringsOf('HALF-WH'), await offeringsOf('HALF-MB')]).toEqual([0, 0]);
    expect(await rows(sql`select id from products where slug = 'half-basin'`)).toEqual([]);
  });

  it('two imports of the same new product applied at once make it once, each finishing without a refusal', async () => {
    const choices = await staff.getStaffProductChoices({});
    const file = [
      header,
      `TWIN-WH,twin-basin,Twin Basin,${choices.brands[0]!.name},${choices.categories[0]!.name},,White,14900,standard,5`,
      'TWIN-MB,twin-basin,,,,,Matt black,15900,standard,5',
    ].join('\n');
    const first = await check('twin.csv', file);
    const second = await check('twin.csv', file);
    expect([first.changing, second.changing]).toEqual([2, 2]);
    await staff.applyRangeImport({ params: { id: first.id } });
    await staff.applyRangeImport({ params: { id: second.id } });
    const job = api.app.composed.modules.flatMap((module) => module.jobs?.(api.app) ?? []).find((candidate) => candidate.name === RANGE_IMPORTS_JOB)!;
    const run = () => job.runOnce({ db: api.database.db, clock: { now: () => new Date() }, log: api.app.log });
    await Promise.all([run(), run()]);
    await runImportsJob();
    for (const id of [first.id, second.id]) expect(await staff.getRangeImport({ params: { id } })).toMatchObject({ status: 'applied', refused: 0 });
    expect(await rows(sql`select id from products where slug = 'twin-basin'`)).toHaveLength(1);
    expect([await offeringsOf('TWIN-WH'), await offeringsOf('TWIN-MB')]).toEqual([1, 1]);
    expect(await stockOf('TWIN-MB')).toEqual({ onHand: 5, committed: 0, reserved: 0 });
  });
});

describe('the feed', () => {
  it('schedules a price with the same rules, refuses a line whose end is before its start by field, and changes nothing posted again', async () => {
    const [a, c] = firstOfEachProduct(await stockedVariants(8));
    const [startsAt, endsAt, tooSoon] = [daysAhead(4), daysAhead(6), daysAhead(2)];
    const lines = [
      { sku: a!.sku, priceIncVat: a!.price - 400, priceStartsAt: londonIsoDateTime(startsAt), priceEndsAt: londonSortableDateTime(endsAt) },
      { sku: c!.sku, priceIncVat: c!.price - 400, priceStartsAt: londonIsoDateTime(startsAt), priceEndsAt: londonIsoDateTime(tooSoon) },
    ];
    expect(await staff.postRangeFeed({ body: { lines } })).toEqual({
      changed: 1,
      unchanged: 0,
      refusals: [{ line: 2, column: 'priceEndsAt', reason: `A price must end after it starts, and after now: ${londonShortDateTime(tooSoon)} is not` }],
    });
    const { product, live } = await liveSchedulesOf(a!.productId, a!.sku);
    expect(live).toEqual([
      expect.objectContaining({ priceIncVat: a!.price - 400, startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString(), status: 'scheduled' }),
    ]);
    expect(product.audit[0]!.what).toMatch(new RegExp(`^Set by a feed: Price of ${a!.sku} scheduled: .* from `));
    expect(await staff.postRangeFeed({ body: { lines: [lines[0]!] } })).toEqual({ changed: 0, unchanged: 1, refusals: [] });
    expect((await liveSchedulesOf(a!.productId, a!.sku)).product.audit.length).toBe(product.audit.length);
  });

  it('sets prices and stock at once with the same checks, and names refused lines by field', async () => {
    const [a, b, c] = await stockedVariants(2);
    const result = await staff.postRangeFeed({
      body: {
        lines: [
          { sku: a!.sku, priceIncVat: a!.price + 200, stockOnHand: 0 },
          { sku: b!.sku, vatRateCode: 'luxury' },
          { sku: c!.sku, priceIncVat: 0 },
        ],
      },
    });
    expect(result).toEqual({
      changed: 1,
      unchanged: 0,
      refusals: [
        { line: 2, column: 'vatRateCode', reason: '“luxury” is not a UK VAT rate: use reduced, standard or zero' },
        { line: 3, column: 'priceIncVat', reason: 'Enter the price of more than 0' },
      ],
    });
    expect(await stockOf(a!.sku)).toMatchObject({ onHand: 0 });
    const product = await staff.getStaffProduct({ params: { id: a!.productId } });
    expect(product.variants.find((variant) => variant.sku === a!.sku)!.priceIncVat).toBe(a!.price + 200);
    expect(product.audit[0]!.what).toMatch(/^Set by a feed: /);
  });

  it('posted twice at once with one Idempotency-Key, is applied once', async () => {
    const [a] = await stockedVariants(3);
    const feed = { lines: [{ sku: a!.sku, priceIncVat: a!.price + 300 }] };
    const headers = { 'idempotency-key': `feed-${a!.sku}-${Date.now()}` };
    const results = await Promise.allSettled([staff.postRangeFeed({ body: feed }, { headers }), staff.postRangeFeed({ body: feed }, { headers })]);
    // The second is the first's answer again, or 409 while the first still runs.
    const statuses = results.map((result) => (result.status === 'fulfilled' ? 200 : (result.reason as ApiError).status));
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    expect(results.some((result) => result.status === 'fulfilled' && result.value.changed === 1)).toBe(true);
    const product = await staff.getStaffProduct({ params: { id: a!.productId } });
    expect(product.audit.filter((entry) => entry.what.startsWith('Set by a feed'))).toHaveLength(1);
    expect(product.variants.find((variant) => variant.sku === a!.sku)!.history[0]!.priceIncVat).toBe(a!.price + 300);
  });

  it('racing a shopper’s payment for the last units never oversells: on hand = available + committed + reserved throughout', async () => {
    const variants = await stockedVariants(4);
    for (const [index, { sku }] of variants.entries()) {
      await api.database.db.execute(sql`update stock_levels set on_hand = 5, status = 'low_stock' where sku = ${sku}`);
      const [paid, fed] = await Promise.allSettled([
        api.database.db.transaction((tx: Transaction) =>
          inventory.reserveStock({ db: tx }, `basket-race-${index}`, [{ sku, quantity: 4, productName: 'Raced' }], new Date(Date.now() + 600_000), new Date()),
        ),
        staff.postRangeFeed({ body: { lines: [{ sku, stockOnHand: 2 }] } }),
      ]);
      const stock = await stockOf(sku);
      const fedApplied = fed.status === 'fulfilled' && fed.value.changed === 1;
      // One or the other: the hold first refuses the count below it; the count first refuses the hold.
      expect([paid.status === 'fulfilled', fedApplied]).toContainEqual(false);
      expect(stock.onHand - stock.committed - stock.reserved).toBeGreaterThanOrEqual(0);
      expect(await inventory.stockInvariantViolations({ db: api.database.db }, [sku])).toEqual([]);
    }
  });
});

// A payment's hold uncommitted while the feed checks its lines, then committed while it applies them: only PostgreSQL has two connections to race on.
describe.runIf(process.env.TEST_DATABASE === 'postgres')('a feed line refused while applying', () => {
  it("names the refused line and its product's other lines, not applied, and changes neither", async () => {
    const variants = await stockedVariants(11);
    const [a, b] = variants.filter((variant) => variant.productId === variants[0]!.productId);
    await api.database.db.execute(sql`update stock_levels set on_hand = 5, status = 'low_stock' where sku = ${b!.sku}`);
    const { release, payment } = await holdingPayment('basket-feed-race', b!.sku, 4);
    const fed = staff.postRangeFeed({
      body: {
        lines: [
          { sku: a!.sku, priceIncVat: a!.price + 100 },
          { sku: b!.sku, stockOnHand: 2 },
        ],
      },
    });
    // The feed checked its lines against the stock committed (no hold yet) and now waits for the payment's row.
    await expect.poll(lockWaits, { timeout: 20_000, interval: 50 }).toBe(1);
    release();
    await payment;
    expect(await fed).toEqual({
      changed: 0,
      unchanged: 0,
      refusals: [
        { line: 1, column: null, reason: 'Not applied: line 2 of the same product was refused while applying, and a product changes whole or not at all' },
        { line: 2, column: 'stockOnHand', reason: `4 of ${b!.sku} are now held for orders and payments: stock on hand cannot be less than 4` },
      ],
    });
    const product = await staff.getStaffProduct({ params: { id: a!.productId } });
    expect(product.variants.find((variant) => variant.sku === a!.sku)!.priceIncVat).toBe(a!.price);
    expect((await stockOf(b!.sku)).onHand).toBe(5);
  });
});

describe('applying in batches (decision 0127)', () => {
  const header = 'sku,product_slug,product_name,brand,category,description,variant_label,price_inc_vat_pence,vat_rate,stock_on_hand';
  /** A file of `count` new products of two variants each, `prefix-0` … */
  async function newProductsFile(prefix: string, count: number) {
    const choices = await staff.getStaffProductChoices({});
    const [brand, category] = [choices.brands[0]!.name, choices.categories[0]!.name];
    const lines = Array.from({ length: count }, (_, index) => [
      `${prefix.toUpperCase()}-${index}-W,${prefix}-${index},${prefix} basin ${index},${brand},${category},,White,${14_900 + index},standard,3`,
      `${prefix.toUpperCase()}-${index}-B,${prefix}-${index},,,,,Matt black,${15_900 + index},standard,4`,
    ]);
    return [header, ...lines.flat()].join('\n');
  }
  const madeCount = async (prefix: string) =>
    (
      await rows<{ products: number; offerings: number; audits: number; stock: number; history: number }>(sql`
      select (select count(*)::int from products where slug like ${prefix + '-%'}) as products,
             (select count(*)::int from offerings where sku like ${prefix.toUpperCase() + '-%'}) as offerings,
             (select count(*)::int from product_audit a join products p on p.id = a.product_id where p.slug like ${prefix + '-%'}) as audits,
             (select count(*)::int from stock_levels where sku like ${prefix.toUpperCase() + '-%'}) as stock,
             (select count(*)::int from price_history h join offerings o on o.id = h.offering_id where o.sku like ${prefix.toUpperCase() + '-%'}) as history`)
    )[0]!;

  it('applies the others of a batch whole when a product in its middle is refused, and names the refused one line by line', async () => {
    const checked = await check('middle.csv', await newProductsFile('middle', 3));
    expect([checked.changing, checked.refused]).toEqual([6, 0]);
    // Between the check and applying, another file makes a product with the middle product's first code.
    const choices = await staff.getStaffProductChoices({});
    const otherRow = `MIDDLE-1-W,middle-other,Other,${choices.brands[0]!.name},${choices.categories[0]!.name},,White,9900,standard,1`;
    const other = await check('other.csv', [header, otherRow].join('\n'));
    await staff.applyRangeImport({ params: { id: other.id } });
    await runImportsJob();
    await staff.applyRangeImport({ params: { id: checked.id } });
    await runImportsJob();
    const applied = await staff.getRangeImport({ params: { id: checked.id } });
    expect(applied).toMatchObject({ status: 'applied', changing: 4, refusedWhileApplying: 2 });
    expect(applied.refusals).toEqual([
      {
        line: 4,
        column: 'sku',
        reason: 'MIDDLE-1-W is now the code of another product’s variant: give this variant another code',
        whileApplying: 'refused',
      },
      {
        line: 5,
        column: null,
        reason: 'Not applied: line 4 of the same product was refused while applying, and a product changes whole or not at all',
        whileApplying: 'not-applied',
      },
    ]);
    const made = await rows<{ slug: string; skus: string }>(
      sql`select p.slug, string_agg(o.sku, ' ' order by o.position) as skus from products p join offerings o on o.product_id = p.id
           where p.slug like 'middle-%' group by p.slug order by p.slug`,
    );
    expect(made).toEqual([
      { slug: 'middle-0', skus: 'MIDDLE-0-W MIDDLE-0-B' },
      { slug: 'middle-2', skus: 'MIDDLE-2-W MIDDLE-2-B' },
      { slug: 'middle-other', skus: 'MIDDLE-1-W' },
    ]);
    expect(await stockOf('MIDDLE-1-B').catch(() => 'none')).toBe('none');
  });

  it('makes many new products in a few statements a batch, not a score for each product', async () => {
    const count = APPLY_BATCH_PRODUCTS + 50;
    const checked = await check('many.csv', await newProductsFile('many', count));
    expect([checked.changing, checked.refused]).toEqual([count * 2, 0]);
    await staff.applyRangeImport({ params: { id: checked.id } });
    const counter = countStatements(api.database);
    await runImportsJob();
    const statements = counter.take();
    counter.stop();
    // Two batches: per batch its transaction, the reads of what it needs, one statement of each kind it writes and the import's progress.
    const batches = Math.ceil(count / APPLY_BATCH_PRODUCTS);
    process.stdout.write(`statements applying ${count} new products (${api.database.kind}): ${statements.length}\n`);
    expect(statements.length).toBeLessThanOrEqual(batches * 20 + 15);
    // Each write has one text for any number of rows (decision 0154): the two batches' are the same statements, prepared once.
    for (const table of ['products', 'offerings', 'prices', 'product_facet_values', 'stock_levels', 'product_audit']) {
      const inserts = statements.filter((statement) => statement.includes(`insert into "${table}"`));
      expect([table, inserts.length, new Set(inserts).size]).toEqual([table, batches, 1]);
    }
    expect(await madeCount('many')).toEqual({ products: count, offerings: count * 2, audits: count, stock: count * 2, history: count * 2 });
  });

  it('changes many products’ prices and stock in a few statements a batch, each with its history, was-price rule and change list', async () => {
    const variants = await rows<{ sku: string; product_id: number; price: number; on_hand: number }>(sql`
      select o.sku, o.product_id, pr.price_inc_vat as price, s.on_hand from offerings o
      join prices pr on pr.offering_id = o.id join stock_levels s on s.sku = o.sku
      where s.status in ('in_stock', 'low_stock') and s.committed = 0 and s.reserved = 0
        and not exists (select 1 from scheduled_prices sp where sp.offering_id = o.id and sp.status in ('scheduled', 'started'))
      order by o.product_id, o.sku`);
    const products = new Set(variants.map((variant) => variant.product_id));
    expect(products.size).toBeGreaterThan(APPLY_BATCH_PRODUCTS);
    const file = ['sku,price_inc_vat_pence,stock_on_hand', ...variants.map(({ sku, price, on_hand }) => `${sku},${price + 100},${on_hand + 3}`)];
    const checked = await check('weekly.csv', file.join('\n'));
    expect([checked.changing, checked.refused]).toEqual([variants.length, 0]);
    const auditsBefore = (await rows<{ count: number }>(sql`select count(*)::int as count from product_audit`))[0]!.count;
    await staff.applyRangeImport({ params: { id: checked.id } });
    const counter = countStatements(api.database);
    await runImportsJob();
    const statements = counter.take();
    counter.stop();
    const batches = Math.ceil(products.size / APPLY_BATCH_PRODUCTS);
    process.stdout.write(`statements changing ${products.size} products (${api.database.kind}): ${statements.length}\n`);
    expect(statements.length).toBeLessThanOrEqual(batches * 20 + 15);
    // Batches of 200 products and the last of fewer send the same texts: built once, their rows as arrays (decision 0154).
    expect(products.size % APPLY_BATCH_PRODUCTS).toBeGreaterThan(0);
    for (const write of ['update "price_history"', 'insert into "price_history"', 'update "prices"', 'insert into "product_versions"']) {
      const sent = statements.filter((statement) => statement.startsWith(write));
      expect([write, sent.length, new Set(sent).size]).toEqual([write, batches, 1]);
    }
    expect(await staff.getRangeImport({ params: { id: checked.id } })).toMatchObject({ status: 'applied', refusedWhileApplying: 0 });
    const after = await rows<{ sku: string; price: number; on_hand: number; steps: number; open_steps: number; was: number | null }>(sql`
      select o.sku, pr.price_inc_vat as price, s.on_hand, pr.was_price_inc_vat as was,
        (select count(*)::int from price_history h where h.offering_id = o.id) as steps,
        (select count(*)::int from price_history h where h.offering_id = o.id and h.effective_until is null) as open_steps
      from offerings o join prices pr on pr.offering_id = o.id join stock_levels s on s.sku = o.sku
      where o.sku in ${variants.map((variant) => variant.sku)} order by o.product_id, o.sku`);
    for (const [index, variant] of variants.entries()) {
      const row = after[index]!;
      expect([row.sku, row.price, row.on_hand, row.open_steps]).toEqual([variant.sku, variant.price + 100, variant.on_hand + 3, 1]);
      expect(row.steps).toBeGreaterThanOrEqual(2);
      // A rise is never a reduction: no was-price beside a price higher than the one before.
      expect(row.was === null || row.was > row.price).toBe(true);
    }
    const auditsAfter = (await rows<{ count: number }>(sql`select count(*)::int as count from product_audit`))[0]!.count;
    expect(auditsAfter - auditsBefore).toBe(products.size);
    const [line] = await rows<{ what: string }>(sql`select what from product_audit a join offerings o on o.product_id = a.product_id
      where o.sku = ${variants[0]!.sku} order by a.id desc limit 1`);
    expect(line!.what).toContain(`Stock on hand of ${variants[0]!.sku}: ${variants[0]!.on_hand} → ${variants[0]!.on_hand + 3}`);
    expect(line!.what).toContain(`Price of ${variants[0]!.sku} changed: `);
  });

  it('reports an import without reading its plan, which for a large range is tens of megabytes, every time the page asks', async () => {
    const checked = await check('report.csv', await newProductsFile('report', 3));
    const counter = countStatements(api.database);
    const report = await staff.getRangeImport({ params: { id: checked.id } });
    const statements = counter.take();
    counter.stop();
    expect(report).toMatchObject({ status: 'checked', products: 3, productsDone: 0, changing: 6 });
    const reads = statements.filter((statement) => statement.includes('"range_imports"'));
    expect(reads.length).toBeGreaterThan(0);
    // The plan is counted where it is (jsonb_array_length), never sent.
    expect(reads.filter((statement) => statement.replace(/jsonb_array_length\([^)]*\)/g, '').includes('"plan"'))).toEqual([]);
  });

  it('a worker stopped mid-import is resumed by the next from the batch it was on, and nothing is made twice', async () => {
    const count = APPLY_BATCH_PRODUCTS + 20;
    const checked = await check('resume.csv', await newProductsFile('resume', count));
    await staff.applyRangeImport({ params: { id: checked.id } });
    // The second batch fails (as a worker that stops would leave it): the first stays applied, the second rolls back whole.
    await api.database.db.execute(sql`create function stop_resume() returns trigger language plpgsql as $$
      begin if new.slug = ${sql.raw(`'resume-${count - 1}'`)} then raise exception 'worker stopped'; end if; return new; end $$`);
    await api.database.db.execute(sql`create trigger stop_resume before insert on products for each row execute function stop_resume()`);
    try {
      await expect(runImportsJobOnce()).rejects.toThrow(/insert into "products"/);
    } finally {
      await api.database.db.execute(sql`drop trigger stop_resume on products`);
      await api.database.db.execute(sql`drop function stop_resume()`);
    }
    const stopped = await staff.getRangeImport({ params: { id: checked.id } });
    expect(stopped).toMatchObject({ status: 'applying', productsDone: APPLY_BATCH_PRODUCTS });
    expect((await madeCount('resume')).products).toBe(APPLY_BATCH_PRODUCTS);
    // Its lease runs out; the next worker claims it and goes on from there.
    await api.database.db.execute(sql`update range_imports set locked_until = now() - interval '1 second' where id = ${checked.id}`);
    await runImportsJob();
    expect(await staff.getRangeImport({ params: { id: checked.id } })).toMatchObject({ status: 'applied', productsDone: count, refusedWhileApplying: 0 });
    expect(await madeCount('resume')).toEqual({ products: count, offerings: count * 2, audits: count, stock: count * 2, history: count * 2 });
  });
});

// A shopper's payment holding stock while a batch applies: only PostgreSQL has two connections to race on.
describe.runIf(process.env.TEST_DATABASE === 'postgres')('a shopper buying while a batch applies', () => {
  it('refuses the count of the product whose stock the payment holds, applies the batch’s others, and never oversells', async () => {
    const variants = [...(await stockedVariants(12)), ...(await stockedVariants(13))];
    // In code order, as the batch locks their stock (and payments theirs): the first is locked before the middle one.
    const products = firstOfEachProduct(variants).toSorted((a, b) => a.sku.localeCompare(b.sku));
    expect(products.length).toBeGreaterThanOrEqual(3);
    for (const { sku } of products) await api.database.db.execute(sql`update stock_levels set on_hand = 5, status = 'low_stock' where sku = ${sku}`);
    const checked = await check('counted.csv', ['sku,stock_on_hand', ...products.map(({ sku }) => `${sku},2`)].join('\n'));
    expect(checked.changing).toBe(products.length);
    const middle = products[1]!;
    const { release, payment } = await holdingPayment('basket-batch-race', middle.sku, 4);
    await staff.applyRangeImport({ params: { id: checked.id } });
    const applying = runImportsJob();
    // The batch has counted the first product and waits for the payment's row.
    await expect.poll(lockWaits, { timeout: 20_000, interval: 50 }).toBe(1);
    // Meanwhile another shopper's payment for the first product waits for the batch's lock, then finds 2 on hand: refused, not oversold.
    const late = api.database.db
      .transaction((tx: Transaction) =>
        inventory.reserveStock(
          { db: tx },
          'basket-batch-late',
          [{ sku: products[0]!.sku, quantity: 4, productName: 'Late' }],
          new Date(Date.now() + 600_000),
          new Date(),
        ),
      )
      .then(
        () => 'reserved',
        (error: Error) => error.message,
      );
    await expect.poll(lockWaits, { timeout: 20_000, interval: 50 }).toBe(2);
    release();
    await payment;
    await applying;
    expect(await late).toBe('Sorry, only 2 of Late are left. Update your basket and try again: you have not been charged.');
    const applied = await staff.getRangeImport({ params: { id: checked.id } });
    const middleLine = products.indexOf(middle) + 2;
    expect(applied.refusals).toEqual([
      {
        line: middleLine,
        column: 'stock_on_hand',
        reason: `4 of ${middle.sku} are now held for orders and payments: stock on hand cannot be less than 4`,
        whileApplying: 'refused',
      },
    ]);
    for (const { sku } of products) {
      const stock = await stockOf(sku);
      expect(stock).toEqual(sku === middle.sku ? { onHand: 5, committed: 0, reserved: 4 } : { onHand: 2, committed: 0, reserved: 0 });
      expect(await inventory.stockInvariantViolations({ db: api.database.db }, [sku])).toEqual([]);
    }
  });
});

describe('changes to products the shop has, applied together (decision 0154)', () => {
  const header = 'sku,product_slug,product_name,brand,category,description,variant_label,price_inc_vat_pence,vat_rate,stock_on_hand';
  /** Products sold in sizes only, none of 1,100 mm, with their first size's code: a new size of 1,100 mm reads as a size. */
  async function sizedProducts(count: number, offset: number) {
    const found = await rows<{ id: number; slug: string; sku: string; name: string }>(sql`
      select p.id, p.slug, p.name, (select o.sku from offerings o where o.product_id = p.id order by o.position, o.id limit 1) as sku
      from products p where p.id in (
        select product_id from offerings where handing is null and pack_qty = 1 group by product_id
        having count(distinct width_mm) > 1 and count(distinct coalesce(finish, '')) = 1 and count(*) = count(width_mm) and max(width_mm) < 1000)
      order by p.id limit ${count} offset ${offset}`);
    expect(found).toHaveLength(count);
    return found.map((row) => ({ ...row, id: Number(row.id) }));
  }
  /** A product's name and `Mark <tag>` after it, as a CSV value (a name may hold a comma). */
  const quotedName = (name: string, tag: string) => `"${name.replaceAll('"', '""')} Mark ${tag}"`;
  /** Each product renamed from its first size's row, and a size of 1,100 mm added: `CHG-<tag>-<n>`. */
  const renameAndAddFile = (tag: string, products: readonly { slug: string; sku: string; name: string }[]) =>
    [
      header,
      ...products.flatMap((product, index) => [
        `${product.sku},,${quotedName(product.name, tag)},,,,,,,`,
        `CHG-${tag}-${index},${product.slug},,,,,1100 mm,${30_000 + index},standard,5`,
      ]),
    ].join('\n');
  const state = async (tag: string, ids: readonly number[]) =>
    (
      await rows<{ names: number; offerings: number; history: number; stock: number; audits: number; versions: number }>(sql`
      select (select count(*)::int from products where id in ${ids} and name like ${`% Mark ${tag}`}) as names,
             (select count(*)::int from offerings where sku like ${`CHG-${tag}-%`}) as offerings,
             (select count(*)::int from price_history h join offerings o on o.id = h.offering_id where o.sku like ${`CHG-${tag}-%`}) as history,
             (select coalesce(sum(on_hand), 0)::int from stock_levels where sku like ${`CHG-${tag}-%`}) as stock,
             (select count(*)::int from product_audit where product_id in ${ids}) as audits,
             (select coalesce(sum(version), 0)::int from product_versions where product_id in ${ids}) as versions`)
    )[0]!;

  it('renames products and adds their sizes together; one whose new code was taken meanwhile changes not at all, the others whole', async () => {
    const products = await sizedProducts(3, 0);
    const checked = await check('sizes.csv', renameAndAddFile('A', products));
    expect([checked.changing, checked.refused]).toEqual([6, 0]);
    // Between the check and applying, another file makes a product with the middle product's new code.
    const choices = await staff.getStaffProductChoices({});
    const other = await check(
      'other.csv',
      [header, `CHG-A-1,chg-other,Other,${choices.brands[0]!.name},${choices.categories[0]!.name},,White,9900,standard,1`].join('\n'),
    );
    await staff.applyRangeImport({ params: { id: other.id } });
    await runImportsJob();
    const auditsBefore = (await state('A', [products[1]!.id])).audits;
    await staff.applyRangeImport({ params: { id: checked.id } });
    await runImportsJob();
    const applied = await staff.getRangeImport({ params: { id: checked.id } });
    expect(applied).toMatchObject({ status: 'applied', refusedWhileApplying: 2 });
    expect(applied.refusals).toEqual([
      { line: 4, column: null, reason: expect.stringMatching(/^Not applied: line 5 of the same product was refused/), whileApplying: 'not-applied' },
      { line: 5, column: 'sku', reason: expect.stringContaining('CHG-A-1'), whileApplying: 'refused' },
    ]);
    const [first, middle, last] = await Promise.all(products.map((product) => staff.getStaffProduct({ params: { id: product.id } })));
    expect([first!.name, middle!.name, last!.name]).toEqual([`${products[0]!.name} Mark A`, products[1]!.name, `${products[2]!.name} Mark A`]);
    expect(
      [first, middle, last].map((product) => product!.variants.filter((variant) => variant.sku.startsWith('CHG-A-')).map((variant) => variant.sku)),
    ).toEqual([['CHG-A-0'], [], ['CHG-A-2']]);
    expect((await state('A', [products[1]!.id])).audits).toBe(auditsBefore);
    const added = first!.variants.find((variant) => variant.sku === 'CHG-A-0')!;
    expect([added.label, added.priceIncVat, added.isDefault]).toEqual(['1100 mm', 30_000, false]);
    expect(first!.audit[0]!.what).toBe(
      `Imported from sizes.csv: Name: “${products[0]!.name}” → “${products[0]!.name} Mark A”; ` +
        'Variant CHG-A-0 “1100 mm” added at £300.00 inc VAT (Standard rate), 5 on hand',
    );
    const shop = createCatalogueClient({ baseUrl: api.serviceUrl('catalogue') });
    const made = (await shop.getProductSummary({ query: { slug: products[2]!.slug } })).offerings.find((offering) => offering.sku === 'CHG-A-2');
    expect([made?.widthMm, made?.stockStatus.status]).toEqual([1100, 'low_stock']);
    for (const sku of ['CHG-A-0', 'CHG-A-2']) {
      expect(await stockOf(sku)).toEqual({ onHand: 5, committed: 0, reserved: 0 });
      expect(await inventory.stockInvariantViolations({ db: api.database.db }, [sku])).toEqual([]);
    }
  });

  it('a file checked twice and applied twice changes nothing the second time: no name, variant, price step, count, change line or version', async () => {
    const products = await sizedProducts(3, 3);
    const ids = products.map((product) => product.id);
    const file = renameAndAddFile('B', products);
    const [once, twice] = [await check('twice.csv', file), await check('twice.csv', file)];
    expect([once.changing, twice.changing]).toEqual([6, 6]);
    await staff.applyRangeImport({ params: { id: once.id } });
    await runImportsJob();
    const after = await state('B', ids);
    expect(after).toMatchObject({ names: 3, offerings: 3, history: 3, stock: 15 });
    await staff.applyRangeImport({ params: { id: twice.id } });
    await runImportsJob();
    expect(await staff.getRangeImport({ params: { id: twice.id } })).toMatchObject({ status: 'applied', refusedWhileApplying: 0 });
    // Its version moves on (an editor opened before is refused, decision 0086); nothing else changes.
    expect(await state('B', ids)).toEqual({ ...after, versions: after.versions + 3 });
    const again = await check('twice.csv', file);
    expect([again.changing, again.unchanged, again.refused]).toEqual([0, 6, 0]);
  });

  /** A rename of each of `count` products not renamed yet, then a rename and a new size of 1,100 mm of each of `sized`: the sized ones last. */
  async function manyFile(tag: string, count: number, sized: readonly { id: number; slug: string; sku: string; name: string }[]) {
    const named = await rows<{ id: number; sku: string; name: string }>(sql`
      select p.id, p.name, (select o.sku from offerings o where o.product_id = p.id order by o.position, o.id limit 1) as sku
      from products p where p.name not like '% Mark %' and p.id not in ${sized.map((product) => product.id)} order by p.id limit ${count}`);
    const renames = named.map((product) => `${product.sku},,${quotedName(product.name, tag)},,,,,,,`);
    return {
      file: [renameAndAddFile(tag, sized), ...renames].join('\n'),
      ids: [...named.map((product) => Number(product.id)), ...sized.map((product) => product.id)],
    };
  }

  it('renames many products and adds their sizes in a few statements a batch, each with its change list', async () => {
    const sized = await sizedProducts(4, 6);
    const { file, ids } = await manyFile('C', APPLY_BATCH_PRODUCTS + 60, sized);
    const checked = await check('many changes.csv', file);
    expect([checked.changing, checked.refused, checked.products]).toEqual([ids.length + sized.length, 0, ids.length]);
    const before = await state('C', ids);
    await staff.applyRangeImport({ params: { id: checked.id } });
    const counter = countStatements(api.database);
    await runImportsJob();
    const statements = counter.take();
    counter.stop();
    const batches = Math.ceil(ids.length / APPLY_BATCH_PRODUCTS);
    process.stdout.write(`statements renaming ${ids.length} products, adding ${sized.length} sizes (${api.database.kind}): ${statements.length}\n`);
    expect(statements.length).toBeLessThanOrEqual(batches * 20 + 15);
    // A batch of 200 renamed and one of 60 send the same texts.
    for (const write of ['update "products" set name', 'insert into "product_versions"']) {
      const sent = statements.filter((statement) => statement.startsWith(write));
      expect([write, sent.length, new Set(sent).size]).toEqual([write, batches, 1]);
    }
    expect(await staff.getRangeImport({ params: { id: checked.id } })).toMatchObject({ status: 'applied', refusedWhileApplying: 0 });
    expect(await state('C', ids)).toEqual({
      names: ids.length,
      offerings: sized.length,
      history: sized.length,
      stock: sized.length * 5,
      audits: before.audits + ids.length,
      versions: before.versions + ids.length,
    });
  });

  it('a worker stopped in the second batch of changes is resumed from it, and nothing is changed or added twice', async () => {
    const sized = await sizedProducts(2, 10);
    const { file, ids } = await manyFile('D', APPLY_BATCH_PRODUCTS + 10, sized);
    const checked = await check('resume changes.csv', file);
    const before = await state('D', ids);
    await staff.applyRangeImport({ params: { id: checked.id } });
    // The sized products come first in the file, so the second batch's last product (a rename) stops the worker.
    const lastId = ids.at(-3)!;
    await api.database.db.execute(sql`create function stop_changes() returns trigger language plpgsql as $$
      begin if new.id = ${sql.raw(String(lastId))} and new.name like '% Mark D' then raise exception 'worker stopped'; end if; return new; end $$`);
    await api.database.db.execute(sql`create trigger stop_changes before update on products for each row execute function stop_changes()`);
    try {
      await expect(runImportsJobOnce()).rejects.toThrow(/update "products"/);
    } finally {
      await api.database.db.execute(sql`drop trigger stop_changes on products`);
      await api.database.db.execute(sql`drop function stop_changes()`);
    }
    expect(await staff.getRangeImport({ params: { id: checked.id } })).toMatchObject({ status: 'applying', productsDone: APPLY_BATCH_PRODUCTS });
    expect(await state('D', ids)).toMatchObject({ names: APPLY_BATCH_PRODUCTS, offerings: 2, audits: before.audits + APPLY_BATCH_PRODUCTS });
    await api.database.db.execute(sql`update range_imports set locked_until = now() - interval '1 second' where id = ${checked.id}`);
    await runImportsJob();
    expect(await staff.getRangeImport({ params: { id: checked.id } })).toMatchObject({ status: 'applied', refusedWhileApplying: 0 });
    expect(await state('D', ids)).toEqual({
      names: ids.length,
      offerings: 2,
      history: 2,
      stock: 10,
      audits: before.audits + ids.length,
      versions: before.versions + ids.length,
    });
  });
});
