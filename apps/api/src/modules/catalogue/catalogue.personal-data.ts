import type { PersonalDataStore } from '../../platform/personal-data.ts';
import { anonymiseAuditBy, countAuditBy } from './repository/product-editor.ts';
import { anonymiseImportsBy, countImportsBy } from './repository/range-import.ts';

export const cataloguePersonalData: readonly PersonalDataStore[] = [
  {
    label: 'Customer photos on product pages (the name they chose to show)',
    columns: { user_content: ['author_name'] },
    // Nothing links a photo to an account or an address, so it cannot be found for a person.
    foundBy: [],
    onErasure: {
      effect: 'kept',
      reason: 'Published with the customer’s consent under a name of their choosing, and linked to no account or address',
      period: 'Until the customer asks for the photo itself to be taken down',
    },
    count: async () => 0,
  },
  {
    label: 'Who changed a product or its prices (the staff member’s account and name in the product’s change list)',
    columns: { product_audit: ['actor_user_id', 'actor_name'] },
    foundBy: ['user id'],
    onErasure: { effect: 'anonymised', remains: 'What was changed and when, by “Erased staff member”' },
    count: async (db, subject) => (subject.userId ? countAuditBy(db, subject.userId) : 0),
    erase: async (tx, subject) => ({ rows: subject.userId ? await anonymiseAuditBy(tx, subject.userId) : 0 }),
  },
  {
    label: 'Who checked and applied a file of the range (the staff member’s account and name on the import)',
    columns: { range_imports: ['actor_user_id', 'actor_name'] },
    foundBy: ['user id'],
    onErasure: { effect: 'anonymised', remains: 'The file’s name, report and progress, by “Erased staff member”' },
    count: async (db, subject) => (subject.userId ? countImportsBy(db, subject.userId) : 0),
    erase: async (tx, subject) => ({ rows: subject.userId ? await anonymiseImportsBy(tx, subject.userId) : 0 }),
  },
];
