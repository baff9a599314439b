/**
 * The order as a delivery upgrade sees it: who may upgrade it and until when, the options delivery
 * quotes now for its address, contents and the courier's cut-offs (the order's own goods, bank
 * holidays and zones), which of them are upgrades and what each costs on top, and the upgrade as
 * the customer sees it. Prices come from here only: nothing a client sends is read as one.
 */
import { UPGRADABLE_STATUSES, type DeliveryUpgrade, type DeliveryUpgradeOption } from '@shop/contracts';
import type { CallerContext } from '../../platform/context.ts';
import type { AvailableOption, DeliveryOption, HolidayRegion, DeliveryOptionCode } from '../delivery/index.ts';
import type { ChangeableOrder, ChangeCaller } from '../orders/index.ts';
import type { DeliveryUpgradeDeps } from './delivery-upgrade.deps.ts';
import { DeliveryUpgradeErrors } from './delivery-upgrade.errors.ts';
import type { DeliveryUpgradeRow } from './delivery-upgrade.repository.ts';
import { upgradeOptions } from './delivery-upgrade-rules.ts';

export interface Quote {
  order: ChangeableOrder;
  region: HolidayRegion;
  /** Every option delivery has for the order now, upgrade or not (the specific-day calendar reads its own). */
  options: DeliveryOption[];
  /** The upgrades, each available or saying why not. */
  choices: DeliveryUpgradeOption[];
}

/** The caller's order (404 as an unknown one for anyone else), refused once dispatched or when collected. */
export async function quoteFor(deps: DeliveryUpgradeDeps, ctx: ChangeCaller, orderNumber: string): Promise<Quote> {
  const order = await deps.orders.orderForChange(ctx, orderNumber);
  return quoteOrder(deps, ctx, order);
}

export async function quoteOrder(deps: DeliveryUpgradeDeps, ctx: CallerContext, order: ChangeableOrder): Promise<Quote> {
  if (!UPGRADABLE_STATUSES.includes(order.status)) throw DeliveryUpgradeErrors.tooLate(order.orderNumber, order.status);
  if (order.delivery.code === 'click_collect' || !order.deliveryAddress) throw DeliveryUpgradeErrors.collected();
  const parsed = deps.delivery.parsePostcode(order.deliveryAddress.postcode);
  if (!parsed.ok) throw DeliveryUpgradeErrors.collected();
  const offerings = await deps.catalogue.findSellableOfferings(
    { db: ctx.db },
    order.lines.map((line) => line.sku),
    { heldBy: order.basketId },
  );
  const goods = order.lines.reduce((sum, line) => sum + line.quantity * line.unitPriceIncVat, 0);
  const region = deps.delivery.holidayRegionOf(parsed.postcode);
  const { options } = deps.delivery.basketDeliveryOptions({
    // The order's goods are set aside for it already: only a made-to-order item waits to be made.
    lines: order.lines.map((line) => {
      const offering = offerings.get(line.sku);
      const madeToOrder = offering?.stockStatus === 'made_to_order';
      return {
        sku: line.sku,
        productName: line.productName,
        deliveryClass: offering?.deliveryClass ?? 'parcel',
        stock: { status: madeToOrder ? ('made_to_order' as const) : ('in_stock' as const), eta: null },
      };
    }),
    goodsIncVat: Math.max(0, goods - order.discountPence),
    zone: deps.delivery.zoneOf(parsed.postcode),
    region,
    now: ctx.clock.now(),
  });
  const current = { code: order.delivery.code as DeliveryOptionCode, priceIncVat: order.deliveryPence };
  return { order, region, options, choices: upgradeOptions(current, options) };
}

/** The specific-day option as delivery quotes it now, when it is one of the order's upgrades. */
export const specificDayOption = (quote: Quote): AvailableOption | undefined =>
  quote.choices.some((choice) => choice.code === 'specific_day' && choice.available)
    ? (quote.options.find((option) => option.code === 'specific_day' && option.available) as AvailableOption | undefined)
    : undefined;

/** Is the day still open for specific-day delivery (cut-offs, weekends, bank holidays)? */
export function dayIsOpen(deps: DeliveryUpgradeDeps, ctx: CallerContext, quote: Quote, date: string): boolean {
  const option = specificDayOption(quote);
  if (!option) return false;
  return deps.delivery.specificDayCalendar(option, quote.region, ctx.clock.now()).some((day) => day.date === date && day.available);
}

/**
 * Does the choice saved on the upgrade still hold for the order as it is now: the same version, the
 * option still an upgrade at the same price, its day still open? When not, the customer chooses again.
 */
export function choiceStillHolds(deps: DeliveryUpgradeDeps, ctx: CallerContext, quote: Quote, row: DeliveryUpgradeRow): boolean {
  if (row.orderVersion !== quote.order.version || !row.optionCode) return false;
  const choice = quote.choices.find((entry) => entry.code === row.optionCode);
  if (!choice?.available || choice.priceIncVat !== row.pricePence || choice.differencePence !== row.differencePence) return false;
  return row.deliveryDate === null || dayIsOpen(deps, ctx, quote, row.deliveryDate);
}

/** Until when the delivery can be upgraded, in words. */
export const upgradeableUntil = (order: Pick<ChangeableOrder, 'status'>) => (UPGRADABLE_STATUSES.includes(order.status) ? 'until we dispatch it' : 'no longer');

export function present(quote: Quote, row: DeliveryUpgradeRow): DeliveryUpgrade {
  const { order } = quote;
  return {
    orderNumber: order.orderNumber,
    orderVersion: row.orderVersion,
    state: row.state,
    upgradeableUntil: upgradeableUntil(order),
    current: {
      code: order.delivery.code as DeliveryOptionCode,
      name: order.delivery.name,
      date: order.delivery.date,
      earliestDate: order.delivery.earliestDate,
      latestDate: order.delivery.latestDate,
      priceIncVat: order.deliveryPence,
    },
    options: quote.choices,
    selected:
      row.optionCode && row.optionName && row.pricePence !== null && row.differencePence !== null
        ? {
            code: row.optionCode as DeliveryOptionCode,
            name: row.optionName,
            date: row.deliveryDate,
            earliestDate: row.earliestDate,
            latestDate: row.latestDate,
            priceIncVat: row.pricePence,
            differencePence: row.differencePence,
          }
        : null,
    paidOnAccount: order.onAccount !== null,
    billingAddress: row.billingAddress,
    payment: row.paymentIntentRef && row.paymentPence !== null ? { intentId: row.paymentIntentRef, amountPence: row.paymentPence } : null,
  };
}
