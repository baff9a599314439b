import type { PersonalDataStore } from '../../platform/personal-data.ts';

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
];
