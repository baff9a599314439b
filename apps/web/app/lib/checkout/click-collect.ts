import type { CheckoutClient } from '@shop/api-client';
import { clockText, londonClock, londonIsoDate, londonWeekday, type Branch, type Checkout, type Collection, type DeliveryOption } from '@shop/contracts';

/**
 * Click & collect: the order waits at the trade counter, so it needs no delivery address (the
 * API's `collecting`: with this option the address step is not missing, and the order keeps none).
 */
export const CLICK_COLLECT = 'click_collect' satisfies DeliveryOption['code'];

/** The choice at the address step, before the branch's details are loaded. */
export const COLLECT_FROM = 'Click & collect from the trade counter';

export const isCollecting = (option: { code: string } | null | undefined): boolean => option?.code === CLICK_COLLECT;

type Client = Pick<CheckoutClient, 'setDeliveryOption' | 'clearDeliveryOption' | 'setDeliveryDetails' | 'clearDeliveryDetails'>;

/**
 * Chooses how the order comes. Collecting drops a delivery address given before (the order keeps
 * none, and billing may not be "the same as delivery" then); choosing to deliver instead leaves the
 * address to be asked for again.
 */
export async function chooseDeliveryOption(client: Client, basketId: string, choice: { code: DeliveryOption['code']; date?: string }): Promise<Checkout> {
  const checkout = await client.setDeliveryOption({ params: { basketId }, body: choice });
  return isCollecting(checkout.deliveryOption) && checkout.delivery ? client.clearDeliveryDetails({ params: { basketId } }) : checkout;
}

/** Gives the delivery address. A click & collect choice no longer holds then, so the delivery options are asked again. */
export async function deliverTo(client: Client, basketId: string, details: Parameters<Client['setDeliveryDetails']>[0]['body']): Promise<Checkout> {
  const checkout = await client.setDeliveryDetails({ params: { basketId }, body: details });
  return isCollecting(checkout.deliveryOption) ? client.clearDeliveryOption({ params: { basketId } }) : checkout;
}

/**
 * When a collected order is ready, in words: `Ready to collect from 2pm today`, `… from 8am tomorrow`,
 * `… from 9am on Saturday 20 June`. Without `now` (a record kept for later) the day is always named.
 */
export function readyText(readyFrom: string, now: Date | null): string {
  const ready = new Date(readyFrom);
  const day = londonIsoDate(ready);
  const today = now && londonIsoDate(now);
  const tomorrow = now && londonIsoDate(new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000));
  const when = day === today ? 'today' : day === tomorrow ? 'tomorrow' : `on ${londonWeekday(ready)}`;
  return `Ready to collect from ${clockText(londonClock(ready))} ${when}`;
}

/** A branch's address on one line: `Unit 4 Canal Wharf, Leeds LS11 5PS`. */
export const branchAddress = (branch: Pick<Branch, 'address'>): string =>
  [branch.address.line1, branch.address.line2, `${branch.address.town} ${branch.address.postcode}`].filter(Boolean).join(', ');

/** A branch's hours, a line each: `Monday to Friday: 7am to 5pm`, …, `Closed on Sundays and bank holidays`. */
export const openingHoursLines = (branch: Pick<Branch, 'openingHours' | 'closed'>): string[] => [
  ...branch.openingHours.map((run) => `${run.days}: ${clockText(run.opens)} to ${clockText(run.closes)}`),
  branch.closed,
];

/** Where a collected order waits, for the summary and the confirmation: the branch's name and address. */
export const collectionPlace = (collection: Collection): string => `${collection.branch.name}, ${branchAddress(collection.branch)}`;
