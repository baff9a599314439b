/**
 * Reading and pricing a basket: its lines priced by pricing for the caller's price list, its
 * discount code judged by discounts against them, and the basket as the shopper sees it.
 */
import { SALES_CHANNELS, type Basket, type BasketLine, type BasketNotice } from '@shop/contracts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { SellableOffering } from '../catalogue/index.ts';
import type { AppliedDiscount, DiscountCheck, LoadedDiscount, SalesChannel } from '../discounts/index.ts';
import type { ChosenDelivery, PriceList, Pricing } from '../pricing/index.ts';
import { priceLine, type LineName, type StoredLine } from './basket-lines.ts';
import type { BasketRow } from './basket.repository.ts';
import type { BasketDeps as Deps } from './basket.deps.ts';

/** Lines as the caller sees them: each offering priced by the caller's price list. */
export const priceLines = (
  { pricing }: Deps,
  items: readonly StoredLine[],
  offerings: Map<string, SellableOffering>,
  list: PriceList,
  names?: ReadonlyMap<string, LineName>,
): BasketLine[] =>
  items.map((item) => {
    const offering = offerings.get(item.sku);
    return priceLine(item, offering && { offering, price: pricing.unitPrice(offering, list) }, names?.get(item.sku));
  });

/**
 * The names of the lines that cannot be sold (their product withdrawn, or the code no longer made): read from the
 * catalogue, which keeps the product, only when there are any, so a basket of goods on sale asks nothing more.
 */
export async function namesOfUnsold(
  { catalogue }: Pick<Deps, 'catalogue'>,
  db: Database,
  items: readonly StoredLine[],
  offerings: Map<string, SellableOffering>,
): Promise<ReadonlyMap<string, LineName>> {
  const unsold = items.filter((item) => !offerings.has(item.sku)).map((item) => item.sku);
  return unsold.length === 0 ? new Map() : catalogue.namesOf({ db }, unsold);
}

/** The VAT rate each offering's price was worked out with, as pricing's totals need it. */
const vatRateCodes = (offerings: Map<string, SellableOffering>) => new Map([...offerings.values()].map((offering) => [offering.sku, offering.vatRateCode]));

/** Trade-priced baskets are sold through the Trade Site; everything else through the Website. */
export const channelFor = (basketPricing: Pricing): SalesChannel => (basketPricing.tradePriced ? SALES_CHANNELS.TradeSite : SALES_CHANNELS.Website);

/** A code's redemption as the basket was priced: placing the order claims exactly this. */
export type CodeClaim = DiscountCheck & { amountPence: number };

export interface Priced {
  lines: BasketLine[];
  discount: Basket['discount'];
  totals: Basket['totals'];
  notices: BasketNotice[];
  /** Why the stored code no longer applies (null when it applies, or there is none). */
  refusal: AppError | null;
  claim: CodeClaim | null;
  /** The goods after goods discounts (never a delivery code's): what free-delivery thresholds count. */
  goodsIncVat: number;
}

/** The basket's code, read once: loaded for judging, or refused on reading (no longer known). Null without a code. */
export type StoredCode = { loaded: LoadedDiscount } | { refused: AppError } | null;

export async function loadCode({ discounts }: Deps, db: Database, row: BasketRow): Promise<StoredCode> {
  if (!row.discountCode) return null;
  try {
    return { loaded: await discounts.loadDiscount({ db }, row.discountCode, row.ownerId) };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { refused: error };
  }
}

/**
 * The priced lines' totals with the code judged against them, and with the delivery checkout chose in
 * place of the estimate: arithmetic only, so checkout can price a basket it read once.
 */
export function priceWith(
  { pricing }: Deps,
  row: BasketRow,
  lines: BasketLine[],
  facts: Map<string, SellableOffering>,
  list: PriceList,
  code: StoredCode,
  now: Date,
  delivery?: ChosenDelivery,
): Priced {
  const totalsOf = (discountPence: number, deliveryDiscountPence = 0) =>
    pricing.basketTotals({ lines, vatRateCodes: vatRateCodes(facts), discountPence, deliveryDiscountPence, chosenDelivery: delivery }, list);
  const notices: BasketNotice[] = [];
  let applied: { check: DiscountCheck; discount: AppliedDiscount } | null = null;
  let refusal: AppError | null = null;
  if (row.discountCode && code) {
    try {
      if ('refused' in code) throw code.refused;
      const check = discountCheck(row, row.discountCode, lines, facts, list.pricing, totalsOf(0).delivery?.priceIncVat ?? 0);
      applied = { check, discount: code.loaded.judge(check, now) };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      refusal = error;
      notices.push({
        type: 'discount_removed',
        code: row.discountCode,
        reason: error.code,
        message: `The code ${row.discountCode} no longer applies: ${error.message}`,
      });
    }
  }
  const totals = totalsOf(applied?.discount.discountPence ?? 0, applied?.discount.deliveryDiscountPence ?? 0);
  const discount = row.discountCode
    ? {
        code: row.discountCode,
        description: applied?.discount.description ?? '',
        discountIncVat: applied ? totals.discountIncVat : 0,
        applies: applied !== null,
      }
    : null;
  const claim = applied && { ...applied.check, amountPence: totals.discountIncVat };
  // Free-delivery thresholds count the goods after goods discounts: a delivery code takes nothing off them.
  const goodsDiscount = applied ? Math.max(0, applied.discount.discountPence - applied.discount.deliveryDiscountPence) : 0;
  const goodsIncVat = totals.subtotalIncVat - Math.min(totals.subtotalIncVat, goodsDiscount);
  return { lines, discount, totals, notices, refusal, claim, goodsIncVat };
}

export async function price(
  deps: Deps,
  db: Database,
  row: BasketRow,
  stored: readonly StoredLine[],
  list: PriceList,
  now: Date,
  offerings?: Map<string, SellableOffering>,
): Promise<Priced> {
  const facts =
    offerings ??
    (await deps.catalogue.findSellableOfferings(
      { db },
      stored.map((line) => line.sku),
      { heldBy: row.id },
    ));
  const names = await namesOfUnsold(deps, db, stored, facts);
  return priceWith(deps, row, priceLines(deps, stored, facts, list, names), facts, list, await loadCode(deps, db, row), now);
}

export function present(row: BasketRow, priced: Priced, basketPricing: Pricing, notices: BasketNotice[]): Basket {
  return {
    basketId: row.id,
    version: row.version,
    owner: row.ownerId ? 'shopper' : 'guest',
    channel: channelFor(basketPricing),
    pricing: basketPricing,
    lines: priced.lines,
    discount: priced.discount,
    totals: priced.totals,
    notices: [...notices, ...priced.notices],
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the discounts module needs to judge a code against this basket: its available lines, channel and delivery. */
function discountCheck(
  row: BasketRow,
  code: string,
  lines: readonly BasketLine[],
  offerings: Map<string, SellableOffering>,
  basketPricing: Pricing,
  deliveryPence: number,
): DiscountCheck {
  return {
    code,
    channel: channelFor(basketPricing),
    customerId: row.ownerId,
    isTradePriced: basketPricing.tradePriced,
    lines: lines
      .filter((line) => line.available)
      .map((line) => {
        const offering = offerings.get(line.sku)!;
        return {
          sku: line.sku,
          productId: offering.productId,
          categoryId: offering.categoryId,
          brandId: offering.brandId,
          quantity: line.quantity,
          lineTotalPence: line.lineTotalIncVat,
        };
      }),
    deliveryPence,
  };
}
