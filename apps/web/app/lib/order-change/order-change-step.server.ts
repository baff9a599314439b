import type { createOrderBasketsClient } from '@shop/api-client';
import type { OrderBasketCompletion } from '@shop/contracts';

/**
 * One step of an order's changes as its page's plain forms post it (intent `add`, `set`, `remove`,
 * `address` or `complete`), sent with the caller's own order-baskets client: the customer's for their
 * order, staff's for a customer on the phone; the API applies the same rules to both. Completing
 * answers the completion (or the payment it asks for); every other step answers null.
 */
export async function sendOrderChangeStep(
  changes: ReturnType<typeof createOrderBasketsClient>,
  orderNumber: string,
  form: FormData,
): Promise<OrderBasketCompletion | null> {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value.trim() : '';
  };
  const params = { id: orderNumber };
  switch (text('intent')) {
    case 'add':
      await changes.addOrderBasketItem({ params, body: { sku: text('sku'), quantity: Number(text('quantity') || '1') } });
      return null;
    case 'set':
      await changes.setOrderBasketItem({ params, body: { sku: text('sku'), quantity: Number(text('quantity')) } });
      return null;
    case 'remove':
      await changes.removeOrderBasketItem({ params, body: { sku: text('sku') } });
      return null;
    case 'address':
      await changes.setOrderBasketDeliveryDetails({
        params,
        body: { address: { name: text('name'), line1: text('line1'), line2: text('line2') || undefined, town: text('town'), postcode: text('postcode') } },
      });
      return null;
    case 'complete':
      return changes.completeOrderBasket({
        params,
        body: {
          orderVersion: Number(text('orderVersion')),
          paymentIntentId: text('paymentIntentId') || undefined,
          ...(text('method') === 'saved_card' ? { method: 'saved_card' as const, savedCardId: text('savedCardId') } : {}),
        },
      });
    default:
      return null;
  }
}
