import type { CheckoutClient } from '@shop/api-client';
import type { Address, Checkout, DeliveryOption } from '@shop/contracts';

/**
 * Click & collect: the order waits at the trade counter, so it needs no delivery address (the
 * API's `collecting`: with this option the address step is not missing, and the order keeps none).
 */
export const CLICK_COLLECT = 'click_collect' satisfies DeliveryOption['code'];

/** What the review and the confirmation say in place of a delivery address. */
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
export async function deliverTo(client: Client, basketId: string, details: { address: Address; instructions?: string }): Promise<Checkout> {
  const checkout = await client.setDeliveryDetails({ params: { basketId }, body: details });
  return isCollecting(checkout.deliveryOption) ? client.clearDeliveryOption({ params: { basketId } }) : checkout;
}
