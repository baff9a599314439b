import { useNavigate, useSearchParams } from 'react-router';
import type { Route } from './+types/wishlist-shared';
import { PageHeader } from '../components/layout/page-header.tsx';
import { useToast } from '../components/ui/toast.tsx';
import { RetrieveWishlistForm } from '../components/wishlist/wishlist-forms.tsx';
import { pageMeta } from '../lib/meta.ts';

export const meta: Route.MetaFunction = () => [
  ...pageMeta('A shared wishlist', 'Open a wishlist someone shared with you.'),
  { name: 'robots', content: 'noindex' },
];

/** Where a shared-wishlist e-mail leads: the code is filled in; opening it adds its products to the reader's wishlist. */
export default function SharedWishlistPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  return (
    <>
      <PageHeader
        title="Open a shared wishlist"
        intro={<p>Someone shared their wishlist with you. Open it to see today’s prices and stock; the products are added to your own wishlist.</p>}
        trail={[{ label: 'Your wishlist', to: '/wishlist' }, { label: 'Shared wishlist' }]}
      />
      <div className="container-page min-h-[20rem] max-w-2xl py-8 lg:py-10">
        <RetrieveWishlistForm
          initialCode={searchParams.get('code') ?? ''}
          onRetrieved={(message) => {
            toast(message, 'success');
            void navigate('/wishlist');
          }}
        />
      </div>
    </>
  );
}
