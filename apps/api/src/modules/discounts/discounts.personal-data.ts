import type { PersonalDataStore } from '../../platform/personal-data.ts';
import { countClaimsOf, unlinkClaimsOf } from './discounts.repository.ts';

export const discountsPersonalData: readonly PersonalDataStore[] = [
  {
    label: 'Discount codes claimed',
    columns: { discount_claims: ['customer_id'] },
    foundBy: ['user id'],
    onErasure: { effect: 'anonymised', remains: 'Each claim still counts against its code’s usage limit, linked to no account' },
    count: countClaimsOf,
    erase: async (tx, subject) => ({ rows: await unlinkClaimsOf(tx, subject) }),
  },
];
