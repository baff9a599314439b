import { describe, expect, it } from 'vitest';
import { COLLECTION_BRANCH, LEEDS_TRADE_COUNTER } from './branches.ts';
import { addDays, BANK_HOLIDAYS, BANK_HOLIDAYS_LISTED_UNTIL, londonDateTime } from './delivery-calendar.ts';
import { parsePostcode, zoneOf } from './postcode.ts';

describe('branches', () => {
  it('close on bank holidays listed at least half a year ahead of today (extend delivery-calendar.ts from gov.uk before then)', () => {
    // The real date on purpose: this fails while there is still time to add the next year's holidays.
    const today = londonDateTime(new Date()).date;
    expect(BANK_HOLIDAYS_LISTED_UNTIL >= addDays(today, 183), `bank holidays are listed only until ${BANK_HOLIDAYS_LISTED_UNTIL}`).toBe(true);
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
