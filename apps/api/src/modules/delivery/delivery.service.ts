import { basketDeliveryOptions, specificDayCalendar, type BasketDeliveryInput, type BasketDeliveryOptions, type SpecificDay } from './basket-delivery.ts';
import { collectionText } from './collection.ts';
import { addWorkingHours } from './delivery-calendar.ts';
import {
  deliveryOptions,
  suggestedOption,
  type AvailableOption,
  type Collection,
  type DeliveryOption,
  type OptionsInput,
  type OptionsResult,
} from './delivery-options.ts';
import { holidayRegionOf, parsePostcode, zoneOf, type HolidayRegion, type DeliveryZone, type Postcode, type PostcodeResult } from './postcode.ts';

/**
 * Delivery's rules: options, prices and dates for goods of a delivery class to a postcode's zone,
 * working days per UK nation. They know nothing of products or stock, which callers pass in: the
 * catalogue (a product's options, the next-day facet), the basket and checkout. Pure: no storage, so
 * no context.
 */
export interface DeliveryService {
  /** The options for goods of one delivery class, available or not, with prices and dates. */
  deliveryOptions(input: OptionsInput): OptionsResult;
  /** The option checkout starts with: the cheapest standard delivery. */
  suggestedOption(options: readonly DeliveryOption[]): AvailableOption | null;
  /** The options one basket can have: every line must be able to go by an option for the basket to. */
  basketDeliveryOptions(input: BasketDeliveryInput): BasketDeliveryOptions;
  /** The specific-day option's calendar: each day from tomorrow to the last bookable one, open or not. */
  specificDayCalendar(option: DeliveryOption, region: HolidayRegion, now: Date): SpecificDay[];
  /** Where a collected order waits and from when (without it, `when: false`, once it is there), in words for an e-mail. */
  collectionText(collection: Collection, options?: { when: boolean }): string;
  /** A typed postcode, checked and normalised, or why it is not one. */
  parsePostcode(input: string): PostcodeResult;
  zoneOf(postcode: Pick<Postcode, 'area' | 'district'>): DeliveryZone;
  /** Whose bank holidays apply at a postcode (England and Wales without one). */
  holidayRegionOf(postcode: Pick<Postcode, 'area'> | null): HolidayRegion;
  /** The instant so many office hours (weekdays 09:00–17:00 London, bank holidays closed) after `from`. */
  addWorkingHours(from: Date, hours: number): Date;
}

export function createDeliveryService(): DeliveryService {
  return {
    deliveryOptions,
    suggestedOption,
    basketDeliveryOptions,
    specificDayCalendar,
    collectionText,
    parsePostcode,
    zoneOf,
    holidayRegionOf,
    addWorkingHours,
  };
}
