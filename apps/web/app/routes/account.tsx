import type { Route } from './+types/account';
import { EmptyPage } from '../components/layout/empty-page.tsx';
import { UserIcon } from '../components/ui/icons.tsx';
import { helpPath } from '../lib/help-topics.ts';
import { pageMeta } from '../lib/meta.ts';

export const meta: Route.MetaFunction = () => pageMeta('Your account', 'Sign in to your Plumbline account.');

export default function AccountPage() {
  return (
    <EmptyPage
      title="Your account"
      icon={<UserIcon className="size-8" />}
      emptyTitle="Sign-in opens soon"
      secondary={{ to: helpPath('trade-accounts'), label: 'About trade accounts' }}
    >
      <p>Soon you will sign in here to follow your orders, keep your addresses and manage a trade account.</p>
    </EmptyPage>
  );
}
