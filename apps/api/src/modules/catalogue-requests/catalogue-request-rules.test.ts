import { describe, expect, it } from 'vitest';
import { addressKeyOf, CATALOGUE_MESSAGES, periodStart } from './catalogue-request-rules.ts';

describe('printed-catalogue requests', () => {
  it('count one address however its first line is typed', () => {
    const key = addressKeyOf({ line1: 'Flat 2, 10 High St.', postcode: 'LS1 4AP' });
    expect(addressKeyOf({ line1: 'flat 2 10 high st', postcode: 'LS1 4AP' })).toBe(key);
    expect(addressKeyOf({ line1: 'Flat 3, 10 High St.', postcode: 'LS1 4AP' })).not.toBe(key);
    expect(addressKeyOf({ line1: 'Flat 2, 10 High St.', postcode: 'LS1 4AQ' })).not.toBe(key);
  });

  it('look back six calendar months', () => {
    expect(periodStart(new Date('2026-11-27T10:00:00Z')).toISOString()).toBe('2026-05-27T10:00:00.000Z');
  });

  it('tell a repeat request when the first was made, in UK words', () => {
    expect(CATALOGUE_MESSAGES.alreadyRequested(new Date('2026-09-03T12:00:00Z'))).toMatch(/on 3 September 2026, so we will not send another yet/);
  });
});
