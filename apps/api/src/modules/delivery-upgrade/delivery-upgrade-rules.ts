/**
 * Which deliveries count as an upgrade of an order's delivery, and what each costs on top (pure).
 * docs/domain.md §2.3: until dispatch the customer may move up, standard → next working day → a
 * named day (specific day, Saturday), and pays the difference; a named day may be moved to another.
 * What was paid for delivery stays paid: the difference is never below £0, and £0 completes without
 * a payment.
 */
import type { DeliveryUpgradeOption } from '@shop/contracts';
import type { DeliveryOption, DeliveryOptionCode } from '../delivery/index.ts';

/** Higher is faster or more certain; null is never a delivery to upgrade to (collecting from a branch). */
export const SERVICE_LEVELS: Readonly<Record<DeliveryOptionCode, number | null>> = {
  standard: 0,
  large_kerbside: 0,
  two_person: 0,
  next_day: 1,
  specific_day: 2,
  saturday: 2,
  click_collect: null,
};

/** Is going from `from` to `to` an upgrade? A named day may also be changed for another named day. */
export function isUpgrade(from: DeliveryOptionCode, to: DeliveryOptionCode): boolean {
  const was = SERVICE_LEVELS[from];
  const next = SERVICE_LEVELS[to];
  if (was === null || next === null || was === undefined || next === undefined) return false;
  if (next > was) return true;
  return next === 2 && was === 2 && (to !== from || to === 'specific_day');
}

/** What the new delivery costs on top of what was paid for delivery: never less than nothing. */
export const differenceOf = (priceIncVat: number, paidForDelivery: number): number => Math.max(0, priceIncVat - paidForDelivery);

/** The upgrades the order can have, each available or saying why not, with its price and the difference. */
export function upgradeOptions(current: { code: DeliveryOptionCode; priceIncVat: number }, options: readonly DeliveryOption[]): DeliveryUpgradeOption[] {
  return options
    .filter((option) => isUpgrade(current.code, option.code))
    .map((option) =>
      option.available
        ? {
            code: option.code,
            name: option.name,
            description: option.description,
            available: true,
            priceIncVat: option.priceIncVat,
            differencePence: differenceOf(option.priceIncVat, current.priceIncVat),
            earliestDate: option.earliestDate,
            latestDate: option.latestDate ?? null,
            cutOff: option.cutOff ?? null,
            unavailableReason: null,
          }
        : {
            code: option.code,
            name: option.name,
            description: option.description,
            available: false,
            priceIncVat: null,
            differencePence: null,
            earliestDate: null,
            latestDate: null,
            cutOff: null,
            unavailableReason: option.unavailableReason,
          },
    );
}
