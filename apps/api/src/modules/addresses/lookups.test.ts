import { describe, expect, it } from 'vitest';
import { embeddedAddresses } from './embedded-lookup.ts';
import { fromIdealAddress } from './ideal-postcodes-lookup.ts';

describe('the embedded postcode lookup', () => {
  it('answers any postcode with the same plausible list every time', () => {
    const first = embeddedAddresses('LS1 4AP');
    expect(first.length).toBeGreaterThanOrEqual(6);
    expect(embeddedAddresses('LS1 4AP')).toEqual(first);
    expect(first.every((address) => address.postcode === 'LS1 4AP' && address.town === 'Leeds')).toBe(true);
    expect(first[0]!.summary).toBe(`${first[0]!.line1}, Leeds`);
    expect(new Set(first.map((address) => address.udprn)).size).toBe(first.length);
    expect(embeddedAddresses('SW1A 1AA')).not.toEqual(first);
  });

  it('names a town for areas it does not know', () => {
    expect(embeddedAddresses('TA1 1AA')[0]!.town).toMatch(/^[A-Z][a-z]+$/);
  });
});

describe('an Ideal Postcodes address', () => {
  it('keeps the PAF lines, udprn and post town (in title case)', () => {
    const raw = { line_1: '2 Barons Court Road', line_2: '', post_town: 'BARONS COURT', postcode: 'ID1 1QD', udprn: 25962203, postal_county: 'London' };
    expect(fromIdealAddress(raw, 'ID1 1QD')).toEqual({
      udprn: 25962203,
      organisation: null,
      line1: '2 Barons Court Road',
      line2: null,
      line3: null,
      town: 'Barons Court',
      county: 'London',
      postcode: 'ID1 1QD',
      summary: '2 Barons Court Road, Barons Court',
    });
    expect(fromIdealAddress({ line_1: '' }, 'ID1 1QD')).toBeNull();
  });
});
