import type { User } from 'oidc-client-ts';
import { useContext } from 'react';
import { describeAuthError, isShownToShopper, type AuthProblem } from '../../lib/auth/auth-messages.ts';
import { sessionStatus, type SessionStatus } from '../../lib/auth/auth-state.ts';
import { displayName, userRoles } from '../../lib/auth/claims.ts';
import { ShopAuthContext, type ShopAuthActions } from './auth-provider.tsx';

export interface ShopAuth extends Omit<ShopAuthActions, 'state'> {
  status: SessionStatus;
  /** The signed-in user (undefined while loading or signed out). */
  user: User | undefined;
  /** Who is signed in, from the ID token's profile. */
  name: string | undefined;
  roles: string[];
  /** A sign-in or sign-out step is under way (a popup is open, a redirect is starting). */
  busy: boolean;
  /** The error to show the shopper, if any. */
  problem: AuthProblem | undefined;
}

/** Before the provider mounts (server rendering): loading, and every action a no-op. */
export const unavailableAuth: ShopAuthActions = {
  settings: undefined,
  sessionHint: true,
  signedInName: null,
  state: { isLoading: true, isAuthenticated: false },
  signIn: () => {},
  signInWithPopup: () => {},
  signInWithRedirect: () => {},
  signOut: () => {},
  retry: () => {},
  dismissError: () => {},
  getAccessToken: () => undefined,
  prepareSignIn: () => {},
};

/** Sign-in as the shop's pages and header see it. */
export function useShopAuth(): ShopAuth {
  const { state, ...actions } = useContext(ShopAuthContext) ?? unavailableAuth;
  const status = sessionStatus(state);
  const user = status === 'signed-in' ? (state.user ?? undefined) : undefined;
  return {
    ...actions,
    status,
    user,
    name: displayName(user?.profile),
    roles: userRoles(user),
    busy: state.activeNavigator !== undefined && state.activeNavigator !== 'signinSilent',
    problem: isShownToShopper(state.error) ? describeAuthError(state.error) : undefined,
  };
}
