import type { ReactNode } from 'react';
import { hasAnyRole } from '../../lib/auth/claims.ts';
import { EmptyState } from '../layout/empty-state.tsx';
import { Button, ButtonLink } from '../ui/button.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import { useShopAuth } from './use-shop-auth.ts';

const lockIcon = (
  <svg
    className="size-8"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.75"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
  >
    <rect x="4.5" y="10.5" width="15" height="10" rx="2" />
    <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" />
  </svg>
);

/** Who a staff page is for, and what it is called: "The staff mailbox", "administrators". */
export interface StaffPageAudience {
  what: string;
  who: string;
}

/** "You need a staff account": for signed-in people without the role, and for the API's 403. */
export function NeedStaffAccount({ what, who }: StaffPageAudience) {
  const { user, signOut } = useShopAuth();
  const email = typeof user?.profile.email === 'string' ? user.profile.email : undefined;
  return (
    <EmptyState
      icon={lockIcon}
      title="You need a staff account"
      actions={
        <>
          <ButtonLink to="/account">Go to your account</ButtonLink>
          <Button variant="secondary" onClick={signOut}>
            Sign in as someone else
          </Button>
        </>
      }
    >
      <p>
        {what} is for Plumbline {who}.
        {email && (
          <>
            {' '}
            You’re signed in as <strong className="[overflow-wrap:anywhere]">{email}</strong>, which doesn’t have access.
          </>
        )}
      </p>
    </EmptyState>
  );
}

/**
 * A staff page's content, shown only to signed-in staff with one of `roles`; everyone else is told
 * what they need. Only a courtesy: the API checks the role on every call.
 */
export function StaffGate({ roles, what, who, children }: StaffPageAudience & { roles: readonly string[]; children: ReactNode }) {
  const auth = useShopAuth();
  if (auth.status === 'loading') {
    return (
      <div aria-busy="true" className="space-y-3">
        <p className="sr-only" role="status">
          Loading…
        </p>
        <Skeleton className="h-11 w-full max-w-md" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  if (auth.status === 'signed-out') {
    return (
      <EmptyState
        icon={lockIcon}
        title="Sign in with a staff account"
        actions={
          <Button onClick={() => auth.signInWithRedirect()} loading={auth.busy}>
            Sign in
          </Button>
        }
      >
        <p>
          {what} is for Plumbline {who}.
        </p>
      </EmptyState>
    );
  }
  if (!hasAnyRole(auth.roles, roles)) return <NeedStaffAccount what={what} who={who} />;
  return children;
}
