import { createAddressBookClient, createAddressLookupClient } from '@shop/api-client';
import type { AddressType, SavedAddress } from '@shop/contracts';
import { serviceClientOptions, throwIfRateLimited } from '../api.server.ts';
import { readShopSession, sessionClientOptions } from '../auth/session.server.ts';
import { finderProblem, FINDER_POSTCODE, postedValues, valuesFromLookedUp, type AddressValues, type FinderState } from './address-form.ts';
import { valuesOf } from './address-book.ts';

/** The addresses at the postcode typed in "Find address", for the visitor of `request` (rate-limited per visitor by the API). */
export async function findAddresses(request: Request, postcode: string): Promise<FinderState> {
  const typed = postcode.trim();
  if (!typed) return { problem: 'Enter a postcode to find your address', postcode: '' };
  try {
    const found = await createAddressLookupClient(serviceClientOptions(request, 'address-lookup')).lookupAddresses({ body: { postcode: typed } });
    return { postcode: found.postcode, addresses: found.addresses };
  } catch (error) {
    // Over the visitor's budget the form still works: they type the address.
    try {
      throwIfRateLimited(error);
    } catch {
      return { problem: 'Too many postcode searches just now. Enter your address by hand, or try again in a minute.', postcode: typed };
    }
    return { problem: finderProblem(error), postcode: typed };
  }
}

/**
 * A posted address form's "Find address" step: `find` lists the addresses at the postcode typed;
 * `choose` fills the fields from the one chosen (looked up again: the list is the provider's, not
 * the browser's). Null for any other intent: the form's own save.
 */
export async function finderStep(request: Request, form: FormData, prefix = ''): Promise<{ values: AddressValues; finder: FinderState } | null> {
  const intent = form.get('intent');
  if (intent !== 'find' && intent !== 'choose') return null;
  const values = postedValues(form);
  const finder = await findAddresses(request, values[FINDER_POSTCODE] ?? '');
  if (intent === 'find' || !('addresses' in finder)) return { values, finder };
  const chosen = finder.addresses[Number(values.chosen)];
  if (!chosen) return { values, finder };
  return { values: { ...values, ...prefixed(valuesFromLookedUp(chosen), prefix) }, finder: { postcode: finder.postcode, addresses: [] } };
}

/** The form's address fields are named `<prefix><field>` (a trade application's `address.line1`). */
const prefixed = (values: AddressValues, prefix: string): AddressValues =>
  Object.fromEntries(Object.entries(values).map(([key, value]) => [`${prefix}${key}`, value]));

/** A signed-in customer's saved addresses (of a type, or all), the defaults first, for a form to offer; null when not signed in or the API does not answer. */
export async function savedAddressesFor(request: Request, addressType?: AddressType, pageSize = 50): Promise<SavedAddress[] | null> {
  const session = readShopSession(request);
  if (!session) return null;
  try {
    const book = createAddressBookClient(sessionClientOptions(request, session, 'projects'));
    return (await book.listAddresses({ query: { addressType, pageSize } })).items;
  } catch {
    return null;
  }
}

export const SAVED_ADDRESS_INTENT = 'saved';
export const SAVED_ADDRESS_CHOICE = 'savedAddressId';

/**
 * A posted address form's "Use a saved address" step (`intent=saved`): the fields filled from the
 * customer's saved address chosen, read again from their address book. Null for any other intent.
 */
export async function savedAddressStep(request: Request, form: FormData, prefix = ''): Promise<{ values: AddressValues } | null> {
  if (form.get('intent') !== SAVED_ADDRESS_INTENT) return null;
  const values = postedValues(form);
  const chosen = (await savedAddressesFor(request))?.find((address) => address.addressId === values[SAVED_ADDRESS_CHOICE]);
  if (!chosen) return { values };
  const { line1, line2, town, county, postcode, udprn } = valuesOf(chosen);
  return { values: { ...values, ...prefixed({ line1, line2, town, county, postcode, udprn }, prefix) } };
}
