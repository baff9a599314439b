import type { Route } from './+types/checkout';
import { useShopAuth } from '../components/auth/use-shop-auth.ts';
import { CheckoutFlow, CheckoutSkeleton } from '../components/checkout/checkout-flow.tsx';
import { EmptyState } from '../components/layout/empty-state.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { ButtonLink } from '../components/ui/button.tsx';
import { BasketIcon } from '../components/ui/icons.tsx';
import { LoadError } from '../components/ui/load-error.tsx';
import { useBasket } from '../lib/basket/basket-context.tsx';
import { checkoutBasketId } from '../lib/checkout/checkout-logic.ts';
import { pageMeta } from '../lib/meta.ts';

export const meta: Route.MetaFunction = () => [...pageMeta('Checkout', 'Pay for your Plumbline order securely.'), { name: 'robots', content: 'noindex' }];

/**
 * The checkout. The basket's id lives in the browser, so the server sends the frame with skeletons
 * of the steps' heights and the page fills in once the basket is known.
 */
export default function CheckoutPage() {
  const auth = useShopAuth();
  const { basket, status, error, refresh } = useBasket();
  const basketId = checkoutBasketId(auth.status === 'signed-in', basket?.basketId);
  const empty = status === 'ready' && (!basket || basket.lines.every((line) => !line.available));

  return (
    <>
      <PageHeader title="Checkout" trail={[{ label: 'Basket', to: '/basket' }, { label: 'Checkout' }]} />
      <div className="container-page min-h-[40rem] py-8 lg:py-12">
        {status === 'error' && !basket ? (
          <LoadError title="We couldn’t load your basket" error={error} onRetry={() => void refresh()} />
        ) : status === 'loading' || auth.status === 'loading' ? (
          <CheckoutSkeleton />
        ) : empty || !basketId ? (
          <EmptyState
            icon={<BasketIcon className="size-8" />}
            title="Your basket is empty"
            actions={
              <ButtonLink to="/#shop-by-category" variant="primary">
                Start shopping
              </ButtonLink>
            }
          >
            <p>Add something to your basket, then come back here to pay.</p>
          </EmptyState>
        ) : (
          <CheckoutFlow basketId={basketId} />
        )}
        <noscript>
          <p className="mt-6 text-center text-navy-700">Your basket is kept in this browser: turn on JavaScript to check out.</p>
        </noscript>
      </div>
    </>
  );
}
