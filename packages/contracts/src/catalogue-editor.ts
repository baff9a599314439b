import { z } from 'zod';
import { defineEndpoint, publicAccess, requireRole } from './endpoint.ts';
import { DELIVERY_CLASSES } from './catalogue-editor-values.ts';
import { RETURNABILITIES } from './catalogue-values.ts';
import { ProductId, RowId, Version, VersionOnly } from './catalogue-editor-fields.ts';
import {
  AddStaffBundleItemSchema,
  AddStaffEssentialSchema,
  ChangeStaffBundleItemSchema,
  ChangeStaffEssentialSchema,
  MoveStaffItemSchema,
  StaffBundleEssentialParams,
  StaffBundleItemParams,
  StaffEssentialParams,
  StaffProductExtrasSchema,
} from './catalogue-essentials.ts';
import { MAX_PRICE_PENCE, MAX_STOCK_ON_HAND, RANGE_FILE_MAX_BYTES } from './range-values.ts';

/** Staff who run the range: every call of the product editor is theirs (and an administrator's). */
const catalogueManagers = requireRole('catalogue-manager', 'admin');

const Instant = z.iso.datetime({ offset: true });
/** A variant code as the shop writes them: letters, digits, dashes and dots. */
const Sku = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9.-]{1,39}$/, 'Enter a code of 2 to 40 letters, digits, dashes or dots');

export const StaffProductRowSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    brandName: z.string(),
    categoryName: z.string(),
    defaultSku: z.string(),
    variantCount: z.number().int(),
    priceIncVat: z.number().int().describe("The default variant's price in force, pence inc VAT"),
    withdrawn: z.boolean().describe('Withdrawn from sale: shoppers cannot find or buy it'),
  })
  .meta({ id: 'StaffProductRow' });
export type StaffProductRow = z.infer<typeof StaffProductRowSchema>;

export const StaffProductPageSchema = z
  .object({
    items: z.array(StaffProductRowSchema),
    pageNumber: z.number().int(),
    pageSize: z.number().int(),
    totalCount: z.number().int(),
    totalPages: z.number().int(),
    brands: z.array(z.object({ slug: z.string(), name: z.string() })).describe('Every brand, to filter by'),
    categories: z.array(z.object({ slug: z.string(), name: z.string() })).describe('Every category, departments and sub-categories, to filter by'),
  })
  .meta({ id: 'StaffProductPage' });
export type StaffProductPage = z.infer<typeof StaffProductPageSchema>;

export const PRICE_SCHEDULE_STATUSES = ['scheduled', 'started', 'ended', 'cancelled'] as const;

export const StaffVariantImageSchema = z
  .object({
    id: z.number().int(),
    url: z.string(),
    altText: z.string(),
    uploaded: z
      .boolean()
      .describe(
        "Uploaded by staff: removed, its file is deleted once no variant shows it. Otherwise one of the demo shop's drawings, which only leaves this variant",
      ),
  })
  .meta({ id: 'StaffVariantImage' });
export type StaffVariantImage = z.infer<typeof StaffVariantImageSchema>;

export const StaffVariantSchema = z
  .object({
    sku: z.string(),
    label: z.string(),
    isDefault: z.boolean(),
    priceIncVat: z.number().int(),
    priceExVat: z.number().int(),
    vatRateCode: z.string(),
    wasPriceIncVat: z.number().int().nullable().describe('The "was" price the reference-price rule allows now; null when none'),
    history: z.array(
      z
        .object({ priceIncVat: z.number().int(), priceExVat: z.number().int(), effectiveFrom: Instant, effectiveUntil: Instant.nullable() })
        .describe('Newest first'),
    ),
    schedules: z.array(
      z.object({
        id: z.number().int(),
        priceIncVat: z.number().int(),
        vatRateCode: z.string(),
        startsAt: Instant,
        endsAt: Instant.nullable(),
        status: z.enum(PRICE_SCHEDULE_STATUSES),
      }),
    ),
    images: z.array(StaffVariantImageSchema).describe('Its pictures in the order the product page shows them for its finish, the first first'),
  })
  .meta({ id: 'StaffVariant' });
export type StaffVariant = z.infer<typeof StaffVariantSchema>;

export const StaffAuditEntrySchema = z
  .object({
    at: Instant,
    who: z.string().describe('The member of staff, or "Scheduled price" for the job that starts and ends scheduled prices'),
    what: z.string().describe('What changed, in words'),
  })
  .meta({ id: 'StaffAuditEntry' });
export type StaffAuditEntry = z.infer<typeof StaffAuditEntrySchema>;

export const StaffProductSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    brandSlug: z.string(),
    categorySlug: z.string(),
    family: z.string(),
    deliveryClass: z.enum(DELIVERY_CLASSES),
    returnability: z
      .enum(RETURNABILITIES)
      .describe('What a customer may send back as unwanted (docs/domain.md §8.1); orders already placed keep the one their lines were sold with'),
    specifications: z.record(z.string(), z.string()),
    withdrawnAt: Instant.nullable().describe('When it was withdrawn from sale; null while on sale'),
    version: z.number().int(),
    variants: z.array(StaffVariantSchema),
    variantOption: z
      .string()
      .describe('What its variants differ by, in words: "finish", "size", "size and finish", "handing" or "pack size"; a new variant is asked for by it'),
    audit: z.array(StaffAuditEntrySchema).describe('The latest 50 changes, newest first'),
    families: z.array(z.string()).describe('The families it may be given: those the shop lists specifications for (docs/domain.md §2.1), and its own'),
    brands: z.array(z.object({ slug: z.string(), name: z.string() })).describe('The brands it may be given'),
    categories: z.array(z.object({ slug: z.string(), name: z.string() })).describe('The sub-categories it may be put in'),
    vatRates: z.array(z.object({ code: z.string(), name: z.string(), basisPoints: z.number().int() })).describe('The UK VAT rates the shop knows'),
  })
  .extend(StaffProductExtrasSchema.shape)
  .meta({ id: 'StaffProduct' });
export type StaffProduct = z.infer<typeof StaffProductSchema>;

export const StaffProductChoicesSchema = StaffProductSchema.pick({ brands: true, categories: true, vatRates: true }).meta({ id: 'StaffProductChoices' });
export type StaffProductChoices = z.infer<typeof StaffProductChoicesSchema>;

const Name = z.string().trim().min(1, 'Enter the product name').max(200, 'Enter a name of 200 characters or fewer');
const Slug = z.string().trim().min(1).max(100);

export const UpdateStaffProductSchema = z
  .object({
    version: Version,
    name: Name.optional(),
    description: z.string().trim().max(5000, 'Enter a description of 5,000 characters or fewer').optional(),
    brandSlug: Slug.optional(),
    categorySlug: Slug.optional(),
    family: z.string().trim().min(1, 'Choose a family').max(60).optional().describe('Which specification rows its page shows: one of its `families`'),
    deliveryClass: z.enum(DELIVERY_CLASSES, { error: 'Choose how it is delivered' }).optional(),
    returnability: z
      .enum(RETURNABILITIES, { error: 'Choose whether it can be returned: returnable, sealed for hygiene, or made to measure' })
      .optional()
      .describe('Changes what customers may return from now on; orders already placed keep what their lines were sold with'),
    specifications: z
      .record(z.string().trim().min(1).max(80), z.string().trim().max(200))
      .refine((record) => Object.keys(record).length <= 60, 'Give 60 attributes or fewer')
      .optional()
      .describe('The whole specification table: attribute name → value (an empty value removes it)'),
    variants: z
      .array(
        z.object({
          sku: z.string().trim().min(1).max(40),
          newSku: Sku.optional(),
          label: z.string().trim().min(1, 'Enter the variant label').max(100).optional(),
        }),
      )
      .max(200)
      .optional()
      .describe('Variants named by their current code, with a new code or label'),
    onSale: z
      .boolean()
      .optional()
      .describe('false withdraws it from sale (gone from listings, search, its page and baskets; orders keep their copy); true puts it back'),
  })
  .meta({ id: 'UpdateStaffProduct' });
export type UpdateStaffProduct = z.infer<typeof UpdateStaffProductSchema>;

const PriceIncVat = z
  .number()
  .int('Enter the price in whole pence')
  .min(1, 'Enter a price more than 0')
  .max(MAX_PRICE_PENCE, 'Enter a price of £50,000 or less')
  .describe('Pence inc VAT');
const VatRateCode = z.string().trim().min(1, 'Choose a VAT rate').max(40);

/** A new variant (a finish or size) with its first price and the stock counted on the shelf. */
export const NewStaffVariantSchema = z
  .object({
    sku: Sku,
    label: z.string().trim().min(1, 'Enter the finish or size').max(100, 'Enter a finish or size of 100 characters or fewer'),
    priceIncVat: PriceIncVat,
    vatRateCode: VatRateCode,
    stockOnHand: z
      .number()
      .int('Enter the stock on hand as a whole number')
      .min(0, 'Enter the stock on hand as 0 or more')
      .max(MAX_STOCK_ON_HAND, 'Enter stock on hand of 1,000,000 or less')
      .describe('Units on the shelf'),
  })
  .meta({ id: 'NewStaffVariant' });
export type NewStaffVariant = z.infer<typeof NewStaffVariantSchema>;

export const CreateStaffProductSchema = z
  .object({
    name: Name,
    description: z.string().trim().max(5000, 'Enter a description of 5,000 characters or fewer').default(''),
    brandSlug: z.string().trim().min(1, 'Choose a brand').max(100),
    categorySlug: z.string().trim().min(1, 'Choose a category').max(100).describe('A sub-category'),
    variant: NewStaffVariantSchema.describe('Its first variant, the one shown first'),
  })
  .meta({ id: 'CreateStaffProduct' });
export type CreateStaffProduct = z.infer<typeof CreateStaffProductSchema>;

export const AddStaffVariantSchema = NewStaffVariantSchema.extend({ version: Version }).meta({ id: 'AddStaffVariant' });
export type AddStaffVariant = z.infer<typeof AddStaffVariantSchema>;

/** Where a product image staff uploaded is served: the path `getProductImage` answers at, below the shop's address. */
export const productImageUrl = (imageId: string): string => `/api/catalogue/Products/Images/${encodeURIComponent(imageId)}`;
/** The id of the uploaded file a picture's address serves (see `productImageUrl`); null for any other address, such as a demo drawing's. */
export const productImageIdOf = (url: string): string | null => {
  const prefix = productImageUrl('');
  return url.startsWith(prefix) ? decodeURIComponent(url.slice(prefix.length)) : null;
};

const VariantImage = ProductId.extend({ sku: z.string().trim().min(1).max(40), imageId: RowId });

export const MoveStaffVariantImageSchema = z
  .object({
    version: Version,
    place: z
      .number()
      .int('Enter the place as a whole number')
      .min(1, 'Enter a place of 1 or more')
      .max(1000)
      .describe("Its place among the variant's pictures: 1 is the first, the one the product page shows first for its finish"),
  })
  .meta({ id: 'MoveStaffVariantImage' });
export type MoveStaffVariantImage = z.infer<typeof MoveStaffVariantImageSchema>;

export const ChangeStaffPriceSchema = z
  .object({
    version: Version,
    sku: z.string().trim().min(1).max(40),
    priceIncVat: PriceIncVat,
    vatRateCode: VatRateCode,
    startsAt: Instant.nullable().default(null).describe('When the price starts; null or a time already past starts it now'),
    endsAt: Instant.nullable().default(null).describe('When the price in force before it comes back; null keeps it until changed'),
  })
  .meta({ id: 'ChangeStaffPrice' });
export type ChangeStaffPrice = z.infer<typeof ChangeStaffPriceSchema>;

export const RangeRowSchema = z
  .object({
    sku: z.string(),
    product_slug: z.string(),
    product_name: z.string(),
    brand: z.string(),
    category: z.string(),
    description: z.string(),
    family: z.string().describe('Which specification rows its page shows (docs/domain.md §2.1)'),
    variant_label: z.string(),
    price_inc_vat_pence: z.number().int(),
    price_ex_vat_pence: z.number().int(),
    vat_rate: z.string(),
    stock_on_hand: z.number().int().nullable().describe('Null for a variant made to order (no stock is kept)'),
    price_starts_at: z
      .string()
      .nullable()
      .describe('When the row’s price starts (ISO 8601 with London’s offset) when it is a scheduled price; null for the price in force'),
    price_ends_at: z.string().nullable().describe('When the scheduled price ends and the price before it comes back; null: until changed'),
  })
  .meta({ id: 'RangeRow' });
export type RangeRow = z.infer<typeof RangeRowSchema>;

export const RangePageSchema = z
  .object({ rows: z.array(RangeRowSchema), next: z.number().int().nullable().describe('Pass as `after` for the next page; null on the last') })
  .meta({ id: 'RangePage' });
export type RangePage = z.infer<typeof RangePageSchema>;

const Refusal = z.object({
  line: z.number().int().describe('The line of the file (CSV: counting the header as line 1; JSON: the item, from 1)'),
  column: z.string().nullable(),
  reason: z.string(),
});
export type RangeRefusal = z.infer<typeof Refusal>;

/** An import's refusal: at the check, or while applying (the shop changed since), when its product's other lines are not applied either. */
const ImportRefusal = Refusal.extend({
  whileApplying: z
    .enum(['refused', 'not-applied'])
    .nullable()
    .describe('Refused while applying (the shop changed after the check), or not applied because another line of its product was; null: at the check'),
});
export type RangeImportRefusal = z.infer<typeof ImportRefusal>;

export const RANGE_IMPORT_STATUSES = ['checked', 'queued', 'applying', 'applied'] as const;
export const RangeImportSchema = z
  .object({
    id: z.string(),
    fileName: z.string(),
    status: z.enum(RANGE_IMPORT_STATUSES),
    checkedAt: Instant,
    checkedBy: z.string(),
    lines: z.number().int().describe('Rows in the file'),
    changing: z.number().int().describe('Rows that would change (dry run) or that changed (applied)'),
    unchanged: z.number().int(),
    refused: z.number().int(),
    products: z.number().int().describe('Products with a row to apply'),
    productsDone: z.number().int(),
    refusedWhileApplying: z.number().int().describe('Of `refused`, the rows refused or not applied while applying'),
    changes: z
      .array(
        z.object({
          line: z.number().int(),
          sku: z.string(),
          what: z.string(),
          applied: z.boolean().nullable().describe('Once applied, whether the row went in (false: refused or not applied while applying); null until then'),
        }),
      )
      .describe('The first 200 rows that change, in words'),
    refusals: z.array(ImportRefusal).describe('The first 500 refusals by line, with the column'),
    finishedAt: Instant.nullable(),
  })
  .meta({ id: 'RangeImport' });
export type RangeImport = z.infer<typeof RangeImportSchema>;

export const CheckRangeImportSchema = z
  .object({
    fileName: z.string().trim().min(1, 'Choose a CSV or JSON file').max(200),
    content: z
      .string()
      .max(Math.ceil(RANGE_FILE_MAX_BYTES / 3) * 4 + 4, 'The file is too large: choose one of 10 MB or less')
      .describe("The file's bytes, base64"),
  })
  .meta({ id: 'CheckRangeImport' });

export const RangeFeedLineSchema = z.object({
  sku: z.string().trim().min(1).max(40),
  priceIncVat: z.number().int().optional().describe('Pence inc VAT'),
  vatRateCode: z.string().trim().min(1).max(40).optional(),
  stockOnHand: z.number().int().optional().describe('Units on the shelf, counting those already sold but not yet sent'),
  priceStartsAt: z
    .string()
    .trim()
    .max(40)
    .optional()
    .describe('When the price starts: ISO 8601 with an offset, or a UK date and time (2026-12-01 09:00); left out or past: from now'),
  priceEndsAt: z.string().trim().max(40).optional().describe('When the price ends and the one before it comes back; left out: until changed'),
});
export const RangeFeedSchema = z
  .object({ lines: z.array(RangeFeedLineSchema).min(1, 'Send at least one line').max(5_000, 'Send 5,000 lines or fewer at once') })
  .meta({ id: 'RangeFeed' });
export type RangeFeed = z.infer<typeof RangeFeedSchema>;

export const RangeFeedResultSchema = z
  .object({ changed: z.number().int(), unchanged: z.number().int(), refusals: z.array(Refusal).describe('Line is the place in `lines`, from 1') })
  .meta({ id: 'RangeFeedResult' });
export type RangeFeedResult = z.infer<typeof RangeFeedResultSchema>;

const ImportId = z.object({ id: z.uuid() });

/** Staff's say over a product's "Frequently bought together": pinned is shown first whatever orders say, blocked never. */
export const BOUGHT_TOGETHER_CHOICES = ['pinned', 'blocked'] as const;
export type BoughtTogetherChoice = (typeof BOUGHT_TOGETHER_CHOICES)[number];

export const StaffBoughtTogetherSchema = z
  .object({
    productId: z.number().int(),
    productName: z.string(),
    productSlug: z.string(),
    countedAt: z.string().nullable().describe('When orders were last counted into pairs; null while no count has found any'),
    pairs: z.array(
      z.object({
        productId: z.number().int(),
        name: z.string(),
        slug: z.string(),
        ordersTogether: z.number().int().describe('Orders of the last year holding both (0 for a pin orders do not support)'),
        lift: z.number().nullable().describe('How many times more often bought together than by chance; null with no orders together'),
        choice: z.enum(BOUGHT_TOGETHER_CHOICES).nullable(),
        shownAt: z.number().int().nullable().describe('Its place in the row shoppers see (1 first); null when it is not shown'),
        why: z.string().describe('Why it is, or is not, shown, in words: "37 orders together, 4.2 times more often than by chance"'),
      }),
    ),
  })
  .meta({ id: 'StaffBoughtTogether' });
export type StaffBoughtTogether = z.infer<typeof StaffBoughtTogetherSchema>;

export const catalogueEditorEndpoints = {
  getStaffBoughtTogether: defineEndpoint({
    service: 'catalogue',
    method: 'GET',
    path: '/Staff/Products/{id}/BoughtTogether',
    summary: 'What shoppers see as "Frequently bought together" with a product, and why: pairs from orders, pins and blocks',
    access: catalogueManagers,
    params: ProductId,
    responses: { 200: StaffBoughtTogetherSchema },
  }),
  chooseStaffBoughtTogether: defineEndpoint({
    service: 'catalogue',
    method: 'PUT',
    path: '/Staff/Products/{id}/BoughtTogether/{pairedProductId}',
    summary: 'Pins a product to show with this one, blocks it from showing, or leaves it to orders again ("none")',
    description: "Shown on the product page at once; the product's change list records who did it. An unknown product is a 404.",
    access: catalogueManagers,
    params: ProductId.extend({ pairedProductId: RowId }),
    body: z.object({ choice: z.enum([...BOUGHT_TOGETHER_CHOICES, 'none']) }),
    responses: { 200: StaffBoughtTogetherSchema },
  }),
  searchStaffProducts: defineEndpoint({
    service: 'catalogue',
    method: 'GET',
    path: '/Staff/Products',
    summary: 'The range for staff: by name or code, category, brand, paged',
    access: catalogueManagers,
    query: z.object({
      text: z.string().trim().min(1).max(100).optional().describe('Part of the name, or a variant code'),
      category: Slug.optional().describe('A category slug (its sub-categories included)'),
      brand: Slug.optional().describe('A brand slug'),
      pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(25),
    }),
    responses: { 200: StaffProductPageSchema },
  }),
  getStaffProduct: defineEndpoint({
    service: 'catalogue',
    method: 'GET',
    path: '/Staff/Products/{id}',
    summary: 'One product as staff edit it: its details, variants, prices, price history, scheduled prices and changes',
    access: catalogueManagers,
    params: ProductId,
    responses: { 200: StaffProductSchema },
  }),
  updateStaffProduct: defineEndpoint({
    service: 'catalogue',
    method: 'PUT',
    path: '/Staff/Products/{id}',
    summary: "Changes a product's name, description, brand, category, family, delivery, returnability, attributes, variant codes or labels",
    description: 'Fields left out keep their values. A version other than the current one is a 409 and changes nothing.',
    access: catalogueManagers,
    params: ProductId,
    body: UpdateStaffProductSchema,
    responses: { 200: StaffProductSchema },
  }),
  getStaffProductChoices: defineEndpoint({
    service: 'catalogue',
    method: 'GET',
    path: '/Staff/ProductChoices',
    summary: 'The brands, sub-categories and VAT rates a new product may be given',
    access: catalogueManagers,
    responses: { 200: StaffProductChoicesSchema },
  }),
  createStaffProduct: defineEndpoint({
    service: 'catalogue',
    method: 'POST',
    path: '/Staff/Products',
    summary: 'Adds a product with its first variant, price and stock: on sale, listed and searchable at once',
    description: 'A code another variant has is a 409; an unknown brand, category or VAT rate is a 422 naming the field.',
    access: catalogueManagers,
    body: CreateStaffProductSchema,
    responses: { 201: StaffProductSchema },
  }),
  addStaffVariant: defineEndpoint({
    service: 'catalogue',
    method: 'POST',
    path: '/Staff/Products/{id}/Variants',
    summary: 'Adds a variant (another finish or size) to a product, with its first price and stock',
    description: 'A code another variant has is a 409; a version other than the current one is a 409 and changes nothing.',
    access: catalogueManagers,
    params: ProductId,
    body: AddStaffVariantSchema,
    responses: { 201: StaffProductSchema },
  }),
  addStaffVariantImage: defineEndpoint({
    service: 'catalogue',
    method: 'POST',
    path: '/Staff/Products/{id}/Variants/{sku}/Images',
    summary: 'Adds a picture of a variant (its finish): shown on the product page when that finish is chosen, after its other pictures',
    description:
      'multipart/form-data with the picture in an `image` field: a JPEG or PNG of 5 MB or less, judged by its content (422 FILE_TYPE_NOT_ALLOWED, ' +
      '413 FILE_TOO_LARGE, 422 FILE_UNREADABLE). It is kept re-encoded without its metadata (no EXIF) and no larger than 1,600 px a side. ' +
      'A refusal stores nothing.',
    access: catalogueManagers,
    bodyType: 'multipart',
    params: ProductId.extend({ sku: z.string().trim().min(1).max(40) }),
    responses: { 201: StaffProductSchema },
  }),
  removeStaffVariantImage: defineEndpoint({
    service: 'catalogue',
    method: 'POST',
    path: '/Staff/Products/{id}/Variants/{sku}/Images/{imageId}/Remove',
    summary: 'Removes a picture from a variant: the product page stops showing it',
    description:
      'A picture staff uploaded has its file deleted once no variant shows it any more; a demo drawing only leaves this variant. ' +
      'A picture the variant does not have is a 404; a version other than the current one is a 409 and changes nothing.',
    access: catalogueManagers,
    params: VariantImage,
    body: VersionOnly,
    responses: { 200: StaffProductSchema },
  }),
  moveStaffVariantImage: defineEndpoint({
    service: 'catalogue',
    method: 'POST',
    path: '/Staff/Products/{id}/Variants/{sku}/Images/{imageId}/Move',
    summary: "Moves a picture to another place among its variant's pictures: the first is the one the product page shows first for that finish",
    description:
      'A place past the last is a 422; a picture the variant does not have is a 404; a version other than the current one is a 409 and changes nothing.',
    access: catalogueManagers,
    params: VariantImage,
    body: MoveStaffVariantImageSchema,
    responses: { 200: StaffProductSchema },
  }),
  addStaffEssential: defineEndpoint({
    service: 'catalogue',
    method: 'POST',
    path: '/Staff/Products/{id}/Essentials',
    summary: 'Adds an essential item to a product (required or recommended, with why it fits): its page lists it last of its kind',
    description:
      'An unknown code is a 422 ITEM_SKU_NOT_FOUND; one of the product itself, of a product already listed or of one withdrawn from sale is a 422; ' +
      'past 20 items a 422 TOO_MANY_ESSENTIALS; a version other than the current one is a 409. A refusal changes nothing.',
    access: catalogueManagers,
    params: ProductId,
    body: AddStaffEssentialSchema,
    responses: { 201: StaffProductSchema },
  }),
  changeStaffEssential: defineEndpoint({
    service: 'catalogue',
    method: 'PUT',
    path: '/Staff/Products/{id}/Essentials/{essentialId}',
    summary: 'Changes an essential item where it is: required or recommended, its quantity, why it fits',
    description:
      'Fields left out keep their values; made the other kind, it is listed last of its new kind. An item the product does not list is a 404; ' +
      'a version other than the current one is a 409. A refusal changes nothing.',
    access: catalogueManagers,
    params: StaffEssentialParams,
    body: ChangeStaffEssentialSchema,
    responses: { 200: StaffProductSchema },
  }),
  removeStaffEssential: defineEndpoint({
    service: 'catalogue',
    method: 'POST',
    path: '/Staff/Products/{id}/Essentials/{essentialId}/Remove',
    summary: 'Takes an essential item off a product: its page stops listing it',
    description: 'An item the product does not list is a 404; a version other than the current one is a 409 and changes nothing.',
    access: catalogueManagers,
    params: StaffEssentialParams,
    body: VersionOnly,
    responses: { 200: StaffProductSchema },
  }),
  moveStaffEssential: defineEndpoint({
    service: 'catalogue',
    method: 'POST',
    path: '/Staff/Products/{id}/Essentials/{essentialId}/Move',
    summary: 'Moves an essential item to another place among those of its kind (required items are always listed before recommended ones)',
    description: 'A place past the last is a 422; an item the product does not list is a 404; a version other than the current one is a 409.',
    access: catalogueManagers,
    params: StaffEssentialParams,
    body: MoveStaffItemSchema,
    responses: { 200: StaffProductSchema },
  }),
  addStaffBundleItem: defineEndpoint({
    service: 'catalogue',
    method: 'POST',
    path: '/Staff/Products/{id}/BundleItems',
    summary: "Puts a product's variant in a bundle, in a quantity: the bundle's page lists it last under \"What's in the set\"",
    description:
      'Only a bundle takes items (422 NOT_A_BUNDLE). An unknown code is a 422; the bundle itself, another bundle, a product already in it or one withdrawn ' +
      'from sale is a 422; past 20 items a 422 TOO_MANY_BUNDLE_ITEMS; a version other than the current one is a 409. A refusal changes nothing.',
    access: catalogueManagers,
    params: ProductId,
    body: AddStaffBundleItemSchema,
    responses: { 201: StaffProductSchema },
  }),
  removeStaffBundleItem: defineEndpoint({
    service: 'catalogue',
    method: 'POST',
    path: '/Staff/Products/{id}/BundleItems/{sku}/Remove',
    summary: 'Takes an item out of a bundle',
    description: 'An item the bundle does not hold is a 404; a version other than the current one is a 409 and changes nothing.',
    access: catalogueManagers,
    params: StaffBundleItemParams,
    body: VersionOnly,
    responses: { 200: StaffProductSchema },
  }),
  moveStaffBundleItem: defineEndpoint({
    service: 'catalogue',
    method: 'POST',
    path: '/Staff/Products/{id}/BundleItems/{sku}/Move',
    summary: "Moves an item to another place in the bundle's list",
    description: 'A place past the last is a 422; an item the bundle does not hold is a 404; a version other than the current one is a 409.',
    access: catalogueManagers,
    params: StaffBundleItemParams,
    body: MoveStaffItemSchema,
    responses: { 200: StaffProductSchema },
  }),
  changeStaffBundleItem: defineEndpoint({
    service: 'catalogue',
    method: 'PUT',
    path: '/Staff/Products/{id}/BundleItems/{sku}',
    summary: 'Changes how many of an item a bundle holds, where it is in the list',
    description:
      'A quantity outside 1–99 is a 422 naming `quantity`; an item the bundle does not hold is a 404; a version other than the current one is a 409. ' +
      'A refusal changes nothing.',
    access: catalogueManagers,
    params: StaffBundleItemParams,
    body: ChangeStaffBundleItemSchema,
    responses: { 200: StaffProductSchema },
  }),
  addStaffBundleEssential: defineEndpoint({
    service: 'catalogue',
    method: 'POST',
    path: '/Staff/Products/{id}/BundleItems/{sku}/Essentials',
    summary: "Adds an essential item a bundle's item needs within that bundle only: the product page lists it with the bundle (`bundleId`)",
    description:
      'The bundle and the version are the bundle’s; the item is named by its variant code in the bundle. An id that is no bundle is a 404 ' +
      'BUNDLE_NOT_FOUND, an item the bundle does not hold a 404 BUNDLE_ITEM_NOT_FOUND; the rest is refused as an essential item of the product ' +
      'itself is. A refusal changes nothing.',
    access: catalogueManagers,
    params: StaffBundleItemParams,
    body: AddStaffEssentialSchema,
    responses: { 201: StaffProductSchema },
  }),
  changeStaffBundleEssential: defineEndpoint({
    service: 'catalogue',
    method: 'PUT',
    path: '/Staff/Products/{id}/BundleItems/{sku}/Essentials/{essentialId}',
    summary: "Changes an essential item of a bundle's item, within that bundle, where it is: required or recommended, its quantity, why it fits",
    description:
      'Fields left out keep their values; made the other kind, it is listed last of its new kind. An item not listed for that bundle item is a 404; ' +
      'a version other than the bundle’s current one is a 409. A refusal changes nothing.',
    access: catalogueManagers,
    params: StaffBundleEssentialParams,
    body: ChangeStaffEssentialSchema,
    responses: { 200: StaffProductSchema },
  }),
  removeStaffBundleEssential: defineEndpoint({
    service: 'catalogue',
    method: 'POST',
    path: '/Staff/Products/{id}/BundleItems/{sku}/Essentials/{essentialId}/Remove',
    summary: "Takes an essential item off a bundle's item, within that bundle",
    description: 'An item not listed for that bundle item is a 404; a version other than the bundle’s current one is a 409 and changes nothing.',
    access: catalogueManagers,
    params: StaffBundleEssentialParams,
    body: VersionOnly,
    responses: { 200: StaffProductSchema },
  }),
  getProductImage: defineEndpoint({
    service: 'catalogue',
    method: 'GET',
    path: '/Products/Images/{imageId}',
    summary: 'A picture of a product staff uploaded: the image itself, the same for everyone and never changed under its id',
    access: publicAccess,
    params: z.object({ imageId: z.string().regex(/^[0-9a-f]{32}$/, 'There is no such picture.') }),
    responses: { 200: z.string().describe('The image’s bytes') },
  }),
  changeStaffPrice: defineEndpoint({
    service: 'catalogue',
    method: 'POST',
    path: '/Staff/Products/{id}/Prices',
    summary: "Sets a variant's price now, or schedules it with a start and an optional end; every change is kept in the price history",
    description: 'A version other than the current one is a 409 and changes nothing.',
    access: catalogueManagers,
    params: ProductId,
    body: ChangeStaffPriceSchema,
    responses: { 200: StaffProductSchema },
  }),
  cancelStaffPrice: defineEndpoint({
    service: 'catalogue',
    method: 'POST',
    path: '/Staff/Products/{id}/Prices/{scheduleId}/Cancel',
    summary: 'Cancels a scheduled price that has not started',
    access: catalogueManagers,
    params: ProductId.extend({ scheduleId: RowId }),
    body: VersionOnly,
    responses: { 200: StaffProductSchema },
  }),
  exportStaffRange: defineEndpoint({
    service: 'catalogue',
    method: 'GET',
    path: '/Staff/Range',
    summary: 'The range as rows, one per variant, in product and code order, a page at a time (the export)',
    access: catalogueManagers,
    query: z.object({ after: z.coerce.number().int().min(0).max(2_147_483_647).default(0), limit: z.coerce.number().int().min(1).max(2_000).default(500) }),
    responses: { 200: RangePageSchema },
  }),
  checkRangeImport: defineEndpoint({
    service: 'catalogue',
    method: 'POST',
    path: '/Staff/Imports',
    summary: 'Checks a CSV or JSON file of the range (a dry run): what would change and what is refused, line by line; nothing changes yet',
    access: catalogueManagers,
    body: CheckRangeImportSchema,
    responses: { 200: RangeImportSchema },
  }),
  getRangeImport: defineEndpoint({
    service: 'catalogue',
    method: 'GET',
    path: '/Staff/Imports/{id}',
    summary: 'A checked import: its report, and its progress once applied',
    access: catalogueManagers,
    params: ImportId,
    responses: { 200: RangeImportSchema },
  }),
  applyRangeImport: defineEndpoint({
    service: 'catalogue',
    method: 'POST',
    path: '/Staff/Imports/{id}/Apply',
    summary: 'Applies a checked import in the background, product by product; applying it again does nothing',
    access: catalogueManagers,
    params: ImportId,
    bodyType: 'none',
    responses: { 200: RangeImportSchema },
  }),
  postRangeFeed: defineEndpoint({
    service: 'catalogue',
    method: 'POST',
    path: '/Staff/Feeds/PricesAndStock',
    summary: 'Sets prices and stock on hand of many variants at once (a warehouse or ERP feed), each product in one transaction',
    description: 'Stock on hand may not fall below what orders and payments already hold. A refused line changes nothing of its product.',
    access: catalogueManagers,
    idempotent: { scope: 'catalogue.range-feed' },
    body: RangeFeedSchema,
    responses: { 200: RangeFeedResultSchema },
  }),
} as const;
