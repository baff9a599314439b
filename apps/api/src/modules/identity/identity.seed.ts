import { ROLES, type Role } from '@shop/contracts';
import type { Seed } from '../../seed/seed.ts';
import { createVerifiedUser } from './identity-users.ts';
import { hashPassword } from './passwords.ts';

export const DEMO_PASSWORD = 'demo-password';

const STAFF_ROLES = ROLES.filter((role) => role !== 'shopper' && role !== 'trade');

/** One account per audience, so every part of the shop can be tried at once. */
export const DEMO_ACCOUNTS: readonly { email: string; name: string; roles: Role[] }[] = [
  { email: 'shopper@demo.test', name: 'Sam Shopper', roles: ['shopper'] },
  { email: 'trade@demo.test', name: 'Taylor Trade', roles: ['shopper', 'trade'] },
  { email: 'staff@demo.test', name: 'Stevie Staff', roles: ['shopper', ...STAFF_ROLES] },
];

/** Demo mode only (the server runs seeds when DEMO_DATA is true): verified, password `demo-password`. */
export const demoAccountsSeed: Seed = {
  name: 'identity:demo-accounts',
  size: DEMO_ACCOUNTS.length,
  async run(db, progress) {
    // One hash serves all three: they share a published password anyway, and hashing is slow.
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const now = new Date();
    for (const [index, account] of DEMO_ACCOUNTS.entries()) {
      await createVerifiedUser(db, { ...account, passwordHash }, now);
      progress(index + 1, DEMO_ACCOUNTS.length);
    }
  },
};
