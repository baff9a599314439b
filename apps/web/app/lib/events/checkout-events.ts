import { useEffect, useRef } from 'react';
import { CHECKOUT_SECTIONS } from '../checkout/checkout-logic.ts';
import { track } from './track.ts';

/**
 * The checkout funnel's events: "Checkout Started" when the checkout first shows, then "Checkout Step
 * Completed" with the step's number (contact 1, delivery address 2, delivery option 3, billing 4) as
 * each becomes done here; steps done before the page opened are not counted again.
 */
export function useCheckoutEvents(done: ReadonlySet<string> | null): void {
  const reported = useRef<Set<string> | null>(null);
  const doneNow = done ? CHECKOUT_SECTIONS.filter((section) => done.has(section)).join(' ') : null;
  useEffect(() => {
    if (doneNow === null) return;
    const sections = doneNow.split(' ').filter(Boolean);
    if (!reported.current) {
      reported.current = new Set(sections);
      track('Checkout Started');
      return;
    }
    for (const section of sections) {
      if (reported.current.has(section)) continue;
      reported.current.add(section);
      track('Checkout Step Completed', { step: CHECKOUT_SECTIONS.indexOf(section as (typeof CHECKOUT_SECTIONS)[number]) + 1 });
    }
  }, [doneNow]);
}
