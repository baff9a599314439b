import type { Role, UserProfile } from '@shop/contracts';
import { readShopSession, requireShopSession } from './session.server.ts';

/**
 * The server-side gate of a signed-in section (`/account`, `/staff`): middleware, so it runs before
 * any of the section's loaders and before a page's data is fetched at all (decision 0063).
 */
export function signedInGate(roles?: readonly Role[]) {
  return ({ request }: { request: Request }) => {
    requireShopSession(request, roles ? { roles } : {});
  };
}

/** Who is signed in, as the section's pages show it (never the tokens). */
export interface Viewer {
  profile: UserProfile;
}

export function viewerOf(request: Request): Viewer | null {
  const session = readShopSession(request);
  return session ? { profile: session.profile } : null;
}
