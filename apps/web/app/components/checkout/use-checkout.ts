import type { BasketDeliveryOptions, Checkout, SpecificDayCalendar } from '@shop/contracts';
import { useCallback, useState, useSyncExternalStore } from 'react';
import { paymentAttemptFor } from '../../lib/checkout/checkout-logic.ts';
import { useApiClients, useApiData } from '../../lib/use-api.ts';

const noSubscription = () => () => {};

export type StepResult = { ok: true } | { ok: false; error: unknown };
/** A step's form hands its values to the page, which sends them and answers with the outcome. */
export type StepSubmit<T> = (value: T) => Promise<StepResult>;

export type CheckoutClient = NonNullable<ReturnType<typeof useApiClients>>['checkout'];

export type CheckoutState = { state: 'loading' } | { state: 'error'; error: unknown } | { state: 'ready'; checkout: Checkout };

/**
 * The delivery options and the specific-day calendar the server drew a guest's checkout with (null
 * where the API did not answer), and the checkout they were read for (`deliveryKey`): steps 2 and 3
 * are forms from the first paint, and work without the page's scripts.
 */
export interface DrawnDelivery {
  key: string;
  options: BasketDeliveryOptions | null;
  calendar: SpecificDayCalendar | null;
}

/** What the delivery options depend on: the basket, its contents (version) and where it goes (the address's postcode). */
export const deliveryKey = (basketId: string, checkout: Checkout) => `${basketId}:${checkout.delivery?.address.postcode ?? ''}:${checkout.basket.version}`;

/** What the server drew the page with while it still holds for the checkout; otherwise read in the browser (`key` undefined: not wanted). */
function useDrawnOrLoaded<T>(drawn: T | null | undefined, key: string | undefined, load: (signal: AbortSignal) => Promise<T>) {
  const loaded = useApiData(drawn ? undefined : key, load);
  return drawn ? ({ state: 'ready', data: drawn, reload: loaded.reload } as const) : loaded;
}

/** The basket's delivery options to the delivery address (or anywhere on the mainland until one is given). */
export function useDeliveryOptions(client: CheckoutClient, basketId: string, checkout: Checkout, drawn: DrawnDelivery | undefined) {
  const key = deliveryKey(basketId, checkout);
  return useDrawnOrLoaded(drawn?.key === key ? drawn.options : null, `options:${key}`, (signal) =>
    client.getDeliveryOptions({ params: { basketId }, body: {} }, { signal }),
  );
}

/** The specific-day calendar to the delivery address, when `wanted` (the option can be had). */
export function useSpecificDayCalendar(client: CheckoutClient, basketId: string, checkout: Checkout, drawn: DrawnDelivery | undefined, wanted: boolean) {
  const key = deliveryKey(basketId, checkout);
  return useDrawnOrLoaded(drawn?.key === key ? drawn.calendar : null, wanted ? `calendar:${key}` : undefined, (signal) =>
    client.getSpecificDayDeliveryOptions({ params: { basketId }, body: {} }, { signal }),
  );
}

/**
 * The checkout of one basket, read once it is known (`getCheckout`). `resume` runs first and may
 * finish a payment this tab started before a reload (its order placed), in which case the page
 * stays loading as it moves on; otherwise a payment in progress is picked up by the payment step.
 * With `initial` (the server drew the page with it) nothing is read, unless this tab has a payment
 * to resume.
 */
export function useCheckout(basketId: string | null, resume: (client: CheckoutClient, basketId: string) => Promise<boolean>, initial?: Checkout) {
  const clients = useApiClients();
  // The tab's storage is not the server's to know: a payment to resume is looked for once the page runs.
  const resuming = useSyncExternalStore(
    noSubscription,
    () => basketId !== null && paymentAttemptFor(sessionStorage, basketId),
    () => false,
  );
  const readHere = initial === undefined || resuming;
  const loaded = useApiData(readHere && clients && basketId ? `checkout:${basketId}` : undefined, async (signal) => {
    if (await resume(clients!.checkout, basketId!)) return null;
    return clients!.checkout.getCheckout({ params: { basketId: basketId! } }, { signal });
  });
  // Each change answers with the whole checkout, which replaces the one loaded for that basket.
  const [changed, setChanged] = useState<{ basketId: string; checkout: Checkout } | null>(null);

  /** Runs a change that answers with the checkout, and keeps the answer. */
  const apply = useCallback(
    async (call: (client: CheckoutClient, basketId: string) => Promise<Checkout>): Promise<StepResult> => {
      if (!clients || !basketId) return { ok: false, error: new Error('The shop is still starting up. Try again in a moment.') };
      try {
        setChanged({ basketId, checkout: await call(clients.checkout, basketId) });
        return { ok: true };
      } catch (error) {
        return { ok: false, error };
      }
    },
    [clients, basketId],
  );

  const own = changed?.basketId === basketId ? changed.checkout : null;
  const current = !readHere && initial ? (own ?? initial) : loaded.state === 'ready' && loaded.data ? (own ?? loaded.data) : null;
  // While another basket's checkout is read (signing in from this page made the basket the
  // shopper's own), the last one stays on screen, so nothing typed into the open step is lost.
  const [shown, setShown] = useState(current);
  if (current && current !== shown) setShown(current);

  const state: CheckoutState = current
    ? { state: 'ready', checkout: current }
    : loaded.state === 'error'
      ? { state: 'error', error: loaded.error }
      : shown
        ? { state: 'ready', checkout: shown }
        : { state: 'loading' };
  return { ...state, client: clients?.checkout, apply, reload: loaded.reload } as const;
}
