import { TAX_RECORD_YEARS, type PersonalDataStore } from '../../platform/personal-data.ts';
import { anonymiseApplicationsOf, anonymiseTradeAccountsOf, countTradeRecordsOf } from './repository/index.ts';

export const tradePersonalData: readonly PersonalDataStore[] = [
  {
    label: 'Trade applications and their documents',
    columns: {
      trade_applications: ['user_id', 'user_email', 'user_name', 'details'],
      trade_application_events: ['actor_user_id', 'actor_name'],
      trade_application_documents: ['file_id', 'file_name'],
    },
    foundBy: ['user id'],
    onErasure: { effect: 'anonymised', remains: 'The business details and the decision, without the applicant’s or contact’s details; documents are deleted' },
    count: (db, subject) => countTradeRecordsOf(db, subject, 'applications'),
    erase: (tx, subject, now) => anonymiseApplicationsOf(tx, subject, now),
  },
  {
    label: 'The trade account’s user and contact (name, role, phone, e-mail)',
    columns: { trade_accounts: ['user_id', 'user_email', 'user_name', 'contact_name', 'contact_role', 'contact_phone', 'contact_email'] },
    foundBy: ['user id'],
    onErasure: { effect: 'anonymised', remains: 'The trade account, its band and its orders, linked to the erased account' },
    count: (db, subject) => countTradeRecordsOf(db, subject, 'accounts'),
    erase: async (tx, subject, now) => ({ rows: await anonymiseTradeAccountsOf(tx, subject, now) }),
  },
  {
    label: 'The business traded for (legal and trading name, registered address)',
    columns: { businesses: ['legal_name', 'trading_name', 'address_line1', 'address_line2', 'town', 'county', 'postcode'] },
    foundBy: ['user id'],
    onErasure: {
      effect: 'kept',
      reason: 'HMRC VAT records: the trade invoices name the business and its address',
      period: `${TAX_RECORD_YEARS} years after its last order`,
    },
    count: (db, subject) => countTradeRecordsOf(db, subject, 'accounts'),
  },
  {
    label: 'Trade terms accepted',
    columns: { trade_terms_acceptances: ['user_id'] },
    foundBy: ['user id'],
    onErasure: {
      effect: 'kept',
      reason: 'Evidence of the credit terms the business agreed to, for any claim under them',
      period: '6 years after the account’s last order (Limitation Act 1980)',
    },
    count: (db, subject) => countTradeRecordsOf(db, subject, 'terms'),
  },
];
