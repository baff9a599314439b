import { describe, expect, it } from 'vitest';
import type { DeliveryOption } from '../delivery/index.ts';
import { differenceOf, isUpgrade, upgradeOptions } from './delivery-upgrade-rules.ts';

const option = (code: DeliveryOption['code'], priceIncVat: number, available = true): DeliveryOption =>
  available
    ? { code, name: code, description: '', available, priceIncVat, earliestDate: '2026-12-01' }
    : { code, name: code, description: '', available, priceIncVat: null, earliestDate: null, unavailableReason: `No ${code}` };

describe('delivery upgrades', () => {
  it('move up from standard to next day to a named day, and from one named day to another', () => {
    expect(isUpgrade('standard', 'next_day')).toBe(true);
    expect(isUpgrade('standard', 'specific_day')).toBe(true);
    expect(isUpgrade('large_kerbside', 'saturday')).toBe(true);
    expect(isUpgrade('next_day', 'specific_day')).toBe(true);
    expect(isUpgrade('specific_day', 'specific_day')).toBe(true);
    expect(isUpgrade('specific_day', 'saturday')).toBe(true);
    expect(isUpgrade('saturday', 'saturday')).toBe(false);
  });

  it('never go down, sideways or to collecting, nor from a collected order', () => {
    expect(isUpgrade('next_day', 'standard')).toBe(false);
    expect(isUpgrade('specific_day', 'next_day')).toBe(false);
    expect(isUpgrade('standard', 'large_kerbside')).toBe(false);
    expect(isUpgrade('standard', 'click_collect')).toBe(false);
    expect(isUpgrade('click_collect', 'next_day')).toBe(false);
  });

  it('cost the difference over what was paid for delivery, never less than £0', () => {
    expect(differenceOf(995, 495)).toBe(500);
    expect(differenceOf(995, 995)).toBe(0);
    expect(differenceOf(695, 2995)).toBe(0);
  });

  it('list only the upgrades, each with its difference or why it cannot be had', () => {
    const listed = upgradeOptions({ code: 'standard', priceIncVat: 495 }, [
      option('standard', 495),
      option('next_day', 695),
      option('specific_day', 995),
      option('saturday', 0, false),
      option('click_collect', 0),
    ]);
    expect(listed.map((entry) => [entry.code, entry.available, entry.differencePence, entry.unavailableReason])).toEqual([
      ['next_day', true, 200, null],
      ['specific_day', true, 500, null],
      ['saturday', false, null, 'No saturday'],
    ]);
  });
});
