import type { PersonalDataStore } from '../../platform/personal-data.ts';
import { countSubscriptionsOf, deleteSubscriptionsOf } from './accounts.repository.ts';

/** The newsletter list holds an address and its consent: with consent withdrawn, nothing is left to keep. */
export const accountsPersonalData: readonly PersonalDataStore[] = [
  {
    label: 'Newsletter sign-ups',
    columns: { newsletter_subscriptions: ['email', 'email_key'] },
    foundBy: ['e-mail address'],
    onErasure: { effect: 'deleted' },
    count: countSubscriptionsOf,
    erase: async (tx, subject) => ({ rows: await deleteSubscriptionsOf(tx, subject) }),
  },
];
