/**
 * Test helpers for paying on account (imported by `*.api.test.ts` only): a trade customer whose
 * limited company makes the credit sandbox behave one way, approved, with the trade terms accepted
 * and verified with the provider; and a basket of theirs ready to pay for.
 */
import { expect } from 'vitest';
import { createBasketClient, createCheckoutClient, createTradeClient, createTradeCreditClient, createTradeTermsClient } from '@shop/api-client';
import type { TradeApplicationData } from '@shop/contracts';
import type { Actor } from '../../platform/context.ts';
import type { TestApi } from '../../testing/test-api.ts';

export function onAccountClients(api: () => TestApi) {
  return (name: string) => ({
    trade: createTradeClient({ baseUrl: api().serviceUrl('accounts'), getAccessToken: () => name }),
    credit: createTradeCreditClient({ baseUrl: api().serviceUrl('accounts'), getAccessToken: () => name }),
    terms: createTradeTermsClient({ baseUrl: api().serviceUrl('projects'), getAccessToken: () => name }),
    basket: createBasketClient({ baseUrl: api().serviceUrl('basket'), getAccessToken: () => name }),
    checkout: createCheckoutClient({ baseUrl: api().serviceUrl('checkout'), getAccessToken: () => name }),
  });
}

/**
 * `name`, a limited company with `companyNumber`, approved by `reviewer` (an actor with the trade-reviewer role), the
 * terms accepted, its customer user made and (unless `verify` is false) verified through the sandbox's link.
 */
export async function onAccountCustomer(
  api: TestApi,
  actors: Record<string, Actor>,
  options: { name: string; companyNumber: string; reviewer: string; verify?: boolean },
): Promise<void> {
  const { name, companyNumber } = options;
  const as = onAccountClients(() => api);
  actors[name] = { userId: `user-${name}`, email: `${name}@trade.example`, name: `${name} Builder`, roles: ['shopper'] };
  const details: TradeApplicationData = {
    legalName: `${name} Builds Ltd`,
    businessType: 'limited_company',
    companyNumber,
    trade: 'plumber',
    yearsTrading: 4,
    employees: 3,
    expectedMonthlySpendPence: 300_000,
    address: { line1: '3 Tap Lane', town: 'York', postcode: 'YO1 7HH' },
    contactName: `${name} Builder`,
    contactPhone: '07700 900789',
  };
  const application = await as(name).trade.submitTradeApplication({ body: details });
  await as(options.reviewer).trade.approveTradeApplication({ params: { id: application.id }, body: { bandCode: 'T1' } });
  actors[name] = { ...actors[name]!, roles: ['shopper', 'trade'] };
  await as(name).terms.acceptTermsAndConditions({ query: { version: 1 } });
  const user = await as(name).credit.postMerchantCustomerUser({ body: {} });
  if (options.verify ?? true) {
    const link = new URL(user.customerUser!.verificationUrl!);
    expect((await fetch(`${api.origin}${link.pathname}${link.search}`)).status).toBe(200);
  }
}

/** A basket of `quantity` × `sku`, every checkout step done, by `name`: its params and total. */
export async function onAccountBasket(api: TestApi, name: string, sku: string, quantity = 1, delivery: 'standard' | 'click_collect' = 'standard') {
  const shopper = onAccountClients(() => api)(name);
  const { basketId } = await shopper.basket.createBasketWithItems({ body: { items: [{ sku, quantity }] } });
  const params = { basketId };
  await shopper.checkout.setContactDetails({
    params,
    body: { emailAddress: `${name}@trade.example`, firstName: name, lastName: 'Builder', phone: '07700 900789' },
  });
  await shopper.checkout.setDeliveryDetails({ params, body: { address: { name: `${name} Builder`, line1: '3 Tap Lane', town: 'York', postcode: 'YO1 7HH' } } });
  await shopper.checkout.setBillingDetails({ params, body: { sameAsDelivery: true } });
  const checkout = await shopper.checkout.setDeliveryOption({ params, body: { code: delivery } });
  return { params, total: checkout.totals.totalIncVat };
}
