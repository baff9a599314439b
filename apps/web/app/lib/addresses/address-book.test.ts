import { describe, expect, it } from 'vitest';
import type { SavedAddress } from '@shop/contracts';
import { addressBody, addressLine, courierNotes, valuesOf } from './address-book.ts';
import { valuesFromLookedUp } from './address-form.ts';

const saved: SavedAddress = {
  addressId: '3f1c1d8e-0000-4000-8000-000000000000',
  addressType: 'delivery',
  nickname: 'Home',
  name: 'Sam Shopper',
  company: null,
  line1: '12 High Street',
  line2: null,
  town: 'Leeds',
  county: null,
  postcode: 'LS1 4AP',
  countryCode: 'GB',
  phone: null,
  udprn: 12345678,
  isDefault: true,
  accessNotes: 'Steep drive',
  tailLift: true,
  kerbsideOnly: false,
  createdAt: '2026-11-27T10:00:00.000Z',
  updatedAt: '2026-11-27T10:00:00.000Z',
};

describe('the address book form', () => {
  it('turns a saved address into the form and back, the optional fields absent', () => {
    expect(addressBody(valuesOf(saved))).toEqual({
      addressType: 'delivery',
      nickname: 'Home',
      name: 'Sam Shopper',
      company: undefined,
      line1: '12 High Street',
      line2: undefined,
      town: 'Leeds',
      county: undefined,
      postcode: 'LS1 4AP',
      phone: undefined,
      udprn: 12345678,
      isDefault: true,
      accessNotes: 'Steep drive',
      tailLift: true,
      kerbsideOnly: false,
    });
  });

  it('says the address in one line and the courier notes in a few words', () => {
    expect(addressLine(saved)).toBe('12 High Street, Leeds, LS1 4AP');
    expect(courierNotes(saved)).toEqual(['Tail-lift needed', 'Steep drive']);
  });

  it('fills the fields from a found address, keeping its udprn and organisation', () => {
    const found = {
      udprn: 1,
      summary: '',
      organisation: 'Moda Ltd',
      line1: '4 Barons Court Road',
      line2: 'Unit 2',
      line3: null,
      town: 'London',
      county: null,
      postcode: 'ID1 1QD',
    };
    expect(valuesFromLookedUp(found)).toEqual({
      line1: '4 Barons Court Road',
      line2: 'Unit 2',
      town: 'London',
      county: '',
      postcode: 'ID1 1QD',
      udprn: '1',
      company: 'Moda Ltd',
    });
  });
});
