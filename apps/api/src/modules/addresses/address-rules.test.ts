import { describe, expect, it } from 'vitest';
import { createDeliveryService } from '../delivery/index.ts';
import { cleanAddress, pageOf, tidy, type AddressInput } from './address-rules.ts';

const { parsePostcode } = createDeliveryService();
const typed = (change: Partial<AddressInput> = {}): AddressInput => ({
  addressType: 'delivery',
  name: 'Sam Shopper',
  line1: '10 Downing Street',
  town: 'London',
  postcode: 'sw1a1aa',
  isDefault: false,
  tailLift: false,
  kerbsideOnly: false,
  ...change,
});

describe('an address as it is kept', () => {
  it('normalises the postcode: sw1a1aa is SW1A 1AA, and spacing and case do not matter', () => {
    for (const postcode of ['sw1a1aa', ' SW1A  1AA ', 'Sw1a 1aA']) {
      const result = cleanAddress(typed({ postcode }), parsePostcode);
      expect(result.ok && result.address.postcode).toBe('SW1A 1AA');
    }
    const short = cleanAddress(typed({ postcode: 'm11ae' }), parsePostcode);
    expect(short.ok && short.address.postcode).toBe('M1 1AE');
  });

  it('refuses a postcode that is not a UK one, saying why', () => {
    for (const postcode of ['SW1A', 'QA1 1AA', '12345', 'SW1A 1CA']) {
      const result = cleanAddress(typed({ postcode }), parsePostcode);
      expect(result.ok).toBe(false);
      expect(!result.ok && result.reason).toMatch(/UK postcode/);
    }
  });

  it('tidies spaces, drops empty optional fields and keeps the courier notes and udprn', () => {
    const result = cleanAddress(
      typed({ line1: ' Flat 4,\t 12  High St ', line2: '  ', nickname: ' Home ', accessNotes: 'Steep drive;\nno parking', tailLift: true, udprn: 23747771 }),
      parsePostcode,
    );
    expect(result.ok && result.address).toMatchObject({
      line1: 'Flat 4, 12 High St',
      line2: null,
      nickname: 'Home',
      company: null,
      accessNotes: 'Steep drive; no parking',
      tailLift: true,
      kerbsideOnly: false,
      udprn: 23747771,
    });
    expect(tidy(undefined)).toBeNull();
  });
});

describe('pages of addresses', () => {
  it('counts pages, with at least one for an empty list', () => {
    expect(pageOf(0, 1, 10)).toEqual({ pageNumber: 1, pageSize: 10, totalCount: 0, totalPages: 1, offset: 0 });
    expect(pageOf(21, 3, 10)).toMatchObject({ totalPages: 3, offset: 20 });
  });
});
