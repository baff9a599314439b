import { describe, expect, it } from 'vitest';
import { addWorkingDays, addWorkingHours, dispatchDay, formatLondon, londonDateTime, londonInstant, workingCalendar } from './delivery-calendar.ts';

const england = workingCalendar('england-and-wales');

describe('delivery calendar', () => {
  it('reads London time in GMT and BST', () => {
    expect(londonDateTime(new Date('2026-11-20T13:59:00Z'))).toEqual({ date: '2026-11-20', minutes: 13 * 60 + 59 });
    expect(londonDateTime(new Date('2026-06-19T23:30:00Z'))).toEqual({ date: '2026-06-20', minutes: 30 });
    expect(londonInstant('2026-03-27', '14:00').toISOString()).toBe('2026-03-27T14:00:00.000Z');
    expect(londonInstant('2026-03-30', '14:00').toISOString()).toBe('2026-03-30T13:00:00.000Z');
    expect(londonInstant('2026-10-26', '12:00').toISOString()).toBe('2026-10-26T12:00:00.000Z');
    expect(formatLondon(new Date('2026-06-19T13:00:00Z'))).toBe('2026-06-19T14:00:00+01:00');
    expect(formatLondon(new Date('2026-11-20T14:00:00Z'))).toBe('2026-11-20T14:00:00+00:00');
  });

  it('changes between GMT and BST on the instant the clocks change, to the second', () => {
    // Clocks go forward at 01:00 GMT on 29 March 2026 and back at 01:00 GMT (02:00 BST) on 25 October.
    expect(londonDateTime(new Date('2026-03-29T00:59:59Z'))).toEqual({ date: '2026-03-29', minutes: 59 });
    expect(londonDateTime(new Date('2026-03-29T01:00:00Z'))).toEqual({ date: '2026-03-29', minutes: 2 * 60 });
    expect(londonDateTime(new Date('2026-10-25T00:59:59Z'))).toEqual({ date: '2026-10-25', minutes: 60 + 59 });
    expect(londonDateTime(new Date('2026-10-25T01:00:00Z'))).toEqual({ date: '2026-10-25', minutes: 60 });
    expect(formatLondon(new Date('2026-10-25T00:30:45Z'))).toBe('2026-10-25T01:30:45+01:00');
    expect(formatLondon(new Date('2026-10-25T01:30:45Z'))).toBe('2026-10-25T01:30:45+00:00');
    // The same instants again, now from what was kept: the same answers.
    expect(londonDateTime(new Date('2026-03-29T01:00:00Z')).minutes).toBe(2 * 60);
    expect(formatLondon(new Date('2026-10-25T01:30:45Z'))).toBe('2026-10-25T01:30:45+00:00');
  });

  it('dispatches today before the cut-off on a working day, else on the next working day', () => {
    expect(dispatchDay(england, new Date('2026-06-19T12:59:00Z'), '14:00').date).toBe('2026-06-19');
    expect(dispatchDay(england, new Date('2026-06-19T13:01:00Z'), '14:00').date).toBe('2026-06-22');
    expect(dispatchDay(england, new Date('2026-11-20T13:59:00Z'), '14:00').date).toBe('2026-11-20');
    expect(dispatchDay(england, new Date('2026-11-20T14:01:00Z'), '14:00').date).toBe('2026-11-23');
    // Early May bank holiday Monday: nothing leaves until Tuesday.
    expect(dispatchDay(england, new Date('2026-05-04T09:00:00Z'), '14:00').date).toBe('2026-05-05');
    // Christmas: Friday and the substitute Boxing Day Monday are both holidays.
    expect(dispatchDay(england, new Date('2026-12-24T15:00:00Z'), '14:00').date).toBe('2026-12-29');
  });

  it('counts working days past weekends and the destination’s bank holidays', () => {
    expect(addWorkingDays(england, '2026-06-19', 1)).toBe('2026-06-22');
    expect(addWorkingDays(england, '2026-04-02', 1)).toBe('2026-04-07');
    expect(addWorkingDays(england, '2026-07-31', 1)).toBe('2026-08-03');
    expect(addWorkingDays(workingCalendar('scotland'), '2026-07-31', 1)).toBe('2026-08-04');
    expect(addWorkingDays(workingCalendar('northern-ireland'), '2026-07-10', 1)).toBe('2026-07-14');
  });
});

describe('addWorkingHours', () => {
  it('counts only office hours on working days, London time', () => {
    // Tuesday 24 November 2026, 10:30 GMT: 8 hours is Wednesday 10:30.
    expect(addWorkingHours(new Date('2026-11-24T10:30:00Z'), 8).toISOString()).toBe('2026-11-25T10:30:00.000Z');
    // Friday evening: the clock starts on Monday at 09:00.
    expect(addWorkingHours(new Date('2026-11-27T19:00:00Z'), 8).toISOString()).toBe('2026-11-30T17:00:00.000Z');
    // Before opening on a weekday: from 09:00 that day.
    expect(addWorkingHours(new Date('2026-11-24T07:00:00Z'), 4).toISOString()).toBe('2026-11-24T13:00:00.000Z');
    // In British Summer Time, 09:00 London is 08:00 UTC.
    expect(addWorkingHours(new Date('2026-06-15T06:00:00Z'), 2).toISOString()).toBe('2026-06-15T10:00:00.000Z');
  });

  it('skips bank holidays', () => {
    // Thursday 24 December 2026, 16:00: one hour that day, then Christmas Day and Boxing Day (substitute Monday 28th) are closed.
    expect(addWorkingHours(new Date('2026-12-24T16:00:00Z'), 2).toISOString()).toBe('2026-12-29T10:00:00.000Z');
  });
});
