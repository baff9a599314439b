import type { Address, Checkout } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import {
  calendarWeeks,
  checkoutBasketId,
  cutOffText,
  deliveryPlace,
  deliveryWindow,
  doneSections,
  frameSrc,
  moveInCalendar,
  openSection,
  readPlacedOrder,
  readSandboxMessage,
  sectionTitle,
  snapshotOrder,
  whenText,
  type CalendarDay,
} from './checkout-logic.ts';

const ADDRESS: Address = { name: 'Alex Guest', line1: '10 Test Street', town: 'London', postcode: 'SW1A 1AA', countryCode: 'GB' };
const hours = (days: string, opens: string, closes: string) => ({ days, opens, closes });
const BRANCH = {
  id: 'leeds',
  name: 'Plumbline Leeds trade counter',
  address: { line1: 'Unit 4 Canal Wharf', town: 'Leeds', postcode: 'LS11 5PS' },
  openingHours: [hours('Monday to Friday', '07:00', '17:00'), hours('Saturday', '08:00', '12:00')],
  closed: 'Closed on Sundays and bank holidays',
};
const COLLECT = {
  code: 'click_collect',
  name: 'Click & collect (trade counter)',
  date: null,
  priceIncVat: 0,
  earliestDate: '2026-11-24',
  latestDate: null,
  chosen: true,
  collection: { branch: BRANCH, readyFrom: '2026-11-24T14:00:00+00:00' },
} as const;
/** Monday 23 November 2026, 6pm in London. */
const MONDAY_EVENING = new Date('2026-11-23T18:00:00Z');
const day = (date: string, available = true): CalendarDay => ({ date, available, priceIncVat: 995, cutOff: null });

describe('checkout steps', () => {
  it('work on the shopper’s own basket when signed in, else the guest basket', () => {
    expect(checkoutBasketId(true, 'guest-1')).toBe('mine');
    expect(checkoutBasketId(false, 'guest-1')).toBe('guest-1');
    expect(checkoutBasketId(false, undefined)).toBeNull();
  });

  it('open in turn: the first not done, unless one is being changed', () => {
    const none = doneSections({ contact: null, delivery: null, deliveryOption: null, billing: null });
    expect(openSection(none, null)).toBe('contact');
    const some = new Set(['contact', 'delivery_address'] as const);
    expect(openSection(some, null)).toBe('delivery_option');
    expect(openSection(some, 'contact')).toBe('contact');
    expect(openSection(new Set(['contact', 'delivery_address', 'delivery_option', 'billing'] as const), null)).toBe('payment');
  });

  it('need no delivery address when collecting from the trade counter, and ask for it again when delivering', () => {
    const contact = { emailAddress: 'a@b.test', firstName: 'Alex', lastName: 'Guest', phone: '07700 900123' };
    const collecting = doneSections({ contact, delivery: null, deliveryOption: COLLECT, billing: null });
    expect([...collecting]).toEqual(['contact', 'delivery_address', 'delivery_option']);
    expect(openSection(collecting, null)).toBe('billing');
    const delivering = doneSections({ contact, delivery: null, deliveryOption: { ...COLLECT, code: 'standard', collection: null }, billing: null });
    expect(openSection(delivering, null)).toBe('delivery_address');
  });

  it('leave the delivery step open while its option is only the suggested one', () => {
    const contact = { emailAddress: 'a@b.test', firstName: 'Alex', lastName: 'Guest', phone: '07700 900123' };
    const delivery = { address: ADDRESS, instructions: null, zone: 'mainland' } as const;
    const suggested = { ...COLLECT, code: 'standard', chosen: false, collection: null } as const;
    expect(openSection(doneSections({ contact, delivery, deliveryOption: suggested, billing: null }), null)).toBe('delivery_option');
    expect(openSection(doneSections({ contact, delivery, deliveryOption: { ...suggested, chosen: true }, billing: null }), null)).toBe('billing');
  });

  it('call the address step the collection when collecting', () => {
    expect(sectionTitle('delivery_address', true)).toBe('Collection');
    expect(sectionTitle('delivery_address', false)).toBe('Delivery address');
    expect(sectionTitle('billing', true)).toBe('Billing');
  });
});

describe('where and when the order comes', () => {
  it('is the branch, ready from a time, when collecting', () => {
    expect(whenText(COLLECT, MONDAY_EVENING)).toBe('Ready to collect from 2pm tomorrow');
    expect(whenText(COLLECT, null)).toBe('Ready to collect from 2pm on Tuesday 24 November');
    expect(deliveryPlace({ delivery: { address: ADDRESS, instructions: null, zone: 'mainland' }, deliveryOption: COLLECT })).toBe(
      'Plumbline Leeds trade counter, Unit 4 Canal Wharf, Leeds LS11 5PS',
    );
    // An answer without the branch (an older order kept in the tab) still says where.
    expect(deliveryPlace({ delivery: null, deliveryOption: { ...COLLECT, collection: null } })).toBe('Click & collect from the trade counter');
  });
  it('is the delivery address, arriving on a day, when delivered', () => {
    expect(whenText({ ...COLLECT, code: 'standard', latestDate: '2026-11-26', collection: null })).toBe('Arrives Tue 24 Nov – Thu 26 Nov');
    expect(whenText({ ...COLLECT, earliestDate: null, collection: null })).toBeNull();
    expect(deliveryPlace({ delivery: { address: ADDRESS, instructions: null, zone: 'mainland' }, deliveryOption: null })).toBe(
      '10 Test Street, London, SW1A 1AA',
    );
    expect(deliveryPlace({ delivery: null, deliveryOption: null })).toBeNull();
  });
});

describe('delivery dates', () => {
  it('read as a day or a window', () => {
    expect(deliveryWindow({ date: '2026-11-24' })).toBe('Tuesday 24 November');
    expect(deliveryWindow({ earliestDate: '2026-11-26', latestDate: '2026-11-30' })).toBe('Thu 26 Nov – Mon 30 Nov');
    expect(deliveryWindow({ earliestDate: '2026-11-26', latestDate: '2026-11-26' })).toBe('Thursday 26 November');
    expect(deliveryWindow({ earliestDate: null })).toBeNull();
  });
  it('give the cut-off in UK time', () => {
    expect(cutOffText('2026-11-23T14:00:00+00:00')).toBe('Order by 14:00 Monday');
    expect(cutOffText('2026-07-06T13:00:00Z')).toBe('Order by 14:00 Monday');
    expect(cutOffText(undefined)).toBeNull();
  });
});

describe('the day picker', () => {
  // Sunday 22 November to Saturday 5 December 2026; weekends closed.
  const days = Array.from({ length: 14 }, (_, index) => {
    const date = new Date(Date.UTC(2026, 10, 22 + index)).toISOString().slice(0, 10);
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    return day(date, weekday !== 0 && weekday !== 6);
  });

  it('lays the days out in weeks from Monday', () => {
    const weeks = calendarWeeks(days);
    expect(weeks).toHaveLength(3);
    expect(weeks[0]!.slice(0, 6)).toEqual([null, null, null, null, null, null]);
    expect(weeks[0]![6]!.date).toBe('2026-11-22');
    expect(weeks[1]![0]!.date).toBe('2026-11-23');
    expect(weeks.every((week) => week.length === 7)).toBe(true);
  });

  it('moves by a day or a week to the next open day, and stays put at the edges', () => {
    const friday = days.findIndex((entry) => entry.date === '2026-11-27');
    expect(days[moveInCalendar(days, friday, 'ArrowRight')]!.date).toBe('2026-11-30');
    expect(days[moveInCalendar(days, friday, 'ArrowDown')]!.date).toBe('2026-12-04');
    expect(days[moveInCalendar(days, 1, 'ArrowLeft')]!.date).toBe('2026-11-23');
    expect(days[moveInCalendar(days, friday, 'Home')]!.date).toBe('2026-11-23');
    expect(days[moveInCalendar(days, 1, 'End')]!.date).toBe('2026-12-04');
    expect(moveInCalendar(days, 1, 'ArrowUp')).toBe(1);
    expect(moveInCalendar(days, 1, 'a')).toBe(1);
  });
});

describe('the card frame', () => {
  const origin = 'https://shop.example';
  it('is shown without its own button', () => {
    expect(frameSrc('https://shop.example/api/payments/sandbox/elements?client_secret=pi_1_secret_2')).toBe(
      'https://shop.example/api/payments/sandbox/elements?client_secret=pi_1_secret_2&button=false',
    );
  });
  it('is listened to only from its origin and in its own words', () => {
    const data = { source: 'plumbline-sandbox', type: 'result', intentId: 'pi_1', status: 'succeeded' };
    expect(readSandboxMessage({ origin, data }, origin)).toEqual(data);
    expect(readSandboxMessage({ origin: 'https://evil.example', data }, origin)).toBeNull();
    expect(readSandboxMessage({ origin, data: { ...data, source: 'other' } }, origin)).toBeNull();
    expect(readSandboxMessage({ origin, data: { ...data, type: 'unknown' } }, origin)).toBeNull();
    expect(readSandboxMessage({ origin, data: 'text' }, origin)).toBeNull();
  });
});

describe('the placed order kept for the confirmation page', () => {
  it('names the branch, its address and hours, and the ready day, in place of an address', () => {
    const totals = { subtotalIncVat: 5000, discountIncVat: 0, totalIncVat: 5000, totalVat: 833, itemCount: 1 };
    const checkout = {
      basket: { lines: [], totals, pricing: { tradePriced: false } },
      delivery: null,
      deliveryOption: COLLECT,
      totals: { goodsIncVat: 5000, deliveryIncVat: 0, totalIncVat: 5000, vatIncluded: 833 },
    } as unknown as Checkout;
    const snapshot = snapshotOrder(checkout, { orderNumber: 'BP10000001', emailAddress: 'a@b.test', totalIncVat: 5000 });
    expect(snapshot.delivery).toEqual({
      name: 'Click & collect (trade counter)',
      window: 'Ready to collect from 2pm on Tuesday 24 November',
      place: 'Plumbline Leeds trade counter, Unit 4 Canal Wharf, Leeds LS11 5PS',
      collect: true,
      hours: ['Monday to Friday: 7am to 5pm', 'Saturday: 8am to midday', 'Closed on Sundays and bank holidays'],
    });
  });

  it('keeps a trade order’s reference and its figures ex VAT, as the trade checkout showed them', () => {
    const line = {
      sku: 'B-1',
      productName: 'Basin',
      label: 'White',
      quantity: 2,
      lineTotalIncVat: 12_000,
      lineTotalExVat: 10_000,
      imageUrl: null,
      available: true,
    };
    const checkout = {
      basket: { lines: [line], totals: { subtotalIncVat: 12_000, subtotalExVat: 10_000, discountIncVat: 0 }, pricing: { tradePriced: true } },
      orderReference: 'PO-4471',
      delivery: null,
      deliveryOption: COLLECT,
      totals: { deliveryIncVat: 0, totalIncVat: 12_000, vatIncluded: 2_000 },
    } as unknown as Checkout;
    const snapshot = snapshotOrder(checkout, { orderNumber: 'BP10000001', emailAddress: 'a@b.test', totalIncVat: 12_000 });
    expect(snapshot.orderReference).toBe('PO-4471');
    expect(snapshot.lines[0]).toMatchObject({ lineTotalIncVat: 12_000, lineTotalExVat: 10_000 });
    expect(snapshot.totals).toMatchObject({ subtotalExVat: 10_000, totalExVat: 10_000, vatIncluded: 2_000, totalIncVat: 12_000 });
  });

  it('is read back only for its own order number', () => {
    const stored = JSON.stringify({ orderNumber: 'BP10000001', emailAddress: 'a@b.test' });
    expect(readPlacedOrder(stored, 'bp10000001')?.emailAddress).toBe('a@b.test');
    expect(readPlacedOrder(stored, 'BP10000002')).toBeNull();
    expect(readPlacedOrder('not json', 'BP10000001')).toBeNull();
  });
});
