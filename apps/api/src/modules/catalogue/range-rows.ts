/**
 * Pure rules of the range file and the feed (docs/catalogue-files.md): reading a CSV or JSON file of
 * the range, checking each row, and planning what changes, product by product. A refused row names
 * its line and column in words; a product with a refused row is left whole (decision 0093).
 */
import {
  formatPence,
  MAX_PRICE_PENCE,
  MAX_STOCK_ON_HAND,
  RANGE_CHANGED_COLUMNS,
  RANGE_COLUMNS,
  RANGE_FILE_MAX_BYTES,
  type RangeColumn,
  type RangeRefusal,
} from '@shop/contracts';

export interface FileRow {
  /** The line of the file (CSV, the header being line 1) or the item of the JSON array, from 1. */
  line: number;
  values: Partial<Record<RangeColumn, string>>;
}

export type ReadFile = { rows: FileRow[] } | { problem: string };

const SKU = /^[A-Za-z0-9][A-Za-z0-9.-]{1,39}$/;
const WHOLE = /^-?\d+$/;
const UTF8_BOM = '\uFEFF';

/** Records of a CSV file (RFC 4180: quoted fields may hold commas, quotes doubled and line breaks), each with the line it starts on. */
export function parseCsv(text: string): { line: number; fields: string[] }[] | { problem: string } {
  const records: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let startLine = 1;
  let at = 0;
  const endRecord = () => {
    fields.push(field);
    if (fields.length > 1 || fields[0] !== '') records.push({ line: startLine, fields });
    fields = [];
    field = '';
  };
  while (at < text.length) {
    const character = text[at]!;
    if (quoted) {
      if (character === '"' && text[at + 1] === '"') {
        field += '"';
        at += 2;
        continue;
      }
      if (character === '"') quoted = false;
      else field += character;
      if (character === '\n') line += 1;
      at += 1;
      continue;
    }
    if (character === '"' && field === '') quoted = true;
    else if (character === ',') {
      fields.push(field);
      field = '';
    } else if (character === '\r' || character === '\n') {
      if (character === '\r' && text[at + 1] === '\n') at += 1;
      endRecord();
      line += 1;
      startLine = line;
    } else field += character;
    at += 1;
  }
  if (quoted) return { problem: `Line ${startLine} opens a quoted value that never closes: check its quotation marks` };
  endRecord();
  return records;
}

/** The columns, in words, for messages. */
const COLUMN_LIST = RANGE_COLUMNS.join(', ');

function checkColumns(columns: readonly string[]): string | null {
  const unknown = columns.find((column) => !(RANGE_COLUMNS as readonly string[]).includes(column));
  if (unknown !== undefined) return `The column “${unknown}” is not one the shop reads. Use the columns of an export: ${COLUMN_LIST}`;
  const twice = columns.find((column, index) => columns.indexOf(column) !== index);
  if (twice) return `The column “${twice}” is there twice: keep one`;
  if (!columns.includes('sku')) return 'The file has no “sku” column: each row needs the variant code it changes';
  if (!RANGE_CHANGED_COLUMNS.some((column) => columns.includes(column)))
    return `The file changes nothing: give at least one of the columns ${RANGE_CHANGED_COLUMNS.join(', ')}`;
  return null;
}

/**
 * Reads a file of the range: its size, its encoding (UTF-8, with or without a byte-order mark), then
 * its rows, as JSON when its name ends in `.json` and as CSV otherwise.
 */
export function readRangeFile(bytes: Uint8Array, fileName: string): ReadFile {
  if (bytes.length > RANGE_FILE_MAX_BYTES)
    return { problem: 'The file is larger than 10 MB: split the range into several files of 10 MB or less and import each' };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { problem: 'The file is not in UTF-8: save it from your spreadsheet as “CSV UTF-8” and choose it again' };
  }
  if (text.startsWith(UTF8_BOM)) text = text.slice(1);
  return /\.json$/i.test(fileName) ? readJson(text) : readCsv(text);
}

function readCsv(text: string): ReadFile {
  const records = parseCsv(text);
  if ('problem' in records) return records;
  const [header, ...rest] = records;
  if (!header) return { problem: 'The file is empty: export the range to see the columns it takes' };
  const columns = header.fields.map((name) => name.trim().toLowerCase());
  const problem = checkColumns(columns);
  if (problem) return { problem };
  const rows = rest.map(({ line, fields }) => ({
    line,
    values: Object.fromEntries(columns.map((column, index) => [column, (fields[index] ?? '').trim()])) as FileRow['values'],
  }));
  if (rows.length === 0) return { problem: 'The file has a header but no rows' };
  return { rows };
}

function readJson(text: string): ReadFile {
  let items: unknown;
  try {
    items = JSON.parse(text);
  } catch {
    return { problem: 'The file is not valid JSON: export the range as JSON to see the shape it takes' };
  }
  if (!Array.isArray(items) || items.length === 0) return { problem: 'The JSON file must be a list of rows, one per variant, like an export' };
  const columns = [...new Set(items.flatMap((item) => (item && typeof item === 'object' ? Object.keys(item) : [])))];
  const problem = checkColumns(columns);
  if (problem) return { problem };
  const rows = items.map((item: unknown, index) => {
    const values: FileRow['values'] = {};
    for (const column of columns as RangeColumn[]) {
      const value = item && typeof item === 'object' ? (item as Record<string, unknown>)[column] : undefined;
      values[column] = value === null || value === undefined ? '' : typeof value === 'object' ? '[object]' : String(value as string | number).trim();
    }
    return { line: index + 1, values };
  });
  return { rows };
}

/** A row's figures as checked: null where the row leaves a figure as it is. */
export interface CheckedRow {
  line: number;
  sku: string;
  productSlug: string | null;
  priceIncVat: number | null;
  vatRateCode: string | null;
  stockOnHand: number | null;
}

function wholeNumber(
  text: string,
  column: RangeColumn,
  what: { min: number; max: number; words: string; maxWords: string },
): { reason: string } | { value: number } {
  if (!WHOLE.test(text))
    return { reason: `Enter ${what.words} as a whole number${column === 'price_inc_vat_pence' ? ' of pence, like 14900 for £149.00' : ''}` };
  const value = Number(text);
  if (value < what.min) return { reason: what.min > 0 ? `Enter ${what.words} of more than 0` : `Enter ${what.words} of 0 or more` };
  if (value > what.max) return { reason: `Enter ${what.words} of ${what.maxWords} or less` };
  return { value };
}

/** Checks one row's own values (the shop's state is `planRange`'s). `vatRates`: the UK rates' codes. */
export function checkRow(row: FileRow, vatRates: readonly string[]): { row: CheckedRow } | { refusals: RangeRefusal[] } {
  const refusals: RangeRefusal[] = [];
  const refuse = (column: RangeColumn, reason: string) => refusals.push({ line: row.line, column, reason });
  const { values } = row;
  const sku = values.sku ?? '';
  if (sku === '') refuse('sku', 'Enter the variant code');
  else if (!SKU.test(sku)) refuse('sku', `“${sku}” is not a variant code: codes are 2 to 40 letters, digits, dashes or dots`);
  let priceIncVat: number | null = null;
  if (values.price_inc_vat_pence !== undefined && values.price_inc_vat_pence !== '') {
    const price = wholeNumber(values.price_inc_vat_pence, 'price_inc_vat_pence', {
      min: 1,
      max: MAX_PRICE_PENCE,
      words: 'the price',
      maxWords: formatPence(MAX_PRICE_PENCE),
    });
    if ('reason' in price) refuse('price_inc_vat_pence', price.reason);
    else priceIncVat = price.value;
  }
  const vatRateCode = values.vat_rate ? values.vat_rate.toLowerCase() : null;
  if (vatRateCode !== null && !vatRates.includes(vatRateCode))
    refuse('vat_rate', `“${values.vat_rate}” is not a UK VAT rate: use ${vatRates.join(', ').replace(/, ([^,]*)$/, ' or $1')}`);
  let stockOnHand: number | null = null;
  if (values.stock_on_hand !== undefined && values.stock_on_hand !== '') {
    const stock = wholeNumber(values.stock_on_hand, 'stock_on_hand', {
      min: 0,
      max: MAX_STOCK_ON_HAND,
      words: 'the stock on hand',
      maxWords: MAX_STOCK_ON_HAND.toLocaleString('en-GB'),
    });
    if ('reason' in stock) refuse('stock_on_hand', stock.reason);
    else stockOnHand = stock.value;
  }
  if (refusals.length > 0) return { refusals };
  return { row: { line: row.line, sku, productSlug: values.product_slug || null, priceIncVat, vatRateCode, stockOnHand } };
}

/** A variant as the shop has it now. `stock`: null when made to order (no stock is kept). */
export interface CurrentVariant {
  productId: number;
  productSlug: string;
  priceIncVat: number;
  vatRateCode: string;
  stock: { onHand: number; held: number } | null;
}

export interface PlannedRow {
  line: number;
  sku: string;
  priceIncVat: number | null;
  vatRateCode: string | null;
  stockOnHand: number | null;
}

export interface RangePlan {
  /** Products with a row that changes something, each with its rows that do, in file order. */
  products: { productId: number; rows: PlannedRow[] }[];
  changes: { line: number; sku: string; what: string }[];
  unchanged: number;
  refusals: RangeRefusal[];
}

/** What a row changes, in words (empty when nothing). */
export function describeRowChange(row: CheckedRow, now: CurrentVariant): string[] {
  const words: string[] = [];
  if (row.priceIncVat !== null && row.priceIncVat !== now.priceIncVat)
    words.push(`Price ${formatPence(now.priceIncVat)} → ${formatPence(row.priceIncVat)} inc VAT`);
  if (row.vatRateCode !== null && row.vatRateCode !== now.vatRateCode) words.push(`VAT rate ${now.vatRateCode} → ${row.vatRateCode}`);
  if (row.stockOnHand !== null && now.stock && row.stockOnHand !== now.stock.onHand) words.push(`Stock on hand ${now.stock.onHand} → ${row.stockOnHand}`);
  return words;
}

function refusalAgainstShop(row: CheckedRow, now: CurrentVariant | undefined): RangeRefusal | null {
  const at = (column: RangeColumn, reason: string) => ({ line: row.line, column, reason });
  if (!now) return at('sku', `No variant has the code “${row.sku}”: the import changes variants the shop already has`);
  if (row.productSlug !== null && row.productSlug !== now.productSlug)
    return at('product_slug', `${row.sku} belongs to the product “${now.productSlug}”, not “${row.productSlug}”`);
  if (row.stockOnHand !== null && !now.stock)
    return at('stock_on_hand', `${row.sku} is made to order and the shop keeps no stock of it: leave stock_on_hand empty`);
  if (row.stockOnHand !== null && now.stock && row.stockOnHand < now.stock.held)
    return at('stock_on_hand', `${now.stock.held} of ${row.sku} are held for orders and payments: stock on hand cannot be less than ${now.stock.held}`);
  return null;
}

/**
 * Plans the checked rows against the shop: a code twice, a code the shop does not have, a product
 * that is not the code's, stock below what is held: refused. A product with any refused row is
 * refused whole (its other rows named too), so a product is never half changed. Rows that change
 * nothing are counted as unchanged: the same file twice changes nothing the second time.
 */
export function planRange(rows: readonly (CheckedRow | { refusals: RangeRefusal[] })[], current: ReadonlyMap<string, CurrentVariant>): RangePlan {
  const refusals: RangeRefusal[] = [];
  const firstLineOf = new Map<string, number>();
  const refusedProducts = new Map<number, number>();
  const accepted: { row: CheckedRow; now: CurrentVariant }[] = [];
  for (const entry of rows) {
    if ('refusals' in entry) {
      refusals.push(...entry.refusals);
      continue;
    }
    const now = current.get(entry.sku);
    const earlier = firstLineOf.get(entry.sku);
    const refusal =
      earlier === undefined
        ? refusalAgainstShop(entry, now)
        : { line: entry.line, column: 'sku', reason: `${entry.sku} is on line ${earlier} too: give each variant one row` };
    firstLineOf.set(entry.sku, earlier ?? entry.line);
    if (refusal) {
      refusals.push(refusal);
      if (now && !refusedProducts.has(now.productId)) refusedProducts.set(now.productId, entry.line);
    } else accepted.push({ row: entry, now: now! });
  }
  const products = new Map<number, PlannedRow[]>();
  const changes: RangePlan['changes'] = [];
  let unchanged = 0;
  for (const { row, now } of accepted) {
    const refusedAt = refusedProducts.get(now.productId);
    if (refusedAt !== undefined) {
      refusals.push({
        line: row.line,
        column: null,
        reason: `Not applied: line ${refusedAt} of the same product is refused, and a product changes whole or not at all`,
      });
      continue;
    }
    const what = describeRowChange(row, now);
    if (what.length === 0) {
      unchanged += 1;
      continue;
    }
    changes.push({ line: row.line, sku: row.sku, what: what.join('; ') });
    const planned = {
      line: row.line,
      sku: row.sku,
      priceIncVat: row.priceIncVat,
      vatRateCode: row.vatRateCode,
      stockOnHand: now.stock ? row.stockOnHand : null,
    };
    products.set(now.productId, [...(products.get(now.productId) ?? []), planned]);
  }
  refusals.sort((a, b) => a.line - b.line);
  return { products: [...products].map(([productId, planned]) => ({ productId, rows: planned })), changes, unchanged, refusals };
}

/** A feed's lines as rows of the file (the same checks), each line numbered by its place, from 1. */
export function feedRows(lines: readonly { sku: string; priceIncVat?: number; vatRateCode?: string; stockOnHand?: number }[]): FileRow[] {
  const text = (value: number | string | undefined) => (value === undefined ? '' : String(value));
  return lines.map((line, index) => ({
    line: index + 1,
    values: { sku: line.sku, price_inc_vat_pence: text(line.priceIncVat), vat_rate: text(line.vatRateCode), stock_on_hand: text(line.stockOnHand) },
  }));
}

/** A feed names its fields as its JSON does: a refusal's column is said so. */
export const FEED_FIELDS: Partial<Record<RangeColumn, string>> = {
  sku: 'sku',
  price_inc_vat_pence: 'priceIncVat',
  vat_rate: 'vatRateCode',
  stock_on_hand: 'stockOnHand',
};
