import { z } from 'zod';
import { DELIVERY_OPTION_CODES, DELIVERY_ZONES } from './enumerations.ts';
import { defineEndpoint, publicAccess } from './endpoint.ts';

const Pence = z.number().int().describe('Integer pence');
const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).describe('A calendar day, YYYY-MM-DD (UK time)');


export const ProductDeliveryOptionsRequestSchema = z
  .object({
    sku: z.string().min(1).max(60),
    quantity: z.number().int().min(1).max(999).default(1),
    postcode: z.string().max(16).nullable().optional().describe('A UK postcode; without one, mainland GB is assumed'),
  })
  .meta({ id: 'ProductDeliveryOptionsRequest' });
export type ProductDeliveryOptionsRequest = z.infer<typeof ProductDeliveryOptionsRequestSchema>;

export const DeliveryOptionSchema = z
  .object({
    code: z.enum(DELIVERY_OPTION_CODES),
    name: z.string(),
    description: z.string(),
    priceIncVat: Pence.describe('Integer pence inc VAT, zone surcharge included; 0 when free'),
    earliestDate: IsoDate.nullable().describe('null when the option is not available'),
    latestDate: IsoDate.optional().describe('The end of the delivery window, or the last day a specific day can be chosen'),
    cutOff: z.string().optional().describe('Order by this instant (ISO 8601 with the UK offset) to get earliestDate'),
    available: z.boolean(),
    unavailableReason: z.string().optional(),
  })
  .meta({ id: 'DeliveryOption' });
export type DeliveryOption = z.infer<typeof DeliveryOptionSchema>;

export const ProductDeliveryOptionsSchema = z
  .object({
    sku: z.string(),
    quantity: z.number().int(),
    postcode: z.string().nullable().describe('Normalised, e.g. "SW1A 1AA"; null when none was given'),
    zone: z.enum(DELIVERY_ZONES),
    deliveryClass: z.enum(['parcel', 'large', 'pallet', 'two_man_eligible']),
    stockStatus: z.enum(['in_stock', 'low_stock', 'made_to_order', 'out_of_stock']),
    quoteOnly: z.boolean().describe('Delivery to this zone is by quotation for this item'),
    notServed: z.boolean().describe('We do not deliver to this zone; click & collect only'),
    options: z.array(DeliveryOptionSchema),
  })
  .meta({ id: 'ProductDeliveryOptions' });
export type ProductDeliveryOptions = z.infer<typeof ProductDeliveryOptionsSchema>;

export const deliveryEndpoints = {
  getProductDeliveryOptions: defineEndpoint({
    service: 'delivery',
    access: publicAccess,
    method: 'POST',
    path: '/Delivery/ProductDeliveryOptions',
    summary: "A sku's delivery options for a quantity and optional postcode: prices, earliest dates, cut-offs, zone surcharges",
    description: 'Not cached: dates and cut-offs depend on the time of the call (Europe/London working days and bank holidays).',
    body: ProductDeliveryOptionsRequestSchema,
    responses: { 200: ProductDeliveryOptionsSchema },
  }),
} as const;
