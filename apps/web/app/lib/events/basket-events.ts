import type { Basket } from '@shop/contracts';
import { track } from './track.ts';

/**
 * Segment's "Product Added" and "Product Removed" for a change to one line of the basket, by how many
 * packs its quantity moved (docs/domain.md §10.7): what trending weighs and the staff report's
 * "added" column counts. `before` is the basket as this page last knew it; before the first read it
 * is not known (null), so an add counts the packs asked for (`added`) and a change of quantity sends
 * nothing. Nothing is sent when the quantity did not move (a refused add).
 */
export function lineChange(
  sku: string,
  before: Basket | null,
  after: Basket | null,
  added?: number,
): { event: string; properties: Record<string, unknown> } | null {
  const now = after?.lines.find((line) => line.sku === sku);
  const was = before?.lines.find((line) => line.sku === sku);
  if (before === null && (added === undefined || !now)) return null;
  const moved = before === null ? added! : (now?.quantity ?? 0) - (was?.quantity ?? 0);
  const line = now ?? was;
  if (!line || moved === 0) return null;
  return { event: moved > 0 ? 'Product Added' : 'Product Removed', properties: { product_id: String(line.productId), sku, quantity: Math.abs(moved) } };
}

export function trackLineChange(sku: string, before: Basket | null, after: Basket | null, added?: number): void {
  const change = lineChange(sku, before, after, added);
  if (change) track(change.event, change.properties);
}
