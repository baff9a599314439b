import type { PersonalDataStore } from '../../platform/personal-data.ts';
import { countProjectRecordsOf, deleteProjectRecordsOf } from './projects.repository.ts';

export const projectsPersonalData: readonly PersonalDataStore[] = [
  {
    label: 'Projects and their shares',
    columns: {
      projects: ['owner_id', 'owner_name', 'name', 'description', 'site_reference'],
      project_shares: ['recipient_email'],
      project_items_seen: ['user_id'],
    },
    foundBy: ['user id', 'e-mail address'],
    onErasure: { effect: 'deleted' },
    count: countProjectRecordsOf,
    erase: async (tx, subject) => ({ rows: await deleteProjectRecordsOf(tx, subject) }),
  },
];
