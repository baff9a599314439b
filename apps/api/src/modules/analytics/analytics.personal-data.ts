import type { PersonalDataStore } from '../../platform/personal-data.ts';
import { anonymiseEventsOf, countEventsOf } from './analytics.repository.ts';

export const analyticsPersonalData: readonly PersonalDataStore[] = [
  {
    label: 'Shopping events recorded with consent to being remembered (products viewed, searches, basket and checkout steps)',
    columns: { analytics_events: ['user_id', 'anonymous_id'] },
    foundBy: ['user id'],
    onErasure: { effect: 'anonymised', remains: 'the events, tied to no device or person, for the shop’s statistics' },
    count: countEventsOf,
    erase: async (tx, subject) => ({ rows: await anonymiseEventsOf(tx, subject) }),
  },
];
