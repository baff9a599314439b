import { useEffect, useId, useRef } from 'react';
import { ApiError, createCatalogueClient } from '@shop/api-client';
import { data, Link, redirect } from 'react-router';
import type { Route } from './+types/basket';
import { BasketLineItem } from '../components/basket/basket-line-item.tsx';
import { SaveForLater } from '../components/wishlist/save-for-later.tsx';
import { useShopAuth } from '../components/auth/use-shop-auth.ts';
import { lazyComponent } from '../lib/lazy-component.tsx';
import { BasketNotices } from '../components/basket/basket-notices.tsx';
import { BasketTotals, DiscountCodeForm } from '../components/basket/basket-summary.tsx';
import { CheckoutLink } from '../components/basket/checkout-link.tsx';
import { SAVE_INTENT, SaveBasketButton } from '../components/basket/save-basket-dialog.tsx';
import { EmptyState } from '../components/layout/empty-state.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { ButtonLink } from '../components/ui/button.tsx';
import { BasketIcon, TruckIcon } from '../components/ui/icons.tsx';
import { LoadError } from '../components/ui/load-error.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { apiProblemMessage } from '../lib/api-problem.ts';
import { basketClient, optionalExtra, serviceClientOptions, throwIfRateLimited } from '../lib/api.server.ts';
import { consentFromCookie } from '../lib/consent.ts';
import { formText } from '../lib/form-text.ts';
import { isSameOriginPost } from '../lib/same-origin-post.ts';
import { readShopSession } from '../lib/auth/session.server.ts';
import { useBasket } from '../lib/basket/basket-context.tsx';
import { guestBasketId } from '../lib/basket/guest-basket.server.ts';
import { CURRENT_BASKET, discountProblemMessage, itemCountText } from '../lib/basket/basket-logic.ts';
import { helpPath } from '../lib/help-topics.ts';
import { pageMeta } from '../lib/meta.ts';
import { track } from '../lib/events/track.ts';
import { lineChange as basketLineChange } from '../lib/events/basket-events.ts';
import { trackFromServer } from '../lib/events/server-events.server.ts';
import { lineChangeFromPost } from '../lib/basket/basket-line-forms.ts';
import { RecentlyViewedCarousel } from '../components/recently-viewed-carousel.tsx';
import { BasketSuggestions, basketSuggestionsOf } from '../components/basket/basket-suggestions.tsx';
import type { RouteHandle } from '../lib/route-handle.ts';
import { formatPenceShort, PAGE_TYPES } from '@shop/contracts';
import { FREE_LARGE_DELIVERY_THRESHOLD } from '../lib/shop-facts.ts';

export const meta: Route.MetaFunction = () => pageMeta('Your basket', 'The products in your Plumbline basket.');

export const handle: RouteHandle = { toasts: 'clear-of-summary' };

const RETRIEVE_PATH = '/basket/retrieve';

/** A signed-in shopper's "Add to project" under each line: the picker's code comes with their basket, never for a guest's. */
const AddToProject = lazyComponent(() => import('../components/projects/add-to-project-in-browser.tsx').then((module) => module.AddToProjectInBrowser));

/**
 * The basket drawn by the server: the signed-in shopper's (the session, decision 0063), or a guest's
 * named by the basket cookie. A basket added to by a plain form (product-forms.ts) is then seen
 * without the page's scripts, and a guest's goes on to their checkout, which works without them too
 * (decision 0020). A basket the API no longer knows, or does not answer for, is read in the browser.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const session = readShopSession(request);
  const basketId = session ? CURRENT_BASKET : guestBasketId(request);
  const client = basketClient(request, session?.accessToken);
  const drawing = basketId ? optionalExtra(client.getBasket({ params: { basketId } })) : Promise.resolve(null);
  const [drawn, viewed, suggestions] = await Promise.all([
    drawing,
    viewedOnAnyDevice(request, session?.accessToken),
    drawing.then((basket) => basketSuggestions(request, basket?.lines.map((line) => line.sku) ?? [])),
  ]);
  return { drawn, viewed, suggestions };
}

/** What the basket's lines need and orders put with them: drawn with the basket, so the rows are there at first paint. */
async function basketSuggestions(request: Request, basketSkus: readonly string[]) {
  if (basketSkus.length === 0) return [];
  const carousels = await optionalExtra(
    createCatalogueClient(serviceClientOptions(request, 'catalogue')).getCarousels({
      body: { pageType: PAGE_TYPES.cart, recentlyViewedSkus: [], basketSkus: [...basketSkus] },
    }),
  );
  return basketSuggestionsOf(carousels?.carousels ?? []);
}

/**
 * A signed-in shopper who accepted being remembered: what they viewed on any of their devices
 * (their shopping events, kept only with that consent); null for anyone else, whose row is this
 * browser's own list.
 */
async function viewedOnAnyDevice(request: Request, accessToken: string | undefined) {
  if (!accessToken || consentFromCookie(request.headers.get('cookie') ?? '') !== 'accepted') return null;
  const carousels = await optionalExtra(
    createCatalogueClient(serviceClientOptions(request, 'catalogue', accessToken)).getCarousels({
      body: { pageType: PAGE_TYPES.cart, recentlyViewedSkus: [] },
    }),
  );
  return carousels?.carousels.find((carousel) => carousel.identifier === 'recently-viewed')?.products ?? null;
}

/**
 * The discount code applied or removed as a plain form (before the page's scripts run, or without
 * them): the basket comes back with it, or the form with the API's words for the refusal. "Save
 * basket" is a plain form too: the page comes back with the code to retrieve it by.
 */
export async function action({ request }: Route.ActionArgs) {
  if (!isSameOriginPost(request.headers, request.url)) throw data(null, { status: 403 });
  const form = await request.formData();
  const session = readShopSession(request);
  const basketId = session ? CURRENT_BASKET : guestBasketId(request);
  if (!basketId) return redirect('/basket', 303);
  const client = basketClient(request, session?.accessToken);
  if (formText(form, 'intent') === SAVE_INTENT) return saveBasket(client, basketId);
  const lineChange = lineChangeFromPost(form);
  if (lineChange) return changeLine(request, client, basketId, lineChange);
  const code = formText(form, 'code').trim();
  try {
    if (formText(form, 'intent') === 'remove-discount') await client.removeDiscount({ params: { basketId }, body: { code } });
    else if (code === '') return data({ discountProblem: 'Enter a discount code.', code }, { status: 400 });
    else await client.addDiscount({ params: { basketId }, body: { code } });
  } catch (error) {
    throwIfRateLimited(error);
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    return data({ discountProblem: discountProblemMessage(error), code }, { status: error.status });
  }
  return redirect('/basket', 303);
}

/**
 * A line's quantity or "Remove" pressed before the page's scripts run (basket-line-forms.ts): the basket
 * comes back changed, or the line says why not. The change is told to the shop's statistics as the
 * page's scripts would have told it, by how many packs the line moved.
 */
async function changeLine(
  request: Request,
  client: ReturnType<typeof basketClient>,
  basketId: string,
  change: NonNullable<ReturnType<typeof lineChangeFromPost>>,
) {
  const refused = (message: string, status: number) => data({ lineProblem: { sku: change.sku, message } }, { status });
  if ('problem' in change) return refused(change.problem, 400);
  try {
    const before = await optionalExtra(client.getBasket({ params: { basketId } }));
    const params = { params: { basketId } };
    const after =
      change.quantity === null
        ? await client.removeItem({ ...params, body: { sku: change.sku } })
        : await client.setItem({ ...params, body: { sku: change.sku, quantity: change.quantity } });
    await trackFromServer(request, [basketLineChange(change.sku, before, after)]);
  } catch (error) {
    throwIfRateLimited(error);
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    return refused(apiProblemMessage(error), error.status);
  }
  return redirect('/basket', 303);
}

/** "Save basket" pressed before the page's scripts run: the page comes back with the retrieval code on it. */
async function saveBasket(client: ReturnType<typeof basketClient>, basketId: string) {
  try {
    return { saved: await client.saveBasket({ params: { basketId } }) };
  } catch (error) {
    throwIfRateLimited(error);
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    return data({ saveProblem: apiProblemMessage(error) }, { status: error.status });
  }
}

/**
 * The basket page. A signed-in shopper's basket is reached with the token the browser holds, so the
 * page is filled there: the server sends the frame and a skeleton (a guest's, it draws). Opening it
 * re-checks the basket (refresh), so lines that can no longer be sold, lower stock and new prices
 * are reported as notices.
 */
export default function BasketPage({ loaderData, actionData }: Route.ComponentProps) {
  const context = useBasket();
  const { error, refresh, dismissAllNotices } = context;
  // The server's reading of the basket, until the browser has read it.
  const serverDrawn = context.status === 'loading' ? loaderData.drawn : null;
  const basket = serverDrawn ?? context.basket;
  const status = serverDrawn ? 'ready' : context.status;
  const refreshed = useRef(false);
  const itemsHeadingId = useId();
  const summaryHeadingId = useId();

  const contextStatus = context.status;
  useEffect(() => track('Cart Viewed'), []);
  useEffect(() => {
    if (contextStatus !== 'ready' || refreshed.current) return;
    refreshed.current = true;
    void refresh();
  }, [contextStatus, refresh]);
  // Notices are shown once: leaving the page dismisses them (after a tick, so React's development
  // re-mount does not count as leaving).
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      setTimeout(() => mounted.current || dismissAllNotices(), 0);
    };
  }, [dismissAllNotices]);

  const lines = basket?.lines ?? [];
  const signedIn = useShopAuth().status === 'signed-in';

  return (
    <>
      <PageHeader title="Your basket" trail={[{ label: 'Basket' }]} />
      <div className="container-page py-8 lg:py-12">
        <BasketNotices />
        {status === 'error' && !basket ? (
          <LoadError title="We couldn’t load your basket" error={error} onRetry={() => void refresh()} />
        ) : status === 'loading' ? (
          <BasketSkeleton />
        ) : !basket || lines.length === 0 ? (
          <EmptyState
            icon={<BasketIcon className="size-8" />}
            title="Your basket is empty"
            actions={
              <>
                <ButtonLink to="/#shop-by-category" variant="primary">
                  Start shopping
                </ButtonLink>
                <ButtonLink to={RETRIEVE_PATH} variant="secondary">
                  Retrieve a saved basket
                </ButtonLink>
              </>
            }
          >
            <p>
              Products you add will appear here. Orders over {formatPenceShort(FREE_LARGE_DELIVERY_THRESHOLD)} deliver free to most of mainland UK.{' '}
              <Link to={helpPath('delivery')} className="font-semibold text-teal-700 underline hover:no-underline">
                Delivery information
              </Link>
            </p>
          </EmptyState>
        ) : (
          <div className="grid gap-8 lg:grid-cols-12 lg:gap-12">
            <section aria-labelledby={itemsHeadingId} className="lg:col-span-8">
              <h2 id={itemsHeadingId} className="section-heading">
                Items <span className="font-medium text-navy-700">({itemCountText(basket.totals.itemCount)})</span>
              </h2>
              <ul className="mt-2 divide-y divide-navy-100 border-y border-navy-100">
                {lines.map((line) => (
                  <BasketLineItem
                    key={line.sku}
                    line={line}
                    refused={actionData && 'lineProblem' in actionData && actionData.lineProblem.sku === line.sku ? actionData.lineProblem.message : null}
                    tradePriced={basket.pricing.tradePriced}
                    actions={
                      <>
                        <SaveForLater line={line} />
                        {signedIn && (
                          <AddToProject
                            sku={line.sku}
                            skus={lines.map((each) => each.sku)}
                            returnTo="/basket"
                            line={{ productName: line.productName, quantity: line.quantity }}
                            className="w-full"
                          />
                        )}
                      </>
                    }
                  />
                ))}
              </ul>
              <p className="mt-4 flex items-center gap-2 text-sm text-navy-700">
                <TruckIcon className="size-5 shrink-0 text-teal-700" />
                <span>
                  Delivery is an estimate until checkout.{' '}
                  <Link to={helpPath('delivery')} className="font-semibold text-teal-700 underline hover:no-underline">
                    Delivery information
                  </Link>
                </span>
              </p>
            </section>
            <aside aria-labelledby={summaryHeadingId} className="lg:col-span-4">
              <div className="space-y-6 rounded-2xl border border-navy-100 bg-sand-50 p-5 lg:sticky lg:top-6 sm:p-6">
                <h2 id={summaryHeadingId} className="section-heading">
                  Order summary
                </h2>
                <BasketTotals basket={basket} />
                <DiscountCodeForm basket={basket} />
                <div className="space-y-3 border-t border-navy-200 pt-5">
                  <CheckoutLink basket={basket} />
                  <SaveBasketButton className="w-full" />
                  <Link to={RETRIEVE_PATH} className="block text-center text-sm font-semibold text-teal-700 underline hover:no-underline">
                    Retrieve a saved basket
                  </Link>
                </div>
              </div>
            </aside>
          </div>
        )}
        {basket && basket.lines.length > 0 && (
          <BasketSuggestions skus={basket.lines.map((line) => line.sku)} initial={loaderData.suggestions} className="mt-12" />
        )}
        <RecentlyViewedCarousel pageType={PAGE_TYPES.cart} className="mt-12" viewed={loaderData.viewed} />
        <noscript>
          <p className="mt-6 text-center text-navy-700">
            {serverDrawn
              ? 'Changing your basket here needs JavaScript: turn it on to change it.'
              : 'Your basket is kept in this browser: turn on JavaScript to see it.'}
          </p>
        </noscript>
      </div>
    </>
  );
}

/** The page's shape while the basket loads: two lines and the summary, at their usual heights. */
function BasketSkeleton() {
  return (
    <div className="grid gap-8 lg:grid-cols-12 lg:gap-12" aria-busy="true">
      <p className="sr-only" role="status">
        Loading your basket…
      </p>
      <div className="lg:col-span-8">
        <Skeleton className="h-7 w-40" />
        <div className="mt-2 divide-y divide-navy-100 border-y border-navy-100">
          {[0, 1].map((key) => (
            <div key={key} className="grid grid-cols-[5rem_1fr] gap-4 py-5 sm:grid-cols-[7rem_1fr_auto]">
              <Skeleton className="size-20 rounded-lg sm:size-28" />
              <div className="space-y-2">
                <Skeleton className="h-5 w-3/4" />
                <Skeleton className="h-4 w-1/3" />
                <Skeleton className="h-5 w-24" />
              </div>
              <Skeleton className="col-span-2 h-10 w-32 sm:col-span-1" />
            </div>
          ))}
        </div>
      </div>
      <div className="lg:col-span-4">
        <Skeleton className="h-96 rounded-2xl" />
      </div>
    </div>
  );
}
