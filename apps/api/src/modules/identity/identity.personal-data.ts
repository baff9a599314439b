import type { PersonalDataStore } from '../../platform/personal-data.ts';
import { countAccountOf, eraseUser } from './identity.repository.ts';

export const identityPersonalData: readonly PersonalDataStore[] = [
  {
    label: 'The account: name, e-mail address and password, its sessions and one-time links',
    columns: { identity_users: ['email', 'name'], identity_user_tokens: ['user_id'], identity_oidc_payloads: ['account_id'] },
    foundBy: ['user id'],
    // The id stays: orders and requests point at it. Nobody can sign in to it again.
    onErasure: { effect: 'anonymised', remains: 'The account’s id, with no name, address or password: nobody can sign in to it again' },
    count: countAccountOf,
    erase: async (tx, subject, now) => ({ rows: subject.userId && (await eraseUser(tx, subject.userId, now)) ? 1 : 0 }),
  },
];
