import { ApiError } from '@shop/api-client';
import type { Order, OrderProjects } from '@shop/contracts';
import { data } from 'react-router';
import type { Route } from './+types/account-order';
import { LineImage } from '../components/basket/line-image.tsx';
import { LineTotal, SummaryTotalsList } from '../components/checkout/order-summary.tsx';
import { OrderTimeline } from '../components/checkout/order-timeline.tsx';
import { EmptyState } from '../components/layout/empty-state.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { OrderChangeDone } from '../components/order-change/order-change-done.tsx';
import { OrderHelpLinks } from '../components/order-help/order-help-links.tsx';
import { CancelledPart } from '../components/cancelled-part.tsx';
import { ParcelTracking } from '../components/parcel-tracking.tsx';
import { Card } from '../components/staff-orders/order-details.tsx';
import { AddressLines } from '../components/ui/address-lines.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { ButtonLink } from '../components/ui/button.tsx';
import { BasketIcon, ChevronLeftIcon } from '../components/ui/icons.tsx';
import { Link } from '../components/ui/link.tsx';
import { LoadError } from '../components/ui/load-error.tsx';
import { accountClients, loadOrProblem } from '../lib/account/account-api.server.ts';
import { orderTotals, refundLine } from '../lib/account/orders.ts';
import { whenText } from '../lib/checkout/checkout-logic.ts';
import { COLLECT_FROM, collectionPlace, isCollecting, openingHoursLines } from '../lib/checkout/click-collect.ts';
import { formatInstant, STATUS_NAMES, statusTone, trackOrderPath } from '../lib/checkout/order-tracking.ts';
import { helpPath } from '../lib/help-topics.ts';
import { pageMeta } from '../lib/meta.ts';
import { usePriceDisplay } from '../lib/price-display.ts';
import { writeReviewPath } from '../lib/reviews/review-links.ts';
import { AMENDABLE_STATUSES, UPGRADABLE_STATUSES, formatPence } from '@shop/contracts';
import { addressLines, paymentText } from '../lib/staff-orders/orders.ts';

export const meta: Route.MetaFunction = ({ params }) => [
  ...pageMeta(`Order ${params.orderNumber.toUpperCase()}`, 'One of your Plumbline orders: items, delivery, payment and progress.'),
  { name: 'robots', content: 'noindex' },
];

/**
 * One of the signed-in customer's orders, loaded for them on the server. Not theirs, not an order, or
 * not an order number at all: the API answers the same, and so does the page (a 404 with the ways on).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const orderNumber = params.orderNumber.trim().toUpperCase();
  const { accounts, projects } = accountClients(request);
  const notFound = (error: unknown) => {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  };
  const [order, placedFrom] = await Promise.all([
    loadOrProblem(request, `order ${orderNumber}`, accounts.getMyOrder({ params: { orderNumber } }).catch(notFound)),
    projects
      .projectsOfOrder({ params: { orderNumber } })
      .then((answer) => answer.projects)
      .catch((error: unknown) => notFound(error) ?? []),
  ]);
  const here = new URL(request.url).pathname;
  return 'data' in order && order.data === null ? data({ orderNumber, order, here, placedFrom }, { status: 404 }) : { orderNumber, order, here, placedFrom };
}

export default function AccountOrderPage({ loaderData: { orderNumber, order, here, placedFrom } }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title={`Order ${orderNumber}`}
        trail={[{ label: 'Your account', to: '/account' }, { label: 'Your orders', to: '/account/orders' }, { label: orderNumber }]}
      />
      <div className="container-page min-h-[36rem] py-8 lg:py-10">
        <Link to="/account/orders" className="inline-flex items-center gap-1">
          <ChevronLeftIcon className="size-4" />
          All your orders
        </Link>
        <div className="mt-6">
          {'problem' in order ? (
            <LoadError title="We couldn’t load this order" problem={order.problem} retryTo={here} />
          ) : order.data ? (
            <OrderDetails order={order.data} placedFrom={placedFrom} />
          ) : (
            <NotYourOrder orderNumber={orderNumber} />
          )}
        </div>
      </div>
    </>
  );
}

function NotYourOrder({ orderNumber }: { orderNumber: string }) {
  return (
    <EmptyState
      icon={<BasketIcon className="size-8" />}
      title="We couldn’t find that order"
      actions={
        <>
          <ButtonLink to="/account/orders">Your orders</ButtonLink>
          <ButtonLink to={trackOrderPath()} variant="secondary">
            Track an order
          </ButtonLink>
        </>
      }
    >
      <p>There is no order {orderNumber} on your account. An order placed without signing in can be followed with its number and e-mail address.</p>
    </EmptyState>
  );
}

function OrderDetails({ order, placedFrom }: { order: Order; placedFrom: OrderProjects['projects'] }) {
  const collecting = isCollecting(order.delivery);
  const when = whenText(order.delivery);
  const { display } = usePriceDisplay();
  return (
    <div className="space-y-6">
      <OrderChangeDone />
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <Badge tone={statusTone(order.status)}>{STATUS_NAMES[order.status]}</Badge>
        <p className="text-navy-700">
          Placed {formatInstant(order.placedAt)} · <span className="font-semibold text-navy-950">{formatPence(order.totals.totalIncVat)}</span>
        </p>
        {order.orderReference && (
          <p className="text-navy-700">
            Your order reference: <span className="font-semibold text-navy-950">{order.orderReference}</span>
          </p>
        )}
        {placedFrom.length > 0 && (
          <p className="text-navy-700">
            Placed from your {placedFrom.length === 1 ? 'project' : 'projects'}{' '}
            {placedFrom.map((project, i) => (
              <span key={project.projectId}>
                {i > 0 && ', '}
                <Link to={`/account/projects/${encodeURIComponent(project.projectId)}`} className="font-semibold">
                  {project.name}
                </Link>
              </span>
            ))}
          </p>
        )}
      </div>

      <Card id="order-progress" title="Progress">
        <OrderTimeline
          status={order.status}
          history={order.history}
          refundedPence={order.payment.refundedPence}
          paidOnAccount={order.payment.method === 'on_account'}
        />
      </Card>

      {AMENDABLE_STATUSES.includes(order.status) && (
        <p className="flex flex-wrap items-center gap-3">
          <ButtonLink to={`/account/orders/${order.orderNumber}/change`} variant="secondary">
            Change this order online
          </ButtonLink>
          <span className="text-sm text-navy-700">Add or remove items, or change the address, until we start picking it.</span>
        </p>
      )}

      {UPGRADABLE_STATUSES.includes(order.status) && !collecting && (
        <p className="flex flex-wrap items-center gap-3">
          <ButtonLink to={`/account/orders/${order.orderNumber}/upgrade-delivery`} variant="secondary">
            Upgrade delivery
          </ButtonLink>
          <span className="text-sm text-navy-700">Choose a faster or specific-day delivery, until we dispatch the order.</span>
        </p>
      )}

      <OrderHelpLinks orderNumber={order.orderNumber} status={order.status} vatDocuments={order.vatDocuments} />

      <div className="grid items-start gap-6 lg:grid-cols-3">
        <Card id="order-items" title="Items" className="lg:col-span-2">
          <ul className="divide-y divide-navy-100 border-b border-navy-100">
            {order.lines.map((line) => (
              <li key={line.sku} className="flex gap-4 py-4 first:pt-0">
                <LineImage line={line} className="size-16 sm:size-20" />
                <div className="min-w-0 flex-1">
                  <Link to={`/p/${line.productSlug}`} className="font-semibold">
                    {line.productName}
                  </Link>
                  {line.label && <p className="text-sm text-navy-700">{line.label}</p>}
                  <p className="text-sm text-navy-700">
                    {/* At trade prices the unit ex VAT, as the trade checkout showed it (the line's ex-VAT total is unit × quantity). */}
                    Qty {line.quantity}
                    {order.tradePriced
                      ? line.quantity > 0 && ` × ${formatPence(line.lineTotalExVat / line.quantity)} ex VAT`
                      : ` × ${formatPence(line.unitPriceIncVat)}`}
                  </p>
                  <CancelledPart line={line} className="text-sm" />
                  {order.status !== 'cancelled' && (
                    <Link to={writeReviewPath(line.productSlug, { orderNumber: order.orderNumber, sku: line.sku })} className="mt-1 inline-block text-sm">
                      Write a review<span className="sr-only"> of {line.productName}</span>
                    </Link>
                  )}
                </div>
                <LineTotal line={order.tradePriced ? line : { lineTotalIncVat: line.lineTotalIncVat }} display={display} />
              </li>
            ))}
          </ul>
          <div className="mt-4 sm:ml-auto sm:max-w-sm">
            <SummaryTotalsList totals={orderTotals(order)} />
          </div>
        </Card>

        <div className="space-y-6">
          <Card id="order-tracking" title="Tracking">
            {order.tracking ? (
              <p className="text-navy-950">
                <ParcelTracking tracking={order.tracking} />
              </p>
            ) : (
              <p className="text-navy-700">
                {collecting
                  ? `Nothing to track: you collect this order from the ${order.delivery.collection?.branch.name ?? 'trade counter'}.`
                  : order.status === 'cancelled' || order.status === 'refunded'
                    ? 'This order was not sent.'
                    : 'Not dispatched yet. The carrier and tracking number show here once it is.'}
              </p>
            )}
          </Card>

          <Card id="order-delivery" title={collecting ? 'Collection' : 'Delivery'}>
            <p className="font-semibold text-navy-950">{order.delivery.name}</p>
            {when && <p className="text-navy-800">{when}</p>}
            {order.deliveryAddress ? (
              <AddressLines lines={addressLines(order.deliveryAddress)} className="mt-2" />
            ) : (
              <p className="mt-2 text-navy-800">{order.delivery.collection ? collectionPlace(order.delivery.collection) : COLLECT_FROM}</p>
            )}
            {order.delivery.collection && (
              <ul aria-label="Opening hours" className="mt-2 text-sm text-navy-700">
                {openingHoursLines(order.delivery.collection.branch).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            )}
          </Card>

          <Card id="order-payment" title="Payment">
            <p className="text-navy-950">
              {formatPence(order.payment.capturedPence)} paid by {paymentText(order.payment)}
            </p>
            <h3 className="mt-3 text-sm font-semibold text-navy-700">Billing address</h3>
            <AddressLines lines={addressLines(order.billingAddress)} />
            {order.refunds.length > 0 && (
              <>
                <h3 className="mt-3 text-sm font-semibold text-navy-700">Refunds</h3>
                <ul className="mt-1 space-y-1 text-navy-950">
                  {order.refunds.map((refund) => (
                    <li key={refund.refundId}>{refundLine(refund)}</li>
                  ))}
                </ul>
                <p className="mt-1 text-sm text-navy-700">Back to the card you paid with: your bank may take a few working days to show it.</p>
              </>
            )}
          </Card>

          <p className="text-sm text-navy-700">
            Something not right? See <Link to={helpPath('returns')}>returns and refunds</Link> or <Link to={helpPath('contact')}>contact us</Link> with your
            order number.
          </p>
        </div>
      </div>
    </div>
  );
}
