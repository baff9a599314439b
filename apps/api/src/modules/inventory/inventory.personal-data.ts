import type { PersonalDataStore } from '../../platform/personal-data.ts';
import { countNoticesOf, deleteNoticesOf } from './inventory.repository.ts';

export const inventoryPersonalData: readonly PersonalDataStore[] = [
  {
    label: 'Back-in-stock requests',
    columns: { stock_notification_requests: ['email_address', 'customer_id'] },
    foundBy: ['user id', 'e-mail address'],
    onErasure: { effect: 'deleted' },
    count: countNoticesOf,
    erase: async (tx, subject) => ({ rows: await deleteNoticesOf(tx, subject) }),
  },
];
