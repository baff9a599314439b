import type { PersonalDataStore } from '../../platform/personal-data.ts';
import { anonymiseRequestsOf, countRequestsOf } from './enquiries.repository.ts';

export const enquiriesPersonalData: readonly PersonalDataStore[] = [
  {
    label: 'Help requests, their messages and the files sent with them (photos, CVs)',
    columns: {
      help_requests: ['customer_id', 'name', 'email_address', 'phone', 'summary', 'details'],
      help_request_messages: ['author_id', 'author_name', 'body'],
      help_request_files: ['file_id', 'file_name'],
    },
    foundBy: ['user id', 'e-mail address'],
    onErasure: { effect: 'anonymised', remains: 'Each request’s reference, type, dates and order, and the staff’s replies; files are deleted' },
    count: (db, subject) => countRequestsOf(db, subject, 'erasable'),
    erase: (tx, subject, now) => anonymiseRequestsOf(tx, subject, now),
  },
  {
    label: 'Account deletion requests, with their messages',
    columns: { help_requests: ['customer_id', 'name', 'email_address'], help_request_messages: ['author_id', 'author_name', 'body'] },
    foundBy: ['user id', 'e-mail address'],
    onErasure: {
      effect: 'kept',
      reason: 'The record that erasure was asked for and carried out (UK GDPR accountability: we must be able to show it)',
      period: '6 years after it is carried out, the time within which a claim about it may be brought (Limitation Act 1980)',
    },
    count: (db, subject) => countRequestsOf(db, subject, 'deletion'),
  },
];
