import { ApiError, type DeliveryClient } from '@shop/api-client';
import { useId, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { apiProblemMessage } from '../../lib/api-problem.ts';
import { cn } from '../../lib/cn.ts';
import { DELIVERY_ZONE_RULES, formatPence, zoneDeliveryText } from '@shop/contracts';
import { useApiClients, useApiData } from '../../lib/use-api.ts';
import { Button } from '../ui/button.tsx';
import { FormField } from '../ui/form-field.tsx';
import { TruckIcon } from '../ui/icons.tsx';
import { Input } from '../ui/input.tsx';
import { formatCutOff, formatLongDay, formatShortDay } from './product-format.ts';

export type ProductDeliveryOptions = Awaited<ReturnType<DeliveryClient['getProductDeliveryOptions']>>;
type WithoutCollection<Option> = Option extends unknown ? Omit<Option, 'collection'> : never;
/** What the options list reads: the API's answer is one (lib/product-page-data.server.ts trims the loader's to it). */
export type ShownDeliveryOptions = Pick<ProductDeliveryOptions, 'quantity' | 'postcode' | 'zone' | 'quoteOnly' | 'notServed'> & {
  options: WithoutCollection<ProductDeliveryOptions['options'][number]>[];
};

// Outward code, then inward code: "IV2 3AA", "SW1A1AA". The API has the last word on whether it exists.
const UK_POSTCODE = /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i;

/** What is wrong with a typed postcode, or null when it looks like a UK postcode. */
export function postcodeProblem(value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return 'Enter a postcode to check delivery';
  if (!UK_POSTCODE.test(trimmed)) return 'Enter a real UK postcode, like SW1A 1AA';
  return null;
}

/** The postcode as it is asked for: "sw1a 1aa " → "SW1A 1AA". */
export const normalisePostcode = (typed: string) => typed.trim().toUpperCase();

/** The API's reason for turning a postcode down: the field's own message, without its path. */
export function rejectionMessage(error: unknown): string {
  const errors = error instanceof ApiError ? (error.data as { errors?: { message?: unknown }[] } | null)?.errors : undefined;
  const first = errors?.[0]?.message;
  return typeof first === 'string' ? first : apiProblemMessage(error);
}

/**
 * A postcode sent in the page's address (`?postcode=`): the form sent before the page's scripts ran,
 * or without them. `postcode` is what the loader asked for, null when it was turned down (`problem`).
 */
export interface SentPostcode {
  typed: string;
  postcode: string | null;
  problem: string | null;
}

export interface DeliveryOptionsProps {
  sku: string;
  quantity: number;
  /**
   * The options from the page's loader for one item, to the sent postcode if one was checked, else
   * to mainland Great Britain: shown until the shopper checks another postcode or changes the quantity.
   */
  initial: ShownDeliveryOptions | null;
  sent?: SentPostcode | null;
  className?: string;
}

/** Delivery options for the chosen offering, with a postcode check (zone surcharges, restrictions). */
export function DeliveryOptions({ sku, quantity, initial, sent = null, className }: DeliveryOptionsProps) {
  const clients = useApiClients();
  const { pathname } = useLocation();
  const headingId = useId();
  const [postcode, setPostcode] = useState<string | null>(sent?.postcode ?? null);
  const [problem, setProblem] = useState<string | null>(sent?.problem ?? null);

  // The loader's answer covers one item to the postcode it was sent (or none); anything else is asked in the browser.
  const needsCall = postcode !== (sent?.postcode ?? null) || quantity !== 1 || initial === null;
  const key = clients && needsCall ? JSON.stringify([sku, quantity, postcode]) : undefined;
  const loaded = useApiData(key, (signal) => clients!.delivery.getProductDeliveryOptions({ body: { sku, quantity, postcode } }, { signal }));

  // A postcode the API turns down (400) is a problem with the field, in the API's own words.
  const rejected = loaded.state === 'error' && loaded.error instanceof ApiError && loaded.error.status === 400;
  const fieldError = problem ?? (rejected ? rejectionMessage(loaded.error) : null);

  const shown = needsCall ? (loaded.state === 'ready' ? loaded.data : null) : initial;

  // Once the scripts run the page checks the postcode itself. It is read from the form, so what was
  // typed before they ran counts; before then (or without them) the form reloads the page with it.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const field = new FormData(event.currentTarget).get('postcode');
    const typed = typeof field === 'string' ? field : '';
    const error = postcodeProblem(typed);
    setProblem(error);
    if (!error) setPostcode(normalisePostcode(typed));
  };

  return (
    <section aria-labelledby={headingId} className={cn('rounded-2xl border border-navy-100 bg-white p-5', className)}>
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-bold tracking-tight text-navy-950">
        <TruckIcon className="size-5 text-teal-700" />
        Delivery
      </h2>
      <form method="get" action={pathname} onSubmit={submit} noValidate className="mt-3 flex items-start gap-2">
        {/* The chosen size stays chosen when the form reloads the page. */}
        <input type="hidden" name="sku" value={sku} />
        <FormField label="Your postcode" error={fieldError} className="min-w-0 flex-1" labelClassName="sr-only">
          {(control) => (
            <Input
              {...control}
              name="postcode"
              defaultValue={sent?.typed ?? ''}
              autoComplete="postal-code"
              placeholder="Postcode, e.g. SW1A 1AA"
              maxLength={16}
              className="uppercase placeholder:normal-case"
            />
          )}
        </FormField>
        <Button type="submit" variant="secondary" loading={loaded.state === 'loading' && postcode !== null}>
          Check
        </Button>
      </form>

      <div aria-live="polite" className="mt-4">
        {loaded.state === 'loading' && !shown && <p className="text-sm text-navy-700">Checking delivery options…</p>}
        {loaded.state === 'error' && !rejected && (
          <div className="rounded-lg bg-red-50 p-3 text-sm text-navy-900">
            <p>{apiProblemMessage(loaded.error)}</p>
            <Button size="sm" variant="secondary" className="mt-2" onClick={loaded.reload}>
              Try again
            </Button>
          </div>
        )}
        {shown && <DeliveryResult result={shown} />}
      </div>
    </section>
  );
}

/** The reason most unavailable options share, said once above the list rather than on each. */
function sharedReason(options: ShownDeliveryOptions['options']): string | undefined {
  const reasons = options.flatMap((option) => (option.available ? [] : [option.unavailableReason]));
  return reasons.length >= 2 && reasons.every((reason) => reason === reasons[0]) ? reasons[0] : undefined;
}

function DeliveryResult({ result }: { result: ShownDeliveryOptions }) {
  const zone = DELIVERY_ZONE_RULES[result.zone].name;
  const shared = sharedReason(result.options);
  const restricted = result.notServed || result.quoteOnly;
  const note = 'rounded-lg border border-brass-300 bg-brass-50 p-3 text-sm text-navy-900';
  return (
    <div className="space-y-3">
      <p className="text-sm text-navy-700">
        {result.postcode ? (
          <>
            Delivery to <strong className="font-semibold text-navy-950">{result.postcode}</strong> ({zone})
            {result.quantity > 1 && <> for {result.quantity} items</>}.
          </>
        ) : (
          <>Delivery to mainland Great Britain. Enter your postcode for your prices and dates.</>
        )}
      </p>
      {result.notServed && (
        <p role="note" className={note}>
          <strong className="block font-semibold">We don’t deliver to {zone}</strong>
          {zoneDeliveryText(result.zone)}
        </p>
      )}
      {result.quoteOnly && (
        <p role="note" className={note}>
          <strong className="block font-semibold">Delivery to {zone} is by quotation for this item</strong>
          {shared ?? zoneDeliveryText(result.zone)}
        </p>
      )}
      {!restricted && result.zone !== 'mainland' && (
        <p className="rounded-lg bg-teal-50 p-3 text-sm text-teal-900">
          Prices include the delivery surcharge for {zone}. {zoneDeliveryText(result.zone)}
          {shared && <> {shared}</>}
        </p>
      )}
      {!restricted && result.zone === 'mainland' && shared && <p className="rounded-lg bg-sand-100 p-3 text-sm text-navy-900">{shared}</p>}
      {/* Each option styled from the list (app.css's `.delivery-list`). */}
      <ul className="delivery-list">
        {result.options.map((option) => (
          <li key={option.code}>
            <div>
              <p className={cn('font-semibold', option.available ? 'text-navy-950' : 'text-navy-600')}>{option.name}</p>
              {option.available ? (
                <>
                  <p className="text-sm text-navy-800">
                    {option.latestDate && option.code !== 'specific_day'
                      ? `Arrives ${formatShortDay(option.earliestDate)} – ${formatShortDay(option.latestDate)}`
                      : `Earliest ${formatLongDay(option.earliestDate)}`}
                    {option.cutOff && <span className="text-navy-700"> · order by {formatCutOff(option.cutOff)}</span>}
                  </p>
                  <p className="delivery-note">{option.description}</p>
                </>
              ) : (
                <p className="text-sm text-navy-600">{option.unavailableReason !== shared ? option.unavailableReason : 'Not available'}</p>
              )}
            </div>
            {option.available && <p className="figure font-semibold">{option.priceIncVat === 0 ? 'Free' : formatPence(option.priceIncVat)}</p>}
          </li>
        ))}
      </ul>
    </div>
  );
}
