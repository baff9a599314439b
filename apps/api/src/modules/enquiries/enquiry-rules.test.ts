import { describe, expect, it } from 'vitest';
import { formatPenceShort, londonIsoDate } from '@shop/contracts';
import { callbackDayAvailable, summaryLine, weeeWindow } from './enquiry-rules.ts';

describe('the WEEE take-back window (docs/domain.md §8.4)', () => {
  const now = new Date('2026-03-29T22:30:00Z'); // 23:30 in London on 29 March (BST began that morning)
  it('is open for 28 days from buying the new item, counted in London days', () => {
    expect(londonIsoDate(now)).toBe('2026-03-29');
    expect(weeeWindow('2026-03-01', now)).toEqual({ open: true, closesOn: '2026-03-29', inFuture: false });
    expect(weeeWindow('2026-03-29', now)).toMatchObject({ open: true });
  });
  it('is closed from the 29th day, and a purchase date in the future is not a purchase', () => {
    expect(weeeWindow('2026-02-28', now)).toEqual({ open: false, closesOn: '2026-03-28', inFuture: false });
    expect(weeeWindow('2026-03-30', now)).toMatchObject({ open: false, inFuture: true });
  });
});

describe('call-back days', () => {
  const now = new Date('2026-11-24T09:00:00Z'); // a Tuesday
  it('are weekdays from today to 30 days ahead', () => {
    expect(callbackDayAvailable('2026-11-24', now)).toBe(true);
    expect(callbackDayAvailable('2026-11-27', now)).toBe(true);
    expect(callbackDayAvailable('2026-11-28', now)).toBe(false); // Saturday
    expect(callbackDayAvailable('2026-11-23', now)).toBe(false); // yesterday
    expect(callbackDayAvailable('2026-12-25', now)).toBe(false); // 31 days ahead
  });
});

describe('words for e-mails and the inbox', () => {
  it('writes pence as pounds and keeps a summary to one short line', () => {
    expect(formatPenceShort(12_999)).toBe('£129.99');
    expect(formatPenceShort(100_000)).toBe('£1,000');
    expect(summaryLine('Price match', 'BP-1', null, 'line\none')).toBe('Price match · BP-1 · line one');
    expect(summaryLine('x'.repeat(200))).toHaveLength(140);
  });
});
