import type { Role } from '@shop/contracts';
import { requireShopSession } from './session.server.ts';

/**
 * The loader of a staff page that still loads its data in the browser: it lets only staff with one
 * of the page's `roles` see it. Anyone else gets the shop's 404, as the API answers the calls they
 * may not make (decision 0063); the `/staff` layout has already sent signed-out visitors to sign in.
 */
export const staffPageLoader =
  (roles: readonly Role[]) =>
  ({ request }: { request: Request }) => {
    requireShopSession(request, { roles });
    return null;
  };
