/**
 * Pure rules of the range file and the feed (docs/catalogue-files.md): reading a CSV or JSON file of
 * the range, checking each row, and planning what changes, product by product. A refused row names
 * its line and column in words; a product with a refused row is left whole (decision 0093).
 */
import {
  formatPence,
  londonShortDateTime,
  londonWallClockInstant,
  MAX_PRICE_PENCE,
  MAX_STOCK_ON_HAND,
  RANGE_CHANGED_COLUMNS,
  RANGE_COLUMNS,
  RANGE_FILE_MAX_BYTES,
  slugify,
  type RangeColumn,
  type RangeRefusal,
} from '@shop/contracts';
import type { PlannedProduct } from './catalogue.tables.ts';
import { alreadyScheduled, isScheduled, overlapsSchedule, pricePeriod, type LiveSchedule, type PricePeriod } from './price-schedules.ts';
import { planNewProduct, planNewVariant, planProductFields, type AdditionContext, type CurrentProduct, type RowNaming } from './range-additions.ts';
import { describePriceEdit } from './product-edits.ts';

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
    // The export guards a value that a spreadsheet would take for a formula with a leading ' (range-file.server.ts): read back, it is dropped.
    values: Object.fromEntries(columns.map((column, index) => [column, (fields[index] ?? '').trim().replace(/^'(?=[=+\-@])/, '')])) as FileRow['values'],
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

/** A row refused by its own values, with the code and product it names, so its product is refused whole. */
export interface RefusedRow {
  refusals: RangeRefusal[];
  sku: string;
  productSlug: string | null;
}

/** A row's figures as checked: null where the row leaves a figure as it is; a price's period as the shop keeps it (`pricePeriod`). */
export interface CheckedRow extends PricePeriod, RowNaming {}

/** The longest text of each column a row names its product and variant by, as the form takes them. */
const TEXT_COLUMNS = [
  ['product_name', 'productName', 200, 'product name'],
  ['brand', 'brand', 100, 'brand'],
  ['category', 'category', 100, 'category'],
  ['description', 'description', 5000, 'description'],
  ['variant_label', 'variantLabel', 100, 'finish or size'],
] as const;

const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/i;

/** A time of a file or feed: ISO 8601 with an offset, or a UK date and time without one (London's clock, docs/catalogue-files.md). */
export function readFileTime(text: string): Date | null {
  if (!ISO_WITH_OFFSET.test(text)) return londonWallClockInstant(text);
  const at = new Date(text);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** A price's end not after its start, or not after now when it starts now. */
export const endsBeforeStartRefusal = (line: number, endsAt: Date): RangeRefusal => ({
  line,
  column: 'price_ends_at',
  reason: `A price must end after it starts, and after now: ${londonShortDateTime(endsAt)} is not`,
});

/** A period that meets a scheduled or started price of the variant (as in the editor: cancel that one first). */
export const overlapRefusal = (line: number, sku: string, period: PricePeriod): RangeRefusal => ({
  line,
  column: period.startsAt ? 'price_starts_at' : 'price_ends_at',
  reason: `${sku} already has a scheduled price at that time: cancel it on the product’s page first, or choose another time`,
});

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
export function checkRow(row: FileRow, vatRates: readonly string[], now: Date): { row: CheckedRow } | RefusedRow {
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
  const asked: PricePeriod = { startsAt: null, endsAt: null };
  for (const [column, key, words] of [
    ['price_starts_at', 'startsAt', 'start'],
    ['price_ends_at', 'endsAt', 'end'],
  ] as const) {
    const text = values[column];
    if (!text) continue;
    asked[key] = readFileTime(text);
    if (!asked[key]) refuse(column, `Enter the price’s ${words} as a UK date and time, like 2026-12-01 09:00, or in ISO 8601 with an offset`);
    else if (!values.price_inc_vat_pence && !vatRateCode) refuse(column, `Enter the price in price_inc_vat_pence: the ${words} says when it applies`);
  }
  const texts: Partial<Record<(typeof TEXT_COLUMNS)[number][1], string>> = {};
  for (const [column, key, longest, words] of TEXT_COLUMNS) {
    const text = values[column];
    if (!text) continue;
    if (text.length > longest) refuse(column, `Enter a ${words} of ${longest.toLocaleString('en-GB')} characters or fewer`);
    else texts[key] = text;
  }
  const productSlug = values.product_slug || null;
  if (productSlug !== null && (productSlug.length > 100 || slugify(productSlug) !== productSlug))
    refuse('product_slug', `“${productSlug}” is not a product address: use lower-case letters, digits and single dashes, like harbour-basin-600`);
  const family = values.family ? values.family.toLowerCase() : null;
  if (family !== null && (family.length > 60 || slugify(family) !== family))
    refuse(
      'family',
      `“${values.family}” is not a product family: use lower-case letters, digits and dashes, as an export shows, or leave it empty to take its sub-category’s`,
    );
  const period = pricePeriod(asked, now);
  if (!period && refusals.length === 0) refusals.push(endsBeforeStartRefusal(row.line, asked.endsAt!));
  if (refusals.length > 0 || !period) return { refusals, sku, productSlug };
  const named = { productName: null, brand: null, category: null, description: null, variantLabel: null, ...texts };
  return { row: { line: row.line, sku, productSlug, family, priceIncVat, vatRateCode, stockOnHand, ...named, ...period } };
}

/** A variant as the shop has it now, with its product. `stock`: null when made to order (no stock is kept). */
export interface CurrentVariant {
  productId: number;
  product: CurrentProduct;
  schedules: LiveSchedule[];
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
  /** ISO instants: the period is worked out again when the row is applied, as time has moved on. */
  startsAt: string | null;
  endsAt: string | null;
}

/**
 * What `planRange` needs besides the rows: the time, a VAT rate's name as the editor says it, the
 * brands and sub-categories, and the products new codes' rows name by their slug. `adding`: false
 * for the feed, which changes only the variants the shop has.
 */
export interface PlanContext extends AdditionContext {
  now: Date;
  productsBySlug: ReadonlyMap<string, CurrentProduct>;
  adding: boolean;
}

export interface RangePlan {
  /** Products with a row that changes or adds something, each with those rows, in file order. */
  products: PlannedProduct[];
  changes: { line: number; sku: string; what: string }[];
  unchanged: number;
  refusals: RangeRefusal[];
}

/** What a row changes, in words (empty when nothing): a scheduled price as the editor says it, unless the same one is there already. */
export function describeRowChange(row: CheckedRow, now: CurrentVariant, context: PlanContext): string[] {
  const words: string[] = [];
  if (isScheduled(row)) {
    const price = { priceIncVat: row.priceIncVat ?? now.priceIncVat, vatRateCode: row.vatRateCode ?? now.vatRateCode };
    if (!alreadyScheduled(now.schedules, price, row))
      words.push(
        describePriceEdit(
          { sku: row.sku, ...price, vatRateName: context.vatRateName(price.vatRateCode), startsAt: row.startsAt, endsAt: row.endsAt },
          now.priceIncVat,
        ),
      );
  } else if (row.priceIncVat !== null && row.priceIncVat !== now.priceIncVat)
    words.push(`Price ${formatPence(now.priceIncVat)} → ${formatPence(row.priceIncVat)} inc VAT`);
  if (!isScheduled(row) && row.vatRateCode !== null && row.vatRateCode !== now.vatRateCode) words.push(`VAT rate ${now.vatRateCode} → ${row.vatRateCode}`);
  if (row.stockOnHand !== null && now.stock && row.stockOnHand !== now.stock.onHand) words.push(`Stock on hand ${now.stock.onHand} → ${row.stockOnHand}`);
  return words;
}

function refusalAgainstShop(row: CheckedRow, now: CurrentVariant, time: Date): RangeRefusal | null {
  const at = (column: RangeColumn, reason: string) => ({ line: row.line, column, reason });
  if (row.productSlug !== null && row.productSlug !== now.productSlug)
    return at('product_slug', `${row.sku} belongs to the product “${now.productSlug}”, not “${row.productSlug}”`);
  if (row.stockOnHand !== null && !now.stock)
    return at('stock_on_hand', `${row.sku} is made to order and the shop keeps no stock of it: leave stock_on_hand empty`);
  if (row.stockOnHand !== null && now.stock && row.stockOnHand < now.stock.held)
    return at('stock_on_hand', `${now.stock.held} of ${row.sku} are held for orders and payments: stock on hand cannot be less than ${now.stock.held}`);
  const price = { priceIncVat: row.priceIncVat ?? now.priceIncVat, vatRateCode: row.vatRateCode ?? now.vatRateCode };
  if (!alreadyScheduled(now.schedules, price, row) && overlapsSchedule(now.schedules, row, time)) return overlapRefusal(row.line, row.sku, row);
  return null;
}

/** Where a row of a new code goes: the product its slug names, or a new one (by its slug, else its own); refused when the file cannot add it. */
function placeOfNewCode(row: CheckedRow, context: PlanContext): { key: string; product: CurrentProduct | null } | { refusal: RangeRefusal } {
  if (!context.adding)
    return { refusal: { line: row.line, column: 'sku', reason: `No variant has the code “${row.sku}”: the feed changes variants the shop already has` } };
  const product = row.productSlug === null ? undefined : context.productsBySlug.get(row.productSlug);
  if (product) return { key: `product ${product.productId}`, product };
  if (row.productSlug === null && row.productName === null)
    return {
      refusal: {
        line: row.line,
        column: 'product_slug',
        reason: `No variant has the code “${row.sku}”: to add it, give the product_slug of its product, or a new product’s product_name, brand and category`,
      },
    };
  return { key: `new ${row.productSlug ?? `${row.line}`}`, product: null };
}

interface Placed {
  row: CheckedRow;
  now: CurrentVariant | undefined;
  refusal: RangeRefusal | null;
}

/** One product's rows planned: what changes and what is added, in words by row; or its refusals. */
function planProduct(
  placed: readonly Placed[],
  product: CurrentProduct | null,
  context: PlanContext,
): { planned: PlannedProduct | null; changes: RangePlan['changes']; unchanged: number } | { refusals: RangeRefusal[] } {
  const rows = placed.map((entry) => entry.row);
  const refusals = placed.flatMap((entry) => (entry.refusal ? [entry.refusal] : []));
  const details = product ? planProductFields(rows, product, context) : planNewProduct(rows, context);
  if ('refusals' in details) refusals.push(...details.refusals);
  const variants = [...(product?.variants ?? [])];
  const words = new Map<number, string[]>();
  const planned: PlannedProduct = { productId: product?.productId ?? null, rows: [], added: [] };
  for (const { row, now } of placed) {
    if (now) {
      const what = describeRowChange(row, now, context);
      if (what.length > 0) words.set(row.line, what);
      if (what.length > 0) planned.rows.push(plannedRow(row, now));
      continue;
    }
    const added = planNewVariant(row, variants, context);
    if ('refusals' in added) {
      refusals.push(...added.refusals);
      continue;
    }
    variants.push(added.options);
    planned.added!.push(added.variant);
    words.set(row.line, [added.words]);
  }
  if (refusals.length > 0) return { refusals };
  const firstLine = rows[0]!.line;
  if ('product' in details) {
    planned.add = { line: firstLine, ...details.product };
    words.set(firstLine, [details.words, ...(words.get(firstLine) ?? [])]);
  } else if ('fields' in details && Object.keys(details.fields).length > 0) {
    planned.details = { line: firstLine, ...details.fields };
    words.set(firstLine, [...details.words, ...(words.get(firstLine) ?? [])]);
  }
  const changes = rows.flatMap((row) => (words.has(row.line) ? [{ line: row.line, sku: row.sku, what: words.get(row.line)!.join('; ') }] : []));
  if (planned.added!.length === 0) delete planned.added;
  const changing = planned.rows.length > 0 || planned.added !== undefined || planned.details !== undefined || planned.add !== undefined;
  return { planned: changing ? planned : null, changes, unchanged: rows.length - changes.length };
}

function plannedRow(row: CheckedRow, now: CurrentVariant): PlannedRow {
  return {
    line: row.line,
    sku: row.sku,
    priceIncVat: row.priceIncVat,
    vatRateCode: row.vatRateCode,
    stockOnHand: now.stock ? row.stockOnHand : null,
    startsAt: row.startsAt && row.startsAt.toISOString(),
    endsAt: row.endsAt && row.endsAt.toISOString(),
  };
}

/**
 * Plans the checked rows against the shop, product by product: a code twice, a product that is not
 * the code's, stock below what is held: refused; a new code adds a variant or a product
 * (`range-additions.ts`). A product with any refused row is refused whole (its other rows named
 * too), so a product is never half changed or half made. Rows that change nothing are counted as
 * unchanged: the same file twice changes nothing the second time.
 */
export function planRange(rows: readonly (CheckedRow | RefusedRow)[], current: ReadonlyMap<string, CurrentVariant>, context: PlanContext): RangePlan {
  const refusals: RangeRefusal[] = [];
  const firstLineOf = new Map<string, number>();
  const byProduct = new Map<string, { product: CurrentProduct | null; placed: Placed[] }>();
  /** Products a row refused by its own values names (by its code, or a new code's product), by that row's line. */
  const refusedProducts = new Map<string, number>();
  for (const entry of rows) {
    if ('refusals' in entry) {
      refusals.push(...entry.refusals);
      // A file's product the row changes, adds to or makes is refused whole, so none changes or is made by half
      // (decision 0093); a feed's line refused by its own values leaves the product's other lines to apply.
      const named = entry.productSlug === null ? undefined : context.productsBySlug.get(entry.productSlug);
      const had = current.get(entry.sku);
      const key = had ? context.adding && `product ${had.productId}` : named ? `product ${named.productId}` : entry.productSlug && `new ${entry.productSlug}`;
      if (key && !refusedProducts.has(key)) refusedProducts.set(key, entry.refusals[0]!.line);
      continue;
    }
    const now = current.get(entry.sku);
    const earlier = firstLineOf.get(entry.sku);
    firstLineOf.set(entry.sku, earlier ?? entry.line);
    const place = now ? { key: `product ${now.productId}`, product: now.product } : placeOfNewCode(entry, context);
    if ('refusal' in place) {
      refusals.push(place.refusal);
      continue;
    }
    const refusal =
      earlier === undefined
        ? now
          ? refusalAgainstShop(entry, now, context.now)
          : null
        : { line: entry.line, column: 'sku', reason: `${entry.sku} is on line ${earlier} too: give each variant one row` };
    const group = byProduct.get(place.key) ?? { product: place.product, placed: [] };
    group.placed.push({ row: entry, now, refusal });
    byProduct.set(place.key, group);
  }
  const products: PlannedProduct[] = [];
  const changes: RangePlan['changes'] = [];
  let unchanged = 0;
  for (const [key, { product, placed }] of byProduct) {
    const refusedAt = refusedProducts.get(key);
    const plannedProduct = refusedAt === undefined ? planProduct(placed, product, context) : { refusals: [] as RangeRefusal[] };
    if ('refusals' in plannedProduct) {
      const refusedLines = new Set(plannedProduct.refusals.map((refusal) => refusal.line));
      const firstRefused = Math.min(refusedAt ?? Infinity, ...refusedLines);
      refusals.push(
        ...plannedProduct.refusals,
        ...placed
          .filter((entry) => !refusedLines.has(entry.row.line))
          .map((entry) => ({
            line: entry.row.line,
            column: null,
            reason: `Not applied: line ${firstRefused} of the same product is refused, and a product changes whole or not at all`,
          })),
      );
      continue;
    }
    if (plannedProduct.planned) products.push(plannedProduct.planned);
    changes.push(...plannedProduct.changes);
    unchanged += plannedProduct.unchanged;
  }
  refusals.sort((a, b) => a.line - b.line);
  changes.sort((a, b) => a.line - b.line);
  return { products, changes, unchanged, refusals };
}

/** A feed's lines as rows of the file (the same checks), each line numbered by its place, from 1. */
export function feedRows(
  lines: readonly { sku: string; priceIncVat?: number; vatRateCode?: string; stockOnHand?: number; priceStartsAt?: string; priceEndsAt?: string }[],
): FileRow[] {
  const text = (value: number | string | undefined) => (value === undefined ? '' : String(value));
  return lines.map((line, index) => ({
    line: index + 1,
    values: {
      sku: line.sku,
      price_inc_vat_pence: text(line.priceIncVat),
      vat_rate: text(line.vatRateCode),
      stock_on_hand: text(line.stockOnHand),
      price_starts_at: text(line.priceStartsAt),
      price_ends_at: text(line.priceEndsAt),
    },
  }));
}

/** A feed names its fields as its JSON does: a refusal's column is said so. */
export const FEED_FIELDS: Partial<Record<RangeColumn, string>> = {
  sku: 'sku',
  price_inc_vat_pence: 'priceIncVat',
  vat_rate: 'vatRateCode',
  stock_on_hand: 'stockOnHand',
  price_starts_at: 'priceStartsAt',
  price_ends_at: 'priceEndsAt',
};
