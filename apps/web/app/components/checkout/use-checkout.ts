import type { Checkout } from '@shop/contracts';
import { useCallback, useState, useSyncExternalStore } from 'react';
import { paymentAttemptFor } from '../../lib/checkout/checkout-logic.ts';
import { useApiClients, useApiData } from '../../lib/use-api.ts';

const noSubscription = () => () => {};

export type StepResult = { ok: true } | { ok: false; error: unknown };
/** A step's form hands its values to the page, which sends them and answers with the outcome. */
export type StepSubmit<T> = (value: T) => Promise<StepResult>;

export type CheckoutClient = NonNullable<ReturnType<typeof useApiClients>>['checkout'];

export type CheckoutState = { state: 'loading' } | { state: 'error'; error: unknown } | { state: 'ready'; checkout: Checkout };

/** The basket's delivery options to the delivery address (or anywhere on the mainland until one is given). */
export function useDeliveryOptions(client: CheckoutClient, basketId: string, checkout: Checkout) {
  const postcode = checkout.delivery?.address.postcode;
  return useApiData(`options:${basketId}:${postcode ?? ''}:${checkout.basket.version}`, (signal) => client.getDeliveryOptions({ params: { basketId }, body: {} }, { signal }));
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
