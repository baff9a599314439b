import type { PersonalDataStore } from '../../platform/personal-data.ts';
import { anonymiseEmailsTo, countEmailsTo } from './notifications.repository.ts';

export const notificationsPersonalData: readonly PersonalDataStore[] = [
  {
    label: 'E-mails sent to the person (address, subject and words)',
    columns: { email_outbox: ['to', 'subject', 'html', 'text'] },
    foundBy: ['e-mail address'],
    onErasure: { effect: 'anonymised', remains: 'That an e-mail of a kind was sent, and when; not to whom nor what it said' },
    count: countEmailsTo,
    erase: async (tx, subject, now) => ({ rows: await anonymiseEmailsTo(tx, subject, now) }),
  },
];
