import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueEditorClient, type ApiError, type CatalogueEditorClient } from '@shop/api-client';
import { RANGE_COLUMNS, type Problem, type RangeRow } from '@shop/contracts';
import type { Transaction } from '../../db/client.ts';
import type { Actor } from '../../platform/context.ts';
import { createInventoryService } from '../inventory/index.ts';
import { failure, startTestApi, type TestApi } from '../../testing/test-api.ts';
import { RANGE_IMPORTS_JOB } from './catalogue-jobs.ts';

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
    sql`select on_hand, committed, reserved from stock_levels where sku = ${sku}`,
  );
  return { onHand: Number(row!.on_hand), committed: Number(row!.committed), reserved: Number(row!.reserved) };
}

async function runImportsJob() {
  const job = api.app.composed.modules.flatMap((module) => module.jobs?.(api.app) ?? []).find((candidate) => candidate.name === RANGE_IMPORTS_JOB)!;
  while ((await job.runOnce({ db: api.database.db, clock: { now: () => new Date() }, log: api.app.log })).claimed > 0);
}

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
    expect(checked.changes).toEqual([{ line: 2, sku: a!.sku, what: expect.stringMatching(/^Price £[\d,.]+ → £[\d,.]+ inc VAT; Stock on hand \d+ → \d+$/) }]);
    expect(checked.refusals).toEqual([
      { line: 4, column: 'price_inc_vat_pence', reason: 'Enter the price of more than 0' },
      { line: 5, column: 'sku', reason: 'No variant has the code “NO-SUCH-CODE”: the import changes variants the shop already has' },
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

  it('never changes half a product: a row refused while applying (stock held meanwhile) leaves its product whole, and the others go on', async () => {
    const [a, b, c] = await stockedVariants(1);
    const checked = await check(
      'stock.json',
      JSON.stringify([
        { sku: a!.sku, price_inc_vat_pence: a!.price + 100 },
        { sku: b!.sku, stock_on_hand: 1 },
        { sku: c!.sku, stock_on_hand: c!.onHand + 1 },
      ]),
    );
    expect(checked).toMatchObject({ changing: 3, refused: 0 });
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
    await staff.applyRangeImport({ params: { id: checked.id } });
    await runImportsJob();
    const applied = await staff.getRangeImport({ params: { id: checked.id } });
    expect(applied).toMatchObject({ status: 'applied', changing: 1, refused: 2 });
    expect(applied.refusals.map(({ line, column }) => [line, column])).toEqual([
      [2, 'stock_on_hand'],
      [1, null],
    ]);
    expect((await staff.getStaffProduct({ params: { id: a!.productId } })).variants.find((variant) => variant.sku === a!.sku)!.priceIncVat).toBe(a!.price);
    expect(await stockOf(b!.sku)).toMatchObject({ onHand: b!.onHand, reserved: 2 });
    expect((await stockOf(c!.sku)).onHand).toBe(c!.onHand + 1);
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

describe('the feed', () => {
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
