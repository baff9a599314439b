import { ApiError, createAccountsClient } from '@shop/api-client';
import { useEffect, useId } from 'react';
import { data, Link } from 'react-router';
import type { Route } from './+types/checkout-confirmation';
import { useShopAuth } from '../components/auth/use-shop-auth.ts';
import { OrderLines, SummaryTotalsList } from '../components/checkout/order-summary.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { NotFoundPage } from '../components/status-page.tsx';
import { ButtonLink } from '../components/ui/button.tsx';
import { CheckIcon } from '../components/ui/icons.tsx';
import { LoadError } from '../components/ui/load-error.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { ORDER_EMAIL_KEY, PLACED_ORDER_KEY, readPlacedOrder } from '../lib/checkout/checkout-logic.ts';
import { useMyOrder } from '../lib/account/use-my-order.ts';
import { confirmationOrderNumber, PLACED_NUMBER_KEY, placedByThisBrowser, placedInThisTab } from '../lib/checkout/confirmation.ts';
import { hasSessionHint } from '../lib/auth/session-hint.ts';
import { readShopSession, sessionClientOptions, type ShopSession } from '../lib/auth/session.server.ts';
import { throwIfRateLimited } from '../lib/api.server.ts';
import { trackOrderPath } from '../lib/checkout/order-tracking.ts';
import { useSessionValue } from '../lib/checkout/use-session-value.ts';
import { track } from '../lib/events/track.ts';
import { pageMeta } from '../lib/meta.ts';

export const meta: Route.MetaFunction = () => [
  ...pageMeta('Thank you for your order', 'Your Plumbline order is placed.'),
  { name: 'robots', content: 'noindex' },
];

/** Whether the order is the signed-in customer's own, as the API says (any refusal, or no answer, is "not known here"). */
async function ownOrder(request: Request, session: ShopSession, orderNumber: string): Promise<boolean> {
  try {
    await createAccountsClient(sessionClientOptions(request, session, 'accounts')).getMyOrder({ params: { orderNumber } });
    return true;
  } catch (error) {
    throwIfRateLimited(error);
    return false;
  }
}

/**
 * What cannot be an order number is a 404 at once. A signed-in customer's own order is found by
 * the server (their session), so they are thanked at first paint. Any other real number is
 * answered 404 too, with the not-found page, unless this browser placed it (its cookie) or someone
 * may be signed in here without the server knowing yet (the hint cookie, their session to be
 * renewed by the page), whose own order the page then looks up.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const orderNumber = confirmationOrderNumber(params.orderNumber);
  if (!orderNumber) throw data(null, { status: 404 });
  const cookie = request.headers.get('cookie');
  const session = readShopSession(request);
  const theirs = session ? await ownOrder(request, session, orderNumber) : false;
  const mayBeTheirs = theirs || placedByThisBrowser(cookie, orderNumber) || (!session && hasSessionHint(cookie ?? ''));
  return data({ orderNumber, mayBeTheirs, theirs }, { status: mayBeTheirs ? 200 : 404 });
}

/**
 * The thank-you page, for the order just placed in this tab or one of the signed-in customer's own;
 * any other number gets the not-found page, so the shop thanks no one for an order they did not place.
 */
export default function CheckoutConfirmationPage({ loaderData }: Route.ComponentProps) {
  const { orderNumber, mayBeTheirs, theirs } = loaderData;
  // The order's number only: its totals are the orders module's, never an event's (docs/domain.md §10.7).
  useEffect(() => track('Order Completed', { order_id: orderNumber }), [orderNumber]);
  const here = placedInThisTab(useSessionValue(PLACED_ORDER_KEY), useSessionValue(PLACED_NUMBER_KEY), orderNumber);
  const auth = useShopAuth();
  if (here === true || theirs) return <Confirmation orderNumber={orderNumber} />;
  // Answered 404: the not-found page at once, also without scripts (a tab that placed it is thanked when its storage is read).
  if (!mayBeTheirs && here === undefined) return <NotFoundPage />;
  if (here === undefined || auth.status === 'loading') return <ConfirmationSkeleton />;
  if (auth.status === 'signed-in') return <OwnOrderConfirmation orderNumber={orderNumber} />;
  return <NotFoundPage />;
}

function ConfirmationSkeleton() {
  return (
    <div className="container-page min-h-[36rem] py-8 lg:py-12">
      <Skeleton className="mx-auto h-72 max-w-3xl rounded-2xl" />
    </div>
  );
}

/** Opened in another tab or later, before the server knows who is signed in: thanked when the customer's account has the order. */
function OwnOrderConfirmation({ orderNumber }: { orderNumber: string }) {
  const order = useMyOrder(orderNumber);
  if (order.state === 'error') {
    // Not theirs and not an order are answered alike.
    if (order.error instanceof ApiError && (order.error.status === 404 || order.error.status === 400)) return <NotFoundPage />;
    return <LoadError title="We couldn’t load this order" error={order.error} onRetry={order.reload} />;
  }
  if (order.state !== 'ready') return <ConfirmationSkeleton />;
  return <Confirmation orderNumber={orderNumber} />;
}

/** What was ordered is kept in this tab when the order is placed (the basket is gone by then); otherwise the number and the way to track it. */
function Confirmation({ orderNumber }: { orderNumber: string }) {
  const placed = useSessionValue(PLACED_ORDER_KEY);
  const keptEmail = useSessionValue(ORDER_EMAIL_KEY);
  const linesHeadingId = useId();
  const deliveryHeadingId = useId();
  const loading = placed === undefined;
  const order = placed ? readPlacedOrder(placed, orderNumber) : null;
  const email = order?.emailAddress ?? keptEmail;

  return (
    <>
      <PageHeader title="Thank you for your order" />
      <div className="container-page min-h-[36rem] py-8 lg:py-12">
        <div className="mx-auto max-w-3xl space-y-6">
          <section className="rounded-2xl border border-green-200 bg-green-50 p-6" aria-label="Order placed">
            <div className="flex items-start gap-4">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-green-700 text-white" aria-hidden="true">
                <CheckIcon className="size-5" />
              </span>
              <div>
                <p className="text-lg font-bold text-navy-950">
                  Your order number is <span className="font-mono">{orderNumber}</span>
                </p>
                {order?.orderReference && (
                  <p className="mt-1 text-navy-800">
                    Your order reference: <span className="font-semibold text-navy-950">{order.orderReference}</span>
                  </p>
                )}
                <div className="mt-1 min-h-6 text-navy-800">
                  {loading ? <Skeleton className="h-5 w-72" /> : email ? <>We’ve e-mailed a confirmation to {email}.</> : 'We’ve e-mailed you a confirmation.'}
                </div>
                <div className="mt-4 flex flex-wrap gap-3">
                  <ButtonLink to={trackOrderPath(orderNumber)} variant="primary">
                    Track your order
                  </ButtonLink>
                  <ButtonLink to="/" variant="secondary">
                    Continue shopping
                  </ButtonLink>
                </div>
              </div>
            </div>
          </section>
          {loading && <Skeleton className="h-72 rounded-2xl" />}
          {order && (
            <div className="grid gap-6 md:grid-cols-5">
              <section aria-labelledby={linesHeadingId} className="rounded-2xl border border-navy-100 bg-white p-6 md:col-span-3">
                <h2 id={linesHeadingId} className="text-lg font-bold text-navy-950">
                  What you ordered
                </h2>
                <div className="mt-2">
                  <OrderLines lines={order.lines} />
                </div>
                <div className="mt-4 border-t border-navy-200 pt-4">
                  <SummaryTotalsList totals={{ ...order.totals, deliveryName: order.delivery.name }} />
                </div>
              </section>
              <section aria-labelledby={deliveryHeadingId} className="rounded-2xl border border-navy-100 bg-white p-6 md:col-span-2">
                <h2 id={deliveryHeadingId} className="text-lg font-bold text-navy-950">
                  {order.delivery.collect ? 'Collection' : 'Delivery'}
                </h2>
                <p className="mt-2 font-semibold text-navy-950">{order.delivery.name}</p>
                {order.delivery.window && <p className="text-navy-800">{order.delivery.window}</p>}
                {order.delivery.place && <p className="mt-2 text-sm text-navy-700">{order.delivery.place}</p>}
                {order.delivery.hours && (
                  <ul className="mt-2 text-sm text-navy-700" aria-label="Opening hours">
                    {order.delivery.hours.map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                )}
                <p className="mt-4 text-sm text-navy-700">
                  {order.delivery.collect ? 'We’ll e-mail you when it’s ready to collect: bring your order number.' : 'We’ll e-mail you when it’s on its way.'}
                </p>
              </section>
            </div>
          )}
          {!loading && !order && (
            <p className="text-navy-800">
              You can follow your order any time with its number and your e-mail address on the{' '}
              <Link to={trackOrderPath(orderNumber)} className="font-semibold text-teal-700 underline hover:no-underline">
                track your order
              </Link>{' '}
              page.
            </p>
          )}
        </div>
      </div>
    </>
  );
}
