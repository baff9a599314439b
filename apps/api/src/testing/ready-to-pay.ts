import { createBasketClient, createCheckoutClient } from '@shop/api-client';
import type { TestApi } from './test-api.ts';

/**
 * A basket of one `sku` with contact, address, billing and standard delivery: ready to pay. With
 * `accessToken`, the signed-in shopper's (as the suite's `authenticate` reads it), else a guest's.
 */
export async function readyToPay(api: Pick<TestApi, 'serviceUrl'>, sku: string, accessToken?: string) {
  const getAccessToken = accessToken ? () => accessToken : undefined;
  const basket = createBasketClient({ baseUrl: api.serviceUrl('basket'), getAccessToken });
  const checkout = createCheckoutClient({ baseUrl: api.serviceUrl('checkout'), getAccessToken });
  const { basketId } = await basket.createBasket({ body: { sku, quantity: 1 } });
  const params = { basketId };
  await checkout.setContactDetails({ params, body: { emailAddress: 'sam@example.com', firstName: 'Sam', lastName: 'Shopper', phone: '07700 900123' } });
  await checkout.setDeliveryDetails({ params, body: { address: { name: 'Sam Shopper', line1: '1 High Street', town: 'Leeds', postcode: 'LS1 4AP' } } });
  await checkout.setBillingDetails({ params, body: { sameAsDelivery: true } });
  await checkout.setDeliveryOption({ params, body: { code: 'standard' } });
  return { checkout, params };
}
