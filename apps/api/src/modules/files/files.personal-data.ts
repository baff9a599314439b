import type { PersonalDataStore } from '../../platform/personal-data.ts';

/**
 * The files themselves (review photos, trade documents, help-centre photos and CVs) are personal data,
 * but each is found, and deleted, through the record it was sent with: reviews, trade and enquiries
 * declare them. What the files module could add is who sent each one, and it keeps no such link.
 */
export const filesPersonalData: readonly PersonalDataStore[] = [
  {
    label: 'Who sent each uploaded file',
    columns: {},
    // Nothing beside a file names its sender, so there is nothing here to find.
    foundBy: [],
    onErasure: {
      effect: 'anonymised',
      remains:
        'A file keeps no sender. A customer’s files are deleted with the review, trade application or help request they came with; ' +
        'product and content pictures a staff member added are the shop’s and stay, the addition in the product’s change list by “Erased staff member”',
    },
    count: async () => 0,
    erase: async () => ({ rows: 0 }),
  },
];
