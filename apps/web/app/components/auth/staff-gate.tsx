import { EmptyState } from '../layout/empty-state.tsx';
import { Button, ButtonLink } from '../ui/button.tsx';
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

/**
 * "You need a staff account": for the API's 403 on a staff page. The server already gave staff
 * without the page's role its 404; this is for the API deciding otherwise (roles changed since).
 */
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
