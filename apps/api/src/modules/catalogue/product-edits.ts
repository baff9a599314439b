/**
 * Pure rules of the staff product editor: what an edit changes, said in words for the audit list,
 * and the searched text kept in step with a new name, brand or category.
 */
import { formatPence, londonShortDateTime } from '@shop/contracts';

export interface Named {
  name: string;
  description: string;
  brandName: string;
  categoryName: string;
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
