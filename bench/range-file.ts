/**
 * Range files for `bench:range-import`, in the import's own CSV format (docs/catalogue-files.md):
 * new products of four sizes each in the shop's sub-categories (with their families), a price
 * change for each variant the shop has, and a handful of rows each refused for one reason of its
 * own; and a file moving the price of every variant the first one made. Each says what an import
 * of it must report, so the bench can hold the shop's counts against them.
 */
import { seededRandom } from './lib.ts';

export interface SubCategory {
  name: string;
  /** The family its products are of, as the seed made them. */
  family: string;
}

export interface ExistingVariant {
  sku: string;
  priceIncVat: number;
}

export interface RangeFile {
  csv: string;
  /** Rows of the file (lines less the header). */
  rows: number;
  /** Rows that add a variant, of `products` new products. */
  created: number;
  /** Rows that change a variant the shop has. */
  changed: number;
  /** Rows refused, one refusal each; none of them is of a product another row changes. */
  refused: number;
  products: number;
  /** A variant the file adds (its product's address, code and price), for a change after it. */
  sample: { slug: string; sku: string; priceIncVat: number };
}

const HEADER = 'sku,product_slug,product_name,brand,category,family,variant_label,price_inc_vat_pence,vat_rate,stock_on_hand';
const SIZES = [600, 700, 800, 1000];

/** A new product's sku for a size: `BRI-<n>-<size>`. */
export const newSku = (product: number, size: number) => `BRI-${product}-${size}`;
/** A CSV value, quoted as RFC 4180 says when it holds a comma, a quote or a line break (a sub-category's name may). */
const csvField = (value: string | number) => (/[",\r\n]/.test(String(value)) ? `"${String(value).replace(/"/g, '""')}"` : String(value));
const newPrice = (random: () => number) => 2_000 + 10 * Math.floor(random() * 50_000);

/** A row of each kind the import refuses for its own values or names (each its own product of one row). */
function refusedRows(brand: string, category: string): string[] {
  const row = (n: number, values: { category?: string; label?: string; price?: string; vat?: string; stock?: string }) =>
    [
      `BRI-BAD-${n}`,
      `bench-refused-${n}`,
      `Refused ${n}`,
      brand,
      values.category ?? category,
      '',
      values.label ?? '600 mm',
      values.price ?? '9900',
      values.vat ?? 'standard',
      values.stock ?? '3',
    ]
      .map(csvField)
      .join(',');
  return [row(1, { price: '0' }), row(2, { vat: 'luxury' }), row(3, { category: 'No Such Sub-category' }), row(4, { stock: '-3' }), row(5, { label: '' })];
}

/**
 * `rows` rows in all: a price change of each of `existing` (1p more), five refused rows, and the rest
 * new products of four sizes (the last may have fewer), spread over the sub-categories and brands.
 */
export function newRangeFile(rows: number, subCategories: readonly SubCategory[], brands: readonly string[], existing: readonly ExistingVariant[]): RangeFile {
  const random = seededRandom(93);
  const lines = [HEADER];
  const changes = existing.slice(0, Math.max(0, rows - 5 - SIZES.length));
  for (const variant of changes) lines.push(`${variant.sku},,,,,,,${variant.priceIncVat + 1},,`);
  const bad = refusedRows(brands[0]!, subCategories[0]!.name);
  let created = 0;
  let products = 0;
  let sample: RangeFile['sample'] | undefined;
  const toCreate = rows - changes.length - bad.length;
  while (created < toCreate) {
    products += 1;
    const category = subCategories[products % subCategories.length]!;
    const slug = `bench-range-${products}`;
    for (const [index, size] of SIZES.entries()) {
      if (created === toCreate) break;
      const price = newPrice(random);
      const sku = newSku(products, size);
      sample ??= { slug, sku, priceIncVat: price };
      const named = index === 0 ? [`Bench Range ${products}`, brands[products % brands.length]!, category.name, category.family] : ['', '', '', ''];
      lines.push([sku, slug, ...named, `${size} mm`, price, 'standard', Math.floor(random() * 40)].map(csvField).join(','));
      created += 1;
    }
  }
  // The refused rows among the others, not at the end, as a spreadsheet's slips would be.
  for (const [n, row] of bad.entries()) lines.splice(1 + Math.floor(((n + 1) * (lines.length - 1)) / (bad.length + 1)), 0, row);
  if (!sample) throw new Error('A range file for the bench needs room for at least one new variant');
  return { csv: `${lines.join('\n')}\n`, rows: lines.length - 1, created, changed: changes.length, refused: bad.length, products, sample };
}

/**
 * A new price for each variant `newRangeFile` made (`created` of them): a price list's day. Its
 * prices end in `pence` (5) where the first file's end in 0, so every row changes one; a file
 * ending in other pence changes every row again.
 */
export function priceChangeFile(created: number, pence = 5): { csv: string; rows: number } {
  const random = seededRandom(94);
  const lines = ['sku,price_inc_vat_pence'];
  for (let n = 0; n < created; n++) {
    const product = Math.floor(n / SIZES.length) + 1;
    lines.push(`${newSku(product, SIZES[n % SIZES.length]!)},${newPrice(random) + pence}`);
  }
  return { csv: `${lines.join('\n')}\n`, rows: created };
}

/**
 * A change to each product `newRangeFile` made (`products` of them): its name from its first size's
 * row, and a fifth size, 1,200 mm, added as a row of its own. Every row changes something.
 */
export function detailsChangeFile(products: number): { csv: string; rows: number; products: number } {
  const random = seededRandom(95);
  const lines = ['sku,product_slug,product_name,variant_label,price_inc_vat_pence,vat_rate,stock_on_hand'];
  for (let product = 1; product <= products; product++) {
    lines.push(`${newSku(product, SIZES[0]!)},,Bench Range ${product} Mark 2,,,,`);
    lines.push(`${newSku(product, 1200)},bench-range-${product},,1200 mm,${newPrice(random)},standard,${Math.floor(random() * 40)}`);
  }
  return { csv: `${lines.join('\n')}\n`, rows: lines.length - 1, products };
}
