import { z } from 'zod';
import { BASKET_NOTICE_TYPES } from './enumerations.ts';
import { defineEndpoint, publicAccess } from './endpoint.ts';

const Pence = z.number().int().describe('Integer pence');
const Sku = z.string().trim().min(1).max(60);
/**
 * Quantities are checked by the basket itself, not the schema, so each refusal (fractional, out of
 * range, above what can be sold) gets its own stable code rather than a generic validation error.
 */
const Quantity = z.number({ error: 'must be a whole number of packs, from 1 to 999' }).describe('Whole number of packs, 1 to 999');

/** A basket id (at least 128 random bits, base64url) or `mine`: a signed-in shopper's current basket. */
export const BasketIdParamsSchema = z.object({ basketId: z.string().min(1).max(64) });

export const ProductDataSchema = z
  .object({ sku: Sku, quantity: Quantity.default(1) })
  .meta({ id: 'ProductData', description: 'productData: one sku to add. Prices sent by a client are ignored.' });
export type ProductData = z.infer<typeof ProductDataSchema>;

export const SetItemDataSchema = z.object({ sku: Sku, quantity: Quantity.describe('The new quantity; 0 removes the line') }).meta({ id: 'SetItemData' });
export type SetItemData = z.infer<typeof SetItemDataSchema>;

export const SetItemsDataSchema = z
  .object({ items: z.array(SetItemDataSchema).min(1).max(100) })
  .meta({ id: 'SetItemsData', description: 'setItemsData: sets several lines at once, all or nothing; 0 removes a line.' });
export type SetItemsData = z.infer<typeof SetItemsDataSchema>;

export const RemoveItemDataSchema = z.object({ sku: Sku }).meta({ id: 'RemoveItemData' });
export const DiscountCodeDataSchema = z.object({ code: z.string().trim().min(1).max(64) }).meta({ id: 'DiscountCodeData' });
export const RetrievalCodeQuerySchema = z.object({ retrievalCode: z.string().min(1).max(32) });
export const SendBasketSavedEmailDataSchema = z
  .object({ basketId: z.string().min(1).max(64), emailAddress: z.string().trim().min(3).max(320) })
  .meta({ id: 'SendBasketSavedEmailData', description: 'Saves the basket (its state keeps the code it was saved under) and e-mails the code and a link.' });

export const BasketNoticeSchema = z
  .object({
    type: z.enum(BASKET_NOTICE_TYPES),
    sku: z.string().optional(),
    code: z.string().optional().describe('The discount code, for discount notices'),
    reason: z.string().optional().describe('A stable reason: sku_not_found, out_of_stock, insufficient_stock, or a discount error code'),
    from: z.number().int().optional(),
    to: z.number().int().optional(),
    message: z.string(),
  })
  .meta({ id: 'BasketNotice' });
export type BasketNotice = z.infer<typeof BasketNoticeSchema>;

export const BasketLineSchema = z
  .object({
    sku: z.string(),
    productId: z.number().int(),
    productName: z.string(),
    productSlug: z.string(),
    label: z.string(),
    imageUrl: z.string().nullable(),
    packQty: z.number().int().describe('Items in one pack; the quantity counts packs'),
    quantity: z.number().int(),
    stockStatus: z.enum(['in_stock', 'low_stock', 'made_to_order', 'out_of_stock']),
    maxQuantity: z.number().int().describe('The most that can be sold now (0 when unavailable)'),
    deliveryClass: z.enum(['parcel', 'large', 'pallet', 'two_man_eligible']),
    available: z.boolean(),
    unavailableReason: z.string().nullable(),
    unitPriceIncVat: Pence.describe('What the shopper pays per pack (trade price for trade baskets)'),
    unitPriceExVat: Pence,
    wasUnitPriceIncVat: Pence.nullable().describe('Retail price before a promotion or trade price, when higher'),
    lineTotalIncVat: Pence,
    lineTotalExVat: Pence,
    lineSavingsIncVat: Pence,
  })
  .meta({ id: 'BasketLine' });
export type BasketLine = z.infer<typeof BasketLineSchema>;

export const VatLineSchema = z
  .object({ rateCode: z.string(), basisPoints: z.number().int(), netPence: Pence, vatPence: Pence, grossPence: Pence })
  .meta({ id: 'VatLine' });

export const BasketTotalsSchema = z
  .object({
    itemCount: z.number().int().describe('Packs across available lines'),
    subtotalIncVat: Pence.describe('Available lines at the prices shown, before the discount code'),
    subtotalExVat: Pence,
    savingsIncVat: Pence.describe('Was-price and trade savings, plus the discount'),
    discountIncVat: Pence,
    delivery: z
      .object({
        code: z.string(),
        name: z.string(),
        priceIncVat: Pence,
        isEstimate: z.boolean().describe('true: a mainland estimate until a delivery option is chosen at checkout'),
        freeFromIncVat: Pence.nullable().describe(
          'Estimate only: the goods total, after the discount, from which this delivery ' +
            'is free to mainland GB (surcharges elsewhere still apply); null when it never is',
        ),
        spendForFreeIncVat: Pence.nullable().describe('Estimate only: how much more to spend for free delivery; null when it is free already or never is'),
      })
      .nullable(),
    vat: z.array(VatLineSchema),
    totalIncVat: Pence,
    totalExVat: Pence,
    totalVat: Pence,
  })
  .meta({ id: 'BasketTotals' });

export const BasketSchema = z
  .object({
    basketId: z.string(),
    version: z.number().int().describe('Goes up by one with every change'),
    owner: z.enum(['guest', 'shopper']),
    channel: z.union([z.literal(100), z.literal(200), z.literal(300)]),
    pricing: z.object({
      tradePriced: z.boolean(),
      tradeBand: z.string().nullable().describe('The band’s code, for staff and records only: customers are shown its name'),
      tradeBandName: z.string().nullable().describe('The band’s name, e.g. "Gold": what the customer is shown'),
      tradeDiscountBasisPoints: z.number().int(),
    }),
    lines: z.array(BasketLineSchema),
    discount: z.object({ code: z.string(), description: z.string(), discountIncVat: Pence, applies: z.boolean() }).nullable(),
    totals: BasketTotalsSchema,
    notices: z.array(BasketNoticeSchema).describe('What changed without being asked: merges, unavailable lines, price changes, discounts removed'),
    updatedAt: z.string(),
  })
  .meta({ id: 'Basket' });
export type Basket = z.infer<typeof BasketSchema>;

export const SavedBasketSchema = z
  .object({
    retrievalCode: z.string().describe('Eight characters shown as XXXX-XXXX; no 0, O, 1, I, L or U'),
    expiresAt: z.string(),
    retrieveUrl: z.string(),
    emailedTo: z.string().nullable(),
  })
  .meta({ id: 'SavedBasket' });
export type SavedBasket = z.infer<typeof SavedBasketSchema>;

const basketIdDescription =
  "Anonymous baskets are reached by their id alone. With a token, a guest basket is merged into the shopper's basket (quantities " +
  'summed, capped by stock) and the answer is the shopper\'s basket with a "merged" notice; another shopper\'s basket is 404.';

export const basketEndpoints = {
  getBasket: defineEndpoint({
    service: 'basket',
    access: publicAccess,
    method: 'GET',
    path: '/basket/{basketId}',
    summary: 'A basket with its lines and server-side totals',
    description: basketIdDescription,
    params: BasketIdParamsSchema,
    responses: { 200: BasketSchema },
  }),
  copyBasket: defineEndpoint({
    service: 'basket',
    access: publicAccess,
    method: 'POST',
    path: '/basket/{basketId}/Copy',
    summary: 'A new basket with the same lines and discount code, for the caller',
    params: BasketIdParamsSchema,
    responses: { 201: BasketSchema },
  }),
  createBasket: defineEndpoint({
    service: 'basket',
    access: publicAccess,
    method: 'POST',
    path: '/basket',
    summary: 'Creates a basket with a first product',
    description: 'A signed-in shopper gets a basket of their own; a guest an anonymous one (keep its id).',
    body: ProductDataSchema,
    responses: { 201: BasketSchema },
  }),
  createBasketWithItems: defineEndpoint({
    service: 'basket',
    access: publicAccess,
    method: 'POST',
    path: '/basket/setItems',
    summary: 'Creates a basket with several lines',
    body: SetItemsDataSchema,
    responses: { 201: BasketSchema },
  }),
  setItems: defineEndpoint({
    service: 'basket',
    access: publicAccess,
    method: 'POST',
    path: '/basket/{basketId}/setItems',
    summary: 'Sets several lines at once (0 removes a line); all or nothing',
    description: basketIdDescription,
    params: BasketIdParamsSchema,
    body: SetItemsDataSchema,
    responses: { 200: BasketSchema },
  }),
  setItem: defineEndpoint({
    service: 'basket',
    access: publicAccess,
    method: 'PUT',
    path: '/basket/{basketId}/setitem',
    summary: "Sets one line's quantity (0 removes it)",
    description: basketIdDescription,
    params: BasketIdParamsSchema,
    body: SetItemDataSchema,
    responses: { 200: BasketSchema },
  }),
  addItem: defineEndpoint({
    service: 'basket',
    access: publicAccess,
    method: 'POST',
    path: '/basket/{basketId}/additem',
    summary: 'Adds a quantity of a sku (added to the line when it is already there)',
    description: basketIdDescription,
    params: BasketIdParamsSchema,
    body: ProductDataSchema,
    responses: { 200: BasketSchema },
  }),
  removeItem: defineEndpoint({
    service: 'basket',
    access: publicAccess,
    method: 'PUT',
    path: '/basket/{basketId}/removeitem',
    summary: 'Removes a line',
    params: BasketIdParamsSchema,
    body: RemoveItemDataSchema,
    responses: { 200: BasketSchema },
  }),
  addDiscount: defineEndpoint({
    service: 'basket',
    access: publicAccess,
    method: 'PUT',
    path: '/basket/{basketId}/adddiscount',
    summary: 'Applies a discount code (replacing any other); each refusal has its own code',
    params: BasketIdParamsSchema,
    body: DiscountCodeDataSchema,
    responses: { 200: BasketSchema },
  }),
  removeDiscount: defineEndpoint({
    service: 'basket',
    access: publicAccess,
    method: 'PUT',
    path: '/basket/{basketId}/removediscount',
    summary: 'Removes the discount code',
    params: BasketIdParamsSchema,
    body: DiscountCodeDataSchema,
    responses: { 200: BasketSchema },
  }),
  saveBasket: defineEndpoint({
    service: 'basket',
    access: publicAccess,
    method: 'PUT',
    path: '/basket/{basketId}/save',
    summary: 'Saves a copy of the basket under a retrieval code valid for 30 days; saving the same state again gives the same code',
    params: BasketIdParamsSchema,
    responses: { 200: SavedBasketSchema },
  }),
  retrieveBasket: defineEndpoint({
    service: 'basket',
    access: publicAccess,
    method: 'PUT',
    path: '/basket',
    summary: 'A new basket copied from a saved one, for whoever retrieves it (rate-limited)',
    description: 'The code is read case-insensitively, with or without its hyphen or spaces.',
    query: RetrievalCodeQuerySchema,
    responses: { 201: BasketSchema },
  }),
  refreshBasket: defineEndpoint({
    service: 'basket',
    access: publicAccess,
    method: 'GET',
    path: '/basket/{basketId}/refresh',
    summary: 'Re-prices the basket, removes lines that can no longer be sold and re-checks the discount, reporting each change',
    params: BasketIdParamsSchema,
    responses: { 200: BasketSchema },
  }),
  sendBasketSavedEmail: defineEndpoint({
    service: 'basket',
    access: publicAccess,
    method: 'PUT',
    path: '/basket/sendBasketSavedEmail',
    summary: 'Saves the basket and e-mails its retrieval code and a link (rate-limited)',
    body: SendBasketSavedEmailDataSchema,
    responses: { 200: SavedBasketSchema },
  }),
} as const;
