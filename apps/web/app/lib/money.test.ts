import { describe, expect, it } from 'vitest';
import { formatPence, formatPenceShort, savingPence } from './money.ts';

describe('formatPence', () => {
  it('formats whole pence as pounds with a thousands separator', () => {
    expect(formatPence(123456)).toBe('£1,234.56');
    expect(formatPence(495)).toBe('£4.95');
    expect(formatPence(0)).toBe('£0.00');
    expect(formatPence(5)).toBe('£0.05');
  });

  it('refuses fractions of a penny', () => {
    expect(() => formatPence(12.5)).toThrow(RangeError);
  });

  it('drops .00 only for round amounts in headline copy', () => {
    expect(formatPenceShort(49900)).toBe('£499');
    expect(formatPenceShort(2995)).toBe('£29.95');
  });
});

describe('savingPence', () => {
  it('is the difference when the was-price is higher', () => {
    expect(savingPence(7999, 9999)).toBe(2000);
  });

  it('is null without a real saving', () => {
    expect(savingPence(7999, null)).toBeNull();
    expect(savingPence(7999, undefined)).toBeNull();
    expect(savingPence(7999, 7999)).toBeNull();
    expect(savingPence(7999, 6999)).toBeNull();
  });
});
