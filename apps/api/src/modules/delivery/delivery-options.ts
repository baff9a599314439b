/**
 * Which delivery options apply to an item, what they cost and when they can arrive
 * (docs/domain.md §4). Prices, free-delivery thresholds, lead times and cut-offs are the shop's
 * policy (`@shop/contracts`, `policy/delivery-rates.ts`); this file adds the words and who may use
 * each option. Pure functions, no I/O.
 */
import {
  addDays,
  addWorkingDays,
  dispatchDay,
  formatLondon,
  londonDateTime,
  londonInstant,
  previousWorkingDay,
  workingCalendar,
  workingDayOnOrAfter,
  type IsoDate,
  type WorkingCalendar,
} from './delivery-calendar.ts';
import type { DeliveryZone, HolidayRegion } from './postcode.ts';
import {
  DELIVERY_OPTION_CODES,
  DELIVERY_RATES,
  DELIVERY_ZONE_RULES,
  NEXT_DAY_CUT_OFF,
  PALLET_LEAD_DAYS,
  SATURDAY_CUT_OFF,
  SPECIFIC_DAY_WINDOW,
  type DeliveryZoneRule,
} from '@shop/contracts';
import { COLLECTION_BRANCH } from './branches.ts';
import { branchFacts, readyToCollect, type Collection } from './collection.ts';

export type { Collection };

export type DeliveryOptionCode = (typeof DELIVERY_OPTION_CODES)[number];
export type DeliveryClass = 'parcel' | 'large' | 'pallet' | 'two_man_eligible';
export type StockState = 'in_stock' | 'low_stock' | 'made_to_order' | 'out_of_stock';

interface OptionFacts {
  code: DeliveryOptionCode;
  name: string;
  description: string;
}

export interface AvailableOption extends OptionFacts {
  available: true;
  priceIncVat: number;
  earliestDate: IsoDate;
  latestDate?: IsoDate;
  cutOff?: string;
  collection?: Collection;
}

/** An option that cannot be had says why, and has no price: there is nothing to pay for. */
export interface UnavailableOption extends OptionFacts {
  available: false;
  priceIncVat: null;
  earliestDate: null;
  unavailableReason: string;
}

export type DeliveryOption = AvailableOption | UnavailableOption;

interface Rate {
  name: string;
  description: string;
  /** Pence inc VAT. */
  price: number;
  /** Free when the goods come to at least this much (pence inc VAT). */
  freeFrom?: number;
  /** Working days after dispatch: earliest and latest. */
  leadDays?: readonly [number, number];
  classes: readonly DeliveryClass[];
  /** Needs the goods on the shelf now. */
  needsStock?: boolean;
}

/** The policy's figures under the names this module has always priced by. */
const policy = (code: DeliveryOptionCode) => {
  const rate = DELIVERY_RATES[code];
  return { price: rate.pricePence, freeFrom: rate.freeFromPence, leadDays: rate.leadDays };
};

/** docs/domain.md §4.1, mainland GB, inc VAT. */
export const RATES: Readonly<Record<DeliveryOptionCode, Rate>> = {
  standard: {
    ...policy('standard'),
    name: 'Standard delivery',
    description: `Delivered in ${DELIVERY_RATES.standard.leadDays!.join('–')} working days.`,
    classes: ['parcel'],
  },
  next_day: {
    ...policy('next_day'),
    name: 'Next working day',
    description: `Order by ${NEXT_DAY_CUT_OFF} Monday to Friday for delivery the next working day.`,
    classes: ['parcel'],
    needsStock: true,
  },
  specific_day: {
    ...policy('specific_day'),
    name: 'Specific day (Mon–Fri)',
    description: `Choose a weekday ${SPECIFIC_DAY_WINDOW.join('–')} days ahead; order by ${NEXT_DAY_CUT_OFF} the working day before.`,
    classes: ['parcel', 'large'],
  },
  saturday: {
    ...policy('saturday'),
    name: 'Saturday delivery',
    description: `Order by ${SATURDAY_CUT_OFF} Friday for delivery on Saturday.`,
    classes: ['parcel', 'large'],
    needsStock: true,
  },
  large_kerbside: {
    ...policy('large_kerbside'),
    name: 'Standard large item (kerbside)',
    description: 'Delivered to the kerbside only: have two people ready to unload, and access for a 7.5 t or 18 t vehicle.',
    classes: ['large', 'pallet', 'two_man_eligible'],
  },
  two_person: {
    ...policy('two_person'),
    name: 'Two-person delivery, room of choice',
    description: 'Two people carry it to a room of your choice on the ground or first floor, in a booked slot. No installation or packaging removal.',
    classes: ['two_man_eligible'],
  },
  click_collect: {
    ...policy('click_collect'),
    name: 'Click & collect (trade counter)',
    description: `Collect from the ${COLLECTION_BRANCH.name}: ready an hour after you order while it is open.`,
    classes: ['parcel', 'large', 'pallet', 'two_man_eligible'],
    needsStock: true,
  },
};

const [SPECIFIC_DAY_MIN, SPECIFIC_DAY_MAX] = SPECIFIC_DAY_WINDOW;

type ZoneRule = DeliveryZoneRule;

/** docs/domain.md §4.4: the remote zones' surcharges and limits, one constant the storefront says too. */
export const ZONE_RULES = DELIVERY_ZONE_RULES;

export interface OptionsInput {
  deliveryClass: DeliveryClass;
  stock: { status: StockState; eta: IsoDate | null };
  unitPriceIncVat: number;
  quantity: number;
  zone: DeliveryZone;
  region: HolidayRegion;
  now: Date;
}

export interface OptionsResult {
  options: DeliveryOption[];
  quoteOnly: boolean;
  notServed: boolean;
}

export function deliveryOptions(input: OptionsInput): OptionsResult {
  const zone = ZONE_RULES[input.zone];
  const quoteOnly = zone.quoteOnly === 'all' || (zone.quoteOnly?.includes(input.deliveryClass) ?? false);
  const notServed = zone.notServed ?? false;
  const calendar = workingCalendar(input.region);
  const inStock = input.stock.status === 'in_stock' || input.stock.status === 'low_stock';
  const goodsValue = input.unitPriceIncVat * input.quantity;
  const today = londonDateTime(input.now).date;
  // Goods not on the shelf leave when they arrive: the first working day on or after the eta.
  const readyDay = inStock ? null : input.stock.eta ? workingDayOnOrAfter(calendar, input.stock.eta > today ? input.stock.eta : today) : undefined;

  const options = DELIVERY_OPTION_CODES.filter((code) => RATES[code].classes.includes(input.deliveryClass)).map((code): DeliveryOption => {
    const rate = RATES[code];
    const base = rate.freeFrom !== undefined && goodsValue >= rate.freeFrom ? 0 : rate.price;
    const surcharge = code === 'click_collect' || !zone.surcharge ? 0 : input.deliveryClass === 'parcel' ? zone.surcharge.parcel : zone.surcharge.large;
    const facts = { code, name: rate.name, description: rate.description };
    const unavailable = (reason: string): UnavailableOption => ({
      ...facts,
      available: false,
      priceIncVat: null,
      earliestDate: null,
      unavailableReason: reason,
    });

    if (code !== 'click_collect') {
      if (notServed) return unavailable(`We do not deliver to ${zone.label}; click & collect is still open to you.`);
      if (quoteOnly) return unavailable(`Delivery of this item to ${zone.label} is by quotation: contact us for a price.`);
      if (zone.standardOnly && (code === 'next_day' || code === 'specific_day' || code === 'saturday' || code === 'two_person')) {
        return unavailable(`Our couriers take only standard deliveries to ${zone.label}.`);
      }
    }
    if (rate.needsStock && !inStock)
      return unavailable(`Needs the item in stock; it is ${input.stock.status === 'made_to_order' ? 'made to order' : 'out of stock'}.`);
    if (readyDay === undefined) return unavailable('Out of stock with no delivery date yet.');
    const when = timing(code, input, calendar, readyDay, zone);
    if (!when)
      return unavailable(
        code === 'click_collect'
          ? `The ${COLLECTION_BRANCH.name} is closed for the next two weeks.`
          : `No delivery day is open in the next ${SPECIFIC_DAY_MAX} days.`,
      );
    return { ...facts, available: true, priceIncVat: base + surcharge, ...when };
  });
  return { options, quoteOnly, notServed };
}

type Timing = Pick<AvailableOption, 'earliestDate' | 'latestDate' | 'cutOff' | 'collection'>;

/** When an option can come, or null when no day is open for it. */
function timing(code: DeliveryOptionCode, input: OptionsInput, calendar: WorkingCalendar, readyDay: IsoDate | null, zone: ZoneRule): Timing | null {
  const { now } = input;
  const today = londonDateTime(now).date;
  const dispatch = dispatchDay(calendar, now, NEXT_DAY_CUT_OFF);
  const leaves = readyDay && readyDay > dispatch.date ? readyDay : dispatch.date;
  const [extraMin, extraMax] = zone.extraDays ?? [0, 0];
  switch (code) {
    case 'next_day':
      return { earliestDate: addWorkingDays(calendar, dispatch.date, 1), cutOff: formatLondon(dispatch.cutOff) };
    case 'specific_day': {
      // A weekday 2–21 days ahead whose previous working day's 14:00 is still to come.
      const last = addDays(today, SPECIFIC_DAY_MAX);
      for (let day = addDays(today, SPECIFIC_DAY_MIN); day <= last; day = addDays(day, 1)) {
        if (!calendar.isWorkingDay(day)) continue;
        const before = previousWorkingDay(calendar, day);
        const cutOff = londonInstant(before, NEXT_DAY_CUT_OFF);
        if (cutOff > now && before >= leaves) return { earliestDate: day, latestDate: last, cutOff: formatLondon(cutOff) };
      }
      return null;
    }
    case 'saturday': {
      for (let day = addDays(today, 1); ; day = addDays(day, 1)) {
        if (new Date(`${day}T00:00:00Z`).getUTCDay() !== 6) continue;
        const cutOff = londonInstant(previousWorkingDay(calendar, day), SATURDAY_CUT_OFF);
        if (cutOff > now) return { earliestDate: day, cutOff: formatLondon(cutOff) };
      }
    }
    case 'click_collect': {
      const ready = readyToCollect(COLLECTION_BRANCH, now);
      if (!ready) return null;
      const collection = { branch: branchFacts(COLLECTION_BRANCH), readyFrom: formatLondon(ready.readyFrom) };
      return { earliestDate: londonDateTime(ready.readyFrom).date, ...(ready.orderBy ? { cutOff: formatLondon(ready.orderBy) } : {}), collection };
    }
    default: {
      const palletSized = code === 'large_kerbside' && input.deliveryClass !== 'large';
      const [min, max] = palletSized ? PALLET_LEAD_DAYS : (RATES[code].leadDays ?? [0, 0]);
      return { earliestDate: addWorkingDays(calendar, leaves, min + extraMin), latestDate: addWorkingDays(calendar, leaves, max + extraMax) };
    }
  }
}

/** The standard services: what an order gets unless the shopper pays for speed, a day or a carry-in. */
const STANDARD_SERVICES: readonly DeliveryOptionCode[] = ['standard', 'large_kerbside'];

/**
 * The option checkout starts with until the shopper chooses: the cheapest standard delivery that
 * can be had. Null when none can (an area served by quotation or not at all): the shopper chooses.
 */
export function suggestedOption(options: readonly DeliveryOption[]): AvailableOption | null {
  const standard = options.filter((option): option is AvailableOption => option.available && STANDARD_SERVICES.includes(option.code));
  return standard.toSorted((a, b) => a.priceIncVat - b.priceIncVat)[0] ?? null;
}
