import { z } from 'zod';
import { PROMOTION_STATUSES } from './enumerations.ts';
import { defineEndpoint, requireRole } from './endpoint.ts';

/** Staff who run promotions. Every discounts call is theirs; shoppers apply codes through the basket. */
const discountManagers = requireRole('discount-manager');

const SalesChannelSchema = z.union([z.literal(100), z.literal(200), z.literal(300)]).describe('100 Website, 200 Trade Site, 300 Trade App');
const TargetTypeSchema = z
  .union([z.literal(201), z.literal(202), z.literal(203), z.literal(204), z.literal(205)])
  .describe('201 AllProducts, 202 SpecificProducts, 203 SpecificCategories, 204 SpecificBrands, 205 Delivery');
const DiscountTypeSchema = z.union([z.literal(1), z.literal(2)]).describe('1 Percentage (value in basis points), 2 FixedAmount (value in pence)');
const Instant = z.iso.datetime({ offset: true });
const Pence = z.number().int().min(0).max(100_000_000).describe('Integer pence');

/** Promotion codes are letters and digits; they are stored and matched in capitals. */
export const PromotionCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{3,32}$/, 'Use 3 to 32 letters and digits, no spaces')
  .transform((code) => code.toUpperCase());

/** The editable terms of a promotion (create takes them all, update any of them). */
const promotionTerms = {
  description: z.string().trim().min(1).max(200).describe('What the shopper is told, e.g. "10% off orders over £100"'),
  channels: z
    .array(SalesChannelSchema)
    .min(1)
    .max(3)
    .refine((channels) => new Set(channels).size === channels.length, 'Name each channel once'),
  targetType: TargetTypeSchema,
  targetSkus: z.array(z.string().trim().min(1).max(60)).max(1000).default([]).describe('202 only: the skus discounted'),
  targetCategoryIds: z.array(z.number().int().positive()).max(1000).default([]).describe('203 only: the category ids discounted'),
  targetBrandIds: z.array(z.number().int().positive()).max(1000).default([]).describe('204 only: the brand ids discounted'),
  discountType: DiscountTypeSchema,
  value: z.number().int().positive().max(100_000_000).describe('Basis points for Percentage (1 to 10000), pence for FixedAmount'),
  minimumSpendPence: Pence.default(0).describe("The basket's goods total (inc VAT, before this discount) needed; 0 for none"),
  startsAt: Instant,
  endsAt: Instant.nullable().default(null).describe('Exclusive; null runs until changed'),
  usageLimit: z.number().int().positive().max(100_000_000).nullable().default(null).describe('Claims allowed in total; null for no limit'),
  perCustomerLimit: z.number().int().positive().max(1000).nullable().default(null).describe('Claims allowed per signed-in customer; null for no limit'),
  combinesWithTradePricing: z.boolean().default(false).describe('Whether it applies to a basket priced at trade prices'),
  requiresIssueCode: z
    .boolean()
    .default(false)
    .describe('Redeemed only through its single-use issue codes; the promotion code itself is then not accepted at the basket'),
};

export const CreateDiscountSchema = z
  .object({
    promotionCode: PromotionCodeSchema,
    ...promotionTerms,
    issueCodeCount: z.number().int().min(0).max(10_000).default(0).describe('How many single-use issue codes to generate now'),
  })
  .meta({ id: 'CreateDiscount' });
export type CreateDiscount = z.infer<typeof CreateDiscountSchema>;

export const UpdateDiscountSchema = z
  .object({
    description: promotionTerms.description.optional(),
    channels: promotionTerms.channels.optional(),
    targetType: TargetTypeSchema.optional(),
    targetSkus: z.array(z.string().trim().min(1).max(60)).max(1000).optional(),
    targetCategoryIds: z.array(z.number().int().positive()).max(1000).optional(),
    targetBrandIds: z.array(z.number().int().positive()).max(1000).optional(),
    discountType: DiscountTypeSchema.optional(),
    value: promotionTerms.value.optional(),
    minimumSpendPence: Pence.optional(),
    startsAt: Instant.optional(),
    endsAt: Instant.nullable().optional(),
    usageLimit: z.number().int().positive().max(100_000_000).nullable().optional(),
    perCustomerLimit: z.number().int().positive().max(1000).nullable().optional(),
    combinesWithTradePricing: z.boolean().optional(),
    requiresIssueCode: z.boolean().optional(),
    addIssueCodes: z.number().int().min(1).max(10_000).optional().describe('Generate this many more single-use issue codes'),
    issueCodeVoided: z.boolean().optional().describe('Only when the path names an issue code: true withdraws it (an unused code only), false reinstates it'),
  })
  .meta({ id: 'UpdateDiscount' });
export type UpdateDiscount = z.infer<typeof UpdateDiscountSchema>;

export const IssueCodeSchema = z
  .object({
    code: z.string(),
    status: z.enum(['available', 'claimed', 'voided']),
    claimedAt: Instant.nullable(),
    claimId: z.number().int().nullable(),
  })
  .meta({ id: 'DiscountIssueCode' });
export type IssueCode = z.infer<typeof IssueCodeSchema>;

export const DiscountClaimSchema = z
  .object({
    id: z.number().int(),
    promotionCode: z.string(),
    issueCode: z.string().nullable(),
    orderId: z.string(),
    customerId: z.string().nullable().describe('The signed-in customer; null for a guest order'),
    amountPence: z.number().int(),
    channel: SalesChannelSchema,
    claimedAt: Instant,
  })
  .meta({ id: 'DiscountClaim' });
export type DiscountClaim = z.infer<typeof DiscountClaimSchema>;

export const PromotionSummarySchema = z
  .object({
    promotionCode: z.string(),
    description: z.string(),
    channels: z.array(SalesChannelSchema),
    targetType: TargetTypeSchema,
    discountType: DiscountTypeSchema,
    value: z.number().int(),
    minimumSpendPence: z.number().int(),
    startsAt: Instant,
    endsAt: Instant.nullable(),
    status: z.enum(PROMOTION_STATUSES).describe('From the dates at the time of the call'),
    usageLimit: z.number().int().nullable(),
    perCustomerLimit: z.number().int().nullable(),
    combinesWithTradePricing: z.boolean(),
    requiresIssueCode: z.boolean(),
    claimCount: z.number().int(),
    issueCodeCount: z.number().int(),
    createdAt: Instant,
    updatedAt: Instant,
  })
  .meta({ id: 'PromotionSummary' });
export type PromotionSummary = z.infer<typeof PromotionSummarySchema>;

export const DiscountSchema = z
  .object({
    promotion: PromotionSummarySchema.extend({
      targetSkus: z.array(z.string()),
      targetCategoryIds: z.array(z.number().int()),
      targetBrandIds: z.array(z.number().int()),
    }),
    issueCode: IssueCodeSchema.nullable().describe('The issue code the path names; null when the path names the promotion itself'),
    issueCodes: z
      .array(IssueCodeSchema)
      .describe('Every issue code of the promotion, oldest first, when the path names the promotion itself (for CSV export); empty otherwise'),
    recentClaims: z.array(DiscountClaimSchema).describe('The latest 100 claims (of this issue code, or of the whole promotion), newest first'),
  })
  .meta({ id: 'Discount' });
export type Discount = z.infer<typeof DiscountSchema>;

export const DiscountSearchPageSchema = z
  .object({
    items: z.array(PromotionSummarySchema),
    pageNumber: z.number().int(),
    pageSize: z.number().int(),
    totalCount: z.number().int(),
    totalPages: z.number().int(),
  })
  .meta({ id: 'DiscountSearchPage' });
export type DiscountSearchPage = z.infer<typeof DiscountSearchPageSchema>;

export const DiscountTypeInfoSchema = z.object({ id: DiscountTypeSchema, name: z.string(), description: z.string() }).meta({ id: 'DiscountTypeInfo' });

const PathCodes = z.object({
  promotionCode: PromotionCodeSchema,
  issueCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{3,40}$/, 'Use the issue code, or the promotion code itself for the promotion')
    .transform((code) => code.toUpperCase().replaceAll('-', ''))
    .describe('An issue code of the promotion, or the promotion code again to address the promotion itself'),
});

const QueryDay = z.iso.date().describe('YYYY-MM-DD');

export const discountsEndpoints = {
  createDiscount: defineEndpoint({
    service: 'discounts',
    method: 'POST',
    path: '/Discount',
    summary: 'Creates a promotion, optionally with a batch of single-use issue codes',
    description: 'A promotion code is unique (any letter case): a second promotion with the same code is a 409.',
    access: discountManagers,
    body: CreateDiscountSchema,
    responses: { 201: DiscountSchema },
  }),
  getDiscount: defineEndpoint({
    service: 'discounts',
    method: 'GET',
    path: '/Discount/{promotionCode}/{issueCode}',
    summary: 'A promotion (issueCode = the promotion code) or one of its issue codes, with claims',
    access: discountManagers,
    params: PathCodes,
    responses: { 200: DiscountSchema },
  }),
  updateDiscount: defineEndpoint({
    service: 'discounts',
    method: 'PUT',
    path: '/Discount/{promotionCode}/{issueCode}',
    summary: "Changes a promotion's terms, generates more issue codes, or withdraws an issue code",
    description: 'Fields left out keep their values. The promotion code itself cannot change.',
    access: discountManagers,
    params: PathCodes,
    body: UpdateDiscountSchema,
    responses: { 200: DiscountSchema },
  }),
  searchDiscounts: defineEndpoint({
    service: 'discounts',
    method: 'GET',
    path: '/Discount/Search',
    summary: 'Promotions by channel, status, text and dates, newest first, paged',
    access: discountManagers,
    query: z.object({
      channel: z.coerce.number().pipe(SalesChannelSchema).optional(),
      status: z.enum(PROMOTION_STATUSES).optional(),
      text: z.string().trim().min(1).max(100).optional().describe('Part of the promotion code or description, or a whole issue code'),
      from: QueryDay.optional().describe('Promotions running on or after this day (UTC)'),
      to: QueryDay.optional().describe('Promotions running on or before this day (UTC)'),
      pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(20),
    }),
    responses: { 200: DiscountSearchPageSchema },
  }),
  getDiscountClaim: defineEndpoint({
    service: 'discounts',
    method: 'GET',
    path: '/Discount/DiscountClaim/{id}',
    summary: 'One claim: the order, customer, amount and channel of one redemption',
    access: discountManagers,
    params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
    responses: { 200: DiscountClaimSchema },
  }),
  getDiscountTypes: defineEndpoint({
    service: 'discounts',
    method: 'GET',
    path: '/Discount/DiscountType',
    summary: 'The discount types and how their value is read',
    access: discountManagers,
    responses: { 200: z.array(DiscountTypeInfoSchema) },
  }),
} as const;
