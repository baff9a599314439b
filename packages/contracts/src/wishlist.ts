import { z } from 'zod';
import { WISHLIST_NOTICE_TYPES } from './enumerations.ts';
import { defineEndpoint, publicAccess, signedIn } from './endpoint.ts';

const Pence = z.number().int().describe('Integer pence');
const Sku = z.string().trim().min(1).max(60);
/** Checked by the wishlist itself, so a fractional or out-of-range quantity gets its own code. */
const Quantity = z.number().describe('Whole number of packs wanted, 1 to 999');

/** A wishlist id (144 random bits, base64url) or `mine`: a signed-in shopper's current wishlist. */
export const WishlistIdParamsSchema = z.object({ id: z.string().min(1).max(64) });
export const WishlistGetParamsSchema = z.object({ wishlistId: z.string().min(1).max(64) });

export const WishlistProductDataSchema = z
  .object({ sku: Sku, quantity: Quantity.default(1), note: z.string().trim().max(200).optional() })
  .meta({ id: 'WishlistProductData', description: 'productData: the first product of a new wishlist.' });

export const WishlistSetItemDataSchema = z
  .object({
    sku: Sku,
    quantity: Quantity.default(1),
    note: z.string().trim().max(200).optional().describe('A reminder, e.g. "for the en-suite"; omitted keeps the current note'),
  })
  .meta({ id: 'WishlistSetItemData', description: 'setItemData: adds a product, or changes its quantity or note.' });
export type WishlistSetItemData = z.infer<typeof WishlistSetItemDataSchema>;

export const WishlistRemoveItemDataSchema = z.object({ sku: Sku }).meta({ id: 'WishlistRemoveItemData' });

export const RefreshWishlistDataSchema = z
  .object({ removeUnavailable: z.boolean().default(false).describe('Also remove products that are no longer sold') })
  .meta({ id: 'RefreshWishlistData' });

export const SaveWishlistDataSchema = z
  .object({ name: z.string().trim().min(1, 'Give the wishlist a name').max(80, 'Use at most 80 characters') })
  .meta({ id: 'SaveWishlistData', description: 'saveWishlistData: names the wishlist and keeps it on the account.' });

export const EmailWishlistDataSchema = z
  .object({
    emailAddress: z.string().trim().min(3).max(320),
    senderName: z.string().trim().min(1).max(80).optional().describe('Who it is from, as the e-mail says'),
    message: z.string().trim().max(500).optional().describe('A short personal message, sent as plain text'),
  })
  .meta({ id: 'EmailWishlistData' });

export const RetrieveWishlistDataSchema = z
  .object({
    shareCode: z.string().trim().min(1).max(32).describe('The code of a shared wishlist, XXXX-XXXX; case, spaces and hyphens do not matter'),
    intoWishlistId: z
      .string()
      .min(1)
      .max(64)
      .optional()
      .describe(
        'Add the shared products to this wishlist of the caller’s (or `mine`) instead of making a new one; products already on it keep their quantity and note',
      ),
  })
  .meta({ id: 'RetrieveWishlistData' });

export const WishlistNoticeSchema = z
  .object({
    type: z.enum(WISHLIST_NOTICE_TYPES),
    sku: z.string().optional(),
    from: z.number().int().optional(),
    to: z.number().int().optional(),
    message: z.string(),
  })
  .meta({ id: 'WishlistNotice' });
export type WishlistNotice = z.infer<typeof WishlistNoticeSchema>;

export const WishlistItemSchema = z
  .object({
    sku: z.string(),
    productId: z.number().int(),
    productName: z.string(),
    productSlug: z.string(),
    label: z.string(),
    imageUrl: z.string().nullable(),
    quantity: z.number().int(),
    note: z.string().nullable(),
    addedAt: z.string(),
    available: z.boolean().describe('Still sold and in stock (or made to order)'),
    stockStatus: z.enum(['in_stock', 'low_stock', 'made_to_order', 'out_of_stock']),
    unavailableReason: z.enum(['sku_not_found', 'out_of_stock']).nullable(),
    priceIncVat: Pence.describe('The price now (trade price for trade shoppers); 0 when no longer sold'),
    priceExVat: Pence,
    wasPriceIncVat: Pence.nullable(),
    priceWhenAddedIncVat: Pence.describe('The price when the product was added, to show a drop'),
  })
  .meta({ id: 'WishlistItem' });
export type WishlistItem = z.infer<typeof WishlistItemSchema>;

export const WishlistSchema = z
  .object({
    wishlistId: z.string(),
    version: z.number().int(),
    owner: z.enum(['guest', 'shopper']),
    name: z.string().nullable().describe('Set when a signed-in shopper saves it'),
    shareCode: z.string().nullable().describe('XXXX-XXXX, issued on save or e-mail; anyone with it can retrieve a copy'),
    shareUrl: z.string().nullable(),
    savedAt: z.string().nullable(),
    items: z.array(WishlistItemSchema),
    totals: z.object({ itemCount: z.number().int(), availableIncVat: Pence.describe('Available items at their quantities, today’s prices') }),
    notices: z.array(WishlistNoticeSchema),
    updatedAt: z.string(),
  })
  .meta({ id: 'Wishlist' });
export type Wishlist = z.infer<typeof WishlistSchema>;

export const WishlistEmailedSchema = z.object({ shareCode: z.string(), shareUrl: z.string(), emailedTo: z.string() }).meta({ id: 'WishlistEmailed' });

const ownership =
  'Guest wishlists are reached by their id alone. With a token, a guest wishlist is taken over: merged into ' +
  'the shopper\'s current wishlist (or made theirs), with a "merged" notice. Another shopper\'s wishlist is 404.';

export const wishlistEndpoints = {
  getWishlist: defineEndpoint({
    service: 'wishlist',
    access: publicAccess,
    method: 'GET',
    path: '/wishlist/{wishlistId}',
    summary: 'A wishlist with today’s prices and stock',
    description: ownership,
    params: WishlistGetParamsSchema,
    responses: { 200: WishlistSchema },
  }),
  createWishlist: defineEndpoint({
    service: 'wishlist',
    access: publicAccess,
    method: 'POST',
    path: '/wishlist',
    summary: 'Creates a wishlist with a first product',
    description: 'A signed-in shopper gets a wishlist of their own; a guest an anonymous one (keep its id).',
    body: WishlistProductDataSchema,
    responses: { 201: WishlistSchema },
  }),
  setItem: defineEndpoint({
    service: 'wishlist',
    access: publicAccess,
    method: 'PUT',
    path: '/wishlist/{id}/setitem',
    summary: 'Adds a product or changes its quantity or note',
    description: ownership,
    params: WishlistIdParamsSchema,
    body: WishlistSetItemDataSchema,
    responses: { 200: WishlistSchema },
  }),
  removeItem: defineEndpoint({
    service: 'wishlist',
    access: publicAccess,
    method: 'PUT',
    path: '/wishlist/{id}/removeItem',
    summary: 'Removes a product',
    params: WishlistIdParamsSchema,
    body: WishlistRemoveItemDataSchema,
    responses: { 200: WishlistSchema },
  }),
  refreshWishlist: defineEndpoint({
    service: 'wishlist',
    access: publicAccess,
    method: 'PUT',
    path: '/wishlist/{id}/refresh',
    summary: 'Re-checks prices and stock, reporting drops, rises and products no longer available',
    params: WishlistIdParamsSchema,
    body: RefreshWishlistDataSchema,
    responses: { 200: WishlistSchema },
  }),
  saveWishlist: defineEndpoint({
    service: 'wishlist',
    access: signedIn,
    method: 'PUT',
    path: '/wishlist/{id}/save',
    summary: 'Names the wishlist and keeps it on the shopper’s account, with a share code',
    params: WishlistIdParamsSchema,
    body: SaveWishlistDataSchema,
    responses: { 200: WishlistSchema },
  }),
  emailWishlist: defineEndpoint({
    service: 'wishlist',
    access: publicAccess,
    method: 'PUT',
    path: '/wishlist/{id}/email',
    summary: 'E-mails the wishlist, with a link to retrieve a copy (rate-limited)',
    params: WishlistIdParamsSchema,
    body: EmailWishlistDataSchema,
    responses: { 200: WishlistEmailedSchema },
  }),
  retrieveWishlist: defineEndpoint({
    service: 'wishlist',
    access: publicAccess,
    method: 'PUT',
    path: '/wishlist/retrieve',
    summary: 'A copy of a shared wishlist for whoever retrieves it, as a new wishlist or added to one of theirs (rate-limited)',
    body: RetrieveWishlistDataSchema,
    responses: { 201: WishlistSchema },
  }),
} as const;
