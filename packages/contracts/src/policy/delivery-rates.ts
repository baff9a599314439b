/**
 * What delivery costs and how long it takes on mainland Great Britain (docs/domain.md §4.1, *shop
 * figures*): the delivery module prices and dates by these, and the storefront's promo bar, home,
 * basket, help and legal pages state them. The remote zones' surcharges are `delivery-zones.ts`.
 * Money is integer pence inc VAT.
 */
import type { DELIVERY_OPTION_CODES } from '../enumerations.ts';

type DeliveryOptionCode = (typeof DELIVERY_OPTION_CODES)[number];

export interface DeliveryRate {
  pricePence: number;
  /** Free when the goods, after any discount, come to at least this much (§4.2). */
  freeFromPence?: number;
  /** Working days after dispatch: earliest and latest. */
  leadDays?: readonly [number, number];
}

export const DELIVERY_RATES: Readonly<Record<DeliveryOptionCode, DeliveryRate>> = {
  standard: { pricePence: 495, freeFromPence: 5_000, leadDays: [2, 4] },
  next_day: { pricePence: 695, leadDays: [1, 1] },
  specific_day: { pricePence: 995 },
  saturday: { pricePence: 1_995 },
  large_kerbside: { pricePence: 2_995, freeFromPence: 49_900, leadDays: [3, 5] },
  two_person: { pricePence: 5_995, leadDays: [5, 10] },
  click_collect: { pricePence: 0 },
};

/** Pallet-sized goods take longer on the kerbside service. */
export const PALLET_LEAD_DAYS: readonly [number, number] = [5, 10];
/** London time by which a working day's orders leave that day (next day, and a specific day's day before). */
export const NEXT_DAY_CUT_OFF = '14:00';
/** London time on the working day before a Saturday by which Saturday delivery is ordered. */
export const SATURDAY_CUT_OFF = '12:00';
/** A specific day is a weekday this many days ahead, fewest and most. */
export const SPECIFIC_DAY_WINDOW: readonly [number, number] = [2, 21];

/** Standard parcels deliver free from this basket value. */
export const FREE_PARCEL_DELIVERY_THRESHOLD = DELIVERY_RATES.standard.freeFromPence!;
/** Large and pallet items deliver free from this basket value. */
export const FREE_LARGE_DELIVERY_THRESHOLD = DELIVERY_RATES.large_kerbside.freeFromPence!;
