import { z } from 'zod';
import { ADDRESS_ACCESS_NOTES_MAX, ADDRESS_BOOK_MAX, ADDRESS_NICKNAME_MAX, ADDRESS_PAGE_SIZE_MAX, ADDRESS_TYPES } from './addresses-values.ts';
import { enteredText } from './checkout.ts';
import { defineEndpoint, publicAccess, signedIn } from './endpoint.ts';

/**
 * The address book (the projects service's `/address/…` calls: their payloads are not shown, so the
 * fields are ours) and the postcode lookup (`address-lookup`'s `POST /PostcodeAddress/LookupAddresses`
 * with postLookupAddressesData). Postcodes are checked and normalised by the API, so a bad one gets
 * its own code and message; the lookup's provider key stays on the server.
 */

export * from './addresses-values.ts';

const BODY_NOT_AN_OBJECT = { error: 'Send the details as a JSON object' };
const Instant = z.iso.datetime({ offset: true });
const Udprn = z
  .number({ error: 'Choose an address from the list again, or enter it by hand' })
  .int()
  .min(1)
  .max(99_999_999)
  .describe("Royal Mail's unique delivery point reference, from the postcode lookup");
const AddressTypeSchema = z.enum(ADDRESS_TYPES, { error: 'Choose whether this is a delivery or a billing address' });

export const AddressDataSchema = z
  .object(
    {
      addressType: AddressTypeSchema,
      nickname: enteredText('Nickname', ADDRESS_NICKNAME_MAX).optional().describe('What the customer calls it: "Home", "Flat 4 job"'),
      name: enteredText('Full name', 120, 'Enter the full name of the person at this address'),
      company: enteredText('Company', 120).optional(),
      line1: enteredText('Address line 1', 120, 'Enter address line 1, typically the building and street'),
      line2: enteredText('Address line 2', 120).optional(),
      town: enteredText('Town or city', 80, 'Enter a town or city'),
      county: enteredText('County', 80).optional(),
      postcode: enteredText('Postcode', 16, 'Enter a postcode').describe('Checked and normalised: "sw1a1aa" is kept as "SW1A 1AA"'),
      phone: enteredText('Phone number', 30).optional(),
      udprn: Udprn.optional(),
      isDefault: z.boolean({ error: 'Choose whether this is your default address' }).default(false),
      accessNotes: enteredText('Access notes', ADDRESS_ACCESS_NOTES_MAX).optional().describe('For a large-item courier: steps, narrow lanes, parking'),
      tailLift: z.boolean({ error: 'Choose whether a tail-lift is needed' }).default(false).describe('The courier brings a vehicle with a tail-lift'),
      kerbsideOnly: z
        .boolean({ error: 'Choose whether delivery is to the kerbside only' })
        .default(false)
        .describe('Goods are left at the kerb, not carried in'),
    },
    BODY_NOT_AN_OBJECT,
  )
  .meta({ id: 'AddressData', description: 'An address for the address book; editing sends all of it again.' });
export type AddressData = z.input<typeof AddressDataSchema>;

export const SavedAddressSchema = z
  .object({
    addressId: z.uuid(),
    addressType: z.enum(ADDRESS_TYPES),
    nickname: z.string().nullable(),
    name: z.string(),
    company: z.string().nullable(),
    line1: z.string(),
    line2: z.string().nullable(),
    town: z.string(),
    county: z.string().nullable(),
    postcode: z.string().describe('Normalised, e.g. "SW1A 1AA"'),
    countryCode: z.literal('GB'),
    phone: z.string().nullable(),
    udprn: z.number().int().nullable(),
    isDefault: z.boolean().describe('One default of each type'),
    accessNotes: z.string().nullable(),
    tailLift: z.boolean(),
    kerbsideOnly: z.boolean(),
    createdAt: Instant,
    updatedAt: Instant,
  })
  .meta({ id: 'SavedAddress' });
export type SavedAddress = z.infer<typeof SavedAddressSchema>;

export const SavedAddressPageSchema = z
  .object({
    items: z.array(SavedAddressSchema).describe('Defaults first, then the most recently changed'),
    pageNumber: z.number().int(),
    pageSize: z.number().int(),
    totalCount: z.number().int(),
    totalPages: z.number().int(),
  })
  .meta({ id: 'SavedAddressPage' });
export type SavedAddressPage = z.infer<typeof SavedAddressPageSchema>;

const AddressIdParams = z.object({ addressId: z.string().min(1).max(64) });

export const PostLookupAddressesDataSchema = z
  .object({ postcode: enteredText('Postcode', 16, 'Enter a postcode') }, BODY_NOT_AN_OBJECT)
  .meta({ id: 'PostLookupAddressesData', description: 'postLookupAddressesData: the postcode to find addresses at' });

export const LookedUpAddressSchema = z
  .object({
    udprn: z.number().int().nullable(),
    summary: z.string().describe('One line for a list: "2 Barons Court Road, London"'),
    organisation: z.string().nullable(),
    line1: z.string(),
    line2: z.string().nullable(),
    line3: z.string().nullable(),
    town: z.string(),
    county: z.string().nullable(),
    postcode: z.string(),
  })
  .meta({ id: 'LookedUpAddress' });
export type LookedUpAddress = z.infer<typeof LookedUpAddressSchema>;

export const LookupAddressesResultSchema = z
  .object({ postcode: z.string().describe('Normalised'), addresses: z.array(LookedUpAddressSchema) })
  .meta({ id: 'LookupAddressesResult' });
export type LookupAddressesResult = z.infer<typeof LookupAddressesResultSchema>;

const mine = 'Only the caller’s own addresses: another customer’s address id is 404 ADDRESS_NOT_FOUND, as an unknown one.';

export const addressBookEndpoints = {
  addAddress: defineEndpoint({
    service: 'projects',
    access: signedIn,
    method: 'PUT',
    path: '/address/add',
    summary: 'Adds an address to the caller’s address book (postcode checked and normalised)',
    description:
      'The first address of a type becomes its default; `isDefault` makes it the default in place of the last. ' +
      `400 VALIDATION_FAILED or ADDRESS_POSTCODE_INVALID; 422 ADDRESS_BOOK_FULL after ${ADDRESS_BOOK_MAX} addresses.`,
    body: AddressDataSchema,
    responses: { 201: SavedAddressSchema },
  }),
  listAddresses: defineEndpoint({
    service: 'projects',
    access: signedIn,
    method: 'GET',
    path: '/address/list',
    summary: 'The caller’s addresses, of one type or all, defaults first, paged',
    query: z.object({
      addressType: AddressTypeSchema.optional(),
      pageNumber: z.coerce.number({ error: 'Choose a page number' }).int().min(1).max(10_000).default(1),
      pageSize: z.coerce
        .number({ error: 'Choose how many addresses a page shows' })
        .int()
        .min(1)
        .max(ADDRESS_PAGE_SIZE_MAX, `Show at most ${ADDRESS_PAGE_SIZE_MAX} addresses a page`)
        .default(10),
    }),
    responses: { 200: SavedAddressPageSchema },
  }),
  editAddress: defineEndpoint({
    service: 'projects',
    access: signedIn,
    method: 'PUT',
    path: '/address/{addressId}/editAddress',
    summary: 'Replaces one of the caller’s addresses',
    description: `${mine} Unticking the default of a type leaves it the default: another address is made the default instead.`,
    params: AddressIdParams,
    body: AddressDataSchema,
    responses: { 200: SavedAddressSchema },
  }),
  deleteAddress: defineEndpoint({
    service: 'projects',
    access: signedIn,
    method: 'DELETE',
    path: '/address/{addressId}',
    summary: 'Removes one of the caller’s addresses; the newest other address of its type becomes the default',
    description: mine,
    params: AddressIdParams,
    bodyType: 'none',
    responses: { 200: z.object({ removed: z.literal(true), addressId: z.string() }).meta({ id: 'AddressRemoved' }) },
  }),
} as const;

export const addressLookupEndpoints = {
  lookupAddresses: defineEndpoint({
    service: 'address-lookup',
    access: publicAccess,
    method: 'POST',
    path: '/PostcodeAddress/LookupAddresses',
    summary: 'The addresses at a UK postcode, for "Find address"',
    description:
      'Answered by the configured provider (an embedded list by default, Ideal Postcodes when its key is set). ' +
      '400 ADDRESS_POSTCODE_INVALID; 404 ADDRESS_POSTCODE_NOT_FOUND; 503 ADDRESS_LOOKUP_UNAVAILABLE (enter the address by hand); 429 RATE_LIMITED.',
    body: PostLookupAddressesDataSchema,
    responses: { 200: LookupAddressesResultSchema },
  }),
} as const;
