/**
 * Pure rules of the staff product editor: what an edit changes, said in words for the audit list,
 * and the searched text kept in step with a new name, brand or category.
 */
import { DELIVERY_CLASS_NAMES, formatPence, londonShortDateTime, RETURNABILITY_NAMES, slugify, type DeliveryClass, type Returnability } from '@shop/contracts';

export interface Named {
  name: string;
  description: string;
  brandName: string;
  categoryName: string;
  /** The editor's alone: a file keeps a product's family, delivery class and returnability. */
  family?: string;
  deliveryClass?: DeliveryClass;
  returnability?: Returnability;
  specifications: Readonly<Record<string, string>>;
}

const quoted = (text: string) => `“${text}”`;

/** One line per field that differs, as the audit list shows it ("Name: “A” → “B”"). */
export function describeDetailChanges(before: Named, after: Named): string[] {
  const lines: string[] = [];
  if (before.name !== after.name) lines.push(`Name: ${quoted(before.name)} → ${quoted(after.name)}`);
  if (before.description !== after.description) lines.push('Description changed');
  if (before.brandName !== after.brandName) lines.push(`Brand: ${before.brandName} → ${after.brandName}`);
  if (before.categoryName !== after.categoryName) lines.push(`Category: ${before.categoryName} → ${after.categoryName}`);
  if (before.family && after.family && before.family !== after.family) lines.push(`Family: ${before.family} → ${after.family}`);
  if (before.deliveryClass && after.deliveryClass && before.deliveryClass !== after.deliveryClass)
    lines.push(`Delivery: ${DELIVERY_CLASS_NAMES[before.deliveryClass]} → ${DELIVERY_CLASS_NAMES[after.deliveryClass]}`);
  if (before.returnability && after.returnability && before.returnability !== after.returnability)
    lines.push(`Returns: ${RETURNABILITY_NAMES[before.returnability]} → ${RETURNABILITY_NAMES[after.returnability]}`);
  const attributes = new Set([...Object.keys(before.specifications), ...Object.keys(after.specifications)]);
  for (const attribute of [...attributes].toSorted()) {
    const was = before.specifications[attribute];
    const now = after.specifications[attribute];
    if (was === now) continue;
    if (was === undefined) lines.push(`${attribute}: set to ${quoted(now!)}`);
    else if (now === undefined) lines.push(`${attribute}: removed (was ${quoted(was)})`);
    else lines.push(`${attribute}: ${quoted(was)} → ${quoted(now)}`);
  }
  return lines;
}

export function describeVariantChange(sku: string, change: { newSku?: string; label?: string; labelBefore: string }): string[] {
  const lines: string[] = [];
  if (change.newSku && change.newSku !== sku) lines.push(`Variant code ${sku} → ${change.newSku}`);
  if (change.label !== undefined && change.label !== change.labelBefore)
    lines.push(`Variant ${change.newSku ?? sku} label: ${quoted(change.labelBefore)} → ${quoted(change.label)}`);
  return lines;
}

export interface PriceEdit {
  sku: string;
  priceIncVat: number;
  vatRateName: string;
  startsAt: Date | null;
  endsAt: Date | null;
}

/** "Price of BTH-1: £199.00 → £149.00 inc VAT (Standard 20%), from 1 Dec 2026, 09:00 until …". */
export function describePriceEdit(edit: PriceEdit, beforeIncVat: number): string {
  const from = edit.startsAt ? `from ${londonShortDateTime(edit.startsAt)}` : 'from now';
  const until = edit.endsAt ? ` until ${londonShortDateTime(edit.endsAt)}` : '';
  const verb = edit.startsAt ? 'scheduled' : 'changed';
  return `Price of ${edit.sku} ${verb}: ${formatPence(beforeIncVat)} → ${formatPence(edit.priceIncVat)} inc VAT (${edit.vatRateName}), ${from}${until}`;
}

/** "Variant BTH-1-MB “Matt black” added at £199.00 inc VAT (Standard 20%), 12 on hand". */
export function describeNewVariant(variant: { sku: string; label: string; priceIncVat: number; vatRateName: string; stockOnHand: number }): string {
  const price = `${formatPence(variant.priceIncVat)} inc VAT (${variant.vatRateName})`;
  return `Variant ${variant.sku} ${quoted(variant.label)} added at ${price}, ${variant.stockOnHand} on hand`;
}

const wordsOf = (text: string) => text.split(/\s+/).filter(Boolean);

/**
 * The searched text after a rename: each old name (product, brand, category) is replaced by its new
 * one where it stands, or the new one is added in front, so search finds the product by what it is
 * called now and no longer by what it was.
 */
export function searchTextAfter(searchText: string, renames: readonly (readonly [before: string, after: string])[]): string {
  let text = searchText;
  for (const [before, after] of renames) {
    if (before === after) continue;
    const at = before ? text.indexOf(before) : -1;
    text = at >= 0 ? text.slice(0, at) + after + text.slice(at + before.length) : `${after} ${text}`;
  }
  return wordsOf(text).join(' ');
}

export interface VariantOptions {
  widthMm: number | null;
  finish: string | null;
  handing: string | null;
  packQty: number;
}

const OPTIONS: readonly [string, (variant: VariantOptions) => unknown][] = [
  ['size', (variant) => variant.widthMm],
  ['finish', (variant) => variant.finish],
  ['handing', (variant) => variant.handing],
  ['pack size', (variant) => (variant.packQty === 1 ? null : variant.packQty)],
];

/**
 * What a product's variants differ by, in words ("finish", "size", "size and finish"), so staff's
 * forms ask for a new variant by it: the options whose values differ between its variants, or, with
 * one variant, those it has; "finish" when it has none (as a product staff add has).
 */
export function variantOptionOf(variants: readonly VariantOptions[]): string {
  const differing = OPTIONS.filter(([, of]) => new Set(variants.map(of)).size > 1);
  const words = (differing.length > 0 ? differing : OPTIONS.filter(([, of]) => variants.some((variant) => of(variant) !== null))).map(([word]) => word);
  if (words.length === 0) return 'finish';
  return words.length === 1 ? words[0]! : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** Each option's value as a label says it (the demo catalogue's and the editor's hint's words), or null when it does not read as one. */
const OPTION_READERS: Record<string, (part: string) => Partial<VariantOptions> | null> = {
  size: (part) => {
    const width = /^(\d{2,5})\s*mm$/i.exec(part);
    return width ? { widthMm: Number(width[1]) } : null;
  },
  finish: (part) => ({ finish: part }),
  handing: (part) => {
    const side = /^(left|right)(\s+hand(ed)?)?$/i.exec(part);
    return side ? { handing: side[1]!.toLowerCase() } : null;
  },
  'pack size': (part) => {
    const pack = /^(?:pack of\s+(\d{1,4})|(single))$/i.exec(part);
    return pack ? { packQty: pack[2] ? 1 : Number(pack[1]) } : null;
  },
};
const OPTION_EXAMPLES: Record<string, string> = { size: '600 mm', finish: 'Matt black', handing: 'Left hand', 'pack size': 'Pack of 4' };

/**
 * A new variant's size, finish, handing and pack read from its label by what the product's variants
 * differ by (`variantOptionOf`), so the product page offers it beside its others: "600 mm" of a
 * product sold in sizes is a size, not a finish. The label names each such option in that order,
 * comma-separated ("600 mm, Matt black", as the demo catalogue's); options the variants share are
 * the first variant's. A new product's first label is its size when it reads as one, else its finish.
 * The problem is in words when the label does not say them.
 */
export function newVariantOptions(label: string, variants: readonly VariantOptions[]): { options: VariantOptions } | { problem: string } {
  // A new product's first variant says what it is sold in: "600 mm" is a size, so a product sold only in sizes
  // has widths from its first variant and the next "800 mm" is read as a size too (decision 0112).
  const firstSize = variants.length === 0 ? OPTION_READERS.size!(label.trim()) : null;
  if (firstSize) return { options: { widthMm: null, finish: null, handing: null, packQty: 1, ...firstSize } };
  const option = variantOptionOf(variants);
  const differing = option.split(/, | and /);
  const first = variants[0];
  const options: VariantOptions = first
    ? { widthMm: first.widthMm, finish: first.finish, handing: first.handing, packQty: first.packQty }
    : { widthMm: null, finish: null, handing: null, packQty: 1 };
  const parts = label.split(',').map((part) => part.trim());
  const read = parts.length === differing.length ? differing.map((name, index) => OPTION_READERS[name]!(parts[index]!)) : [];
  if (read.length === 0 || read.includes(null))
    return {
      problem:
        `Enter the ${option} as shoppers choose ${differing.length > 1 ? 'them, separated by commas' : 'it'},` +
        ` for example ${differing.map((name) => OPTION_EXAMPLES[name]).join(', ')}`,
    };
  return { options: Object.assign(options, ...read) as VariantOptions };
}

/** A new product's address: its name and first code, so addresses are unique as codes are (decision 0105). */
export const newProductSlug = (name: string, sku: string): string => slugify(`${name} ${sku}`);
