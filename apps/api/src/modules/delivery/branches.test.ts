import { describe, expect, it } from 'vitest';
import { COLLECTION_BRANCH, LEEDS_TRADE_COUNTER } from './branches.ts';
import { BANK_HOLIDAYS, BANK_HOLIDAYS_LISTED_UNTIL } from './delivery-calendar.ts';
import { parsePostcode, zoneOf } from './postcode.ts';

describe('branches', () => {
  it('close on their own division’s bank holidays, listed as far ahead as every division’s', () => {
    // How far ahead that is, and the test that fails a year before it runs out: bank-holidays.test.ts.
    const lastYear = BANK_HOLIDAYS_LISTED_UNTIL.slice(0, 4);
    expect(BANK_HOLIDAYS[COLLECTION_BRANCH.region].filter((date) => date.startsWith(lastYear)).length).toBeGreaterThanOrEqual(8);
  });

  it('have a mainland address and hours that open before they close', () => {
    const postcode = parsePostcode(LEEDS_TRADE_COUNTER.address.postcode);
    expect(postcode.ok && postcode.postcode.normalised).toBe('LS11 5PS');
    expect(postcode.ok && zoneOf(postcode.postcode)).toBe('mainland');
    for (const hours of Object.values(LEEDS_TRADE_COUNTER.hours)) {
      expect(hours![0]).toMatch(/^\d{2}:\d{2}$/);
      expect(hours![0] < hours![1]).toBe(true);
    }
  });
});
