import type { PersonalDataStore } from '../../platform/personal-data.ts';
import { countConsentsOf, countRequestsOf, deleteConsentsOf, deleteRequestsOf } from './catalogue-requests.repository.ts';

export const catalogueRequestsPersonalData: readonly PersonalDataStore[] = [
  {
    label: 'Printed-catalogue requests',
    columns: { catalogue_requests: ['owner_id', 'name', 'line1', 'line2', 'town', 'county', 'postcode', 'udprn', 'address_key'] },
    // Made signed out, a request names no account: staff find it by postcode and first line (`eraseAtAddress`).
    foundBy: ['user id', 'postal address'],
    onErasure: { effect: 'deleted' },
    count: countRequestsOf,
    erase: async (tx, subject) => ({ rows: await deleteRequestsOf(tx, subject) }),
  },
  {
    label: 'Consent to offers by post',
    columns: { postal_marketing_consents: ['owner_id', 'name', 'line1', 'postcode', 'address_key'] },
    foundBy: ['user id', 'postal address'],
    onErasure: { effect: 'deleted' },
    count: countConsentsOf,
    erase: async (tx, subject) => ({ rows: await deleteConsentsOf(tx, subject) }),
  },
];
