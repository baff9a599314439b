import type { BasketDeliveryOptions, Checkout, DeliveryOption, SpecificDayCalendar } from '@shop/contracts';
import { useId, useState, type FormEvent } from 'react';
import { apiProblemMessage } from '../../lib/api-problem.ts';
import { cutOffText, fieldErrorAt, formatDay, whenText } from '../../lib/checkout/checkout-logic.ts';
import { CLICK_COLLECT, collectionPlace } from '../../lib/checkout/click-collect.ts';
import { cn } from '../../lib/cn.ts';
import { formatPence } from '@shop/contracts';
import { useApiData } from '../../lib/use-api.ts';
import { Button } from '../ui/button.tsx';
import { LoadError } from '../ui/load-error.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import { StepProblem } from './checkout-section.tsx';
import { DayPicker } from './day-picker.tsx';
import { useDeliveryOptions, type CheckoutClient, type StepSubmit } from './use-checkout.ts';

export interface DeliveryChoice {
  code: DeliveryOption['code'];
  date?: string;
}

const priceText = (pence: number) => (pence === 0 ? 'Free' : formatPence(pence));

/**
 * Step 3: the basket's delivery options to the delivery address, as radio cards with price, dates
 * and cut-off. It starts on the option the checkout already counts in the summary (the shopper's,
 * else the cheapest standard delivery the API suggests). An option that cannot be had shows no
 * price, only why. Areas we do not serve and quote-only deliveries are explained; specific-day
 * delivery opens its calendar. A delivered option chosen while there is no address (the shopper
 * was collecting) leads back to the address.
 */
export function DeliveryOptionsForm({
  client,
  basketId,
  checkout,
  onSubmit,
}: {
  client: CheckoutClient;
  basketId: string;
  checkout: Checkout;
  onSubmit: StepSubmit<DeliveryChoice>;
}) {
  const options = useDeliveryOptions(client, basketId, checkout);
  if (options.state === 'error') return <LoadError title="We couldn’t load the delivery options" error={options.error} onRetry={options.reload} />;
  if (options.state !== 'ready') return <OptionsSkeleton />;
  return <OptionsForm client={client} basketId={basketId} delivery={options.data} chosen={checkout.deliveryOption} hasAddress={Boolean(checkout.delivery)} onSubmit={onSubmit} />;
}

function OptionsForm({
  client,
  basketId,
  delivery,
  chosen,
  hasAddress,
  onSubmit,
}: {
  client: CheckoutClient;
  basketId: string;
  delivery: BasketDeliveryOptions;
  chosen: Checkout['deliveryOption'];
  hasAddress: boolean;
  onSubmit: StepSubmit<DeliveryChoice>;
}) {
  // Where we do not deliver, the API offers click & collect only.
  const choosable = delivery.options.some((option) => option.available);
  // The summary already counts the checkout's option (chosen, or suggested by the API): start on the same one.
  const [code, setCode] = useState<DeliveryOption['code'] | undefined>(chosen?.code ?? delivery.selected?.code ?? delivery.suggested ?? undefined);
  const [date, setDate] = useState<string | null>(chosen?.date ?? delivery.selected?.date ?? null);
  const [error, setError] = useState<unknown>(null);
  /** What the shopper still has to choose before sending. */
  const [missing, setMissing] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const legendId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!code) return setMissing('Choose how you would like your order delivered.');
    if (code === 'specific_day' && !date) return setMissing('Choose a delivery day from the calendar.');
    setMissing(null);
    setBusy(true);
    const result = await onSubmit(code === 'specific_day' && date ? { code, date } : { code });
    setBusy(false);
    setError(result.ok ? null : result.error);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {delivery.notServed && (
        <p className="rounded-lg border border-brass-300 bg-brass-50 p-3 text-sm text-navy-900">
          <strong className="font-semibold">We don’t deliver to {delivery.postcode ?? 'this address'} online.</strong> Choose click &amp; collect, or change
          the delivery address.
        </p>
      )}
      {delivery.quoteOnly && (
        <p className="rounded-lg border border-brass-300 bg-brass-50 p-3 text-sm text-navy-900">
          <strong className="font-semibold">Some items go to {delivery.postcode ?? 'your area'} by quotation only.</strong> Contact our team for a
          delivery quote, or choose click &amp; collect.
        </p>
      )}
      <fieldset>
        <legend id={legendId} className="text-sm font-semibold text-navy-950">
          How would you like it delivered{delivery.postcode ? ` to ${delivery.postcode}` : ''}?
        </legend>
        <div className="mt-3 space-y-3">
          {delivery.options.map((option) => {
            const when = option.available && option.code !== 'specific_day' ? whenText(option) : null;
            const cutOff = option.available ? cutOffText(option.cutOff) : null;
            const id = `delivery-option-${option.code}`;
            return (
              <div key={option.code}>
                {/* The label's text is the option's name, price and details inside it. */}
                {/* oxlint-disable-next-line jsx-a11y/label-has-associated-control */}
                <label
                  htmlFor={id}
                  className={cn(
                    'flex cursor-pointer items-start gap-3 rounded-xl border p-4',
                    code === option.code ? 'border-navy-900 bg-navy-50 ring-1 ring-navy-900' : 'border-navy-200 hover:border-navy-400',
                    !option.available && 'cursor-not-allowed bg-sand-50',
                  )}
                >
                  <input
                    id={id}
                    type="radio"
                    name="delivery-option"
                    value={option.code}
                    checked={code === option.code}
                    disabled={!option.available}
                    onChange={() => {
                      setCode(option.code);
                      setError(null);
                      setMissing(null);
                    }}
                    aria-describedby={`${id}-details`}
                    className="mt-1 size-5 shrink-0 accent-navy-900"
                  />
                  <span className="flex-1">
                    <span className="flex flex-wrap items-baseline justify-between gap-2">
                      <span className={cn('font-semibold', option.available ? 'text-navy-950' : 'text-navy-700')}>{option.name}</span>
                      {/* What cannot be had has no price to show: it says so, and below, why. */}
                      {option.available ? (
                        <span className="font-bold tabular-nums text-navy-950">{priceText(option.priceIncVat)}</span>
                      ) : (
                        <span className="text-sm font-semibold text-navy-700">Not available</span>
                      )}
                    </span>
                    <span id={`${id}-details`} className="mt-1 block text-sm text-navy-700">
                      {!option.available ? (
                        <span className="block font-medium text-red-800">{option.unavailableReason}</span>
                      ) : (
                        <>
                          {option.description}
                          {when && <span className="block font-medium text-navy-900">{when}</span>}
                          {option.collection && <span className="block">{collectionPlace(option.collection)}</span>}
                          {cutOff && <span className="block">{cutOff}</span>}
                        </>
                      )}
                    </span>
                  </span>
                </label>
                {option.code === 'specific_day' && code === 'specific_day' && (
                  <SpecificDay client={client} basketId={basketId} value={date} onChange={setDate} error={fieldErrorAt(error, 'body.date') ?? (code === 'specific_day' ? (missing ?? undefined) : undefined)} />
                )}
              </div>
            );
          })}
        </div>
      </fieldset>
      <StepProblem message={error && !fieldErrorAt(error, 'body.date') ? apiProblemMessage(error) : code !== 'specific_day' ? missing : null} />
      <Button type="submit" loading={busy} disabled={!choosable}>
        {code && code !== CLICK_COLLECT && !hasAddress ? 'Continue to delivery address' : 'Continue to billing'}
      </Button>
    </form>
  );
}

function SpecificDay({ client, basketId, value, onChange, error }: { client: CheckoutClient; basketId: string; value: string | null; onChange: (date: string) => void; error?: string }) {
  const headingId = useId();
  const calendar = useApiData(`calendar:${basketId}`, (signal) => client.getSpecificDayDeliveryOptions({ params: { basketId }, body: {} }, { signal }));
  return (
    <div className="mt-2 rounded-xl border border-navy-200 bg-white p-4">
      <p id={headingId} className="font-semibold text-navy-950">
        Choose your delivery day
      </p>
      {calendar.state === 'error' && <LoadError title="We couldn’t load the calendar" error={calendar.error} onRetry={calendar.reload} className="mt-3" />}
      {(calendar.state === 'loading' || calendar.state === 'idle') && <Skeleton className="mt-3 h-64 max-w-md" />}
      {calendar.state === 'ready' && <Calendar calendar={calendar.data} headingId={headingId} value={value} onChange={onChange} />}
      {value && <p className="mt-3 text-sm font-medium text-navy-900" aria-live="polite">Delivery on {formatDay(value)}</p>}
      {error && (
        <p className="mt-2 text-sm font-medium text-red-700" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function Calendar({ calendar, headingId, value, onChange }: { calendar: SpecificDayCalendar; headingId: string; value: string | null; onChange: (date: string) => void }) {
  if (calendar.unavailableReason || calendar.days.length === 0) return <p className="mt-2 text-sm text-navy-700">{calendar.unavailableReason ?? 'No days are open just now.'}</p>;
  return (
    <div className="mt-3">
      <DayPicker days={calendar.days} value={value} onChange={onChange} labelledBy={headingId} />
    </div>
  );
}

function OptionsSkeleton() {
  return (
    <div className="space-y-3" aria-busy="true">
      <p className="sr-only" role="status">
        Loading delivery options…
      </p>
      {[0, 1, 2].map((key) => (
        <Skeleton key={key} className="h-24 rounded-xl" />
      ))}
    </div>
  );
}
