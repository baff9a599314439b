import { describe, expect, it } from 'vitest';
import type { CurrentProduct } from './range-additions.ts';
import { checkRow, feedRows, parseCsv, planRange, readFileTime, readRangeFile, type CurrentVariant, type FileRow } from './range-rows.ts';

const RATES = ['standard', 'reduced', 'zero'];
const NOW = new Date('2026-11-28T09:00:00Z');
const product = (productId: number, overrides: Partial<CurrentProduct> = {}): CurrentProduct => ({
  productId,
  slug: `product-${productId}`,
  name: `Product ${productId}`,
  description: 'A basin.',
  brandName: 'Aqualux',
  categoryName: 'Basins',
  family: 'basins',
  variants: [{ widthMm: null, finish: 'White', handing: null, packQty: 1 }],
  ...overrides,
});
const CONTEXT = {
  now: NOW,
  vatRateName: (code: string) => code,
  brands: [
    { slug: 'aqualux', name: 'Aqualux' },
    { slug: 'crestline', name: 'Crestline' },
  ],
  categories: [
    { slug: 'basins', name: 'Basins' },
    { slug: 'baths', name: 'Baths' },
  ],
  productsBySlug: new Map<string, CurrentProduct>(),
  adding: true,
};
const bytes = (text: string) => new TextEncoder().encode(text);
const rowsOf = (text: string, name = 'range.csv') => {
  const read = readRangeFile(bytes(text), name);
  if ('problem' in read) throw new Error(read.problem);
  return read.rows;
};
const checked = (rows: FileRow[]) =>
  rows.map((row) => {
    const result = checkRow(row, RATES, NOW);
    return 'row' in result ? result.row : result;
  });
const variant = (productId: number, overrides: Partial<CurrentVariant> = {}): CurrentVariant => ({
  productId,
  product: product(productId),
  productSlug: `product-${productId}`,
  priceIncVat: 19_900,
  vatRateCode: 'standard',
  stock: { onHand: 10, held: 2 },
  schedules: [],
  ...overrides,
});

describe('reading a file of the range', () => {
  it('reads quoted values with commas, doubled quotes and line breaks, numbering rows by the line they start on', () => {
    expect(parseCsv('sku,product_name\r\nA-1,"Basin, ""wall"" hung"\n"B-2","Two\nlines"\n')).toEqual([
      { line: 1, fields: ['sku', 'product_name'] },
      { line: 2, fields: ['A-1', 'Basin, "wall" hung'] },
      { line: 3, fields: ['B-2', 'Two\nlines'] },
    ]);
    expect(parseCsv('sku\n"A-1')).toEqual({ problem: 'Line 2 opens a quoted value that never closes: check its quotation marks' });
  });

  it('takes UTF-8 with or without a byte-order mark, and refuses another encoding in words', () => {
    expect(rowsOf('\uFEFFsku,stock_on_hand\nA-1,4\n')).toEqual([{ line: 2, values: { sku: 'A-1', stock_on_hand: '4' } }]);
    const latin1 = Uint8Array.from(Buffer.from('sku,product_name\nA-1,Café\n', 'latin1'));
    expect(readRangeFile(latin1, 'range.csv')).toEqual({
      problem: 'The file is not in UTF-8: save it from your spreadsheet as “CSV UTF-8” and choose it again',
    });
  });

  it('refuses a file too large, without rows, with an unknown column, or changing nothing', () => {
    expect(readRangeFile(new Uint8Array(10 * 1024 * 1024 + 1), 'big.csv')).toEqual({
      problem: 'The file is larger than 10 MB: split the range into several files of 10 MB or less and import each',
    });
    expect(readRangeFile(bytes(''), 'a.csv')).toEqual({ problem: 'The file is empty: export the range to see the columns it takes' });
    expect(readRangeFile(bytes('sku,stock_on_hand\n'), 'a.csv')).toEqual({ problem: 'The file has a header but no rows' });
    expect(readRangeFile(bytes('sku,colour\nA-1,red'), 'a.csv')).toMatchObject({
      problem: expect.stringMatching(/^The column “colour” is not one the shop reads/),
    });
    expect(readRangeFile(bytes('sku,variant_label\nA-1,Tap'), 'a.csv')).toMatchObject({ problem: expect.stringMatching(/^The file changes nothing/) });
    expect(readRangeFile(bytes('price_inc_vat_pence\n100'), 'a.csv')).toMatchObject({ problem: expect.stringMatching(/no “sku” column/) });
  });

  it('reads JSON of the export’s shape, numbering items from 1', () => {
    expect(rowsOf('[{"sku":"A-1","price_inc_vat_pence":14900,"stock_on_hand":null}]', 'range.json')).toEqual([
      { line: 1, values: { sku: 'A-1', price_inc_vat_pence: '14900', stock_on_hand: '' } },
    ]);
    expect(readRangeFile(bytes('{"sku":"A-1"}'), 'range.json')).toMatchObject({ problem: expect.stringMatching(/must be a list of rows/) });
    expect(readRangeFile(bytes('[{'), 'range.json')).toMatchObject({ problem: expect.stringMatching(/not valid JSON/) });
  });
});

describe('checking a row', () => {
  const refusalsOf = (values: FileRow['values']) => {
    const result = checkRow({ line: 7, values }, RATES, NOW);
    return 'refusals' in result ? result.refusals.map(({ column, reason }) => [column, reason]) : [];
  };

  it('takes whole pence, a UK VAT rate in any case and a count; empty leaves a figure as it is', () => {
    expect(checkRow({ line: 2, values: { sku: 'BTH-1', price_inc_vat_pence: '14900', vat_rate: 'Reduced', stock_on_hand: '0' } }, RATES, NOW)).toEqual({
      row: {
        line: 2,
        sku: 'BTH-1',
        productSlug: null,
        productName: null,
        brand: null,
        category: null,
        description: null,
        family: null,
        variantLabel: null,
        priceIncVat: 14_900,
        vatRateCode: 'reduced',
        stockOnHand: 0,
        startsAt: null,
        endsAt: null,
      },
    });
    expect(checkRow({ line: 2, values: { sku: 'BTH-1', price_inc_vat_pence: '', stock_on_hand: '' } }, RATES, NOW)).toMatchObject({
      row: { priceIncVat: null, vatRateCode: null, stockOnHand: null },
    });
  });

  it('names each bad value with its column: a code, a negative, absurd or decimal price, a VAT rate the UK has not, a bad count', () => {
    expect(refusalsOf({ sku: '' })).toEqual([['sku', 'Enter the variant code']]);
    expect(refusalsOf({ sku: 'bad code!' })).toEqual([['sku', '“bad code!” is not a variant code: codes are 2 to 40 letters, digits, dashes or dots']]);
    expect(refusalsOf({ sku: 'A-1', price_inc_vat_pence: '-500' })).toEqual([['price_inc_vat_pence', 'Enter the price of more than 0']]);
    expect(refusalsOf({ sku: 'A-1', price_inc_vat_pence: '149.00' })).toEqual([
      ['price_inc_vat_pence', 'Enter the price as a whole number of pence, like 14900 for £149.00'],
    ]);
    expect(refusalsOf({ sku: 'A-1', price_inc_vat_pence: '900000000' })).toEqual([['price_inc_vat_pence', 'Enter the price of £50,000.00 or less']]);
    expect(refusalsOf({ sku: 'A-1', vat_rate: 'super-reduced' })).toEqual([
      ['vat_rate', '“super-reduced” is not a UK VAT rate: use standard, reduced or zero'],
    ]);
    expect(refusalsOf({ sku: 'A-1', stock_on_hand: '-1' })).toEqual([['stock_on_hand', 'Enter the stock on hand of 0 or more']]);
    expect(refusalsOf({ sku: 'A-1', stock_on_hand: 'lots' })).toEqual([['stock_on_hand', 'Enter the stock on hand as a whole number']]);
    expect(refusalsOf({ sku: 'A-1', stock_on_hand: '2000000' })).toEqual([['stock_on_hand', 'Enter the stock on hand of 1,000,000 or less']]);
    expect(refusalsOf({ sku: 'A-1', product_slug: 'Harbour Basin' })).toEqual([
      ['product_slug', '“Harbour Basin” is not a product address: use lower-case letters, digits and single dashes, like harbour-basin-600'],
    ]);
    expect(refusalsOf({ sku: 'A-1', family: 'Wash basins!' })).toEqual([
      [
        'family',
        '“Wash basins!” is not a product family: use lower-case letters, digits and dashes, as an export shows, or leave it empty to take its sub-category’s',
      ],
    ]);
    expect(refusalsOf({ sku: 'A-1', product_name: 'x'.repeat(201) })).toEqual([['product_name', 'Enter a product name of 200 characters or fewer']]);
  });
});

describe('planning against the shop', () => {
  const current = new Map<string, CurrentVariant>([
    ['A-1', variant(1)],
    ['A-2', variant(1, { stock: { onHand: 5, held: 3 } })],
    ['B-1', variant(2)],
    ['C-1', variant(3, { stock: null })],
    ['D-1', variant(4)],
  ]);

  it('says what changes in words, counts rows that change nothing, and groups rows by product', () => {
    const plan = planRange(checked(rowsOf('sku,price_inc_vat_pence,stock_on_hand\nA-1,14900,10\nA-2,,8\nB-1,19900,10\n')), current, CONTEXT);
    expect(plan.changes).toEqual([
      { line: 2, sku: 'A-1', what: 'Price £199.00 → £149.00 inc VAT' },
      { line: 3, sku: 'A-2', what: 'Stock on hand 5 → 8' },
    ]);
    expect(plan.unchanged).toBe(1);
    expect(plan.products).toEqual([
      {
        productId: 1,
        rows: [
          { line: 2, sku: 'A-1', priceIncVat: 14_900, vatRateCode: null, stockOnHand: 10, startsAt: null, endsAt: null },
          { line: 3, sku: 'A-2', priceIncVat: null, vatRateCode: null, stockOnHand: 8, startsAt: null, endsAt: null },
        ],
      },
    ]);
    expect(plan.refusals).toEqual([]);
  });

  it('refuses an unknown code, a code twice, another product’s code, stock for made to order or below what is held; the rest of such a product too', () => {
    const file = [
      'sku,product_slug,stock_on_hand,price_inc_vat_pence',
      'A-1,product-1,,100',
      'A-2,product-1,2,',
      'B-1,product-9,,100',
      'C-1,,4,',
      'X-9,,,100',
      'D-1,,,150',
      'D-1,,,160',
    ].join('\n');
    const plan = planRange(checked(rowsOf(file)), current, CONTEXT);
    expect(plan.refusals.map(({ line, column, reason }) => [line, column, reason])).toEqual(
      [
        [2, null, 'Not applied: line 3 of the same product is refused, and a product changes whole or not at all'],
        [3, 'stock_on_hand', '3 of A-2 are held for orders and payments: stock on hand cannot be less than 3'],
        [4, 'product_slug', 'B-1 belongs to the product “product-2”, not “product-9”'],
        [5, 'stock_on_hand', 'C-1 is made to order and the shop keeps no stock of it: leave stock_on_hand empty'],
        [
          6,
          'product_slug',
          'No variant has the code “X-9”: to add it, give the product_slug of its product, or a new product’s product_name, brand and category',
        ],
        [8, 'sku', 'D-1 is on line 7 too: give each variant one row'],
        [7, null, 'Not applied: line 8 of the same product is refused, and a product changes whole or not at all'],
      ].toSorted((a, b) => (a[0] as number) - (b[0] as number)),
    );
    expect(plan.products).toEqual([]);
  });

  it('refuses a file’s whole product when a row of a variant the shop has is refused by its own values, not a feed’s', () => {
    const plan = planRange(checked(rowsOf('sku,price_inc_vat_pence,stock_on_hand\nA-1,-5,\nA-2,,8\nB-1,18900,\n')), current, CONTEXT);
    expect(plan.refusals.map(({ line, column, reason }) => [line, column, reason])).toEqual([
      [2, 'price_inc_vat_pence', 'Enter the price of more than 0'],
      [3, null, 'Not applied: line 2 of the same product is refused, and a product changes whole or not at all'],
    ]);
    expect(plan.products.map((planned) => planned.productId)).toEqual([2]);
    // A feed's line stands alone: the product's other line still applies.
    const fed = planRange(checked(rowsOf('sku,price_inc_vat_pence,stock_on_hand\nA-1,-5,\nA-2,,8\n')), current, { ...CONTEXT, adding: false });
    expect(fed.refusals.map(({ line }) => line)).toEqual([2]);
    expect(fed.products.map((planned) => planned.productId)).toEqual([1]);
  });

  it('reads a feed’s lines as rows, numbered by their place', () => {
    expect(
      feedRows([
        { sku: 'A-1', priceIncVat: 100 },
        { sku: 'B-1', stockOnHand: 0, priceStartsAt: '2026-12-01 09:00' },
      ]),
    ).toEqual([
      { line: 1, values: { sku: 'A-1', price_inc_vat_pence: '100', vat_rate: '', stock_on_hand: '', price_starts_at: '', price_ends_at: '' } },
      { line: 2, values: { sku: 'B-1', price_inc_vat_pence: '', vat_rate: '', stock_on_hand: '0', price_starts_at: '2026-12-01 09:00', price_ends_at: '' } },
    ]);
  });
});

describe('a scheduled price in a row', () => {
  const schedule = (values: FileRow['values']) => checkRow({ line: 4, values: { sku: 'A-1', price_inc_vat_pence: '14900', ...values } }, RATES, NOW);

  it('reads a UK date and time (London’s clock, GMT or BST) or ISO 8601 with an offset; a start past or now is from now', () => {
    expect(readFileTime('2026-12-01 09:00')).toEqual(new Date('2026-12-01T09:00:00Z'));
    expect(readFileTime('2027-06-01T09:00:30')).toEqual(new Date('2027-06-01T08:00:30Z'));
    expect(readFileTime('2027-06-01T09:00:00+01:00')).toEqual(new Date('2027-06-01T08:00:00Z'));
    expect(readFileTime('2026-12-01T09:00:00.250Z')).toEqual(new Date('2026-12-01T09:00:00.250Z'));
    for (const text of ['01/12/2026 09:00', '2026-02-30 09:00', '2026-12-01', 'tomorrow']) expect(readFileTime(text)).toBeNull();
    expect(schedule({ price_starts_at: '2026-12-01 09:00', price_ends_at: '2027-01-01T00:00:00Z' })).toMatchObject({
      row: { startsAt: new Date('2026-12-01T09:00:00Z'), endsAt: new Date('2027-01-01T00:00:00Z') },
    });
    expect(schedule({ price_starts_at: '2026-11-01 09:00' })).toMatchObject({ row: { startsAt: null, endsAt: null } });
  });

  it('refuses a time it cannot read, an end not after the start (or now), and a period without a price, naming the column', () => {
    const refused = (values: FileRow['values']) => {
      const result = schedule(values);
      return 'refusals' in result ? result.refusals.map(({ line, column, reason }) => [line, column, reason]) : [];
    };
    expect(refused({ price_starts_at: '1/12/26' })).toEqual([
      [4, 'price_starts_at', 'Enter the price’s start as a UK date and time, like 2026-12-01 09:00, or in ISO 8601 with an offset'],
    ]);
    expect(refused({ price_starts_at: '2026-12-02 09:00', price_ends_at: '2026-12-01 09:00' })).toEqual([
      [4, 'price_ends_at', 'A price must end after it starts, and after now: 1 Dec 2026, 09:00 is not'],
    ]);
    expect(refused({ price_ends_at: '2026-11-28 08:00' })).toEqual([
      [4, 'price_ends_at', 'A price must end after it starts, and after now: 28 Nov 2026, 08:00 is not'],
    ]);
    expect(refused({ price_inc_vat_pence: '', price_starts_at: '2026-12-02 09:00' })).toEqual([
      [4, 'price_starts_at', 'Enter the price in price_inc_vat_pence: the start says when it applies'],
    ]);
  });

  it('plans a schedule in the editor’s words; the same schedule there already is no change, and one overlapping it is refused', () => {
    const there = { priceIncVat: 14_900, vatRateCode: 'standard', startsAt: new Date('2026-12-01T09:00:00Z'), endsAt: null, status: 'scheduled' };
    const current = new Map<string, CurrentVariant>([
      ['A-1', variant(1)],
      ['B-1', variant(2, { schedules: [there] })],
      ['C-1', variant(3, { schedules: [there] })],
    ]);
    const file = [
      'sku,price_inc_vat_pence,price_starts_at,price_ends_at',
      'A-1,14900,2026-12-01 09:00,2027-01-05 17:30',
      'B-1,14900,2026-12-01 09:00,',
      'C-1,9900,2026-12-24 09:00,',
    ].join('\n');
    const plan = planRange(checked(rowsOf(file)), current, CONTEXT);
    expect(plan.changes).toEqual([
      { line: 2, sku: 'A-1', what: 'Price of A-1 scheduled: £199.00 → £149.00 inc VAT (standard), from 1 Dec 2026, 09:00 until 5 Jan 2027, 17:30' },
    ]);
    expect(plan.products[0]!.rows[0]).toMatchObject({ startsAt: '2026-12-01T09:00:00.000Z', endsAt: '2027-01-05T17:30:00.000Z' });
    expect(plan.unchanged).toBe(1);
    expect(plan.refusals).toEqual([
      {
        line: 4,
        column: 'price_starts_at',
        reason: 'C-1 already has a scheduled price at that time: cancel it on the product’s page first, or choose another time',
      },
    ]);
  });
});

describe('adding and renaming by file', () => {
  const sized = product(5, {
    slug: 'towel-rail',
    variants: [
      { widthMm: 500, finish: 'Chrome', handing: null, packQty: 1 },
      { widthMm: 600, finish: 'Chrome', handing: null, packQty: 1 },
    ],
  });
  const context = { ...CONTEXT, productsBySlug: new Map([['towel-rail', sized]]) };
  const current = new Map<string, CurrentVariant>([['A-1', variant(1)]]);
  const header = 'sku,product_slug,product_name,brand,category,family,variant_label,price_inc_vat_pence,vat_rate,stock_on_hand';

  it('makes a new product of its rows, with each variant in the words of the product page, and adds a size to a product sold in sizes', () => {
    const file = [
      header,
      'NEW-WH,new-basin,New Basin,crestline,Basins,,White,14900,standard,12',
      'NEW-MB,new-basin,,,,,Matt black,15900,standard,0',
      'TR-800,towel-rail,,,,,800 mm,9900,standard,3',
    ].join('\n');
    const plan = planRange(checked(rowsOf(file)), current, context);
    expect(plan.refusals).toEqual([]);
    expect(plan.changes).toEqual([
      {
        line: 2,
        sku: 'NEW-WH',
        what: 'New product “New Basin” (new-basin), Crestline, in Basins; Variant NEW-WH “White” added at £149.00 inc VAT (standard), 12 on hand',
      },
      { line: 3, sku: 'NEW-MB', what: 'Variant NEW-MB “Matt black” added at £159.00 inc VAT (standard), 0 on hand' },
      { line: 4, sku: 'TR-800', what: 'Variant TR-800 “800 mm” added at £99.00 inc VAT (standard), 3 on hand' },
    ]);
    expect(plan.products).toEqual([
      {
        productId: null,
        add: { line: 2, slug: 'new-basin', name: 'New Basin', description: '', brandSlug: 'crestline', categorySlug: 'basins', family: null },
        rows: [],
        added: [
          { line: 2, sku: 'NEW-WH', label: 'White', priceIncVat: 14_900, vatRateCode: 'standard', stockOnHand: 12 },
          { line: 3, sku: 'NEW-MB', label: 'Matt black', priceIncVat: 15_900, vatRateCode: 'standard', stockOnHand: 0 },
        ],
      },
      { productId: 5, rows: [], added: [{ line: 4, sku: 'TR-800', label: '800 mm', priceIncVat: 9_900, vatRateCode: 'standard', stockOnHand: 3 }] },
    ]);
  });

  it('refuses a new product whole when one of its rows is refused, and a size that is not one, naming line and column', () => {
    const file = [
      header,
      'NEW-WH,new-basin,New Basin,Nobrand,Basins,,White,14900,standard,12',
      'NEW-MB,new-basin,,,,,Matt black,-3,standard,0',
      'TR-800,towel-rail,,,,,Chrome,9900,standard,',
      'LONE-1,,,,,,White,100,standard,1',
    ].join('\n');
    const plan = planRange(checked(rowsOf(file)), current, context);
    expect(plan.refusals.map(({ line, column, reason }) => [line, column, reason])).toEqual([
      [2, null, 'Not applied: line 3 of the same product is refused, and a product changes whole or not at all'],
      [3, 'price_inc_vat_pence', 'Enter the price of more than 0'],
      [4, 'stock_on_hand', 'Enter the stock on hand of the new variant TR-800'],
      [4, 'variant_label', 'Enter the size as shoppers choose it, for example 600 mm'],
      [
        5,
        'product_slug',
        'No variant has the code “LONE-1”: to add it, give the product_slug of its product, or a new product’s product_name, brand and category',
      ],
    ]);
    expect(plan.products).toEqual([]);
  });

  it('renames, re-brands and moves a product by its rows; refuses a family changed or two names for one product; the same again is no change', () => {
    const rename = [header, 'A-1,,Product One Wide,Crestline,baths,,,,,'].join('\n');
    const plan = planRange(checked(rowsOf(rename)), current, context);
    expect(plan.changes).toEqual([
      { line: 2, sku: 'A-1', what: 'Name: “Product 1” → “Product One Wide”; Brand: Aqualux → Crestline; Category: Basins → Baths' },
    ]);
    expect(plan.products).toEqual([{ productId: 1, details: { line: 2, name: 'Product One Wide', brandSlug: 'crestline', categorySlug: 'baths' }, rows: [] }]);
    const same = [header, 'A-1,,Product 1,Aqualux,basins,basins,White,,,'].join('\n');
    expect(planRange(checked(rowsOf(same)), current, context)).toMatchObject({ products: [], changes: [], unchanged: 1, refusals: [] });
    const family = [header, 'A-1,,,,,baths,,,,'].join('\n');
    expect(planRange(checked(rowsOf(family)), current, context).refusals).toEqual([
      { line: 2, column: 'family', reason: 'product-1 is of the family “basins”: a file does not change a product’s family, so leave it as exported' },
    ]);
    const twice = new Map([...current, ['A-2', variant(1)]]);
    const twoNames = [header, 'A-1,,One,,,,,,,', 'A-2,,Two,,,,,,,'].join('\n');
    expect(planRange(checked(rowsOf(twoNames)), twice, context).refusals).toEqual([
      { line: 2, column: null, reason: 'Not applied: line 3 of the same product is refused, and a product changes whole or not at all' },
      { line: 3, column: 'product_name', reason: 'Line 2 gives this product another product_name: give it the same on each of its rows, or leave it empty' },
    ]);
  });
});
