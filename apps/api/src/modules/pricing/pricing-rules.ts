/**
 * Pricing arithmetic, pure: what a unit costs (retail, or a trade band's price) and a basket's
 * totals (savings, discount, delivery estimate, VAT per rate). Money is integer pence; prices are
 * VAT-inclusive, so VAT is derived from gross amounts per rate. The bands and rates are rows
 * (`pricing.tables.ts`), handed in as a price list.
 */
import { vatPerLine, type Basket, type BasketLine } from '@shop/contracts';
import { RATES } from '../delivery/index.ts';

/** A VAT rate in force (docs/domain.md §1): prices name theirs by code. */
export interface VatRate {
  code: string;
  name: string;
  basisPoints: number;
  /** When this rate took effect, e.g. 2011-01-04 for the standard 20%. */
  inForceFrom: string;
}

/** A trade band (docs/domain.md §5): the ex-VAT discount it gives and the spend that qualifies for it. */
export interface TradeBand {
  code: string;
  name: string;
  discountBasisPoints: number;
  /** Rolling 12-month spend ex VAT, in pence, that qualifies; 0 for the band given on approval. */
  qualifyingSpendExVat: number;
}

/** Delivery is charged at the standard rate (docs/domain.md §1). */
const DELIVERY_VAT_RATE = 'standard';

/** How a caller is charged, as a basket shows it. */
export type Pricing = Basket['pricing'];
export const RETAIL_PRICING: Pricing = { tradePriced: false, tradeBand: null, tradeBandName: null, tradeDiscountBasisPoints: 0 };

export function tradePricing(band: TradeBand): Pricing {
  return { tradePriced: true, tradeBand: band.code, tradeBandName: band.name, tradeDiscountBasisPoints: band.discountBasisPoints };
}

/** What one caller's prices are worked out with: retail or their band, and the VAT rates in force. */
export interface PriceList {
  pricing: Pricing;
  vatRates: ReadonlyMap<string, VatRate>;
}

/** The rate a code names. Every price names a rate that exists (a foreign key), so a miss is a bug. */
export function vatRateOf(list: Pick<PriceList, 'vatRates'>, code: string): VatRate {
  const rate = list.vatRates.get(code);
  if (!rate) throw new Error(`No VAT rate "${code}" in the price list`);
  return rate;
}

/** What pricing needs to know of an offering: its stored retail price and the VAT rate that price was worked out with. */
export interface PricedOffering {
  priceIncVat: number;
  priceExVat: number;
  wasPriceIncVat: number | null;
  isBundle: boolean;
  vatRateCode: string;
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
export function unitPrice(offering: PricedOffering, list: PriceList): UnitPrice {
  const retail = { incVat: offering.priceIncVat, exVat: offering.priceExVat };
  const was = offering.wasPriceIncVat && offering.wasPriceIncVat > retail.incVat ? offering.wasPriceIncVat : null;
  const basisPoints = offering.isBundle && was ? 0 : list.pricing.tradeDiscountBasisPoints;
  if (basisPoints === 0) return { ...retail, wasIncVat: was };
  const exVat = Math.round((retail.exVat * (10_000 - basisPoints)) / 10_000);
  const incVat = Math.round((exVat * (10_000 + vatRateOf(list, offering.vatRateCode).basisPoints)) / 10_000);
  if (incVat >= retail.incVat) return { ...retail, wasIncVat: was };
  return { incVat, exVat, wasIncVat: was ?? retail.incVat };
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

export interface TotalsInput {
  lines: readonly BasketLine[];
  /** The VAT rate each line's price was worked out with, by sku. */
  vatRateCodes: ReadonlyMap<string, string>;
  discountPence: number;
  /** The part of `discountPence` a delivery code takes off the delivery charge; the rest comes off the goods. */
  deliveryDiscountPence?: number;
  /** Checkout's choice, in place of the estimate. */
  chosenDelivery?: ChosenDelivery;
}

/**
 * Totals over the available lines. The discount is apportioned to each VAT rate by its share of the
 * goods, so the VAT shown is what is charged on what is paid.
 */
export function basketTotals(
  { lines, vatRateCodes, discountPence, deliveryDiscountPence = 0, chosenDelivery }: TotalsInput,
  list: Pick<PriceList, 'vatRates'>,
): Basket['totals'] {
  const deliveryVat = vatRateOf(list, DELIVERY_VAT_RATE);
  const available = lines.filter((line) => line.available);
  const subtotalIncVat = available.reduce((sum, line) => sum + line.lineTotalIncVat, 0);
  const subtotalExVat = available.reduce((sum, line) => sum + line.lineTotalExVat, 0);
  const offDelivery = Math.min(Math.max(0, deliveryDiscountPence), Math.max(0, discountPence));
  const goodsDiscount = Math.min(Math.max(0, discountPence) - offDelivery, subtotalIncVat);
  // The threshold counts the goods after goods discounts only: free delivery never moves it.
  const delivery =
    chosenDelivery && available.length > 0
      ? { ...chosenDelivery, isEstimate: false, freeFromIncVat: null, spendForFreeIncVat: null }
      : deliveryEstimate(available, subtotalIncVat - goodsDiscount);
  const deliveryPence = delivery?.priceIncVat ?? 0;
  const discount = goodsDiscount + Math.min(offDelivery, deliveryPence);
  // A code that makes delivery free leaves nothing to spend more for.
  if (delivery && deliveryPence > 0 && offDelivery >= deliveryPence) delivery.spendForFreeIncVat = null;

  // VAT is worked out per line, once (docs/domain.md §1), as an order change works it out too.
  const goods = available.map((line) => {
    const code = vatRateCodes.get(line.sku);
    if (code === undefined) throw new Error(`No VAT rate named for ${line.sku}`);
    const rate = vatRateOf(list, code);
    return { rate: rate.code, basisPoints: rate.basisPoints, grossPence: line.lineTotalIncVat, netPence: line.lineTotalExVat };
  });
  const deliveryGross = deliveryPence - (discount - goodsDiscount);
  const vat = vatPerLine(goods, goodsDiscount, { rate: deliveryVat.code, basisPoints: deliveryVat.basisPoints, grossPence: deliveryGross }).map((entry) => ({
    rateCode: entry.rate,
    basisPoints: entry.basisPoints,
    grossPence: entry.grossPence,
    vatPence: entry.vatPence,
    netPence: entry.netPence,
  }));
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
