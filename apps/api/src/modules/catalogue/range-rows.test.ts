import { describe, expect, it } from 'vitest';
import { checkRow, feedRows, parseCsv, planRange, readRangeFile, type CurrentVariant, type FileRow } from './range-rows.ts';

const RATES = ['standard', 'reduced', 'zero'];
const bytes = (text: string) => new TextEncoder().encode(text);
const rowsOf = (text: string, name = 'range.csv') => {
  const read = readRangeFile(bytes(text), name);
  if ('problem' in read) throw new Error(read.problem);
  return read.rows;
};
const checked = (rows: FileRow[]) =>
  rows.map((row) => {
    const result = checkRow(row, RATES);
    return 'row' in result ? result.row : result;
  });
const variant = (productId: number, overrides: Partial<CurrentVariant> = {}): CurrentVariant => ({
  productId,
  productSlug: `product-${productId}`,
  priceIncVat: 19_900,
  vatRateCode: 'standard',
  stock: { onHand: 10, held: 2 },
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
    expect(readRangeFile(bytes('sku,product_name\nA-1,Tap'), 'a.csv')).toMatchObject({ problem: expect.stringMatching(/^The file changes nothing/) });
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
    const result = checkRow({ line: 7, values }, RATES);
    return 'refusals' in result ? result.refusals.map(({ column, reason }) => [column, reason]) : [];
  };

  it('takes whole pence, a UK VAT rate in any case and a count; empty leaves a figure as it is', () => {
    expect(checkRow({ line: 2, values: { sku: 'BTH-1', price_inc_vat_pence: '14900', vat_rate: 'Reduced', stock_on_hand: '0' } }, RATES)).toEqual({
      row: { line: 2, sku: 'BTH-1', productSlug: null, priceIncVat: 14_900, vatRateCode: 'reduced', stockOnHand: 0 },
    });
    expect(checkRow({ line: 2, values: { sku: 'BTH-1', price_inc_vat_pence: '', stock_on_hand: '' } }, RATES)).toMatchObject({
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
    const plan = planRange(checked(rowsOf('sku,price_inc_vat_pence,stock_on_hand\nA-1,14900,10\nA-2,,8\nB-1,19900,10\n')), current);
    expect(plan.changes).toEqual([
      { line: 2, sku: 'A-1', what: 'Price £199.00 → £149.00 inc VAT' },
      { line: 3, sku: 'A-2', what: 'Stock on hand 5 → 8' },
    ]);
    expect(plan.unchanged).toBe(1);
    expect(plan.products).toEqual([
      {
        productId: 1,
        rows: [
          { line: 2, sku: 'A-1', priceIncVat: 14_900, vatRateCode: null, stockOnHand: 10 },
          { line: 3, sku: 'A-2', priceIncVat: null, vatRateCode: null, stockOnHand: 8 },
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
    const plan = planRange(checked(rowsOf(file)), current);
    expect(plan.refusals.map(({ line, column, reason }) => [line, column, reason])).toEqual(
      [
        [2, null, 'Not applied: line 3 of the same product is refused, and a product changes whole or not at all'],
        [3, 'stock_on_hand', '3 of A-2 are held for orders and payments: stock on hand cannot be less than 3'],
        [4, 'product_slug', 'B-1 belongs to the product “product-2”, not “product-9”'],
        [5, 'stock_on_hand', 'C-1 is made to order and the shop keeps no stock of it: leave stock_on_hand empty'],
        [6, 'sku', 'No variant has the code “X-9”: the import changes variants the shop already has'],
        [8, 'sku', 'D-1 is on line 7 too: give each variant one row'],
        [7, null, 'Not applied: line 8 of the same product is refused, and a product changes whole or not at all'],
      ].toSorted((a, b) => (a[0] as number) - (b[0] as number)),
    );
    expect(plan.products).toEqual([]);
  });

  it('reads a feed’s lines as rows, numbered by their place', () => {
    expect(
      feedRows([
        { sku: 'A-1', priceIncVat: 100 },
        { sku: 'B-1', stockOnHand: 0 },
      ]),
    ).toEqual([
      { line: 1, values: { sku: 'A-1', price_inc_vat_pence: '100', vat_rate: '', stock_on_hand: '' } },
      { line: 2, values: { sku: 'B-1', price_inc_vat_pence: '', vat_rate: '', stock_on_hand: '0' } },
    ]);
  });
});
