import type { PersonalDataStore } from '../../platform/personal-data.ts';
import { countBasketsOf, forgetBasketsOf } from './basket.repository.ts';

export const basketPersonalData: readonly PersonalDataStore[] = [
  {
    label: 'Baskets and saved baskets',
    columns: { baskets: ['owner_id'], saved_baskets: ['owner_id'] },
    foundBy: ['user id'],
    onErasure: { effect: 'anonymised', remains: 'Saved baskets are deleted; an open basket stays with its products, linked to nobody' },
    count: countBasketsOf,
    erase: async (tx, subject) => ({ rows: await forgetBasketsOf(tx, subject) }),
  },
];
