import { ApiError } from '@shop/api-client';
import { describe, expect, it } from 'vitest';
import {
  addressLines,
  advanceBody,
  advanceProblem,
  deliveryWhen,
  itemsText,
  nextSteps,
  orderFilters,
  orderHref,
  ordersHref,
  paymentText,
  searchQuery,
  type AdvanceValues,
} from './orders.ts';

const problem = (status: number, data: unknown, message = 'Refused') => new ApiError(status, data, message);

describe('the order list’s filters in the address', () => {
  it('reads the search, status and page, dropping what the API would refuse', () => {
    expect(orderFilters(new URLSearchParams('q=%20BP10000001%20&status=picking&page=3'))).toEqual({ q: 'BP10000001', status: 'picking', page: 3 });
    expect(orderFilters(new URLSearchParams('q=&status=lost&page=-2'))).toEqual({ q: undefined, status: undefined, page: 1 });
    expect(orderFilters(new URLSearchParams(`q=${'x'.repeat(200)}&page=abc`)).q).toHaveLength(120);
  });

  it('writes them back, leaving out empty filters and page 1, and round-trips', () => {
    expect(ordersHref({ page: 1 })).toBe('/staff/orders');
    const filters = { q: 'sam@example.com', status: 'dispatched' as const, page: 2 };
    const href = ordersHref(filters);
    expect(href).toBe('/staff/orders?q=sam%40example.com&status=dispatched&page=2');
    expect(orderFilters(new URL(href, 'http://shop').searchParams)).toEqual(filters);
  });

  it('asks the API for the page with its size', () => {
    expect(searchQuery({ q: 'sam', page: 2 })).toEqual({ search: 'sam', status: undefined, pageNumber: 2, pageSize: 20 });
    expect(orderHref('BP10000001')).toBe('/staff/orders/BP10000001');
  });
});

describe('showing an order', () => {
  it('says how many items, and what', () => {
    expect(itemsText(1, 'Oval basin')).toBe('1 item: Oval basin');
    expect(itemsText(3, 'Oval basin', 2)).toBe('3 items: Oval basin and 1 more');
    expect(itemsText(2, null)).toBe('2 items');
  });

  it('gives delivery days as calendar days, whichever way the option promised them', () => {
    expect(deliveryWhen({ date: '2026-11-28', earliestDate: null, latestDate: null })).toBe('On Sat, 28 Nov 2026');
    expect(deliveryWhen({ date: null, earliestDate: '2026-11-24', latestDate: '2026-11-26' })).toBe('Tue, 24 Nov 2026 to Thu, 26 Nov 2026');
    expect(deliveryWhen({ date: null, earliestDate: '2026-11-24', latestDate: null })).toBe('From Tue, 24 Nov 2026');
    expect(deliveryWhen({ date: null, earliestDate: null, latestDate: null })).toBeNull();
  });

  it('prints an address without its empty lines, and the card paid with', () => {
    expect(addressLines({ name: 'Sam Shopper', company: ' ', line1: '1 High Street', town: 'Leeds', postcode: 'LS1 4AP', countryCode: 'GB' })).toEqual([
      'Sam Shopper',
      '1 High Street',
      'Leeds',
      'LS1 4AP',
    ]);
    expect(paymentText({ method: 'card', cardBrand: 'visa', cardLast4: '4242', status: 'captured' })).toBe('Visa ending 4242');
    expect(paymentText({ method: 'saved_card', cardBrand: null, cardLast4: null, status: 'captured' })).toBe('Saved card');
  });
});

describe('moving an order on', () => {
  it('offers only the later steps, and none once delivered, cancelled or refunded', () => {
    expect(nextSteps('placed')).toEqual(['processing', 'picking', 'dispatched', 'delivered']);
    expect(nextSteps('picking')).toEqual(['dispatched', 'delivered']);
    expect(nextSteps('dispatched')).toEqual(['delivered']);
    expect(nextSteps('delivered')).toEqual([]);
    expect(nextSteps('cancelled')).toEqual([]);
    expect(nextSteps('refunded')).toEqual([]);
  });

  const values = (overrides: Partial<AdvanceValues>): AdvanceValues => ({ status: 'dispatched', carrier: '', trackingNumber: '', note: '', ...overrides });

  it('sends the carrier and tracking number only when dispatching, and leaves out empty text', () => {
    expect(advanceBody(values({ carrier: 'DPD', trackingNumber: ' 1550 ', note: ' ' }))).toEqual({
      status: 'dispatched',
      carrier: 'DPD',
      trackingNumber: '1550',
      note: undefined,
    });
    expect(advanceBody(values({ status: 'picking', carrier: 'DPD', trackingNumber: '1550', note: 'Bay 4' }))).toEqual({
      status: 'picking',
      carrier: undefined,
      trackingNumber: undefined,
      note: 'Bay 4',
    });
  });

  it('puts the API’s refusals next to their fields', () => {
    const required = problem(
      400,
      {
        code: 'ORDER_TRACKING_REQUIRED',
        errors: [{ path: 'body.trackingNumber', message: 'Enter the tracking number', code: 'required' }],
      },
      'Enter the carrier and tracking number to mark the order dispatched.',
    );
    expect(advanceProblem(required, values({}))).toEqual({
      fields: { trackingNumber: 'Enter the tracking number', carrier: 'Choose the carrier' },
      summary: 'Enter the carrier and tracking number to mark the order dispatched.',
      stale: false,
    });
    expect(advanceProblem(required, values({ carrier: 'DPD' })).fields).toEqual({ trackingNumber: 'Enter the tracking number' });
    const tooLong = problem(400, {
      code: 'VALIDATION_FAILED',
      errors: [
        { path: 'body.note', message: 'Too long' },
        { path: 'query.x', message: 'Odd' },
      ],
    });
    expect(advanceProblem(tooLong, values({})).fields).toEqual({ note: 'Too long' });
  });

  it('knows when someone else moved the order meanwhile', () => {
    const moved = problem(409, { code: 'ORDER_STATUS_NOT_ALLOWED' }, 'An order that is delivered cannot move to dispatched.');
    expect(advanceProblem(moved, values({}))).toMatchObject({ stale: true, summary: 'An order that is delivered cannot move to dispatched.', fields: {} });
    expect(advanceProblem(new Error('boom'), values({}))).toMatchObject({ stale: false, fields: {}, summary: 'Something went wrong. Please try again.' });
  });
});
