/**
 * An order basket's arithmetic, pure and in integer pence (decision record "order baskets"): the
 * order's lines after the recorded changes, the new figures, the difference, and what completing it
 * charges or refunds. The rule every completion keeps: paid so far + charged − refunded = the new total.
 */
import { lineTotalExVatOf, ORDER_MODIFICATION_TYPES, vatInPence, vatPerLine, type OrderModificationType } from '@shop/contracts';

/** An order basket left this long is closed and its stock given back (each change starts the time again). */
export const ORDER_BASKET_MINUTES = 30;

export const MAX_QUANTITY = 999;
/** Delivery is charged at the standard rate (20%). */
export const DELIVERY_VAT_BASIS_POINTS = 2_000;

/** A line of the placed order, as it stands (`quantity` is ordered less cancelled). */
export interface OrderLineFact {
  position: number;
  sku: string;
  productName: string;
  label: string;
  quantity: number;
  unitPriceIncVat: number;
  vatBasisPoints: number;
}

/** One recorded change. Add and Remove carry a sku and a positive quantity; EditDeliveryAddress neither. */
export interface RecordedChange {
  modificationType: OrderModificationType;
  sku: string | null;
  quantity: number | null;
}

/** Today's price of a sku added by the change. */
export interface AddedOffering {
  sku: string;
  productName: string;
  label: string;
  unitPriceIncVat: number;
  vatBasisPoints: number;
}

export interface BasketLineAfter {
  sku: string;
  productName: string;
  label: string;
  quantityBefore: number;
  quantity: number;
  unitPriceIncVat: number;
  lineTotalIncVat: number;
  /** Less the VAT they include at the line's rate, as the order's lines read at trade prices (the line's is the unit's × quantity). */
  unitPriceExVat: number;
  lineTotalExVat: number;
  vatBasisPoints: number;
  change: 'added' | 'more' | 'fewer' | 'removed' | null;
  /** For lines of the order: its position, and how many of it the change cancels. */
  position: number | null;
  cancelled: number;
}

export interface Figures {
  goodsIncVat: number;
  discountIncVat: number;
  deliveryIncVat: number;
  vatIncluded: number;
  totalIncVat: number;
  /** The lines' totals ex VAT, added up; the delivery charge less the VAT it includes (both before any discount). */
  goodsExVat: number;
  deliveryExVat: number;
}

/** A line's prices: inc VAT as charged, and ex VAT as an order line works them out from it. */
const priced = (unitPriceIncVat: number, quantity: number, vatBasisPoints: number) => ({
  unitPriceIncVat,
  lineTotalIncVat: quantity * unitPriceIncVat,
  unitPriceExVat: lineTotalExVatOf(unitPriceIncVat, 1, vatBasisPoints),
  lineTotalExVat: lineTotalExVatOf(unitPriceIncVat, quantity, vatBasisPoints),
  vatBasisPoints,
});

/** How many of each sku the order holds now (its lines' quantities summed). */
export function quantitiesOnOrder(lines: readonly OrderLineFact[]): Map<string, number> {
  const held = new Map<string, number>();
  for (const line of lines) held.set(line.sku, (held.get(line.sku) ?? 0) + line.quantity);
  return held;
}

/** Units of each sku after the changes: what the order holds, plus added, less removed. */
export function quantitiesAfter(lines: readonly OrderLineFact[], changes: readonly RecordedChange[]): Map<string, number> {
  const after = quantitiesOnOrder(lines);
  for (const change of changes) {
    if (!change.sku || !change.quantity) continue;
    const sign =
      change.modificationType === ORDER_MODIFICATION_TYPES.AddOffering ? 1 : change.modificationType === ORDER_MODIFICATION_TYPES.RemoveOffering ? -1 : 0;
    after.set(change.sku, Math.max(0, (after.get(change.sku) ?? 0) + sign * change.quantity));
  }
  return after;
}

/** Units of each sku the change adds beyond what the order holds: what stock is held for. */
export function unitsAdded(lines: readonly OrderLineFact[], changes: readonly RecordedChange[]): Map<string, number> {
  const before = quantitiesOnOrder(lines);
  const added = new Map<string, number>();
  for (const [sku, quantity] of quantitiesAfter(lines, changes)) {
    const extra = quantity - (before.get(sku) ?? 0);
    if (extra > 0) added.set(sku, extra);
  }
  return added;
}

/**
 * The basket's lines: the order's lines with fewer units where the change removes some (taken from
 * the last line of a sku first), then one line per sku with units added, at today's price.
 */
export function linesAfter(lines: readonly OrderLineFact[], changes: readonly RecordedChange[], added: ReadonlyMap<string, AddedOffering>): BasketLineAfter[] {
  const wanted = quantitiesAfter(lines, changes);
  const before = quantitiesOnOrder(lines);
  const toCancel = new Map([...before].map(([sku, quantity]) => [sku, Math.max(0, quantity - (wanted.get(sku) ?? 0))]));
  const kept: BasketLineAfter[] = [];
  for (const line of lines.toReversed()) {
    const cancel = Math.min(line.quantity, toCancel.get(line.sku) ?? 0);
    toCancel.set(line.sku, (toCancel.get(line.sku) ?? 0) - cancel);
    const quantity = line.quantity - cancel;
    kept.unshift({
      sku: line.sku,
      productName: line.productName,
      label: line.label,
      quantityBefore: line.quantity,
      quantity,
      ...priced(line.unitPriceIncVat, quantity, line.vatBasisPoints),
      change: cancel === 0 ? null : quantity === 0 ? 'removed' : 'fewer',
      position: line.position,
      cancelled: cancel,
    });
  }
  const extra: BasketLineAfter[] = [];
  for (const [sku, units] of unitsAdded(lines, changes)) {
    const offering = added.get(sku);
    if (!offering) throw new Error(`No price for added sku ${sku}`);
    extra.push({
      sku,
      productName: offering.productName,
      label: offering.label,
      quantityBefore: 0,
      quantity: units,
      ...priced(offering.unitPriceIncVat, units, offering.vatBasisPoints),
      change: before.has(sku) ? 'more' : 'added',
      position: null,
      cancelled: 0,
    });
  }
  return [...kept, ...extra];
}

/** The VAT a VAT-inclusive amount holds at a rate (basis points), to the nearest penny. */
export const vatIn = vatInPence;

/**
 * The figures of a set of lines with a discount and a delivery charge. VAT is worked out as placing
 * the order worked it out (`vatPerLine`: per line, the goods discount shared over the rates, delivery
 * a line of its own), so a changed order's lines ex VAT, delivery ex VAT and VAT agree to the penny
 * as an unchanged one's do; a delivery discount comes off delivery.
 */
export function figuresOf(
  lines: readonly Pick<BasketLineAfter, 'lineTotalIncVat' | 'lineTotalExVat' | 'vatBasisPoints'>[],
  discount: { goodsPence: number; deliveryPence: number },
  deliveryIncVat: number,
): Figures {
  const goodsIncVat = lines.reduce((sum, line) => sum + line.lineTotalIncVat, 0);
  const goodsDiscount = Math.min(Math.max(0, discount.goodsPence), goodsIncVat);
  const deliveryDiscount = Math.min(Math.max(0, discount.deliveryPence), deliveryIncVat);
  const goods = lines.map((line) => ({
    rate: line.vatBasisPoints,
    basisPoints: line.vatBasisPoints,
    grossPence: line.lineTotalIncVat,
    netPence: line.lineTotalExVat,
  }));
  const delivery = { rate: DELIVERY_VAT_BASIS_POINTS, basisPoints: DELIVERY_VAT_BASIS_POINTS, grossPence: deliveryIncVat - deliveryDiscount };
  const vatIncluded = vatPerLine(goods, goodsDiscount, delivery).reduce((sum, rate) => sum + rate.vatPence, 0);
  const discountIncVat = goodsDiscount + deliveryDiscount;
  return {
    goodsIncVat,
    discountIncVat,
    deliveryIncVat,
    vatIncluded,
    totalIncVat: goodsIncVat - discountIncVat + deliveryIncVat,
    goodsExVat: lines.reduce((sum, line) => sum + line.lineTotalExVat, 0),
    deliveryExVat: lineTotalExVatOf(deliveryIncVat, 1, DELIVERY_VAT_BASIS_POINTS),
  };
}

export const difference = (before: Figures, after: Figures): Figures => ({
  goodsIncVat: after.goodsIncVat - before.goodsIncVat,
  discountIncVat: after.discountIncVat - before.discountIncVat,
  deliveryIncVat: after.deliveryIncVat - before.deliveryIncVat,
  vatIncluded: after.vatIncluded - before.vatIncluded,
  totalIncVat: after.totalIncVat - before.totalIncVat,
  goodsExVat: after.goodsExVat - before.goodsExVat,
  deliveryExVat: after.deliveryExVat - before.deliveryExVat,
});

/**
 * What completing the change moves: the card is charged what the new total exceeds what has been
 * paid (less refunds), or refunded what it falls short by; never both. Paid + charge − refund = total.
 */
export function settlement(paidPence: number, newTotalPence: number): { chargePence: number; refundPence: number } {
  const due = newTotalPence - paidPence;
  return due >= 0 ? { chargePence: due, refundPence: 0 } : { chargePence: 0, refundPence: -due };
}

/** A quantity a person typed: a whole number from 1 to 999, or why not. */
export function quantityProblem(quantity: number): 'not-whole' | 'out-of-range' | null {
  if (!Number.isInteger(quantity)) return 'not-whole';
  if (quantity < 1 || quantity > MAX_QUANTITY) return 'out-of-range';
  return null;
}

/** The changes in words for the e-mail and the order's history: "Added 1 × Basin waste; removed 2 × Basin mixer; new delivery address". */
export function describeChange(lines: readonly BasketLineAfter[], addressChanged: boolean): string {
  const parts: string[] = [];
  for (const line of lines) {
    const name = line.label ? `${line.productName} (${line.label})` : line.productName;
    if (line.change === 'added' || line.change === 'more') parts.push(`added ${line.quantity} × ${name}`);
    if (line.change === 'fewer' || line.change === 'removed') parts.push(`removed ${line.cancelled} × ${name}`);
  }
  if (addressChanged) parts.push('new delivery address');
  const text = parts.join('; ');
  return text ? text[0]!.toUpperCase() + text.slice(1) : 'No change';
}
