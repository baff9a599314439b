import { data, redirect, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/checkout';
import { useShopAuth } from '../components/auth/use-shop-auth.ts';
import { CheckoutFlow, CheckoutSkeleton } from '../components/checkout/checkout-flow.tsx';
import { checkoutFrameLoaded } from '../components/layout/checkout-frame-lazy.tsx';
import { EmptyState } from '../components/layout/empty-state.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { ButtonLink } from '../components/ui/button.tsx';
import { BasketIcon } from '../components/ui/icons.tsx';
import { LoadError } from '../components/ui/load-error.tsx';
import { finderStep, savedAddressesFor } from '../lib/addresses/address-finder.server.ts';
import { checkoutClient } from '../lib/api.server.ts';
import { useBasket } from '../lib/basket/basket-context.tsx';
import { guestBasketId } from '../lib/basket/guest-basket.server.ts';
import { postedValues, saveStep, stepErrors, stepFromForm, type StepFailure } from '../lib/checkout/checkout-forms.ts';
import { checkoutBasketId } from '../lib/checkout/checkout-logic.ts';
import { pageMeta } from '../lib/meta.ts';
import type { RouteHandle } from '../lib/route-handle.ts';

// Checkout shows the task alone: a slim header and footer in place of the shop's menus.
export const handle: RouteHandle = { frame: 'checkout' };

/** How many saved delivery addresses step 2 offers (the default and the most recently used first). */
const SAVED_ADDRESSES_OFFERED = 5;
const NO_ERRORS = { fields: [], problem: null };

export const meta: Route.MetaFunction = () => [...pageMeta('Checkout', 'Pay for your Plumbline order securely.'), { name: 'robots', content: 'noindex' }];

/**
 * A guest's checkout, drawn by the server with its delivery options and specific-day calendar: its
 * steps then work before the page's scripts run, and without them (decision 0020).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const saved = await savedDeliveryAddresses(request);
  const basketId = guestBasketId(request);
  if (!basketId) return { guest: null, saved };
  const client = checkoutClient(request);
  const params = { basketId };
  const [checkout, options, calendar] = await Promise.allSettled([
    client.getCheckout({ params }),
    client.getDeliveryOptions({ params, body: {} }),
    client.getSpecificDayDeliveryOptions({ params, body: {} }),
  ]);
  // A basket the API no longer knows, or the API not answering: the browser reads it as before.
  if (checkout.status === 'rejected') return { guest: null, saved };
  // Options the API did not give are read in the browser once the scripts run.
  const delivery = { options: options.status === 'fulfilled' ? options.value : null, calendar: calendar.status === 'fulfilled' ? calendar.value : null };
  return { guest: { basketId, checkout: checkout.value, delivery }, saved };
}

/** A signed-in customer's delivery addresses, the default first, for step 2 to offer (null for a guest, or when the API does not answer). */
const savedDeliveryAddresses = (request: Request) => savedAddressesFor(request, 'delivery', SAVED_ADDRESSES_OFFERED);

/** "Find address" answers only the delivery step's fields: the checkout itself is not read again for it. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const intent = formData?.get('intent');
  return intent === 'find' || intent === 'choose' ? false : defaultShouldRevalidate;
}

/**
 * A step's form posted as a plain form (before the page's scripts ran, or without them): saved as
 * the page saves it itself, then the checkout again with the next step open; refused, the step
 * again with what was typed and why.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  // "Find address" in the delivery step: the step again with the addresses found, or the one chosen filled in.
  const finding = await finderStep(request, form);
  if (finding)
    return { step: 'delivery_address', values: finding.values as Record<string, string>, errors: NO_ERRORS, finder: finding.finder } satisfies StepFailure;
  const input = stepFromForm(form, (await savedDeliveryAddresses(request)) ?? []);
  const basketId = guestBasketId(request);
  if (!input || !basketId) return redirect('/checkout', 303);
  try {
    await saveStep(checkoutClient(request), basketId, input);
  } catch (error) {
    const failure: StepFailure = { step: input.step, values: postedValues(form), errors: stepErrors(error) };
    return data(failure, { status: 400 });
  }
  return redirect('/checkout', 303);
}

/**
 * Arriving from another page in the browser, the page waits for the slim frame's code as well as its data, so
 * checkout is never shown without its header (the page jumped once the header's code arrived).
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [loaded] = await Promise.all([serverLoader(), checkoutFrameLoaded()]);
  return loaded;
}

/**
 * The checkout. A guest's is drawn by the server (the basket cookie names the basket); otherwise the
 * basket's id lives in the browser, so the server sends the frame with skeletons of the steps'
 * heights and the page fills in once the basket is known.
 */
export default function CheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  const auth = useShopAuth();
  const { basket, status, error, refresh } = useBasket();
  // Drawn by the server until a sign-in (a popup from this page) makes the basket the shopper's own.
  const guest = auth.status === 'signed-in' ? null : loaderData.guest;
  const basketId = guest?.basketId ?? checkoutBasketId(auth.status === 'signed-in', basket?.basketId);
  const empty = guest
    ? guest.checkout.basket.lines.every((line) => !line.available)
    : status === 'ready' && (!basket || basket.lines.every((line) => !line.available));

  return (
    <>
      <PageHeader title="Checkout" trail={[{ label: 'Basket', to: '/basket' }, { label: 'Checkout' }]} />
      <div className="container-page min-h-[40rem] py-8 lg:py-12">
        {!guest && status === 'error' && !basket ? (
          <LoadError title="We couldn’t load your basket" error={error} onRetry={() => void refresh()} />
        ) : !guest && (status === 'loading' || auth.status === 'loading') ? (
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
          // Not keyed by the basket: a sign-in from this page (which opens a popup when something is typed) keeps what was typed.
          <CheckoutFlow
            basketId={basketId}
            initial={guest?.checkout}
            initialDelivery={guest?.delivery}
            failure={actionData}
            saved={auth.status === 'signed-in' ? loaderData.saved : null}
          />
        )}
        <noscript>
          <p className="mt-6 text-center text-navy-700">
            {guest ? 'Paying by card needs JavaScript: turn it on to pay.' : 'Your basket is kept in this browser: turn on JavaScript to check out.'}
          </p>
        </noscript>
      </div>
    </>
  );
}
