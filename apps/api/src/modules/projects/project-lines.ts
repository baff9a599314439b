/**
 * A project's lines, pure: the rules for changing them (quantities 1–999, at most 500 lines, a swap
 * stays within one product) and a line as one viewer sees it, at that viewer's own price, with what
 * changed since they last looked.
 */
import { formatPenceShort, PROJECT_MAX_LINES, PROJECT_MAX_QUANTITY, type ProjectLine, type ProjectNotice } from '@shop/contracts';
import type { SellableOffering } from '../catalogue/index.ts';
import type { UnitPrice } from '../pricing/index.ts';
import { ProjectErrors } from './projects.errors.ts';

export interface StoredLine {
  sku: string;
  quantity: number;
  note: string | null;
  addedAt: Date;
}

/** What a viewer saw of a line when they last refreshed. */
export interface SeenLine {
  sku: string;
  priceIncVat: number;
  available: boolean;
}

export interface LineChange {
  sku: string;
  quantity: number;
  /** Undefined keeps the line's note; empty clears it. */
  note?: string;
}

export function checkQuantity(sku: string, quantity: number): void {
  if (!Number.isInteger(quantity)) throw ProjectErrors.quantityNotWhole(sku);
  if (quantity < 1 || quantity > PROJECT_MAX_QUANTITY) throw ProjectErrors.quantityOutOfRange(sku);
}

/**
 * The lines after adding or changing `changes` and removing `removeSkus`; lines not named are left as
 * they are, so two people changing different lines both keep their change. A new sku must be sold.
 */
export function setLines(
  current: readonly StoredLine[],
  changes: readonly LineChange[],
  removeSkus: readonly string[],
  offerings: ReadonlyMap<string, SellableOffering>,
  now: Date,
): StoredLine[] {
  if (changes.length > PROJECT_MAX_LINES) throw ProjectErrors.tooManyLines();
  const seen = new Set<string>();
  for (const change of changes) {
    if (seen.has(change.sku)) throw ProjectErrors.duplicateSku(change.sku);
    seen.add(change.sku);
    checkQuantity(change.sku, change.quantity);
  }
  const removed = new Set(removeSkus);
  const next = new Map(current.filter((line) => !removed.has(line.sku)).map((line) => [line.sku, line]));
  for (const change of changes) {
    const existing = next.get(change.sku);
    const note = change.note === undefined ? (existing?.note ?? null) : change.note || null;
    if (existing) {
      next.set(change.sku, { ...existing, quantity: change.quantity, note });
      continue;
    }
    if (!offerings.has(change.sku)) throw ProjectErrors.skuUnknown(change.sku);
    next.set(change.sku, { sku: change.sku, quantity: change.quantity, note, addedAt: now });
  }
  if (next.size > PROJECT_MAX_LINES) throw ProjectErrors.tooManyLines();
  return [...next.values()];
}

/** The line swapped to another variant of the same product, keeping its quantity, note and place. */
export function swapVariant(current: readonly StoredLine[], sku: string, newSku: string, offerings: ReadonlyMap<string, SellableOffering>): StoredLine[] {
  const line = current.find((entry) => entry.sku === sku);
  if (!line) throw ProjectErrors.lineNotFound(sku);
  if (newSku === sku) return [...current];
  const from = offerings.get(sku);
  const to = offerings.get(newSku);
  if (!to) throw ProjectErrors.skuUnknown(newSku);
  if (!from || from.productId !== to.productId) throw ProjectErrors.variantOfAnotherProduct(newSku);
  if (current.some((entry) => entry.sku === newSku)) throw ProjectErrors.variantAlreadyInProject(to.label);
  return current.map((entry) => (entry === line ? { ...line, sku: newSku } : entry));
}

/** A line as a viewer sees it, at their own unit price (pricing's, for their price list). */
export function describeLine(
  line: StoredLine,
  priced: { offering: SellableOffering; price: UnitPrice } | undefined,
  variants: readonly { sku: string; label: string }[],
  name?: { productName: string; label: string },
): ProjectLine {
  const base = { sku: line.sku, quantity: line.quantity, note: line.note };
  if (!priced) {
    // Named as the catalogue still has it (a withdrawn product's row stays); by its code when not.
    return {
      ...base,
      productId: 0,
      productName: name?.productName ?? line.sku,
      productSlug: '',
      label: name?.label ?? '',
      imageUrl: null,
      available: false,
      stockStatus: 'discontinued',
      priceIncVat: 0,
      priceExVat: 0,
      lineTotalIncVat: 0,
      variants: [],
    };
  }
  const { offering, price } = priced;
  return {
    ...base,
    productId: offering.productId,
    productName: offering.productName,
    productSlug: offering.productSlug,
    label: offering.label,
    imageUrl: offering.imageUrl,
    available: offering.sellable > 0,
    stockStatus: offering.stockStatus,
    priceIncVat: price.incVat,
    priceExVat: price.exVat,
    lineTotalIncVat: price.incVat * line.quantity,
    variants: variants.filter((variant) => variant.sku !== line.sku),
  };
}

/** What a refresh tells one viewer about a line, against what they saw last (nothing the first time). */
export function changesSinceSeen(seen: SeenLine | undefined, now: ProjectLine): ProjectNotice[] {
  if (!seen) return [];
  const notices: ProjectNotice[] = [];
  const name = now.label && now.label !== 'Standard' ? `${now.productName} (${now.label})` : now.productName;
  if (seen.available && !now.available) {
    const message = now.stockStatus === 'discontinued' ? `${name} is no longer sold.` : `${name} is out of stock at the moment.`;
    notices.push({ type: 'unavailable', sku: now.sku, message });
  }
  if (!seen.available && now.available) notices.push({ type: 'available_again', sku: now.sku, message: `${name} is back in stock.` });
  if (now.priceIncVat > 0 && seen.priceIncVat > 0 && now.priceIncVat !== seen.priceIncVat) {
    const down = now.priceIncVat < seen.priceIncVat;
    notices.push({
      type: down ? 'price_down' : 'price_up',
      sku: now.sku,
      from: seen.priceIncVat,
      to: now.priceIncVat,
      message: `${name} is now ${formatPenceShort(now.priceIncVat)}, ${down ? 'down' : 'up'} from ${formatPenceShort(seen.priceIncVat)}.`,
    });
  }
  return notices;
}
