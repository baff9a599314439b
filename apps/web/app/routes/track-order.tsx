import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { Route } from './+types/track-order';
import { OrderTimeline } from '../components/checkout/order-timeline.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { OrderHelpLinks } from '../components/order-help/order-help-links.tsx';
import { ParcelTracking } from '../components/parcel-tracking.tsx';
import { LineImage } from '../components/basket/line-image.tsx';
import { Button } from '../components/ui/button.tsx';
import { FormField } from '../components/ui/form-field.tsx';
import { Input } from '../components/ui/input.tsx';
import { deliveryWindow, ORDER_EMAIL_KEY } from '../lib/checkout/checkout-logic.ts';
import { formatInstant, normaliseOrderNumber, STATUS_NAMES, trackingProblem } from '../lib/checkout/order-tracking.ts';
import { useSessionValue } from '../lib/checkout/use-session-value.ts';
import { pageMeta } from '../lib/meta.ts';
import { useApiClients } from '../lib/use-api.ts';

type OrderTracking = Awaited<ReturnType<NonNullable<ReturnType<typeof useApiClients>>['orderTracking']['trackOrderByPost']>>;

export const meta: Route.MetaFunction = () => pageMeta('Track your order', 'Follow your Plumbline order with its order number and e-mail address.');

/** Order tracking for anyone with the order number and the e-mail address it was placed with. */
export default function TrackOrderPage() {
  const clients = useApiClients();
  const [searchParams] = useSearchParams();
  const [orderNumber, setOrderNumber] = useState(searchParams.get('orderNumber') ?? '');
  // Just after checkout, the e-mail the order was placed with is known in this tab.
  const keptEmail = useSessionValue(ORDER_EMAIL_KEY);
  const [typedEmail, setEmailAddress] = useState<string | null>(null);
  const emailAddress = typedEmail ?? keptEmail ?? '';
  const [errors, setErrors] = useState<{ orderNumber?: string; emailAddress?: string }>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [order, setOrder] = useState<OrderTracking | null>(null);
  // The address the order was found with: the help forms below carry it in a hidden field (decision 0031).
  const [foundWith, setFoundWith] = useState('');
  const resultRef = useRef<HTMLHeadingElement>(null);
  const resultHeadingId = useId();

  useEffect(() => {
    if (order) resultRef.current?.focus();
  }, [order]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const number = normaliseOrderNumber(orderNumber);
    const email = emailAddress.trim();
    const found = {
      orderNumber: number ? undefined : 'Enter your order number: BP and 8 digits, like BP10000001.',
      emailAddress: /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? undefined : 'Enter the e-mail address you ordered with, like name@example.com.',
    };
    setErrors(found);
    setProblem(null);
    if (!number || found.emailAddress || !clients) return;
    setBusy(true);
    try {
      setOrder(await clients.orderTracking.trackOrderByPost({ params: { orderNumber: number }, body: { emailAddress: email } }));
      setFoundWith(email);
    } catch (error) {
      setOrder(null);
      setProblem(trackingProblem(error));
    } finally {
      setBusy(false);
    }
  };

  const arrives = order ? deliveryWindow(order.delivery) : null;
  return (
    <>
      <PageHeader title="Track your order" trail={[{ label: 'Track your order' }]} intro="Enter your order number and the e-mail address you ordered with." />
      <div className="container-page min-h-[36rem] py-8 lg:py-12">
        <div className="grid gap-8 lg:grid-cols-12">
          <form
            onSubmit={submit}
            noValidate
            className="space-y-4 self-start rounded-2xl border border-navy-100 bg-white p-6 lg:col-span-4"
            aria-label="Find your order"
          >
            <FormField id="track-order-number" label="Order number" hint="On your confirmation e-mail, like BP10000001." error={errors.orderNumber}>
              {(control) => (
                <Input
                  {...control}
                  value={orderNumber}
                  onChange={(event) => setOrderNumber(event.target.value)}
                  autoCapitalize="characters"
                  spellCheck={false}
                  autoComplete="off"
                />
              )}
            </FormField>
            <FormField id="track-email" label="E-mail address" error={errors.emailAddress}>
              {(control) => (
                <Input {...control} type="email" autoComplete="email" value={emailAddress} onChange={(event) => setEmailAddress(event.target.value)} />
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
          </form>
          <div className="lg:col-span-8">
            {order ? (
              <section aria-labelledby={resultHeadingId} className="space-y-6 rounded-2xl border border-navy-100 bg-white p-6">
                <div>
                  <h2 id={resultHeadingId} ref={resultRef} tabIndex={-1} className="text-xl font-bold tracking-tight text-navy-950 outline-none">
                    Order <span className="font-mono">{order.orderNumber}</span>: {STATUS_NAMES[order.status]}
                  </h2>
                  <p className="text-sm text-navy-700">Placed {formatInstant(order.placedAt)}</p>
                </div>
                <OrderTimeline status={order.status} history={order.history} refundedPence={order.refundedPence} />
                <OrderHelpLinks orderNumber={order.orderNumber} status={order.status} emailAddress={foundWith} />
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
