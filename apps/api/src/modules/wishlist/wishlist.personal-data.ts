import type { PersonalDataStore } from '../../platform/personal-data.ts';
import { countWishlistsOf, deleteWishlistsOf } from './wishlist.repository.ts';

export const wishlistPersonalData: readonly PersonalDataStore[] = [
  {
    label: 'Wishlists',
    columns: { wishlists: ['owner_id', 'name'] },
    foundBy: ['user id'],
    onErasure: { effect: 'deleted' },
    count: countWishlistsOf,
    erase: async (tx, subject) => ({ rows: await deleteWishlistsOf(tx, subject) }),
  },
];
