import { describe, expect, it } from 'vitest';
import { LEEDS_TRADE_COUNTER, type Branch } from './branches.ts';
import { clockText } from '@shop/contracts';
import { collectionText, openingHours, readyToCollect } from './collection.ts';

/** The ready time and the "order by" of an order placed at a London wall-clock instant (ISO with offset). */
const ready = (at: string, branch: Branch = LEEDS_TRADE_COUNTER) => {
  const result = readyToCollect(branch, new Date(at));
  return result && { readyFrom: result.readyFrom.toISOString(), orderBy: result.orderBy?.toISOString() ?? null };
};

describe('ready to collect', () => {
  it('is an hour after ordering while the counter is open, on the half hour', () => {
    // Tuesday 16 June 2026, BST.
    expect(ready('2026-06-16T10:17:00+01:00')).toEqual({ readyFrom: '2026-06-16T10:30:00.000Z', orderBy: '2026-06-16T14:30:00.000Z' });
    expect(ready('2026-06-16T10:00:00+01:00')!.readyFrom).toBe('2026-06-16T10:00:00.000Z');
    // Friday 20 November 2026, GMT.
    expect(ready('2026-11-20T10:00:00+00:00')!.readyFrom).toBe('2026-11-20T11:00:00.000Z');
  });

  it('leaves half an hour to collect before closing: order by 3:30pm on weekdays, 10:30am on Saturdays', () => {
    expect(ready('2026-06-16T15:30:00+01:00')!.readyFrom).toBe('2026-06-16T15:30:00.000Z');
    // A minute later: an hour after the counter opens the next morning, with no "order by" for that day.
    expect(ready('2026-06-16T15:31:00+01:00')).toEqual({ readyFrom: '2026-06-17T07:00:00.000Z', orderBy: null });
    expect(ready('2026-06-20T10:30:00+01:00')!.readyFrom).toBe('2026-06-20T10:30:00.000Z');
    expect(ready('2026-06-20T10:31:00+01:00')!.readyFrom).toBe('2026-06-22T07:00:00.000Z');
  });

  it('starts picking when the counter opens: before opening, on Sundays and bank holidays', () => {
    expect(ready('2026-06-15T06:00:00+01:00')).toEqual({ readyFrom: '2026-06-15T07:00:00.000Z', orderBy: '2026-06-15T14:30:00.000Z' });
    expect(ready('2026-06-19T16:00:00+01:00')!.readyFrom).toBe('2026-06-20T08:00:00.000Z');
    expect(ready('2026-06-21T12:00:00+01:00')!.readyFrom).toBe('2026-06-22T07:00:00.000Z');
    // The August bank holiday (Monday 31 August 2026): Saturday morning, else Tuesday.
    expect(ready('2026-08-28T17:00:00+01:00')!.readyFrom).toBe('2026-08-29T08:00:00.000Z');
    expect(ready('2026-08-29T11:00:00+01:00')!.readyFrom).toBe('2026-09-01T07:00:00.000Z');
    // Christmas Day, a Friday in 2026.
    expect(ready('2026-12-24T16:00:00+00:00')!.readyFrom).toBe('2026-12-26T09:00:00.000Z');
  });

  it('offers no collection from a counter shut for a fortnight', () => {
    expect(ready('2026-06-16T10:00:00+01:00', { ...LEEDS_TRADE_COUNTER, hours: {} })).toBeNull();
  });
});

describe('opening hours', () => {
  it('read as runs of days with the same hours, and when the counter is closed', () => {
    expect(openingHours(LEEDS_TRADE_COUNTER)).toEqual({
      openingHours: [
        { days: 'Monday to Friday', opens: '07:00', closes: '17:00' },
        { days: 'Saturday', opens: '08:00', closes: '12:00' },
      ],
      closed: 'Closed on Sundays and bank holidays',
    });
    const late = { ...LEEDS_TRADE_COUNTER, hours: { ...LEEDS_TRADE_COUNTER.hours, 3: ['07:00', '19:00'] as const, 6: undefined } };
    expect(openingHours(late)).toEqual({
      openingHours: [
        { days: 'Monday to Tuesday', opens: '07:00', closes: '17:00' },
        { days: 'Wednesday', opens: '07:00', closes: '19:00' },
        { days: 'Thursday to Friday', opens: '07:00', closes: '17:00' },
      ],
      closed: 'Closed on Saturdays, Sundays and bank holidays',
    });
  });

  it('say times as GOV.UK does', () => {
    expect(['07:00', '11:30', '12:00', '12:30', '17:00', '00:00'].map(clockText)).toEqual(['7am', '11:30am', 'midday', '12:30pm', '5pm', '12am']);
  });

  it('go into the order e-mail with the branch’s address and the ready time', () => {
    const { openingHours: hours, closed } = openingHours(LEEDS_TRADE_COUNTER);
    const branch = { id: 'leeds', name: LEEDS_TRADE_COUNTER.name, address: LEEDS_TRADE_COUNTER.address, openingHours: hours, closed };
    expect(collectionText({ branch, readyFrom: '2026-11-24T14:00:00+00:00' })).toBe(
      'the Plumbline Leeds trade counter, Unit 4 Canal Wharf, Leeds LS11 5PS (open Monday ' +
        'to Friday 7am to 5pm, Saturday 8am to midday), from 2pm on Tuesday 24 November',
    );
  });
});
