import type { Route } from './+types/wishlist';
import { EmptyPage } from '../components/layout/empty-page.tsx';
import { HeartIcon } from '../components/ui/icons.tsx';
import { pageMeta } from '../lib/meta.ts';

export const meta: Route.MetaFunction = () => pageMeta('Your wishlist', 'Products you have saved for later at Plumbline.');

export default function WishlistPage() {
  return (
    <EmptyPage title="Your wishlist" icon={<HeartIcon className="size-8" />} emptyTitle="Your wishlist is empty">
      <p>Save the products you like while you plan your project, and come back to them when you are ready.</p>
    </EmptyPage>
  );
}
