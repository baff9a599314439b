import { ApiError } from '@shop/api-client';
import { normaliseOrderNumber, ORDER_LINK_HOURS, ORDER_LINK_PURPOSES, type OrderLinkPurpose, type OrderProducts } from '@shop/contracts';
import { data, Form, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/order-help-order';
import { PageHeader } from '../components/layout/page-header.tsx';
import { OrderChangeOffers, OrderHelpActions } from '../components/order-help/order-help-links.tsx';
import { OrderChangeDone } from '../components/order-change/order-change-done.tsx';
import { Notice } from '../components/trade/trade-panels.tsx';
import { Button } from '../components/ui/button.tsx';
import { ErrorSummary } from '../components/ui/error-summary.tsx';
import { FormField } from '../components/ui/form-field.tsx';
import { Input } from '../components/ui/input.tsx';
import { Link } from '../components/ui/link.tsx';
import { formatInstant, STATUS_NAMES, trackOrderPath } from '../lib/checkout/order-tracking.ts';
import { pageMeta } from '../lib/meta.ts';
import { formText, problemsFrom } from '../lib/order-help/order-help.ts';
import { loadOrderProducts, proofFrom, requestOrderLink } from '../lib/order-help/order-help.server.ts';
import { orderHelpHome, orderLinkCookie } from '../lib/order-help/order-link.ts';
import { oneShotNotices } from '../lib/step-done.server.ts';

/** The e-mail field's id: the error summary links to it. */
const EMAIL_FIELD = 'order-link-email';
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** `via`: how the visitor proved the order is theirs, the e-mailed link's cookie or their account (signed in). */
type Loaded = { orderNumber: string; order: OrderProducts | null; via: 'link' | 'account'; problem: string | null };
type Sent = { sentTo: string; expiresInHours: number; purpose: OrderLinkPurpose } | null;
const SENT_FOR: Record<OrderLinkPurpose, string> = {
  manage: 'to manage this order',
  change: 'to change this order',
  'upgrade-delivery': 'to upgrade the delivery of this order',
};

/** Why the link in the cookie no longer opens the order, in the API's words (expired, or not this order's). */
const linkProblem = (error: ApiError) =>
  error.code === 'ORDER_LINK_EXPIRED' || error.code === 'ORDER_LINK_INVALID' ? error.message : 'To manage this order, ask for a new link below.';

/**
 * One order, for whoever holds the link we e-mailed (decision 0049), whose cookie comes with this
 * page's request only, or for the signed-in customer whose order it is (the storefront's session,
 * decision 0063): what can be done, drawn by the server. Without either, or once the link has
 * expired, the page asks for the address the order was placed with and e-mails a new link.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const orderNumber = normaliseOrderNumber(params.orderNumber);
  if (!orderNumber) throw data('Not found', { status: 404 });
  // The link's cookie belongs to the number as we write it.
  if (orderNumber !== params.orderNumber) throw redirect(orderHelpHome(orderNumber), 301);
  const proof = proofFrom(request);
  const via = proof.linkToken ? 'link' : 'account';
  if (!proof.linkToken && !proof.accessToken)
    return data<Loaded>({ orderNumber, order: null, via, problem: null }, { headers: { 'cache-control': 'no-store' } });
  try {
    const order = await loadOrderProducts(proof, orderNumber);
    return data<Loaded>({ orderNumber, order, via, problem: null }, { headers: { 'cache-control': 'no-store' } });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500 || error.status === 0) throw error;
    // Signed in, without a link: not an order of theirs, so they may ask for its link like anyone
    // (asked too often, they are told so, as with a link).
    if (!proof.linkToken && error.status !== 429)
      return data<Loaded>({ orderNumber, order: null, via, problem: null }, { headers: { 'cache-control': 'no-store' } });
    const forget = orderLinkCookie(orderNumber, null, { maxAgeSeconds: 0, secure: new URL(request.url).protocol === 'https:' });
    const problem = error.status === 403 ? linkProblem(error) : problemsFrom(error).problem;
    return data<Loaded>(
      { orderNumber, order: null, via, problem },
      { headers: { 'cache-control': 'no-store', ...(error.status === 403 ? { 'set-cookie': forget } : {}) } },
    );
  }
}

/** "E-mail me a link": from this page, or from the tracking result with the address the order was found with. */
export async function action({ params, request }: Route.ActionArgs) {
  const orderNumber = normaliseOrderNumber(params.orderNumber);
  if (!orderNumber) throw data('Not found', { status: 404 });
  const form = await request.formData();
  const emailAddress = formText(form, 'emailAddress').trim();
  const asked = formText(form, 'purpose');
  const purpose = ORDER_LINK_PURPOSES.find((entry) => entry === asked) ?? 'manage';
  if (!EMAIL_SHAPE.test(emailAddress)) {
    return data({ sent: null as Sent, problem: 'Enter the e-mail address you placed the order with, like name@example.com.', emailAddress }, { status: 400 });
  }
  try {
    return { sent: { ...(await requestOrderLink(request, orderNumber, emailAddress, purpose)), purpose } as Sent, problem: null, emailAddress };
  } catch (error) {
    const status = error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.status : 502;
    const problem =
      error instanceof ApiError && error.status === 404
        ? 'We couldn’t find an order with that number and e-mail address. Check both match your order confirmation e-mail.'
        : error instanceof ApiError && error.code === 'ORDER_LINK_TOO_MANY'
          ? error.message
          : problemsFrom(error).problem;
    return data({ sent: null as Sent, problem, emailAddress }, { status });
  }
}

// What a change or an upgrade just did is said once, as in the account: a reload is the order alone.
export const middleware: Route.MiddlewareFunction[] = [oneShotNotices];

export const meta: Route.MetaFunction = () => [
  ...pageMeta('Manage your order', 'Cancel, return, report a problem or ask about your order.'),
  { name: 'robots', content: 'noindex' },
];

export default function OrderHelpOrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { orderNumber, order, via } = loaderData;
  return (
    <>
      <PageHeader title="Manage your order" trail={[{ label: 'Track your order', to: trackOrderPath(orderNumber) }, { label: orderNumber }]} />
      <div className="container-page min-h-[30rem] max-w-3xl space-y-6 py-8 lg:py-10">
        {actionData?.sent ? (
          <Notice title="Check your e-mail">
            We have sent a link to {actionData.sent.sentTo} {SENT_FOR[actionData.sent.purpose]}. It works for {actionData.sent.expiresInHours} hours. If it does
            not arrive in a few minutes, check your spam folder.
          </Notice>
        ) : order ? (
          <ManageOrder order={order} via={via} />
        ) : (
          <AskForLink orderNumber={orderNumber} problem={actionData?.problem ?? loaderData.problem} emailAddress={actionData?.emailAddress ?? ''} />
        )}
      </div>
    </>
  );
}

function ManageOrder({ order, via }: { order: OrderProducts; via: Loaded['via'] }) {
  return (
    <>
      <OrderChangeDone />
      <section aria-labelledby="manage-order-heading" className="rounded-2xl border border-navy-100 bg-white p-6">
        <h2 id="manage-order-heading" className="section-heading">
          Order <span className="font-mono">{order.orderNumber}</span>: {STATUS_NAMES[order.status]}
        </h2>
        <p className="text-sm text-navy-700">Placed {formatInstant(order.placedAt)}</p>
        <ul className="mt-4 divide-y divide-navy-100 border-y border-navy-100">
          {order.lines.map((line) => (
            <li key={line.position} className="py-2 text-sm">
              <span className="font-semibold text-navy-950">{line.productName}</span>{' '}
              <span className="text-navy-700">
                {line.label} · Qty {line.quantity}
                {line.cancelledQuantity > 0 && ` (${line.cancelledQuantity} cancelled)`}
              </span>
            </li>
          ))}
        </ul>
      </section>
      <OrderChangeOffers orderNumber={order.orderNumber} status={order.status} collected={order.collected} />
      <OrderHelpActions orderNumber={order.orderNumber} status={order.status} />
      {via === 'link' ? (
        <p className="text-sm text-navy-700">
          You opened this page from a link we e-mailed. It works on this device until the time that e-mail gives; after that, ask for a new one on{' '}
          <Link to={trackOrderPath(order.orderNumber)}>Track your order</Link>.
        </p>
      ) : (
        <p className="text-sm text-navy-700">
          This order is on your account: see everything about it in <Link to={`/account/orders/${encodeURIComponent(order.orderNumber)}`}>your orders</Link>.
        </p>
      )}
    </>
  );
}

function AskForLink({ orderNumber, problem, emailAddress }: { orderNumber: string; problem: string | null; emailAddress: string }) {
  const busy = useNavigation().state === 'submitting';
  return (
    <Form method="post" noValidate className="space-y-5 rounded-2xl border border-navy-100 bg-white p-6" aria-label="Ask for a link to manage this order">
      {problem && <ErrorSummary problems={[{ message: problem, fieldId: EMAIL_FIELD }]} />}
      <p className="text-navy-800">
        To cancel or return items, report a problem, ask about order <span className="font-mono font-semibold">{orderNumber}</span> or change it, we e-mail a
        link to the address it was placed with. The link works for {ORDER_LINK_HOURS} hours.
      </p>
      <FormField id={EMAIL_FIELD} label="E-mail address" hint="The one you placed the order with">
        {(control) => <Input {...control} type="email" name="emailAddress" autoComplete="email" defaultValue={emailAddress} />}
      </FormField>
      <Button type="submit" loading={busy}>
        E-mail me a link
      </Button>
      <p className="text-sm text-navy-700">
        Placed it signed in? Find it in <Link to={`/account/orders/${encodeURIComponent(orderNumber)}`}>your orders</Link> instead.
      </p>
    </Form>
  );
}
