import type { PersonalDataStore } from '../../platform/personal-data.ts';
import { countRevisionsBy, forgetRevisionsBy } from './content.repository.ts';

/** The name a version keeps once the member of staff who made it is erased. */
const ERASED_EDITOR = 'A former member of staff';

export const contentPersonalData: readonly PersonalDataStore[] = [
  {
    label: 'Content page, blog post and global item versions made by a member of staff',
    columns: { content_revisions: ['by_user_id', 'by_name'] },
    foundBy: ['user id'],
    onErasure: { effect: 'anonymised', remains: 'Each version of the page or item stays, made by "a former member of staff"' },
    count: countRevisionsBy,
    erase: async (tx, subject) => ({ rows: await forgetRevisionsBy(tx, subject, ERASED_EDITOR) }),
  },
];
