import type { Route } from './+types/basket';
import { EmptyPage } from '../components/layout/empty-page.tsx';
import { BasketIcon } from '../components/ui/icons.tsx';
import { helpPath } from '../lib/help-topics.ts';
import { pageMeta } from '../lib/meta.ts';
import { formatPenceShort } from '../lib/money.ts';
import { FREE_LARGE_DELIVERY_THRESHOLD } from '../lib/shop-facts.ts';

export const meta: Route.MetaFunction = () => pageMeta('Your basket', 'The products in your Plumbline basket.');

export default function BasketPage() {
  return (
    <EmptyPage
      title="Your basket"
      icon={<BasketIcon className="size-8" />}
      emptyTitle="Your basket is empty"
      secondary={{ to: helpPath('delivery'), label: 'Delivery information' }}
    >
      <p>
        Products you add will appear here. Orders over {formatPenceShort(FREE_LARGE_DELIVERY_THRESHOLD)} deliver free to most
        of mainland UK.
      </p>
    </EmptyPage>
  );
}
