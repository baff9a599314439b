import { describe, expect, it } from 'vitest';
import { savingPence } from './money.ts';

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
