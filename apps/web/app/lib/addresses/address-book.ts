import type { AddressData, SavedAddress } from '@shop/contracts';
import { optionalText, udprnOf, type AddressValues } from './address-form.ts';

export const ADDRESSES_PATH = '/account/addresses';
export const ADDRESSES_PAGE_SIZE = 10;

/** What a step on the address book did, said once at the top of the list (`?done=`). */
export const ADDRESS_DONE: Record<string, string> = {
  added: 'The address is added to your address book.',
  saved: 'The address is updated.',
  removed: 'The address is removed from your address book.',
  default: 'Your default address is changed.',
  gone: 'That address is no longer in your address book.',
};

/** The form's fields as the API's address, what was typed kept as it was (the API trims and checks it). */
export function addressBody(values: AddressValues): AddressData {
  return {
    addressType: values.addressType === 'billing' ? 'billing' : 'delivery',
    nickname: optionalText(values, 'nickname'),
    name: values.name ?? '',
    company: optionalText(values, 'company'),
    line1: values.line1 ?? '',
    line2: optionalText(values, 'line2'),
    town: values.town ?? '',
    county: optionalText(values, 'county'),
    postcode: values.postcode ?? '',
    phone: optionalText(values, 'phone'),
    udprn: udprnOf(values),
    isDefault: values.isDefault === 'yes',
    accessNotes: optionalText(values, 'accessNotes'),
    tailLift: values.tailLift === 'yes',
    kerbsideOnly: values.kerbsideOnly === 'yes',
  };
}

/** A saved address as the form's values, to edit it. */
export function valuesOf(address: SavedAddress): AddressValues {
  const yes = (flag: boolean) => (flag ? 'yes' : '');
  return {
    addressType: address.addressType,
    nickname: address.nickname ?? '',
    name: address.name,
    company: address.company ?? '',
    line1: address.line1,
    line2: address.line2 ?? '',
    town: address.town,
    county: address.county ?? '',
    postcode: address.postcode,
    phone: address.phone ?? '',
    udprn: address.udprn ? String(address.udprn) : '',
    isDefault: yes(address.isDefault),
    accessNotes: address.accessNotes ?? '',
    tailLift: yes(address.tailLift),
    kerbsideOnly: yes(address.kerbsideOnly),
  };
}

/** The one line a list shows: the lines, the town and the postcode. */
export const addressLine = (address: Pick<SavedAddress, 'line1' | 'line2' | 'town' | 'county' | 'postcode'>) =>
  [address.line1, address.line2, address.town, address.county, address.postcode].filter(Boolean).join(', ');

/** What the courier is told, in a few words. */
export function courierNotes(address: Pick<SavedAddress, 'accessNotes' | 'tailLift' | 'kerbsideOnly'>): string[] {
  return [address.tailLift ? 'Tail-lift needed' : null, address.kerbsideOnly ? 'Kerbside delivery only' : null, address.accessNotes].filter(
    (note): note is string => Boolean(note),
  );
}
