import { z } from 'zod';
import { defineEndpoint, publicAccess, requireRole } from './endpoint.ts';

export const CategoryLinkSchema = z.object({
  slug: z.string(),
  name: z.string(),
});

export const NavigationCategorySchema = CategoryLinkSchema.extend({
  description: z.string(),
  children: z.array(CategoryLinkSchema),
}).meta({ id: 'NavigationCategory' });

export const NavigationSchema = z.object({ categories: z.array(NavigationCategorySchema) }).meta({ id: 'Navigation' });

export type NavigationCategory = z.infer<typeof NavigationCategorySchema>;
export type Navigation = z.infer<typeof NavigationSchema>;

const Pence = z.number().int().describe('Integer pence');
const StockStatusSchema = z
  .object({ status: z.enum(['in_stock', 'low_stock', 'made_to_order', 'out_of_stock']), eta: z.string().nullable() })
  .meta({ id: 'StockStatus' });

export const PriceSchema = z
  .object({
    currencyCode: z.literal('GBP'),
    priceIncTax: Pence,
    priceExcTax: Pence,
    wasPriceIncTax: Pence.nullable(),
    wasPriceExcTax: Pence.nullable(),
    isOnPromotion: z.boolean(),
    discountPercentage: z.number().int(),
  })
  .meta({ id: 'Price' });
export type Price = z.infer<typeof PriceSchema>;

export const TradePriceSchema = z
  .object({
    priceIncTax: Pence,
    priceExcTax: Pence,
    tradeBand: z.string().describe('e.g. "T1" (Trade Starter): the code, for records only'),
    tradeBandName: z.string().describe('e.g. "Trade Starter": what the customer is shown'),
    tradeDiscountBasisPoints: z.number().int().describe('The band discount taken off the ex-VAT price; 0 where none applies (bundles already on offer)'),
  })
  .meta({ id: 'TradePrice' });
export type TradePrice = z.infer<typeof TradePriceSchema>;

const ImageSchema = z.object({ url: z.string(), altText: z.string() });

export const ProductCardSchema = z
  .object({
    id: z.number().int(),
    sku: z.string().describe('The default offering'),
    slug: z.string(),
    productName: z.string(),
    averageRating: z.number().describe('0 when there are no reviews'),
    reviewsCount: z.number().int(),
    questionsCount: z.number().int(),
    image: ImageSchema,
    stockStatus: StockStatusSchema,
    price: PriceSchema,
    badges: z.array(z.string()),
    brand: z.object({ slug: z.string(), name: z.string() }),
    defaultCategory: CategoryLinkSchema,
    deliveryClass: z.string(),
    isBundle: z.boolean(),
    variationListingLabel: z.string().nullable().describe('e.g. "Available in 4 options"'),
    tradePrices: TradePriceSchema.nullable().describe(
      'Always null here: listings and product pages are public and cached for everyone. A trade customer reads theirs from POST /Products/TradePrices.',
    ),
  })
  .meta({ id: 'ProductCard' });
export type ProductCard = z.infer<typeof ProductCardSchema>;

export const OfferingSchema = z
  .object({
    sku: z.string(),
    label: z.string(),
    isDefault: z.boolean(),
    widthMm: z.number().int().nullable(),
    finish: z.string().nullable(),
    handing: z.enum(['left', 'right']).nullable(),
    packQty: z.number().int(),
    price: PriceSchema,
    stockStatus: StockStatusSchema,
  })
  .meta({ id: 'Offering' });

export const ProductSummarySchema = ProductCardSchema.extend({
  description: z.string(),
  guaranteeYears: z.number().int(),
  isWeee: z.boolean(),
  specifications: z.record(z.string(), z.string()),
  images: z.array(
    ImageSchema.extend({
      sku: z.string().nullable().describe('The offering whose finish the picture shows (a product page shows the chosen finish’s pictures); null for all'),
    }),
  ),
  offerings: z.array(OfferingSchema),
  bundleComponents: z.array(z.object({ sku: z.string(), slug: z.string(), productName: z.string(), quantity: z.number().int() })),
}).meta({ id: 'ProductSummary' });
export type ProductSummary = z.infer<typeof ProductSummarySchema>;

const PagingFields = {
  pageNumber: z.number().int().min(1).max(10_000).default(1),
  size: z.number().int().min(1).max(100).default(24),
  sort: z
    .union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)])
    .default(1)
    .describe('Spec §3 sort option'),
  facets: z
    .record(z.string().max(60), z.array(z.string().max(200)).max(50))
    .default({})
    .describe('Facet identifier → selected option identifiers'),
  price: z
    .object({ gte: Pence.min(0).optional(), lte: Pence.min(0).optional() })
    .optional()
    .describe('Bounds in pence inc VAT'),
};

export const CategoryListingRequestSchema = z.object({ slug: z.string().min(1).max(200), ...PagingFields }).meta({ id: 'CategoryListingRequest' });
export const SearchRequestSchema = z.object({ query: z.string().max(1000), ...PagingFields }).meta({ id: 'SearchRequest' });
export type CategoryListingRequest = z.infer<typeof CategoryListingRequestSchema>;
export type SearchRequest = z.infer<typeof SearchRequestSchema>;

export const FacetSchema = z
  .object({
    identifier: z.string(),
    displayName: z.string(),
    facetType: z.enum(['options', 'range']),
    options: z.array(
      z.object({
        identifier: z.string(),
        displayValue: z.string(),
        productCount: z.number().int(),
        selected: z.boolean(),
        value: z.object({ gte: Pence, lte: Pence.nullable() }).optional().describe('Range facets: the bounds'),
      }),
    ),
  })
  .meta({ id: 'Facet' });
export type Facet = z.infer<typeof FacetSchema>;

export const ListingSchema = z
  .object({
    title: z.string(),
    products: z.array(ProductCardSchema),
    facets: z.array(FacetSchema),
    pagination: z.object({ from: z.number().int(), size: z.number().int(), total: z.number().int(), sortType: z.number().int() }),
  })
  .meta({ id: 'Listing' });
export type Listing = z.infer<typeof ListingSchema>;

export const SearchListingSchema = ListingSchema.extend({
  exactMatch: z
    .object({
      slug: z.string(),
      sku: z.string().nullable().describe("The variant a variant code names; null for a product's own code"),
    })
    .nullable()
    .describe(
      'Set when the query is a whole product or variant code (PL000109, PL000109-1, pl0001091): the product to go straight to, also the one product listed',
    ),
}).meta({ id: 'SearchListing' });
export type SearchListing = z.infer<typeof SearchListingSchema>;

export const AutocompleteSchema = z
  .object({
    products: z.array(
      z.object({
        slug: z.string(),
        sku: z.string().describe('The default sku, or the variant whose code was typed'),
        productName: z.string().describe('The name; after a typed code, with the code that matched: "Eden Cloakroom Basin (PL000109-1)"'),
        imageUrl: z.string(),
        priceIncTax: Pence,
      }),
    ),
    categories: z.array(CategoryLinkSchema),
    brands: z.array(z.object({ slug: z.string(), name: z.string() })),
  })
  .meta({ id: 'Autocomplete' });
export type Autocomplete = z.infer<typeof AutocompleteSchema>;

export const EssentialItemsSchema = z
  .object({
    sku: z.string(),
    bundleId: z.number().int().nullable(),
    items: z.array(
      z.object({
        requirement: z.enum(['required', 'recommended']),
        quantity: z.number().int(),
        compatibilityRule: z.string().describe('Why the item fits, e.g. "overflow=yes → slotted waste"'),
        sku: z.string(),
        withinBundle: z.boolean().describe("Needed within the bundle asked for (`bundleId`) only, not one of the product's own essential items"),
        product: ProductCardSchema,
      }),
    ),
  })
  .meta({ id: 'EssentialItems' });
export type EssentialItems = z.infer<typeof EssentialItemsSchema>;

export const UserContentCarouselSchema = z
  .object({
    productId: z.number().int(),
    items: z.array(z.object({ id: z.number().int(), authorName: z.string(), caption: z.string(), imageUrl: z.string(), createdAt: z.string() })),
  })
  .meta({ id: 'UserContentCarousel' });
export type UserContentCarousel = z.infer<typeof UserContentCarouselSchema>;

export const CarouselsRequestSchema = z
  .object({
    pageType: z.union([z.literal(10), z.literal(20), z.literal(30), z.literal(40), z.literal(50)]).describe('Spec §3 personalisation page type'),
    categorySlug: z.string().min(1).max(200).optional().describe('Category pages: whose best sellers to show'),
    recentlyViewedSkus: z.array(z.string().max(60)).max(50).default([]).describe('Newest first, kept by the browser'),
    productId: z.number().int().positive().max(2_147_483_647).optional().describe('Product pages: what is bought with it'),
    basketSkus: z.array(z.string().max(60)).max(100).default([]).describe('The basket page: what is bought with its lines, itself left out'),
  })
  .meta({ id: 'CarouselsRequest' });
export type CarouselsRequest = z.infer<typeof CarouselsRequestSchema>;
export const CarouselsSchema = z
  .object({ carousels: z.array(z.object({ identifier: z.string(), title: z.string(), products: z.array(ProductCardSchema) })) })
  .meta({ id: 'Carousels' });
export type Carousels = z.infer<typeof CarouselsSchema>;

export const PromotionsSchema = z
  .object({
    promotions: z.array(
      z.object({
        slug: z.string(),
        title: z.string(),
        listingType: z.number().int().describe('Spec §3 listing type'),
        category: CategoryLinkSchema.nullable().describe('The category base of a configured listing'),
        endsAt: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'Promotions' });
export type Promotions = z.infer<typeof PromotionsSchema>;

export const TradePricesRequestSchema = z
  .object({ skus: z.array(z.string().min(1).max(60)).min(1).max(100).describe("The skus on screen: a page of cards, or a product's offerings") })
  .meta({ id: 'TradePricesRequest' });
export const TradePricesSchema = z
  .object({ prices: z.array(TradePriceSchema.extend({ sku: z.string() })).describe('One per known sku, in the order asked; unknown skus are left out') })
  .meta({ id: 'TradePrices' });
export type TradePrices = z.infer<typeof TradePricesSchema>;

export const SitemapProductsSchema = z
  .object({
    products: z.array(z.object({ slug: z.string(), lastModified: z.string() })),
    pageNumber: z.number().int(),
    pageCount: z.number().int().describe('At least 1'),
  })
  .meta({ id: 'SitemapProducts' });
export type SitemapProducts = z.infer<typeof SitemapProductsSchema>;

const catalogue = { service: 'catalogue', access: publicAccess } as const;
const SlugQuery = z.object({ slug: z.string().min(1).max(200) });
const SkuQuery = z.object({ sku: z.string().min(1).max(60) });

export const catalogueEndpoints = {
  getNavigation: defineEndpoint({
    ...catalogue,
    method: 'GET',
    path: '/Navigation',
    summary: 'The category tree shown in the header, footer and home page',
    description: 'Not one of the spec calls: the storefront needs the tree to build its navigation.',
    cacheSeconds: 300,
    responses: { 200: NavigationSchema },
  }),
  getProductSummary: defineEndpoint({
    ...catalogue,
    method: 'GET',
    path: '/Products/Summaries',
    summary: 'A product page: offerings, prices, stock, specifications, images and bundle components',
    query: SlugQuery,
    cacheSeconds: 60,
    responses: { 200: ProductSummarySchema },
  }),
  getProductSummaryBySku: defineEndpoint({
    ...catalogue,
    method: 'GET',
    path: '/Products/Summaries/BySku',
    summary: 'The product page of the product a sku belongs to',
    query: SkuQuery,
    cacheSeconds: 60,
    responses: { 200: ProductSummarySchema },
  }),
  getQuickView: defineEndpoint({
    ...catalogue,
    method: 'GET',
    path: '/Products/QuickView',
    summary: "A listing's quick-view panel: the product summary",
    query: SlugQuery,
    cacheSeconds: 60,
    responses: { 200: ProductSummarySchema },
  }),
  listCategory: defineEndpoint({
    ...catalogue,
    method: 'POST',
    path: '/Listings/Categories',
    summary: 'A category listing: products, facets with counts and paging',
    body: CategoryListingRequestSchema,
    cacheSeconds: 60,
    responses: { 200: ListingSchema },
  }),
  refineCategory: defineEndpoint({
    ...catalogue,
    method: 'POST',
    path: '/Listings/Categories/Refine',
    summary: 'A category listing refined by facets, price, sort or page',
    body: CategoryListingRequestSchema,
    cacheSeconds: 60,
    responses: { 200: ListingSchema },
  }),
  search: defineEndpoint({
    ...catalogue,
    method: 'POST',
    path: '/Search',
    summary: 'Search by text: relevance, typo tolerance and trade synonyms (loo, WC, sink, rad); a whole product or variant code names its product',
    body: SearchRequestSchema,
    cacheSeconds: 60,
    responses: { 200: SearchListingSchema },
  }),
  refineSearch: defineEndpoint({
    ...catalogue,
    method: 'POST',
    path: '/Search/Refine',
    summary: 'Search results refined by facets, price, sort or page',
    body: SearchRequestSchema,
    cacheSeconds: 60,
    responses: { 200: SearchListingSchema },
  }),
  autocomplete: defineEndpoint({
    ...catalogue,
    method: 'GET',
    path: '/Search/Autocomplete',
    summary: 'Suggestions while typing: products with image and price (by code first when a code is being typed), categories and brands',
    query: z.object({ query: z.string().max(1000) }),
    cacheSeconds: 300,
    responses: { 200: AutocompleteSchema },
  }),
  refinePromotion: defineEndpoint({
    ...catalogue,
    method: 'POST',
    path: '/Listings/Promotions/Refine',
    summary: 'A promotion listing (spec §3 listing type 100 new products, 200 configured on a category base)',
    body: CategoryListingRequestSchema,
    cacheSeconds: 60,
    responses: { 200: ListingSchema },
  }),
  getEssentialItems: defineEndpoint({
    ...catalogue,
    method: 'GET',
    path: '/Products/EssentialItems',
    summary: 'What a product needs fitting with (required or recommended), optionally as part of a bundle',
    query: z.object({ sku: z.string().min(1).max(60), bundleId: z.coerce.number().int().min(1).max(2_147_483_647).optional() }),
    cacheSeconds: 300,
    responses: { 200: EssentialItemsSchema },
  }),
  getUserContentCarousel: defineEndpoint({
    ...catalogue,
    method: 'GET',
    path: '/Products/{id}/userContentCarousel',
    summary: "Customers' photos of a product: only those with consent that a moderator approved",
    params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
    cacheSeconds: 300,
    responses: { 200: UserContentCarouselSchema },
  }),
  getPromotions: defineEndpoint({
    ...catalogue,
    method: 'GET',
    path: '/Listings/Promotions',
    summary: 'The promotion and new-products listings running now, for the home page and the sitemap',
    description: 'Not one of the spec calls: the storefront needs to know which listings to link to.',
    cacheSeconds: 300,
    responses: { 200: PromotionsSchema },
  }),
  getSitemapProducts: defineEndpoint({
    ...catalogue,
    method: 'GET',
    path: '/Sitemap/Products',
    summary: 'Product page slugs for the sitemap, a page of SITEMAP_PAGE_SIZE at a time',
    description: 'Not one of the spec calls: the storefront builds sitemap.xml from it.',
    query: z.object({ pageNumber: z.coerce.number().int().min(1).max(10_000).default(1) }),
    cacheSeconds: 3600,
    responses: { 200: SitemapProductsSchema },
  }),
  getTradePrices: defineEndpoint({
    service: 'catalogue',
    access: requireRole('trade'),
    method: 'POST',
    path: '/Products/TradePrices',
    summary: "A trade customer's own prices for the skus on screen, as the basket will charge them",
    description:
      'Not one of the spec calls: listings and product pages stay public and cached, and a ' +
      'signed-in trade customer asks for these separately (docs/decisions/0009). Never cached.',
    body: TradePricesRequestSchema,
    responses: { 200: TradePricesSchema },
  }),
  getCarousels: defineEndpoint({
    ...catalogue,
    method: 'POST',
    path: '/Personalisation/Carousels',
    summary: 'Product carousels for a page type: best sellers, new in, category best sellers, recently viewed',
    description: 'Not cached: "recently viewed" comes from the skus the browser sends.',
    body: CarouselsRequestSchema,
    responses: { 200: CarouselsSchema },
  }),
} as const;
