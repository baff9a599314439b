import type { BasketDeliveryOptions, Checkout, DeliveryOption, SpecificDayCalendar } from '@shop/contracts';
import { useId } from 'react';
import { deliveryChoiceFromForm, SPECIFIC_DAY, type DeliveryChoiceInput } from '../../lib/checkout/checkout-forms.ts';
import { cutOffText, formatDay, whenText } from '../../lib/checkout/checkout-logic.ts';
import { collectionPlace } from '../../lib/checkout/click-collect.ts';
import { formatPence } from '@shop/contracts';
import type { ApiData } from '../../lib/use-api.ts';
import type { DeliveryPreview } from './order-summary.tsx';
import { FieldError } from '../ui/form-field.tsx';
import { LoadError } from '../ui/load-error.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import { dayId, DayPicker } from './day-picker.tsx';
import { StepForm, useCheckedValue, useStepFailure } from './step-form.tsx';
import { useDeliveryOptions, useSpecificDayCalendar, type CheckoutClient, type DrawnDelivery, type StepSubmit } from './use-checkout.ts';

export type DeliveryChoice = DeliveryChoiceInput;

const priceText = (pence: number) => (pence === 0 ? 'Free' : formatPence(pence));

/**
 * An option's radio. The stylesheet reads two of them (`#delivery-option-specific-day` opens the
 * calendar, `#delivery-option-click-collect` words the button), so their ids are written out there.
 */
const optionId = (code: DeliveryOption['code']) => `delivery-option-${code.replaceAll('_', '-')}`;

type CalendarData = ApiData<SpecificDayCalendar> & { reload(): void };

/**
 * Step 3: the basket's delivery options to the delivery address, as radio cards with price, dates
 * and cut-off, in a form that posts the radio checked (`code`) and, for specific-day delivery, the
 * day (`date`). It starts on the option the checkout already counts in the summary (the shopper's,
 * else the cheapest standard delivery the API suggests). An option that cannot be had shows no
 * price, only why. Areas we do not serve and quote-only deliveries are explained; specific-day
 * delivery opens its calendar. A delivered option chosen while there is no address (the shopper
 * was collecting) leads back to the address. For a guest the server draws the options and the
 * calendar, so the step works before the page's scripts run and without them.
 */
export function DeliveryOptionsForm({
  client,
  basketId,
  checkout,
  drawn,
  onSubmit,
  onPick,
}: {
  client: CheckoutClient;
  basketId: string;
  checkout: Checkout;
  drawn: DrawnDelivery | undefined;
  onSubmit: StepSubmit<DeliveryChoice>;
  /** An option picked before it is sent, with the totals the API priced the order at with it. */
  onPick?: (preview: DeliveryPreview | null) => void;
}) {
  const options = useDeliveryOptions(client, basketId, checkout, drawn);
  const specificDay = options.state === 'ready' && options.data.options.some((option) => option.code === SPECIFIC_DAY && option.available);
  const calendar = useSpecificDayCalendar(client, basketId, checkout, drawn, specificDay);
  if (options.state === 'error') return <LoadError title="We couldn’t load the delivery options" error={options.error} onRetry={options.reload} />;
  if (options.state !== 'ready') return <OptionsSkeleton />;
  return (
    <OptionsForm
      delivery={options.data}
      calendar={calendar}
      chosen={checkout.deliveryOption}
      hasAddress={Boolean(checkout.delivery)}
      onSubmit={onSubmit}
      onPick={onPick}
    />
  );
}

function OptionsForm({
  delivery,
  calendar,
  chosen,
  hasAddress,
  onSubmit,
  onPick,
}: {
  delivery: BasketDeliveryOptions;
  calendar: CalendarData;
  chosen: Checkout['deliveryOption'];
  hasAddress: boolean;
  onSubmit: StepSubmit<DeliveryChoice>;
  onPick?: (preview: DeliveryPreview | null) => void;
}) {
  const posted = useStepFailure('delivery_option')?.values;
  // The summary already counts the checkout's option (chosen, or suggested by the API): start on the same one.
  const code = posted ? posted.code : (chosen?.code ?? delivery.selected?.code ?? delivery.suggested);
  const date = (posted ? posted.date : (chosen?.date ?? delivery.selected?.date)) ?? null;
  // Where we do not deliver, the API offers click & collect only.
  const firstChoosable = delivery.options.find((option) => option.available);
  const firstOpenDay = calendar.state === 'ready' ? calendar.data.days.find((day) => day.available) : undefined;
  const fields: Record<string, string> = {
    ...(firstChoosable && { 'body.code': optionId(firstChoosable.code) }),
    ...(firstOpenDay && { 'body.date': dayId(firstOpenDay.date) }),
  };
  const errorId = useId();
  // Only the option's radios change what the summary shows; the day picked under one does not.
  const pick = (target: EventTarget) => {
    if (target instanceof HTMLInputElement && target.name === 'code') onPick?.(pickedPreview(delivery, target.value));
  };

  return (
    <StepForm
      step="delivery_option"
      fields={fields}
      disabled={!firstChoosable}
      onSave={(form) => onSubmit(deliveryChoiceFromForm(form))}
      submitLabel={
        hasAddress ? (
          'Continue to billing'
        ) : (
          <>
            <span className="group-has-[#delivery-option-click-collect:checked]/step:hidden">Continue to delivery address</span>
            <span className="hidden group-has-[#delivery-option-click-collect:checked]/step:inline">Continue to billing</span>
          </>
        )
      }
    >
      {(errorAt) => (
        <>
          {delivery.notServed && (
            <p className="rounded-lg border border-brass-300 bg-brass-50 p-3 text-sm text-navy-900">
              <strong className="font-semibold">We don’t deliver to {delivery.postcode ?? 'this address'} online.</strong> Choose click &amp; collect, or change
              the delivery address.
            </p>
          )}
          {delivery.quoteOnly && (
            <p className="rounded-lg border border-brass-300 bg-brass-50 p-3 text-sm text-navy-900">
              <strong className="font-semibold">Some items go to {delivery.postcode ?? 'your area'} by quotation only.</strong> Contact our team for a delivery
              quote, or choose click &amp; collect.
            </p>
          )}
          <fieldset aria-describedby={errorAt('body.code') ? errorId : undefined} onChange={(event) => pick(event.target)}>
            <legend className="text-sm font-semibold text-navy-950">
              How would you like it delivered{delivery.postcode ? ` to ${delivery.postcode}` : ''}?
            </legend>
            {errorAt('body.code') && (
              <div className="mt-2">
                <FieldError id={errorId} message={errorAt('body.code')!} />
              </div>
            )}
            <div className="mt-3 space-y-3">
              {delivery.options.map((option) => (
                <div key={option.code}>
                  <OptionCard option={option} checked={code === option.code} />
                  {option.code === SPECIFIC_DAY && option.available && (
                    <div className="hidden group-has-[#delivery-option-specific-day:checked]/step:block">
                      <SpecificDay calendar={calendar} initial={date} error={errorAt('body.date')} />
                    </div>
                  )}
                </div>
              ))}
            </div>
          </fieldset>
        </>
      )}
    </StepForm>
  );
}

/** The option a radio picked, priced as the API priced the order with it (null when it has no price). */
function pickedPreview(delivery: BasketDeliveryOptions, code: string): DeliveryPreview | null {
  const option = delivery.options.find((entry) => entry.code === code);
  const totals = delivery.orderTotals.find((entry) => entry.code === code);
  return option && totals ? { name: option.name, totals } : null;
}

/** One option as a radio card: its name and price (or "Not available" and why), what it is and when it comes. */
function OptionCard({ option, checked }: { option: DeliveryOption; checked: boolean }) {
  const when = option.available && option.code !== SPECIFIC_DAY ? whenText(option) : null;
  const cutOff = option.available ? cutOffText(option.cutOff) : null;
  const id = optionId(option.code);
  return (
    // The label's text is the option's name, price and details inside it.
    // oxlint-disable-next-line jsx-a11y/label-has-associated-control
    <label
      htmlFor={id}
      className={
        option.available
          ? 'flex cursor-pointer items-start gap-3 rounded-xl border border-navy-200 p-4 hover:border-navy-400 ' +
            'has-[:checked]:border-navy-900 has-[:checked]:bg-navy-50 has-[:checked]:ring-1 has-[:checked]:ring-navy-900'
          : 'flex cursor-not-allowed items-start gap-3 rounded-xl border border-navy-200 bg-sand-50 p-4'
      }
    >
      <input
        id={id}
        type="radio"
        name="code"
        value={option.code}
        defaultChecked={checked}
        disabled={!option.available}
        aria-describedby={`${id}-details`}
        className="mt-1 size-5 shrink-0 accent-navy-900"
      />
      <span className="flex-1">
        <span className="flex flex-wrap items-baseline justify-between gap-2">
          <span className={option.available ? 'font-semibold text-navy-950' : 'font-semibold text-navy-700'}>{option.name}</span>
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
  );
}

/** The calendar under the specific-day option, shown by the stylesheet while that option is checked. */
function SpecificDay({ calendar, initial, error }: { calendar: CalendarData; initial: string | null; error: string | undefined }) {
  const headingId = useId();
  const errorId = useId();
  const { ref, value: chosenDay, onChange } = useCheckedValue('date', initial);
  return (
    <div ref={ref} onChange={onChange} className="mt-2 rounded-xl border border-navy-200 bg-white p-4">
      <p id={headingId} className="font-semibold text-navy-950">
        Choose your delivery day
      </p>
      {error && (
        <div className="mt-2">
          <FieldError id={errorId} message={error} />
        </div>
      )}
      {calendar.state === 'error' && <LoadError title="We couldn’t load the calendar" error={calendar.error} onRetry={calendar.reload} className="mt-3" />}
      {(calendar.state === 'loading' || calendar.state === 'idle') && <Skeleton className="mt-3 h-64 max-w-md" />}
      {calendar.state === 'ready' &&
        (calendar.data.unavailableReason || calendar.data.days.length === 0 ? (
          <p className="mt-2 text-sm text-navy-700">{calendar.data.unavailableReason ?? 'No days are open just now.'}</p>
        ) : (
          <div className="mt-3">
            <DayPicker days={calendar.data.days} initial={initial} labelledBy={headingId} describedBy={error ? errorId : undefined} />
          </div>
        ))}
      <p className="mt-3 text-sm font-medium text-navy-900 empty:hidden" aria-live="polite">
        {chosenDay && `Delivery on ${formatDay(chosenDay)}`}
      </p>
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
