/**
 * Basket arithmetic, pure: what each line costs (retail or trade), whether it can still be sold,
 * and the totals (savings, discount, delivery estimate, VAT per rate). Money is integer pence;
 * prices are VAT-inclusive, so VAT is derived from gross amounts per rate.
 */
import type { Basket, BasketLine } from '@shop/contracts';
import type { SellableOffering } from '../catalogue/index.ts';
import { RATES } from '../delivery/index.ts';

export const MAX_QUANTITY = 999;
export const MAX_LINES = 100;
/** Delivery is charged at the standard rate (docs/domain.md §1). */
const DELIVERY_VAT = { rateCode: 'standard', basisPoints: 2000 };

/** docs/domain.md §5: ex-VAT discount per trade band. */
export const TRADE_BANDS = {
  T1: { name: 'Trade Starter', basisPoints: 500 },
  T2: { name: 'Silver', basisPoints: 1000 },
  T3: { name: 'Gold', basisPoints: 1250 },
  T4: { name: 'Platinum', basisPoints: 1500 },
  T5: { name: 'Key Account', basisPoints: 2000 },
} as const;
export type TradeBand = keyof typeof TRADE_BANDS;

export type Pricing = Basket['pricing'];
export const RETAIL_PRICING: Pricing = { tradePriced: false, tradeBand: null, tradeDiscountBasisPoints: 0 };

export function tradePricing(band: TradeBand): Pricing {
  return { tradePriced: true, tradeBand: band, tradeDiscountBasisPoints: TRADE_BANDS[band].basisPoints };
}

/** How many packs of an offering can be sold now: free stock on the shelf, or any number made to order. */
export function sellableQuantity(offering: SellableOffering | undefined): number {
  if (!offering) return 0;
  if (offering.stockStatus === 'made_to_order') return MAX_QUANTITY;
  if (offering.stockStatus === 'out_of_stock') return 0;
  return Math.min(MAX_QUANTITY, offering.freeStock);
}

export interface UnitPrice {
  incVat: number;
  exVat: number;
  /** The higher price it replaces (a was-price, or retail for a trade price), when there is one. */
  wasIncVat: number | null;
}

/**
 * Trade prices take the band's discount off the ex-VAT price (docs/domain.md §5). Bundles already on
 * promotion get no trade discount ("0% on bundles already discounted").
 */
export function unitPrice(offering: SellableOffering, pricing: Pricing): UnitPrice {
  const retail = { incVat: offering.priceIncVat, exVat: offering.priceExVat };
  const was = offering.wasPriceIncVat && offering.wasPriceIncVat > retail.incVat ? offering.wasPriceIncVat : null;
  const basisPoints = offering.isBundle && was ? 0 : pricing.tradeDiscountBasisPoints;
  if (basisPoints === 0) return { ...retail, wasIncVat: was };
  const exVat = Math.round((retail.exVat * (10_000 - basisPoints)) / 10_000);
  const incVat = Math.round((exVat * (10_000 + offering.vatBasisPoints)) / 10_000);
  if (incVat >= retail.incVat) return { ...retail, wasIncVat: was };
  return { incVat, exVat, wasIncVat: was ?? retail.incVat };
}

export interface StoredLine {
  sku: string;
  quantity: number;
}

export function priceLine(line: StoredLine, offering: SellableOffering | undefined, pricing: Pricing): BasketLine {
  const max = sellableQuantity(offering);
  if (!offering) {
    return {
      sku: line.sku, productId: 0, productName: line.sku, productSlug: '', label: '', imageUrl: null, packQty: 1,
      quantity: line.quantity, stockStatus: 'out_of_stock', maxQuantity: 0, deliveryClass: 'parcel', available: false,
      unavailableReason: 'sku_not_found', unitPriceIncVat: 0, unitPriceExVat: 0, wasUnitPriceIncVat: null,
      lineTotalIncVat: 0, lineTotalExVat: 0, lineSavingsIncVat: 0,
    };
  }
  const price = unitPrice(offering, pricing);
  const reason = max === 0 ? 'out_of_stock' : line.quantity > max ? 'insufficient_stock' : null;
  return {
    sku: offering.sku,
    productId: offering.productId,
    productName: offering.productName,
    productSlug: offering.productSlug,
    label: offering.label,
    imageUrl: offering.imageUrl,
    packQty: offering.packQty,
    quantity: line.quantity,
    stockStatus: offering.stockStatus,
    maxQuantity: max,
    deliveryClass: offering.deliveryClass,
    available: reason === null,
    unavailableReason: reason,
    unitPriceIncVat: price.incVat,
    unitPriceExVat: price.exVat,
    wasUnitPriceIncVat: price.wasIncVat,
    lineTotalIncVat: price.incVat * line.quantity,
    lineTotalExVat: price.exVat * line.quantity,
    lineSavingsIncVat: price.wasIncVat ? (price.wasIncVat - price.incVat) * line.quantity : 0,
  };
}

/** The delivery option chosen at checkout, priced by the delivery module: it replaces the estimate. */
export interface ChosenDelivery {
  code: string;
  name: string;
  priceIncVat: number;
}

/**
 * The delivery a basket is likely to need, to mainland GB: large items decide it when present. Its
 * free-delivery threshold is checked against the goods after the discount, as checkout prices it,
 * and the shopper is told how far away it is.
 */
export function deliveryEstimate(lines: readonly BasketLine[], goodsIncVat: number): Basket['totals']['delivery'] {
  if (lines.length === 0) return null;
  const code = lines.every((line) => line.deliveryClass === 'parcel') ? 'standard' : 'large_kerbside';
  const rate = RATES[code];
  const freeFrom = rate.freeFrom ?? null;
  const free = freeFrom !== null && goodsIncVat >= freeFrom;
  return {
    code,
    name: rate.name,
    priceIncVat: free ? 0 : rate.price,
    isEstimate: true,
    freeFromIncVat: freeFrom,
    spendForFreeIncVat: freeFrom === null || free ? null : freeFrom - goodsIncVat,
  };
}

const vatOf = (gross: number, basisPoints: number) => Math.round((gross * basisPoints) / (10_000 + basisPoints));

/**
 * Totals over the available lines. The discount is apportioned to each VAT rate by its share of the
 * goods, so the VAT shown is what is charged on what is paid.
 */
export function basketTotals(
  lines: readonly BasketLine[],
  rates: ReadonlyMap<string, { rateCode: string; basisPoints: number }>,
  discountPence: number,
  chosenDelivery?: ChosenDelivery,
): Basket['totals'] {
  const available = lines.filter((line) => line.available);
  const subtotalIncVat = available.reduce((sum, line) => sum + line.lineTotalIncVat, 0);
  const subtotalExVat = available.reduce((sum, line) => sum + line.lineTotalExVat, 0);
  const goodsAfterDiscount = subtotalIncVat - Math.min(Math.max(0, discountPence), subtotalIncVat);
  const delivery =
    chosenDelivery && available.length > 0
      ? { ...chosenDelivery, isEstimate: false, freeFromIncVat: null, spendForFreeIncVat: null }
      : deliveryEstimate(available, goodsAfterDiscount);
  const deliveryPence = delivery?.priceIncVat ?? 0;
  const discount = Math.min(Math.max(0, discountPence), subtotalIncVat + deliveryPence);

  const goodsByRate = new Map<string, { rateCode: string; basisPoints: number; gross: number }>();
  for (const line of available) {
    const rate = rates.get(line.sku) ?? DELIVERY_VAT;
    const entry = goodsByRate.get(rate.rateCode) ?? { ...rate, gross: 0 };
    entry.gross += line.lineTotalIncVat;
    goodsByRate.set(rate.rateCode, entry);
  }
  const goodsDiscount = Math.min(discount, subtotalIncVat);
  let discountLeft = goodsDiscount;
  const entries = [...goodsByRate.values()];
  entries.forEach((entry, i) => {
    const share = i === entries.length - 1 ? discountLeft : Math.round((goodsDiscount * entry.gross) / subtotalIncVat);
    entry.gross -= share;
    discountLeft -= share;
  });
  const deliveryGross = deliveryPence - (discount - goodsDiscount);
  if (deliveryGross > 0) {
    const entry = goodsByRate.get(DELIVERY_VAT.rateCode) ?? { ...DELIVERY_VAT, gross: 0 };
    entry.gross += deliveryGross;
    goodsByRate.set(DELIVERY_VAT.rateCode, entry);
  }
  const vat = [...goodsByRate.values()]
    .filter((entry) => entry.gross > 0)
    .map((entry) => {
      const vatPence = vatOf(entry.gross, entry.basisPoints);
      return { rateCode: entry.rateCode, basisPoints: entry.basisPoints, grossPence: entry.gross, vatPence, netPence: entry.gross - vatPence };
    });
  const totalIncVat = subtotalIncVat + deliveryPence - discount;
  const totalVat = vat.reduce((sum, entry) => sum + entry.vatPence, 0);
  return {
    itemCount: available.reduce((sum, line) => sum + line.quantity, 0),
    subtotalIncVat,
    subtotalExVat,
    savingsIncVat: available.reduce((sum, line) => sum + line.lineSavingsIncVat, 0) + discount,
    discountIncVat: discount,
    delivery,
    vat,
    totalIncVat,
    totalExVat: totalIncVat - totalVat,
    totalVat,
  };
}
