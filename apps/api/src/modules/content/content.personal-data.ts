import type { PersonalDataStore } from '../../platform/personal-data.ts';
import { countRevisionsBy, forgetRevisionsBy } from './content.repository.ts';
import { countCleanupsBy, forgetCleanupsBy } from './content-images.repository.ts';

/** The name a version keeps once the member of staff who made it is erased. */
const ERASED_EDITOR = 'A former member of staff';

/**
 * Pictures uploaded for pages (`content_images`: an id, a size and when) hold no personal data: files re-encodes each without its
 * metadata (no EXIF: no camera, place or time it was taken) and keeps no uploader (decision 0119), so they are not declared here.
 */
export const contentPersonalData: readonly PersonalDataStore[] = [
  {
    label: 'Content page, blog post and global item versions made by a member of staff',
    columns: { content_revisions: ['by_user_id', 'by_name'] },
    foundBy: ['user id'],
    onErasure: { effect: 'anonymised', remains: 'Each version of the page or item stays, made by "a former member of staff"' },
    count: countRevisionsBy,
    erase: async (tx, subject) => ({ rows: await forgetRevisionsBy(tx, subject, ERASED_EDITOR) }),
  },
  {
    label: 'Clean-ups of unused content pictures a member of staff ran',
    columns: { content_image_cleanups: ['by_user_id', 'by_name'] },
    foundBy: ['user id'],
    onErasure: { effect: 'anonymised', remains: 'Each clean-up’s record of what it removed stays, run by "a former member of staff"' },
    count: countCleanupsBy,
    erase: async (tx, subject) => ({ rows: await forgetCleanupsBy(tx, subject, ERASED_EDITOR) }),
  },
];
