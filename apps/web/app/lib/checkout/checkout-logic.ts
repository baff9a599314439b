import { londonClock, londonWeekdayName, type Address, type Checkout, type Collection } from '@shop/contracts';
import { COLLECT_FROM, collectionPlace, isCollecting, openingHoursLines, readyText } from './click-collect.ts';

/** The checkout's numbered sections, in the order they open. */
export const CHECKOUT_SECTIONS = ['contact', 'delivery_address', 'delivery_option', 'billing', 'payment'] as const;
export type CheckoutSection = (typeof CHECKOUT_SECTIONS)[number];

export const SECTION_TITLES: Record<CheckoutSection, string> = {
  contact: 'Your details',
  delivery_address: 'Delivery address',
  delivery_option: 'Delivery',
  billing: 'Billing',
  payment: 'Payment',
};

/** A section's title: the address step is the collection when the order is collected from the trade counter. */
export function sectionTitle(section: CheckoutSection, collecting: boolean): string {
  return section === 'delivery_address' && collecting ? 'Collection' : SECTION_TITLES[section];
}

/** The basket the checkout works on: a signed-in shopper's own (`mine`), else the guest basket's id. */
export function checkoutBasketId(signedIn: boolean, guestBasketId: string | null | undefined): string | null {
  if (signedIn) return 'mine';
  return guestBasketId ?? null;
}

/**
 * Which sections the checkout already holds (payment is never "done": paying ends the checkout).
 * An order collected from the trade counter needs no delivery address. The delivery option the
 * checkout suggests is not done until the shopper chooses it (or another).
 */
export function doneSections(checkout: Pick<Checkout, 'contact' | 'delivery' | 'deliveryOption' | 'billing'>): Set<CheckoutSection> {
  const done = new Set<CheckoutSection>();
  if (checkout.contact) done.add('contact');
  if (checkout.delivery || isCollecting(checkout.deliveryOption)) done.add('delivery_address');
  if (checkout.deliveryOption?.chosen) done.add('delivery_option');
  if (checkout.billing) done.add('billing');
  return done;
}

/** The open section: the one being edited, else the first not done (sections open in turn). */
export function openSection(done: ReadonlySet<CheckoutSection>, editing: CheckoutSection | null): CheckoutSection {
  if (editing) return editing;
  return CHECKOUT_SECTIONS.find((section) => !done.has(section)) ?? 'payment';
}

/** The contact's full name, to start an address with ('' before the contact step is done). */
export const contactName = (contact: Checkout['contact']): string => (contact ? `${contact.firstName} ${contact.lastName}` : '');

/** An address on one line, for a finished section's summary. */
export function addressLine(address: Address): string {
  return [address.company, address.line1, address.line2, address.town, address.county, address.postcode].filter((part) => part && part.trim()).join(', ');
}

const dayFormat = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
const shortDayFormat = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });

const utcDay = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);

/** `2026-11-24` → `Tuesday 24 November`. */
export const formatDay = (isoDate: string) => dayFormat.format(utcDay(isoDate));
/** `2026-11-24` → `Tue 24 Nov`. */
export const formatShortDay = (isoDate: string) => shortDayFormat.format(utcDay(isoDate));

/** When a delivery arrives: one day, a window, or nothing known yet. */
export function deliveryWindow(window: { date?: string | null; earliestDate?: string | null; latestDate?: string | null }): string | null {
  if (window.date) return formatDay(window.date);
  if (!window.earliestDate) return null;
  if (!window.latestDate || window.latestDate === window.earliestDate) return formatDay(window.earliestDate);
  return `${formatShortDay(window.earliestDate)} – ${formatShortDay(window.latestDate)}`;
}

type DeliveryWhen = Parameters<typeof deliveryWindow>[0] & { code: string; collection?: Collection | null };

/**
 * When the order comes, in words: `Ready to collect from 2pm today` at the branch, `Arrives …`
 * delivered; null when not known. `now` words today and tomorrow; null names the day (for a record).
 */
export function whenText(option: DeliveryWhen, now: Date | null = new Date()): string | null {
  if (option.collection) return readyText(option.collection.readyFrom, now);
  const when = deliveryWindow(option);
  if (!when) return null;
  return `${isCollecting(option) ? 'Ready' : 'Arrives'} ${when}`;
}

/** Where the order goes, as the review says it: the branch when collecting, else the delivery address (null until given). */
export function deliveryPlace(checkout: Pick<Checkout, 'delivery' | 'deliveryOption'>): string | null {
  if (isCollecting(checkout.deliveryOption)) return checkout.deliveryOption?.collection ? collectionPlace(checkout.deliveryOption.collection) : COLLECT_FROM;
  return checkout.delivery ? addressLine(checkout.delivery.address) : null;
}

/** A cut-off instant as the shopper reads it: `Order by 2:00 pm Monday`. */
export function cutOffText(cutOff: string | null | undefined): string | null {
  if (!cutOff) return null;
  const when = new Date(cutOff);
  if (Number.isNaN(when.getTime())) return null;
  return `Order by ${londonClock(when)} ${londonWeekdayName(when)}`;
}

export interface CalendarDay {
  date: string;
  available: boolean;
  priceIncVat: number;
  cutOff: string | null;
}

/**
 * The calendar's days laid out in weeks from Monday, with `null` for the blanks before the first
 * day and after the last, so a grid of seven columns lines up.
 */
export function calendarWeeks(days: readonly CalendarDay[]): (CalendarDay | null)[][] {
  if (days.length === 0) return [];
  const mondayOffset = (utcDay(days[0]!.date).getUTCDay() + 6) % 7;
  const cells: (CalendarDay | null)[] = [...Array.from({ length: mondayOffset }, () => null), ...days];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (CalendarDay | null)[][] = [];
  for (let start = 0; start < cells.length; start += 7) weeks.push(cells.slice(start, start + 7));
  return weeks;
}

/**
 * Where an arrow key (or Home/End) moves the focus in the day picker: by a day or a week, to the
 * nearest open day in that direction; the same index when there is none.
 */
export function moveInCalendar(days: readonly CalendarDay[], from: number, key: string): number {
  const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 }[key];
  if (key === 'Home') return firstAvailable(days, 0, 1) ?? from;
  if (key === 'End') return firstAvailable(days, days.length - 1, -1) ?? from;
  if (step === undefined) return from;
  let index = from + step;
  while (index >= 0 && index < days.length) {
    if (days[index]!.available) return index;
    index += Math.sign(step);
  }
  return from;
}

function firstAvailable(days: readonly CalendarDay[], start: number, direction: 1 | -1): number | undefined {
  for (let index = start; index >= 0 && index < days.length; index += direction) if (days[index]!.available) return index;
  return undefined;
}

/** The card frame's starting height until it reports its own (no jump as it loads). */
export const CARD_FRAME_HEIGHT = 300;

/** The card frame's height for the content height it reports, with room for its focus rings (never shorter than at the start). */
export const cardFrameHeight = (reported: number | undefined) => (reported ? Math.max(CARD_FRAME_HEIGHT, reported + 48) : CARD_FRAME_HEIGHT);

/** The card frame's messages (apps/api/src/modules/payments/sandbox-pages.ts), from the frame's origin only. */
export type SandboxMessage =
  | { type: 'ready'; intentId: string; height?: number }
  | { type: 'change'; intentId: string; complete: boolean }
  | { type: 'result'; intentId: string; status: string; error?: { code?: string; message?: string } | null; nextActionUrl?: string | null }
  | { type: 'challenge-result'; intentId: string; status: string; error?: { code?: string; message?: string } | null };

export function readSandboxMessage(event: { origin: string; data: unknown }, frameOrigin: string): SandboxMessage | null {
  if (event.origin !== frameOrigin) return null;
  const data = event.data as { source?: unknown; type?: unknown; intentId?: unknown } | null;
  if (!data || typeof data !== 'object' || data.source !== 'plumbline-sandbox' || typeof data.intentId !== 'string') return null;
  if (data.type === 'ready' || data.type === 'change' || data.type === 'result' || data.type === 'challenge-result') return data as SandboxMessage;
  return null;
}

/** The card frame without its own button: the page's "Pay £x" button asks it to confirm. */
export function frameSrc(frameUrl: string): string {
  const url = new URL(frameUrl);
  url.searchParams.set('button', 'false');
  return url.toString();
}

/** One id per payment attempt, reused when that attempt is retried (the API's Idempotency-Key). */
export const newAttemptKey = () => crypto.randomUUID();

/** What the confirmation page shows, kept in this tab after the order is placed (the basket is gone by then). */
export interface PlacedOrderSnapshot {
  orderNumber: string;
  emailAddress: string;
  totalIncVat: number;
  /** A trade customer's own reference (PO or job number), when they gave one. */
  orderReference?: string | null;
  /** `lineTotalExVat`: at trade prices, shown ex VAT as the checkout showed them. */
  lines: { sku: string; productName: string; label: string; quantity: number; lineTotalIncVat: number; lineTotalExVat?: number; imageUrl: string | null }[];
  /** `place`: the delivery address, or the branch when `collect`, with its opening `hours`. */
  delivery: { name: string; window: string | null; place: string | null; collect: boolean; hours?: string[] };
  totals: {
    subtotalIncVat: number;
    discountIncVat: number;
    deliveryIncVat: number;
    vatIncluded: number;
    totalIncVat: number;
    subtotalExVat?: number;
    totalExVat?: number;
  };
}

export const PLACED_ORDER_KEY = 'plumbline.placedOrder';

export function snapshotOrder(checkout: Checkout, placed: { orderNumber: string; emailAddress: string; totalIncVat: number }): PlacedOrderSnapshot {
  const option = checkout.deliveryOption;
  const trade = checkout.basket.pricing.tradePriced;
  return {
    orderNumber: placed.orderNumber,
    emailAddress: placed.emailAddress,
    totalIncVat: placed.totalIncVat,
    orderReference: checkout.orderReference,
    lines: checkout.basket.lines
      .filter((line) => line.available)
      .map(({ sku, productName, label, quantity, lineTotalIncVat, lineTotalExVat, imageUrl }) => ({
        sku,
        productName,
        label,
        quantity,
        lineTotalIncVat,
        ...(trade ? { lineTotalExVat } : {}),
        imageUrl,
      })),
    delivery: {
      name: option?.name ?? 'Delivery',
      window: option ? whenText(option, null) : null,
      place: deliveryPlace(checkout),
      collect: isCollecting(option),
      ...(option?.collection ? { hours: openingHoursLines(option.collection.branch) } : {}),
    },
    totals: {
      subtotalIncVat: checkout.basket.totals.subtotalIncVat,
      discountIncVat: checkout.basket.totals.discountIncVat,
      deliveryIncVat: checkout.totals.deliveryIncVat,
      vatIncluded: checkout.totals.vatIncluded,
      totalIncVat: placed.totalIncVat,
      // At trade prices, ex VAT as the trade checkout showed it.
      ...(trade ? { subtotalExVat: checkout.basket.totals.subtotalExVat, totalExVat: placed.totalIncVat - checkout.totals.vatIncluded } : {}),
    },
  };
}

export function storePlacedOrder(storage: Pick<Storage, 'setItem'>, snapshot: PlacedOrderSnapshot): void {
  storage.setItem(PLACED_ORDER_KEY, JSON.stringify(snapshot));
}

/** The kept order (as stored), if it is the one asked for. */
export function readPlacedOrder(stored: string, orderNumber: string): PlacedOrderSnapshot | null {
  try {
    const value = JSON.parse(stored) as PlacedOrderSnapshot | null;
    return value && value.orderNumber.toUpperCase() === orderNumber.toUpperCase() ? value : null;
  } catch {
    return null;
  }
}

/** A payment started in this tab and not yet finished: on reload, try to place its order before starting over. */
const ATTEMPT_KEY = 'plumbline.paymentAttempt';
export const rememberPaymentAttempt = (storage: Pick<Storage, 'setItem'>, basketId: string) => storage.setItem(ATTEMPT_KEY, basketId);
export const forgetPaymentAttempt = (storage: Pick<Storage, 'removeItem'>) => storage.removeItem(ATTEMPT_KEY);
export const paymentAttemptFor = (storage: Pick<Storage, 'getItem'>, basketId: string) => storage.getItem(ATTEMPT_KEY) === basketId;

/** The e-mail address of the order just placed in this tab, for the confirmation and tracking pages. */
export const ORDER_EMAIL_KEY = 'plumbline.orderEmail';
