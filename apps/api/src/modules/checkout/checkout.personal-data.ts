import type { PersonalDataStore } from '../../platform/personal-data.ts';
import { clearCheckoutsOf, countCheckoutsOf } from './checkout.repository.ts';

export const checkoutPersonalData: readonly PersonalDataStore[] = [
  {
    label: 'Checkout details being typed (contact, addresses)',
    columns: { checkouts: ['contact', 'delivery_address', 'billing_address', 'payer', 'paying_for'] },
    foundBy: ['user id', 'e-mail address'],
    onErasure: { effect: 'anonymised', remains: 'The checkout keeps its basket and payment references, without contact or addresses' },
    count: countCheckoutsOf,
    erase: async (tx, subject) => ({ rows: await clearCheckoutsOf(tx, subject) }),
  },
];
