import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAddressBookClient,
  createBasketClient,
  createCheckoutClient,
  type AddressBookClient,
  type BasketClient,
  type CheckoutClient,
} from '@shop/api-client';
import { ADDRESS_BOOK_MAX } from '@shop/contracts';
import type { Actor } from '../../platform/context.ts';
import { findSeededSku, type SeededSku } from '../../testing/seeded-skus.ts';
import { failure, startTestApi, type TestApi } from '../../testing/test-api.ts';

let api: TestApi;
const actors: Record<string, Actor> = { alice: { userId: 'user-alice', roles: ['shopper'] } };
let guest: { basket: BasketClient; checkout: CheckoutClient };
let alice: { basket: BasketClient; checkout: CheckoutClient; book: AddressBookClient };
let tap: SeededSku;

const address = { name: 'Sam Shopper', line1: '1 High Street', town: 'Leeds', postcode: 'ls1 4ap' };

beforeAll(async () => {
  api = await startTestApi({ authenticate: async (authorization) => actors[authorization.replace(/^Bearer /, '')] ?? null });
  const clients = (getAccessToken?: () => string) => ({
    basket: createBasketClient({ baseUrl: api.serviceUrl('basket'), getAccessToken }),
    checkout: createCheckoutClient({ baseUrl: api.serviceUrl('checkout'), getAccessToken }),
  });
  guest = clients();
  alice = { ...clients(() => 'alice'), book: createAddressBookClient({ baseUrl: api.serviceUrl('projects'), getAccessToken: () => 'alice' }) };
  tap = await findSeededSku(api.database.db, sql`s.status = 'in_stock' and p.delivery_class = 'parcel' and not p.is_bundle and s.on_hand >= 20`);
});
afterAll(() => api.close());

const newBasket = async (client: BasketClient) => (await client.createBasketWithItems({ body: { items: [{ sku: tap.sku, quantity: 1 }] } })).basketId;

describe('saving the delivery address to the address book at checkout', () => {
  it('keeps a signed-in customer’s address, with the udprn of a found one, as their default; saving it again adds no twin', async () => {
    const basketId = await newBasket(alice.basket);
    const checkout = await alice.checkout.setDeliveryDetails({ params: { basketId }, body: { address, saveToAddressBook: true, udprn: 23747771 } });
    expect(checkout.delivery?.address).toMatchObject({ postcode: 'LS1 4AP' });
    const saved = await alice.book.listAddresses({ query: { addressType: 'delivery' } });
    expect(saved.items).toHaveLength(1);
    expect(saved.items[0]).toMatchObject({ name: 'Sam Shopper', line1: '1 High Street', postcode: 'LS1 4AP', udprn: 23747771, isDefault: true });

    await alice.checkout.setDeliveryDetails({ params: { basketId }, body: { address: { ...address, line1: '1 HIGH STREET' }, saveToAddressBook: true } });
    expect((await alice.book.listAddresses({ query: {} })).totalCount).toBe(1);
  });

  it('saves nothing unless asked', async () => {
    const basketId = await newBasket(alice.basket);
    await alice.checkout.setDeliveryDetails({ params: { basketId }, body: { address: { ...address, line1: '2 Mill Lane' } } });
    await alice.checkout.setDeliveryDetails({ params: { basketId }, body: { address: { ...address, line1: '3 Mill Lane' }, saveToAddressBook: false } });
    expect((await alice.book.listAddresses({ query: {} })).items.map((each) => each.line1)).toEqual(['1 High Street']);
  });

  it('asks a guest to sign in to save, and changes nothing', async () => {
    const basketId = await newBasket(guest.basket);
    const error = await failure(guest.checkout.setDeliveryDetails({ params: { basketId }, body: { address, saveToAddressBook: true } }));
    expect(error).toMatchObject({ status: 400, code: 'CHECKOUT_SIGN_IN_TO_SAVE_ADDRESS' });
    expect((await guest.checkout.getCheckout({ params: { basketId } })).delivery).toBeNull();
  });

  it('refuses the step when the address book is full, saying what to do, and keeps the checkout as it was', async () => {
    const basketId = await newBasket(alice.basket);
    const room = ADDRESS_BOOK_MAX - (await alice.book.listAddresses({ query: {} })).totalCount;
    for (let index = 0; index < room; index += 1) {
      await alice.book.addAddress({ body: { addressType: 'billing', name: 'Alice', line1: `${index} Office Row`, town: 'Leeds', postcode: 'LS1 4AP' } });
    }
    const error = await failure(
      alice.checkout.setDeliveryDetails({ params: { basketId }, body: { address: { ...address, line1: '9 New Road' }, saveToAddressBook: true } }),
    );
    expect(error).toMatchObject({ status: 422, code: 'ADDRESS_BOOK_FULL' });
    expect((await alice.checkout.getCheckout({ params: { basketId } })).delivery).toBeNull();
  });
});
