import { z } from 'zod';
import { defineEndpoint, signedIn } from './endpoint.ts';

/** Only what a saved card may ever be: brand, last four digits, expiry and billing details. */
export const SavedCardSchema = z
  .object({
    id: z.string().describe('The gateway’s payment method id'),
    brand: z.string(),
    last4: z.string(),
    expMonth: z.number().int(),
    expYear: z.number().int(),
    expired: z.boolean(),
    isDefault: z.boolean(),
    billing: z.object({
      name: z.string().nullable(),
      line1: z.string().nullable(),
      line2: z.string().nullable(),
      city: z.string().nullable(),
      postcode: z.string().nullable(),
    }),
  })
  .meta({ id: 'SavedCard' });
export type SavedCard = z.infer<typeof SavedCardSchema>;

export const LookupSavedPaymentMethodDataSchema = z
  .object({ paymentMethodId: z.string().trim().min(1).max(100) })
  .meta({ id: 'LookupSavedPaymentMethodData', description: 'lookupSavedPaymentMethodData' });

export const UpdatePaymentMethodDataSchema = z
  .object({
    paymentMethodId: z.string().trim().min(1).max(100),
    billing: z.object({
      name: z.string().trim().min(1, 'Enter the name on the card').max(120),
      line1: z.string().trim().min(1, 'Enter the first line of the billing address').max(120),
      line2: z.string().trim().max(120).optional(),
      city: z.string().trim().min(1, 'Enter a town or city').max(80),
      postcode: z.string().trim().min(1, 'Enter a postcode').max(16),
    }),
  })
  .meta({ id: 'UpdatePaymentMethodData', description: 'updatePaymentMethodData' });

const SavedCardsSchema = z.array(SavedCardSchema);

export const savedCardsEndpoints = {
  listSavedCards: defineEndpoint({
    service: 'saved-cards',
    access: signedIn,
    method: 'GET',
    path: '/savedCards/savedstripecardsforaccount',
    summary: 'The signed-in shopper’s saved cards, default first',
    responses: { 200: SavedCardsSchema },
  }),
  removeSavedCard: defineEndpoint({
    service: 'saved-cards',
    access: signedIn,
    method: 'POST',
    path: '/savedCards/removesavedcard',
    summary: 'Removes a saved card (at the gateway too)',
    body: LookupSavedPaymentMethodDataSchema,
    responses: { 200: SavedCardsSchema },
  }),
  updateBillingDetails: defineEndpoint({
    service: 'saved-cards',
    access: signedIn,
    method: 'POST',
    path: '/savedCards/updateBillingDetails',
    summary: 'Changes a saved card’s billing name and address (a UK postcode, checked and normalised as the checkout does)',
    body: UpdatePaymentMethodDataSchema,
    responses: { 200: SavedCardSchema },
  }),
  setDefaultSavedPaymentMethod: defineEndpoint({
    service: 'saved-cards',
    access: signedIn,
    method: 'POST',
    path: '/savedCards/setDefaultSavedPaymentMethod',
    summary: 'Makes a saved card the one offered first',
    body: LookupSavedPaymentMethodDataSchema,
    responses: { 200: SavedCardsSchema },
  }),
} as const;
