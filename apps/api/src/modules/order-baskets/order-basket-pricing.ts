/**
 * An order basket as the customer sees it at every step: the order's lines after the changes (the
 * rules file's arithmetic), added items at today's price for the caller (prices sent by a client are
 * never read), delivery quoted again for the new contents and address (zones, bank holidays), the
 * order's code weighed again by its terms, VAT, and the difference to pay or to refund.
 */
import { AMENDABLE_STATUSES, type Address, type OrderBasket, type OrderModificationType } from '@shop/contracts';
import type { CallerContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { SellableOffering } from '../catalogue/index.ts';
import type { AvailableOption } from '../delivery/index.ts';
import type { AppliedDiscount, SalesChannel } from '../discounts/index.ts';
import type { ChangeableOrder } from '../orders/index.ts';
import type { OrderBasketsDeps } from './order-baskets.deps.ts';
import type { OrderBasketChangeRow, OrderBasketRow } from './order-baskets.repository.ts';
import {
  DELIVERY_VAT_BASIS_POINTS,
  difference,
  figuresOf,
  linesAfter,
  settlement,
  unitsAdded,
  type AddedOffering,
  type BasketLineAfter,
  type Figures,
  type OrderLineFact,
  type RecordedChange,
} from './order-basket-rules.ts';

export interface PricedOrderBasket {
  view: OrderBasket;
  lines: BasketLineAfter[];
  offerings: Map<string, SellableOffering>;
  after: Figures;
  chargePence: number;
  refundPence: number;
  /** Why it cannot be completed as it stands (a delivery no longer possible), or null. */
  blocked: AppError | null;
}

export const recorded = (changes: readonly OrderBasketChangeRow[]): RecordedChange[] =>
  changes.map((change) => ({ modificationType: change.modificationType as OrderModificationType, sku: change.sku, quantity: change.quantity }));

export function orderLineFacts(
  order: ChangeableOrder,
  offerings: Map<string, SellableOffering>,
  rates: ReadonlyMap<string, { basisPoints: number }>,
): OrderLineFact[] {
  return order.lines.map((line) => ({ ...line, vatBasisPoints: basisPointsOf(offerings.get(line.sku), rates) }));
}

const basisPointsOf = (offering: SellableOffering | undefined, rates: ReadonlyMap<string, { basisPoints: number }>) =>
  (offering && rates.get(offering.vatRateCode)?.basisPoints) ?? DELIVERY_VAT_BASIS_POINTS;

export async function priceOrderBasket(
  deps: OrderBasketsDeps,
  ctx: CallerContext,
  order: ChangeableOrder,
  basket: OrderBasketRow,
  changes: readonly OrderBasketChangeRow[],
): Promise<PricedOrderBasket> {
  const skus = [...new Set([...order.lines.map((line) => line.sku), ...changes.flatMap((change) => (change.sku ? [change.sku] : []))])];
  const [offerings, list] = await Promise.all([
    deps.catalogue.findSellableOfferings({ db: ctx.db }, skus, { heldBy: order.basketId }),
    deps.pricing.priceListFor(ctx),
  ]);
  const facts = orderLineFacts(order, offerings, list.vatRates);
  const history = recorded(changes);
  const added = new Map<string, AddedOffering>();
  for (const sku of unitsAdded(facts, history).keys()) {
    const offering = offerings.get(sku);
    if (!offering) continue;
    added.set(sku, {
      sku,
      productName: offering.productName,
      label: offering.label,
      unitPriceIncVat: deps.pricing.unitPrice(offering, list).incVat,
      vatBasisPoints: basisPointsOf(offering, list.vatRates),
    });
  }
  const lines = linesAfter(facts, history, added);
  const notices: OrderBasket['notices'] = [];
  const paidPence = order.capturedPence - order.refundedPence;
  // The order's lines as they stand: no change made to them.
  const before = figuresOf(linesAfter(facts, [], new Map()), { goodsPence: order.discountPence, deliveryPence: 0 }, order.deliveryPence);
  const address: Address | null = basket.deliveryAddress ?? order.deliveryAddress;
  let delivery = { code: order.delivery.code, name: order.delivery.name, priceIncVat: order.deliveryPence };
  let discount: OrderBasket['discount'] = order.discountCode ? { code: order.discountCode, applies: order.discountPence > 0, explanation: null } : null;
  let after = before;
  let blocked: AppError | null = null;
  if (changes.length > 0) {
    const goods = lines.reduce((sum, line) => sum + line.lineTotalIncVat, 0);
    let applied: AppliedDiscount | null = null;
    if (order.discountCode) {
      try {
        applied = await deps.discounts.reevaluateOrderClaim({ db: ctx.db }, order.id, {
          channel: order.channel as SalesChannel,
          isTradePriced: order.tradePriced,
          lines: lines.flatMap((line) => {
            const offering = offerings.get(line.sku);
            if (!offering || line.quantity === 0) return [];
            return [
              {
                sku: line.sku,
                productId: offering.productId,
                categoryId: offering.categoryId,
                brandId: offering.brandId,
                quantity: line.quantity,
                lineTotalPence: line.lineTotalIncVat,
              },
            ];
          }),
          deliveryPence: delivery.priceIncVat,
        });
        discount = { code: order.discountCode, applies: (applied?.discountPence ?? order.discountPence) > 0, explanation: null };
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        // Explained, not silently dropped: the customer sees why before completing.
        const explanation = `The code ${order.discountCode} no longer applies to the changed order: ${error.message}`;
        discount = { code: order.discountCode, applies: false, explanation };
        notices.push({ code: 'discount_removed', message: explanation });
        applied = {
          code: order.discountCode,
          promotionCode: order.discountCode,
          issueCode: null,
          description: '',
          discountPence: 0,
          lineDiscounts: [],
          deliveryDiscountPence: 0,
        };
      }
    }
    const goodsDiscount = applied ? applied.discountPence - applied.deliveryDiscountPence : order.discountPence;
    if (order.delivery.code !== 'click_collect' && address) {
      const quoted = quoteDelivery(deps, ctx, order, address, lines, offerings, Math.max(0, goods - goodsDiscount));
      if (quoted instanceof AppError) blocked = quoted;
      else {
        if (quoted.code !== delivery.code)
          notices.push({ code: 'delivery_option_changed', message: `${delivery.name} is not possible for the changed order: it will go by ${quoted.name}.` });
        delivery = quoted;
      }
    }
    after = figuresOf(
      lines.filter((line) => line.quantity > 0),
      { goodsPence: goodsDiscount, deliveryPence: applied?.deliveryDiscountPence ?? 0 },
      delivery.priceIncVat,
    );
  }
  const { chargePence, refundPence } = settlement(paidPence, after.totalIncVat);
  const beforeShown = { ...before, totalIncVat: paidPence };
  const view: OrderBasket = {
    orderNumber: order.orderNumber,
    orderVersion: basket.orderVersion,
    tradePriced: order.tradePriced,
    expiresAt: basket.expiresAt.toISOString(),
    changeableUntil: AMENDABLE_STATUSES.includes(order.status) ? 'until we start picking it' : 'no longer',
    lines: lines.map(({ sku, productName, label, quantityBefore, quantity, unitPriceIncVat, lineTotalIncVat, unitPriceExVat, lineTotalExVat, change }) => ({
      sku,
      productName,
      label,
      quantityBefore,
      quantity,
      unitPriceIncVat,
      lineTotalIncVat,
      unitPriceExVat,
      lineTotalExVat,
      change,
    })),
    deliveryAddress: address,
    deliveryAddressChanged: basket.deliveryAddress !== null,
    delivery,
    discount,
    changes: changes.map((change) => ({
      modificationType: change.modificationType as 1 | 2 | 3,
      sku: change.sku,
      quantity: change.quantity,
      at: change.at.toISOString(),
    })),
    before: beforeShown,
    after,
    difference: difference(beforeShown, after),
    paidPence,
    paidOnAccount: order.onAccount !== null,
    toPayPence: chargePence,
    toRefundPence: refundPence,
    notices: blocked ? [...notices, { code: blocked.code, message: blocked.message }] : notices,
  };
  return { view, lines, offerings, after, chargePence, refundPence, blocked };
}

/** The order's delivery option quoted again for the new address and contents; the cheapest standard one if it is no longer possible. */
function quoteDelivery(
  deps: OrderBasketsDeps,
  ctx: CallerContext,
  order: ChangeableOrder,
  address: Address,
  lines: readonly BasketLineAfter[],
  offerings: Map<string, SellableOffering>,
  goodsIncVat: number,
): { code: string; name: string; priceIncVat: number } | AppError {
  const parsed = deps.delivery.parsePostcode(address.postcode);
  if (!parsed.ok) return new AppError(422, 'ORDER_BASKET_DELIVERY_UNAVAILABLE', parsed.reason);
  const options = deps.delivery.basketDeliveryOptions({
    lines: lines
      .filter((line) => line.quantity > 0)
      .map((line) => {
        const offering = offerings.get(line.sku);
        return {
          sku: line.sku,
          productName: line.productName,
          deliveryClass: offering?.deliveryClass ?? 'parcel',
          stock: { status: offering?.stockStatus === 'made_to_order' ? ('made_to_order' as const) : ('in_stock' as const), eta: null },
        };
      }),
    goodsIncVat,
    zone: deps.delivery.zoneOf(parsed.postcode),
    region: deps.delivery.holidayRegionOf(parsed.postcode),
    now: ctx.clock.now(),
  });
  const same = options.options.find((option): option is AvailableOption => option.code === order.delivery.code && option.available);
  const chosen = same ?? deps.delivery.suggestedOption(options.options);
  if (!chosen)
    return new AppError(422, 'ORDER_BASKET_DELIVERY_UNAVAILABLE', 'We cannot deliver the changed order to this address. Change the items or the address.');
  return { code: chosen.code, name: chosen.name, priceIncVat: chosen.priceIncVat };
}
