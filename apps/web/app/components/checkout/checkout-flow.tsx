import type { Checkout, SavedAddress } from '@shop/contracts';
import { useCallback, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useBasket } from '../../lib/basket/basket-context.tsx';
import {
  addressLine,
  CHECKOUT_SECTIONS,
  doneSections,
  forgetPaymentAttempt,
  newAttemptKey,
  openSection,
  ORDER_EMAIL_KEY,
  paymentAttemptFor,
  sectionTitle,
  snapshotOrder,
  storePlacedOrder,
  whenText,
  type CheckoutSection as SectionName,
} from '../../lib/checkout/checkout-logic.ts';
import { saveStep, STEP_SECTIONS, type StepFailure, type StepInput } from '../../lib/checkout/checkout-forms.ts';
import { isCollecting } from '../../lib/checkout/click-collect.ts';
import { PLACED_NUMBER_KEY, placedOrderCookie } from '../../lib/checkout/confirmation.ts';
import { formatPence } from '@shop/contracts';
import { useShopAuth } from '../auth/use-shop-auth.ts';
import { LoadError } from '../ui/load-error.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import { BillingForm } from './billing-form.tsx';
import { CheckoutSection } from './checkout-section.tsx';
import { ContactForm } from './contact-form.tsx';
import { DeliveryOrCollection, DeliveryOrCollectionSummary } from './delivery-or-collection.tsx';
import { DeliveryOptionsForm } from './delivery-options.tsx';
import { OrderSummary, type DeliveryPreview } from './order-summary.tsx';
import { PaymentSection, type OrderPlaced } from './payment-section.tsx';
import { TradeTermsGate } from '../trade/terms-acceptance.tsx';
import { useTradeBusinessName } from '../../lib/trade/use-trade-business.ts';
import { StepFailureContext } from './step-form.tsx';
import { useCheckoutEvents } from '../../lib/events/checkout-events.ts';
import { deliveryKey, useCheckout, type CheckoutClient, type DrawnDelivery } from './use-checkout.ts';

/** Where the confirmation page lives for an order. */
export const confirmationPath = (orderNumber: string) => `/checkout/confirmation/${encodeURIComponent(orderNumber)}`;

const isSection = (value: string | null): value is SectionName => (CHECKOUT_SECTIONS as readonly (string | null)[]).includes(value);

/**
 * The checkout of a basket that has something in it: five steps opening in turn, and the summary.
 * Collected from the trade counter, the second step is the collection rather than the delivery address.
 * `initial` is the checkout the server drew the page with (a guest's, known from the basket cookie),
 * `initialDelivery` its delivery options and calendar;
 * `failure` a step the page's action refused after a plain form post, drawn again to be put right.
 */
export function CheckoutFlow({
  basketId,
  initial,
  initialDelivery,
  failure,
  saved: savedAddresses = null,
}: {
  basketId: string;
  /** A signed-in customer's saved delivery addresses (null for a guest), offered first at step 2. */
  saved?: readonly SavedAddress[] | null;
  initial?: Checkout;
  initialDelivery?: Omit<DrawnDelivery, 'key'>;
  failure?: StepFailure | null;
}) {
  const navigate = useNavigate();
  const { refresh } = useBasket();
  const [searchParams] = useSearchParams();
  const change = searchParams.get('change');
  const [editing, setEditing] = useState<SectionName | null>(failure ? STEP_SECTIONS[failure.step] : isSection(change) ? change : null);
  // Shown until the shopper sends a step from this page.
  const [shownFailure, setShownFailure] = useState(failure ?? null);
  // The delivery option picked in step 3 before it is sent: the summary shows it at once.
  const [preview, setPreview] = useState<DeliveryPreview | null>(null);
  const profile = useShopAuth().user?.profile;

  const finish = useCallback(
    (placed: OrderPlaced, checkout: Checkout | null) => {
      if (checkout) storePlacedOrder(sessionStorage, snapshotOrder(checkout, placed));
      sessionStorage.setItem(ORDER_EMAIL_KEY, placed.emailAddress);
      sessionStorage.setItem(PLACED_NUMBER_KEY, placed.orderNumber);
      // The thank-you page's server answers 200 only to the browser that placed the order (or a signed-in one).
      document.cookie = placedOrderCookie(placed.orderNumber, location.protocol === 'https:');
      forgetPaymentAttempt(sessionStorage);
      // The API has turned the basket into the order: the header's count goes back to nothing.
      void refresh();
      void navigate(confirmationPath(placed.orderNumber));
    },
    [navigate, refresh],
  );

  // A payment started before a reload may have gone through: place its order rather than start again.
  const resume = async (client: CheckoutClient, id: string) => {
    if (!paymentAttemptFor(sessionStorage, id)) return false;
    try {
      finish(await client.completePayment({ params: { basketId: id } }, { headers: { 'Idempotency-Key': newAttemptKey() } }), null);
      return true;
    } catch {
      forgetPaymentAttempt(sessionStorage);
      return false;
    }
  };
  const state = useCheckout(basketId, resume, initial);
  useCheckoutEvents(state.state === 'ready' ? doneSections(state.checkout) : null);
  const business = useTradeBusinessName(state.state === 'ready' && state.checkout.basket.pricing.tradePriced);
  // The server's delivery options hold while the checkout is the one they were read for.
  const drawn = initial && initialDelivery ? { key: deliveryKey(basketId, initial), ...initialDelivery } : undefined;

  if (state.state === 'error') return <LoadError title="We couldn’t open the checkout" error={state.error} onRetry={state.reload} />;
  // A trade customer's business fills the address's company: the forms start from it, so it comes first.
  if (state.state !== 'ready' || !state.client || business.pending) return <CheckoutSkeleton />;
  const { checkout, apply, client } = state;
  const done = doneSections(checkout);
  const open = openSection(done, editing);
  const stateOf = (section: SectionName) => (section === open ? 'open' : done.has(section) ? 'done' : 'waiting');
  const edit = (section: SectionName) => () => setEditing(section);
  /** After a step is saved, the next step not yet done opens. */
  const saved = async (call: Parameters<typeof apply>[0]) => {
    setShownFailure(null);
    setPreview(null);
    const result = await apply(call);
    if (result.ok) setEditing(null);
    return result;
  };
  const save = (input: StepInput) => saved((c, id) => saveStep(c, id, input));

  const sections: Record<SectionName, { summary?: ReactNode; body: ReactNode }> = {
    contact: {
      summary: checkout.contact && (
        <>
          <p className="font-semibold text-navy-950">
            {checkout.contact.firstName} {checkout.contact.lastName}
          </p>
          <p>{checkout.contact.emailAddress}</p>
          <p>{checkout.contact.phone}</p>
        </>
      ),
      body: <ContactForm initial={checkout.contact ?? prefilledContact(profile)} onSubmit={(body) => save({ step: 'contact', body })} />,
    },
    delivery_address: {
      summary: <DeliveryOrCollectionSummary checkout={checkout} />,
      body: (
        <DeliveryOrCollection
          client={client}
          basketId={basketId}
          checkout={checkout}
          company={business.name}
          drawn={drawn}
          saved={savedAddresses}
          onSubmit={save}
        />
      ),
    },
    delivery_option: {
      summary: checkout.deliveryOption && (
        <p>
          <span className="font-semibold text-navy-950">{checkout.deliveryOption.name}</span>
          {' · '}
          {checkout.deliveryOption.priceIncVat === 0 ? 'Free' : formatPence(checkout.deliveryOption.priceIncVat)}
          {whenText(checkout.deliveryOption) && <span className="block">{whenText(checkout.deliveryOption)}</span>}
        </p>
      ),
      body: (
        <DeliveryOptionsForm
          client={client}
          basketId={basketId}
          checkout={checkout}
          drawn={drawn}
          onSubmit={(body) => save({ step: 'delivery_option', body })}
          onPick={setPreview}
        />
      ),
    },
    billing: {
      summary: checkout.billing && (
        <>
          <p>
            {checkout.billing.sameAsDelivery ? 'Same as the delivery address' : `${checkout.billing.address.name}, ${addressLine(checkout.billing.address)}`}
          </p>
          {checkout.orderReference && <p>Your order reference: {checkout.orderReference}</p>}
        </>
      ),
      body: <BillingForm checkout={checkout} company={business.name} onSubmit={(body) => save({ step: 'billing', body })} />,
    },
    payment: {
      // A trade customer accepts the current trade terms before the payment starts (the API refuses a trade order until then).
      body: (
        <TradeTermsGate>
          <PaymentSection client={client} basketId={basketId} onPlaced={(placed) => finish(placed, checkout)} />
        </TradeTermsGate>
      ),
    },
  };

  return (
    <div className="grid gap-8 lg:grid-cols-12 lg:gap-12">
      <div className="space-y-4 lg:col-span-7 xl:col-span-8">
        {checkout.notices.length > 0 && (
          <ul className="space-y-2" aria-label="Changes to your checkout">
            {checkout.notices.map((notice) => (
              <li key={notice.type + notice.message} className="rounded-lg border border-brass-300 bg-brass-50 p-3 text-sm text-navy-900">
                {notice.message}
              </li>
            ))}
          </ul>
        )}
        {CHECKOUT_SECTIONS.map((section, index) => (
          <CheckoutSection
            key={section}
            number={index + 1}
            title={sectionTitle(section, isCollecting(checkout.deliveryOption))}
            state={stateOf(section)}
            summary={sections[section].summary}
            change={section === 'payment' ? undefined : { section, onChange: edit(section) }}
          >
            <StepFailureContext value={shownFailure}>{sections[section].body}</StepFailureContext>
          </CheckoutSection>
        ))}
      </div>
      <div className="order-first lg:order-none lg:col-span-5 xl:col-span-4">
        <OrderSummary checkout={checkout} preview={open === 'delivery_option' ? preview : null} />
      </div>
    </div>
  );
}

/** A signed-in shopper's e-mail and name from their ID token. */
function prefilledContact(profile: { email?: string; given_name?: string; family_name?: string; name?: string } | undefined) {
  const [first = '', ...rest] = (profile?.name ?? '').split(' ');
  return {
    emailAddress: profile?.email ?? '',
    firstName: profile?.given_name ?? first,
    lastName: profile?.family_name ?? rest.join(' '),
    phone: '',
  };
}

/** The page's shape while the checkout loads: the five steps and the summary at their usual heights. */
export function CheckoutSkeleton() {
  return (
    <div className="grid gap-8 lg:grid-cols-12 lg:gap-12" aria-busy="true">
      <p className="sr-only" role="status">
        Loading the checkout…
      </p>
      <div className="space-y-4 lg:col-span-7 xl:col-span-8">
        <Skeleton className="h-[35.5rem] rounded-2xl sm:h-[29rem]" />
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} className="h-16 rounded-2xl" />
        ))}
      </div>
      <div className="order-first lg:order-none lg:col-span-5 xl:col-span-4">
        <Skeleton className="h-14 rounded-2xl lg:h-80" />
      </div>
    </div>
  );
}
