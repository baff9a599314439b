import type { PersonalDataStore } from '../../platform/personal-data.ts';
import { anonymiseProposalsOf, countLinksOf, countProposalsOf } from './trade-credit.repository.ts';

export const tradeCreditPersonalData: readonly PersonalDataStore[] = [
  {
    label: 'A sole trader’s proposal for trade credit (the proprietor’s name, date of birth and home address)',
    columns: { trade_credit_proposals: ['proprietor_name', 'date_of_birth', 'home_address'] },
    foundBy: ['user id'],
    onErasure: { effect: 'anonymised', remains: 'The proposal’s status and trading name (the provider’s decision about the business)' },
    count: countProposalsOf,
    erase: async (tx, subject, now) => ({ rows: await anonymiseProposalsOf(tx, subject, now) }),
  },
  {
    label: 'The link with the trade credit provider (the sign-in account, the provider’s user, the trading name proposed)',
    // A sole trader's trading name may be their own: it names the business the provider lends to.
    columns: { trade_credit_links: ['user_id', 'provider_user_id'], trade_credit_proposals: ['trading_name'] },
    foundBy: ['user id'],
    onErasure: {
      effect: 'kept',
      reason: 'The provider holds the credit agreement with the business; orders on account are settled through this link',
      period: '6 years after the account’s last order (Limitation Act 1980)',
    },
    count: countLinksOf,
  },
  {
    // The sandbox's tables stand in for the provider's own records (Two keeps them on its side).
    label: 'The credit sandbox’s customer users and proposals (a stand-in for the provider’s records)',
    columns: {
      credit_sandbox_users: ['merchant_user_id', 'email', 'first_name', 'last_name'],
      credit_sandbox_proposals: ['merchant_user_id', 'email', 'fields'],
      credit_sandbox_delegations: ['subject'],
    },
    foundBy: [],
    onErasure: { effect: 'kept', reason: 'The provider’s own records: an erasure is asked of the provider', period: 'as the provider keeps them' },
    count: async () => 0,
  },
];
