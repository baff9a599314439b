import type { PersonalDataStore } from '../../platform/personal-data.ts';
import { countAddressesOf, deleteAddressesOf } from './addresses.repository.ts';

export const addressesPersonalData: readonly PersonalDataStore[] = [
  {
    label: 'Address book',
    columns: { saved_addresses: ['owner_id', 'nickname', 'name', 'company', 'line1', 'line2', 'town', 'county', 'postcode', 'phone', 'udprn', 'access_notes'] },
    foundBy: ['user id'],
    onErasure: { effect: 'deleted' },
    count: countAddressesOf,
    erase: async (tx, subject) => ({ rows: await deleteAddressesOf(tx, subject) }),
  },
];
