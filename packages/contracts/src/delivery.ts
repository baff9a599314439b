import { z } from 'zod';
import { DELIVERY_OPTION_CODES, DELIVERY_ZONES } from './enumerations.ts';
import { defineEndpoint, publicAccess } from './endpoint.ts';

const Pence = z.number().int().describe('Integer pence');
const IsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .describe('A calendar day, YYYY-MM-DD (UK time)');

export const ProductDeliveryOptionsRequestSchema = z
  .object({
    sku: z.string().min(1).max(60),
    quantity: z.number().int().min(1).max(999).default(1),
    postcode: z.string().max(16).nullable().optional().describe('A UK postcode; without one, mainland GB is assumed'),
  })
  .meta({ id: 'ProductDeliveryOptionsRequest' });
export type ProductDeliveryOptionsRequest = z.infer<typeof ProductDeliveryOptionsRequestSchema>;

const ClockTime = z
  .string()
  .regex(/^\d{2}:\d{2}$/)
  .describe('A London wall-clock time, HH:MM');

export const BranchSchema = z
  .object({
    id: z.string(),
    name: z.string().describe('e.g. "Plumbline Leeds trade counter"'),
    address: z.object({ line1: z.string(), line2: z.string().optional(), town: z.string(), postcode: z.string() }),
    openingHours: z.array(z.object({ days: z.string().describe('e.g. "Monday to Friday"'), opens: ClockTime, closes: ClockTime })),
    closed: z.string().describe('e.g. "Closed on Sundays and bank holidays"'),
  })
  .meta({ id: 'Branch', description: 'A trade counter orders can be collected from' });
export type Branch = z.infer<typeof BranchSchema>;

export const CollectionSchema = z
  .object({
    branch: BranchSchema,
    readyFrom: z.string().describe('When the order can be collected: ISO 8601 with the UK offset'),
  })
  .meta({ id: 'Collection', description: 'Where and from when a click & collect order waits' });
export type Collection = z.infer<typeof CollectionSchema>;

const OptionFacts = { code: z.enum(DELIVERY_OPTION_CODES), name: z.string(), description: z.string() };

export const DeliveryOptionSchema = z
  .discriminatedUnion('available', [
    z.object({
      ...OptionFacts,
      available: z.literal(true),
      priceIncVat: Pence.describe('Integer pence inc VAT, zone surcharge included; 0 when free'),
      earliestDate: IsoDate,
      latestDate: IsoDate.optional().describe('The end of the delivery window, or the last day a specific day can be chosen'),
      cutOff: z.string().optional().describe('Order by this instant (ISO 8601 with the UK offset) to get earliestDate'),
      collection: CollectionSchema.optional().describe('click_collect: the branch and when the order is ready there'),
    }),
    z.object({
      ...OptionFacts,
      available: z.literal(false),
      priceIncVat: z.null().describe('No price: the option cannot be chosen'),
      earliestDate: z.null(),
      unavailableReason: z.string().describe('Why, in words a shopper can act on'),
    }),
  ])
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
