import { describe, expect, it } from 'vitest';
import { reportEndsAt, returnWindowEndsAt, weeeTakeBackClosesOn } from './after-sales-windows.ts';
import {
  clockText,
  londonClock,
  londonDayMonth,
  londonDayStart,
  londonDue,
  londonIsoDate,
  londonLongDate,
  londonLongDateTime,
  londonNumericDateTime,
  londonShortDate,
  londonShortDateTime,
  londonShortDay,
  londonSortableDateTime,
  londonWeekdayName,
} from './london-time.ts';
import { DELIVERY_RATES, FREE_LARGE_DELIVERY_THRESHOLD, FREE_PARCEL_DELIVERY_THRESHOLD } from './delivery-rates.ts';

describe('the after-sales windows (docs/domain.md §8)', () => {
  const delivered = new Date('2026-11-01T10:00:00Z');
  it('run from delivery: 30 days to return, 48 hours for damage, 7 days for missing or wrong items', () => {
    expect(returnWindowEndsAt(delivered).toISOString()).toBe('2026-12-01T10:00:00.000Z');
    expect(reportEndsAt('damaged', delivered).toISOString()).toBe('2026-11-03T10:00:00.000Z');
    expect(reportEndsAt('wrong-item', delivered).toISOString()).toBe('2026-11-08T10:00:00.000Z');
  });
  it('take an old electrical item back for 28 days, to the day', () => {
    expect(weeeTakeBackClosesOn('2026-03-01')).toBe('2026-03-29');
  });
});

describe('London time (docs/domain.md §4.3)', () => {
  it('reads an instant as London does, either side of the clocks changing', () => {
    const lateInSummer = new Date('2026-06-19T23:30:00Z');
    expect(londonIsoDate(lateInSummer)).toBe('2026-06-20');
    expect(londonLongDate(lateInSummer)).toBe('20 June 2026');
    expect(londonClock(lateInSummer)).toBe('00:30');
    expect(londonDue('2026-11-25T10:30:00Z')).toBe('Wednesday 25 November, 10:30');
    expect(londonDue('2026-11-25T10:30:00Z', ' at ')).toBe('Wednesday 25 November at 10:30');
  });
  it('has one function per shape a page or e-mail shows', () => {
    const summerMorning = '2026-07-01T08:05:07Z';
    expect(londonDayMonth(summerMorning)).toBe('1 July');
    expect(londonWeekdayName(summerMorning)).toBe('Wednesday');
    expect(`${londonClock(summerMorning)} on ${londonShortDay(summerMorning)}`).toBe('09:05 on Wed 1 Jul');
    expect(londonShortDate(summerMorning)).toBe('1 Jul 2026');
    expect(londonShortDateTime(summerMorning)).toBe('1 Jul 2026, 09:05');
    expect(londonLongDateTime('2026-11-21T19:20:00Z')).toBe('21 November 2026 at 19:20');
    expect(londonNumericDateTime(summerMorning)).toBe('01/07/2026, 09:05:07');
    expect(londonSortableDateTime('2026-11-03T00:05:00Z')).toBe('2026-11-03 00:05');
    expect(londonSortableDateTime(new Date('2026-06-30T23:05:00Z'))).toBe('2026-07-01 00:05');
  });
  it('starts a London day at midnight there: the hour before midnight UTC in summer', () => {
    expect(londonDayStart('2026-11-24').toISOString()).toBe('2026-11-24T00:00:00.000Z');
    expect(londonDayStart('2026-07-01').toISOString()).toBe('2026-06-30T23:00:00.000Z');
    expect(londonDayStart('2026-07-01', true).toISOString()).toBe('2026-07-01T23:00:00.000Z');
    // The clocks go forward on 29 March 2026: that day starts in GMT, the next in BST.
    expect(londonDayStart('2026-03-29').toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(londonDayStart('2026-03-29', true).toISOString()).toBe('2026-03-29T23:00:00.000Z');
  });
  it('says a clock time as GOV.UK writes it', () => {
    expect(['07:00', '11:30', '12:00', '14:00', '00:00'].map(clockText)).toEqual(['7am', '11:30am', 'midday', '2pm', '12am']);
  });
});

describe('delivery rates (docs/domain.md §4.1)', () => {
  it('are whole pence, and deliver parcels free from £50 and large items from £499', () => {
    for (const rate of Object.values(DELIVERY_RATES)) expect(Number.isInteger(rate.pricePence)).toBe(true);
    expect([FREE_PARCEL_DELIVERY_THRESHOLD, FREE_LARGE_DELIVERY_THRESHOLD]).toEqual([5_000, 49_900]);
  });
});
