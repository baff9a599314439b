/**
 * Delivery for a whole basket, sent as one consignment (pure). Each option is worked out per line
 * with the basket's goods total (free-delivery thresholds apply to the order, not the item), then
 * combined: the latest date of any line, the earliest cut-off, the largest surcharge, and
 * unavailable when any line cannot travel that way. Parcels ride along with a large-item service,
 * so a basin and its waste go together on the kerbside lorry.
 */
import { DELIVERY_OPTION_CODES } from '@shop/contracts';
import { addDays, formatLondon, londonDateTime, londonInstant, previousWorkingDay, workingCalendar, type IsoDate } from './delivery-calendar.ts';
import {
  deliveryOptions,
  RATES,
  suggestedOption,
  type AvailableOption,
  type DeliveryClass,
  type DeliveryOption,
  type DeliveryOptionCode,
  type StockState,
  type UnavailableOption,
} from './delivery-options.ts';
import type { DeliveryZone, HolidayRegion } from './postcode.ts';

export interface BasketDeliveryLine {
  sku: string;
  productName: string;
  deliveryClass: DeliveryClass;
  stock: { status: StockState; eta: IsoDate | null };
}

export interface BasketDeliveryInput {
  lines: readonly BasketDeliveryLine[];
  /** The goods total inc VAT after discounts, for free-delivery thresholds. */
  goodsIncVat: number;
  zone: DeliveryZone;
  region: HolidayRegion;
  now: Date;
}

export interface BasketDeliveryOptions {
  options: DeliveryOption[];
  quoteOnly: boolean;
  notServed: boolean;
  /** The option checkout starts with: the cheapest standard delivery (see `suggestedOption`). */
  suggested: DeliveryOptionCode | null;
}

/** Large-item services carry parcels too: a parcel line is then treated as the service's own class. */
const CARRIES_PARCELS: Partial<Record<DeliveryOptionCode, DeliveryClass>> = {
  large_kerbside: 'large',
  two_person: 'two_man_eligible',
  specific_day: 'large',
  saturday: 'large',
};

/** A line's options as one class travels (its own, or the class of the service it rides with). */
type LineOptions = (line: BasketDeliveryLine, deliveryClass: DeliveryClass) => ReturnType<typeof deliveryOptions>;

function lineOption(code: DeliveryOptionCode, line: BasketDeliveryLine, optionsOf: LineOptions): DeliveryOption | string {
  let deliveryClass = line.deliveryClass;
  if (!RATES[code].classes.includes(deliveryClass)) {
    const carrier = CARRIES_PARCELS[code];
    if (deliveryClass !== 'parcel' || !carrier) return `${line.productName} cannot go by ${RATES[code].name.toLowerCase()}.`;
    deliveryClass = carrier;
  }
  const option = optionsOf(line, deliveryClass).options.find((entry) => entry.code === code);
  if (!option) return `${line.productName} cannot go by ${RATES[code].name.toLowerCase()}.`;
  return option;
}

export function basketDeliveryOptions(input: BasketDeliveryInput): BasketDeliveryOptions {
  // Each line's options per class travelled, worked out once: every option code asks for them again (the calendar work is the cost).
  const worked = new Map<BasketDeliveryLine, Map<DeliveryClass, ReturnType<typeof deliveryOptions>>>();
  const optionsOf: LineOptions = (line, deliveryClass) => {
    const byClass = worked.get(line) ?? new Map<DeliveryClass, ReturnType<typeof deliveryOptions>>();
    worked.set(line, byClass);
    let result = byClass.get(deliveryClass);
    if (!result) {
      const { goodsIncVat: unitPriceIncVat, zone, region, now } = input;
      result = deliveryOptions({ deliveryClass, stock: line.stock, unitPriceIncVat, quantity: 1, zone, region, now });
      byClass.set(deliveryClass, result);
    }
    return result;
  };
  let quoteOnly = false;
  let notServed = false;
  for (const line of input.lines) {
    const result = optionsOf(line, line.deliveryClass);
    quoteOnly ||= result.quoteOnly;
    notServed ||= result.notServed;
  }
  const options = DELIVERY_OPTION_CODES.flatMap((code): DeliveryOption[] => {
    // Offered when some line travels that way itself (a parcel alone never books the kerbside lorry).
    if (!input.lines.some((line) => RATES[code].classes.includes(line.deliveryClass))) return [];
    const perLine = input.lines.map((line) => lineOption(code, line, optionsOf));
    const rate = RATES[code];
    const facts = { code, name: rate.name, description: rate.description };
    const refusal =
      perLine.find((entry) => typeof entry === 'string') ??
      perLine.find((entry): entry is UnavailableOption => typeof entry !== 'string' && !entry.available)?.unavailableReason;
    if (refusal) return [{ ...facts, available: false, priceIncVat: null, earliestDate: null, unavailableReason: refusal }];
    const usable = perLine as AvailableOption[];
    const earliestDate = usable
      .map((option) => option.earliestDate)
      .toSorted()
      .at(-1)!;
    const latest = usable
      .map((option) => option.latestDate)
      .filter((date): date is IsoDate => Boolean(date))
      .toSorted()
      .at(-1);
    const cutOff = usable
      .map((option) => option.cutOff)
      .filter((value): value is string => Boolean(value))
      .toSorted()
      .at(0);
    // Collected together: the order is ready when its last line is.
    const collection = usable
      .map((option) => option.collection)
      .filter((value) => value !== undefined)
      .toSorted((a, b) => Date.parse(a.readyFrom) - Date.parse(b.readyFrom))
      .at(-1);
    return [
      {
        ...facts,
        available: true,
        priceIncVat: Math.max(...usable.map((option) => option.priceIncVat)),
        earliestDate,
        ...(latest ? { latestDate: latest < earliestDate ? earliestDate : latest } : {}),
        ...(cutOff ? { cutOff } : {}),
        ...(collection ? { collection } : {}),
      },
    ];
  });
  return { options, quoteOnly, notServed, suggested: suggestedOption(options)?.code ?? null };
}

/** docs/domain.md §4.1: order by 14:00 the working day before. */
const SPECIFIC_DAY_CUT_OFF = '14:00';

export interface SpecificDay {
  date: IsoDate;
  available: boolean;
  priceIncVat: number;
  /** Order by this instant for this day. */
  cutOff: string | null;
}

/**
 * The specific-day calendar: every day from tomorrow to the last bookable one, each marked
 * available or not (weekends, bank holidays, too soon), for a date picker.
 */
export function specificDayCalendar(option: DeliveryOption, region: HolidayRegion, now: Date): SpecificDay[] {
  if (option.code !== 'specific_day' || !option.available || !option.latestDate) return [];
  const calendar = workingCalendar(region);
  const today = londonDateTime(now).date;
  const days: SpecificDay[] = [];
  for (let day = addDays(today, 1); day <= option.latestDate; day = addDays(day, 1)) {
    const open = day >= option.earliestDate && calendar.isWorkingDay(day);
    days.push({
      date: day,
      available: open,
      priceIncVat: option.priceIncVat,
      cutOff: open ? formatLondon(londonInstant(previousWorkingDay(calendar, day), SPECIFIC_DAY_CUT_OFF)) : null,
    });
  }
  return days;
}
