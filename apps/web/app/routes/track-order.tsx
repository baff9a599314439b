import { useEffect, useId, useRef } from 'react';
import { data, Form, useNavigation, useSearchParams } from 'react-router';
import { ApiError } from '@shop/api-client';
import { ORDER_NUMBER_EXAMPLE, type OrderTracking } from '@shop/contracts';
import type { Route } from './+types/track-order';
import { OrderTimeline } from '../components/checkout/order-timeline.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { OrderChangeOffers, OrderLinkRequest } from '../components/order-help/order-help-links.tsx';
import { CancelledPart } from '../components/cancelled-part.tsx';
import { ParcelTracking } from '../components/parcel-tracking.tsx';
import { LineImage } from '../components/basket/line-image.tsx';
import { Button } from '../components/ui/button.tsx';
import { FormField } from '../components/ui/form-field.tsx';
import { Input } from '../components/ui/input.tsx';
import { orderTrackingClient } from '../lib/api.server.ts';
import { deliveryWindow, ORDER_EMAIL_KEY } from '../lib/checkout/checkout-logic.ts';
import {
  formatInstant,
  normaliseOrderNumber,
  STATUS_NAMES,
  trackingFieldErrors,
  trackingProblem,
  type TrackingFieldErrors,
} from '../lib/checkout/order-tracking.ts';
import { useSessionValue } from '../lib/checkout/use-session-value.ts';
import { pageMeta } from '../lib/meta.ts';

export const meta: Route.MetaFunction = () => pageMeta('Track your order', 'Follow your Plumbline order with its order number and e-mail address.');

type Tracked =
  | { found: OrderTracking; emailAddress: string }
  | { found: null; orderNumber: string; emailAddress: string; errors: TrackingFieldErrors; problem: string | null };

const typed = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/**
 * The lookup is a plain form post, so a press before the page's scripts have run still finds the
 * order (and without scripts at all). The address it was found with comes back for the help forms.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const orderNumber = typed(form, 'orderNumber');
  const emailAddress = typed(form, 'emailAddress').trim();
  const errors = trackingFieldErrors(orderNumber, emailAddress);
  const number = normaliseOrderNumber(orderNumber);
  if (!number || Object.keys(errors).length > 0) return data<Tracked>({ found: null, orderNumber, emailAddress, errors, problem: null }, { status: 400 });
  try {
    const found = await orderTrackingClient(request).trackOrderByPost({ params: { orderNumber: number }, body: { emailAddress } });
    return data<Tracked>({ found, emailAddress });
  } catch (error) {
    // The API's refusal is passed on; its failure, or no answer, is the gateway's.
    const status = error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.status : 502;
    return data<Tracked>({ found: null, orderNumber, emailAddress, errors: {}, problem: trackingProblem(error) }, { status });
  }
}

/** Order tracking for anyone with the order number and the e-mail address it was placed with. */
export default function TrackOrderPage({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const refused = actionData && !actionData.found ? actionData : null;
  // The fields are the browser's own, given only a starting value: what is typed before the page's
  // scripts run stays in them when the scripts take over, and is what the form sends.
  const startingNumber = refused?.orderNumber ?? actionData?.found?.orderNumber ?? searchParams.get('orderNumber') ?? '';
  // Just after checkout, the e-mail the order was placed with is known in this tab: it fills the field if nothing was typed.
  const keptEmail = useSessionValue(ORDER_EMAIL_KEY);
  const emailRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (keptEmail && emailRef.current && emailRef.current.value === '') emailRef.current.value = keptEmail;
  }, [keptEmail]);
  const busy = useNavigation().state === 'submitting';
  const order = actionData?.found ?? null;
  const errors = refused?.errors ?? {};
  const problem = refused?.problem ?? null;
  const resultRef = useRef<HTMLHeadingElement>(null);
  const resultHeadingId = useId();

  useEffect(() => {
    if (order) resultRef.current?.focus();
  }, [order]);

  const arrives = order ? deliveryWindow(order.delivery) : null;
  return (
    <>
      <PageHeader title="Track your order" trail={[{ label: 'Track your order' }]} intro="Enter your order number and the e-mail address you ordered with." />
      <div className="container-page min-h-[36rem] py-8 lg:py-12">
        <div className="grid gap-8 lg:grid-cols-12">
          <Form
            method="post"
            noValidate
            className="space-y-4 self-start rounded-2xl border border-navy-100 bg-white p-6 lg:col-span-4"
            aria-label="Find your order"
          >
            <FormField
              id="track-order-number"
              label="Order number"
              hint={`On your confirmation e-mail, like ${ORDER_NUMBER_EXAMPLE}.`}
              error={errors.orderNumber}
            >
              {(control) => (
                <Input {...control} name="orderNumber" defaultValue={startingNumber} autoCapitalize="characters" spellCheck={false} autoComplete="off" />
              )}
            </FormField>
            <FormField id="track-email" label="E-mail address" error={errors.emailAddress}>
              {(control) => (
                <Input {...control} name="emailAddress" type="email" autoComplete="email" ref={emailRef} defaultValue={actionData?.emailAddress ?? ''} />
              )}
            </FormField>
            {problem && (
              <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800">
                {problem}
              </p>
            )}
            <Button type="submit" loading={busy} className="w-full">
              Track order
            </Button>
          </Form>
          <div className="lg:col-span-8">
            {order ? (
              <section aria-labelledby={resultHeadingId} className="space-y-6 rounded-2xl border border-navy-100 bg-white p-6">
                <div>
                  <h2 id={resultHeadingId} ref={resultRef} tabIndex={-1} className="section-heading outline-none">
                    Order <span className="font-mono">{order.orderNumber}</span>: {STATUS_NAMES[order.status]}
                  </h2>
                  <p className="text-sm text-navy-700">Placed {formatInstant(order.placedAt)}</p>
                </div>
                <OrderTimeline status={order.status} history={order.history} refundedPence={order.refundedPence} paidOnAccount={order.paidOnAccount} />
                {/* Changing the order takes the link we e-mail to its address, asked for with the address it was found with (decision 0049). */}
                <OrderChangeOffers
                  orderNumber={order.orderNumber}
                  status={order.status}
                  collected={order.delivery.postcodeDistrict === null}
                  emailAddress={actionData?.emailAddress ?? ''}
                />
                <OrderLinkRequest orderNumber={order.orderNumber} emailAddress={actionData?.emailAddress ?? ''} />
                <dl className="grid gap-4 sm:grid-cols-2">
                  <div>
                    <dt className="text-sm font-semibold text-navy-700">Delivery</dt>
                    <dd className="text-navy-950">
                      {order.delivery.name}
                      {arrives && <span className="block">{arrives}</span>}
                      {(order.delivery.town || order.delivery.postcodeDistrict) && (
                        <span className="block text-sm text-navy-700">
                          To {[order.delivery.town, order.delivery.postcodeDistrict].filter(Boolean).join(', ')}
                        </span>
                      )}
                    </dd>
                  </div>
                  {order.tracking && (
                    <div>
                      <dt className="text-sm font-semibold text-navy-700">Tracking</dt>
                      <dd className="text-navy-950">
                        <ParcelTracking tracking={order.tracking} />
                      </dd>
                    </div>
                  )}
                </dl>
                <div>
                  <h3 className="font-bold text-navy-950">Items</h3>
                  <ul className="mt-2 divide-y divide-navy-100 border-y border-navy-100">
                    {order.lines.map((line, index) => (
                      <li key={`${line.productName}-${line.label}-${index}`} className="flex items-center gap-3 py-3">
                        <LineImage line={line} className="size-12" />
                        <span className="text-sm">
                          <span className="block font-semibold text-navy-950">{line.productName}</span>
                          <span className="text-navy-700">
                            {line.label} · Qty {line.quantity}
                          </span>
                          <CancelledPart line={line} />
                        </span>
                      </li>
                    ))}
                  </ul>
                </div>
              </section>
            ) : (
              <div className="rounded-2xl border border-dashed border-navy-200 bg-sand-50 p-6 text-navy-800">
                <h2 className="font-bold text-navy-950">Where to find your order number</h2>
                <p className="mt-1 text-sm">It’s in the confirmation e-mail we sent when you ordered, and on your account page if you were signed in.</p>
              </div>
            )}
          </div>
        </div>
      </div>
    </>
  );
}
