import { z } from 'zod';
import { CONTENT_FACT_NAMES } from './content-facts.ts';
import {
  CONTENT_PAGE_MAX_BLOCKS,
  CONTENT_REVISION_ACTIONS,
  GLOBAL_ITEM_IDS,
  SHOP_TABLES,
  type ContentRevisionAction,
  type GlobalItemId,
} from './site-content-values.ts';
import { defineEndpoint, publicAccess, requireRole } from './endpoint.ts';
import { link, optionalWords, words } from './content-fields.ts';
import { CONTENT_ANCHOR_MAX_LENGTH, CONTENT_ANCHOR_PATTERN } from './content-anchors.ts';
import type { CarouselList } from './analytics.ts';

/**
 * Content pages made of typed blocks, and the global items every page shares (the spec's site
 * service: `GET /api/pagedata/{slug}`, `POST /{slug}`, `GET /api/GlobalItems/{id}`, `POST
 * /api/GlobalItems`), edited by staff with the role `content-editor` through calls of our own under
 * `/content/…`. Rich text is structured data, never HTML: the storefront draws each node as an
 * element of its own, so nothing typed can become markup (decision 0085).
 */

/**
 * The shop's own carousels a product carousel may show (its `personalised` source), by the identifier
 * `POST /Personalisation/Carousels` gives each: `new-in` is the home page's only.
 */
export const PERSONALISED_CAROUSEL_NAMES = ['best-sellers', 'new-in'] as const;
export type PersonalisedCarousel = (typeof PERSONALISED_CAROUSEL_NAMES)[number];

/** A run of words in a paragraph or list item, optionally bold, italic or a link, or standing for a fact of the shop's (drawn as its value now). */
export const InlineTextSchema = z
  .object({
    fact: z.enum(CONTENT_FACT_NAMES, 'Choose one of the facts the shop can state').optional(),
    text: z.string().max(2000, 'A run of text must be 2,000 characters or fewer'),
    bold: z.boolean().optional(),
    italic: z.boolean().optional(),
    href: link('the link’s address').optional(),
  })
  .meta({ id: 'ContentInlineText' });
export type InlineText = z.infer<typeof InlineTextSchema>;

const inlines = z.array(InlineTextSchema).min(1, 'Enter some text').max(200, 'A paragraph may have at most 200 runs of text');

/** A heading's own anchor, so links within the page (`#cancellation-form`) and from elsewhere lead to it. */
const anchor = z
  .string()
  .max(CONTENT_ANCHOR_MAX_LENGTH, `A heading’s anchor must be ${CONTENT_ANCHOR_MAX_LENGTH} characters or fewer`)
  .regex(CONTENT_ANCHOR_PATTERN, 'A heading’s anchor must be lower-case letters, numbers and single hyphens, starting with a letter, like business-customers');

/** One node of rich text: a heading, a paragraph, a list, a table of plain words or a quotation. */
export const RichTextNodeSchema = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('heading'),
      level: z.union([z.literal(2), z.literal(3)]).default(2),
      text: words('the heading', 200),
      anchor: anchor.optional(),
    }),
    z.object({ kind: z.literal('paragraph'), content: inlines }),
    z.object({
      kind: z.literal('list'),
      ordered: z.boolean().default(false),
      items: z.array(inlines).min(1, 'Give the list at least one item').max(50, 'A list may have at most 50 items'),
    }),
    z.object({
      kind: z.literal('table'),
      caption: words('the table’s caption', 200),
      head: z.array(words('each column’s heading', 100)).min(1, 'Give the table at least one column').max(8, 'A table may have at most 8 columns'),
      rows: z
        .array(z.array(z.string().trim().max(500, 'A table cell must be 500 characters or fewer')))
        .min(1, 'Give the table at least one row')
        .max(50, 'A table may have at most 50 rows'),
    }),
    /** Words quoted as they stand (the terms' model cancellation form), drawn as a quotation set apart: each of its lines a paragraph. */
    z.object({
      kind: z.literal('quote'),
      paragraphs: z.array(inlines).min(1, 'Give the quotation at least one line').max(30, 'A quotation may have at most 30 lines'),
    }),
  ])
  .meta({ id: 'ContentRichTextNode' });
export type RichTextNode = z.infer<typeof RichTextNodeSchema>;
const richText = z
  .array(RichTextNodeSchema)
  .min(1, 'Enter some text')
  .max(200, 'Rich text may have at most 200 headings, paragraphs, lists, tables and quotations');

export const ContentImageSchema = z.object({
  src: link('the image’s address'),
  /** What the picture shows, for people who cannot see it; empty only when `decorative`. */
  alt: z.string().trim().max(300, 'The alt text must be 300 characters or fewer').default(''),
  decorative: z.boolean().optional(),
});

/** The blocks a page is made of, by `type`. */
export const ContentBlockSchema = z
  .discriminatedUnion('type', [
    z.object({
      type: z.literal('hero'),
      /** A short line above the heading. */
      eyebrow: optionalWords('The line above the heading', 80),
      heading: words('the heading', 120),
      text: optionalWords('The text', 400),
      image: ContentImageSchema.optional(),
      linkLabel: optionalWords('The link’s words', 60),
      href: link('the link’s address').optional(),
      /** A second, quieter link beside the first. */
      secondaryLink: z.object({ label: words('the second link’s words', 60), href: link('the second link’s address') }).optional(),
    }),
    z.object({ type: z.literal('richText'), body: richText }),
    z.object({ type: z.literal('image'), ...ContentImageSchema.shape, caption: optionalWords('The caption', 300) }),
    z.object({
      type: z.literal('productCarousel'),
      heading: words('the heading', 120),
      source: z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('category'), categorySlug: words('the category', 120), limit: z.number().int().min(1).max(24).default(12) }),
        z.object({
          kind: z.literal('skus'),
          skus: z.array(words('a product code', 40)).min(1, 'Choose at least one product').max(24, 'A carousel may show at most 24 products'),
        }),
        /** One of the shop's own carousels, picked for the visitor (`POST /Personalisation/Carousels`). */
        z.object({ kind: z.literal('personalised'), carousel: z.enum(PERSONALISED_CAROUSEL_NAMES, 'Choose one of the shop’s own carousels') }),
      ]),
    }),
    z.object({
      type: z.literal('categoryTiles'),
      heading: words('the heading', 120),
      text: optionalWords('The text', 300),
      /** None: every department, as the menu has them. */
      categorySlugs: z.array(words('a category', 120)).max(12, 'Show at most 12 categories'),
    }),
    z.object({
      type: z.literal('promotionBanner'),
      heading: words('the heading', 120),
      text: optionalWords('The text', 300),
      linkLabel: words('the link’s words', 60),
      href: link('the link’s address'),
    }),
    z.object({
      type: z.literal('faq'),
      heading: words('the heading', 120),
      items: z
        .array(z.object({ question: words('the question', 300), answer: richText }))
        .min(1, 'Add at least one question')
        .max(40, 'An FAQ may have at most 40 questions'),
    }),
    z.object({
      type: z.literal('callToAction'),
      heading: words('the heading', 120),
      text: optionalWords('The text', 300),
      linkLabel: words('the link’s words', 60),
      href: link('the link’s address'),
    }),
    /** A table the shop draws from its own figures when the page is drawn (SHOP_TABLES). */
    z.object({ type: z.literal('shopTable'), table: z.enum(SHOP_TABLES, 'Choose one of the shop’s own tables') }),
  ])
  .meta({ id: 'ContentBlock' });
export type ContentBlock = z.infer<typeof ContentBlockSchema>;
type CarouselSource = Extract<ContentBlock, { type: 'productCarousel' }>['source'];

/**
 * The list a home page carousel is counted as in the staff reports' click-through (`list_id`): one of
 * the shop's own carousels is itself; one of a category's products or of chosen codes is counted by
 * its kind (decision 0124).
 */
export const homeCarouselList = (source: CarouselSource): CarouselList =>
  source.kind === 'personalised' ? source.carousel : source.kind === 'category' ? 'home-category' : 'home-picks';

/** What a page is: its words and blocks, and what search engines show. */
export const ContentPageDocumentSchema = z
  .object({
    title: words('the page’s title', 120),
    seoTitle: words('the title search engines show', 70),
    seoDescription: words('the description search engines show', 200),
    blocks: z.array(ContentBlockSchema).max(CONTENT_PAGE_MAX_BLOCKS),
  })
  .meta({ id: 'ContentPageDocument' });
export type ContentPageDocument = z.infer<typeof ContentPageDocumentSchema>;

/**
 * A page as sent: each block an object with its `type` (the service checks each against its kind and
 * says which block is wrong and why, GOV.UK-style, rather than a schema library's words).
 */
export const ContentPageInputSchema = z.object({
  title: z.string().max(1000),
  seoTitle: z.string().max(1000),
  seoDescription: z.string().max(2000),
  blocks: z.array(z.looseObject({ type: z.string().max(100) })).max(1000),
});
export type ContentPageInput = z.input<typeof ContentPageInputSchema>;

const slugParam = z.object({ slug: z.string().min(1).max(200) });
const version = z.number({ error: 'Give the version of the page you opened' }).int().min(1);
const at = z.iso.datetime({ offset: true });

/** A published page (or, with a preview asked by staff, the draft or an earlier version) as the storefront draws it. */
export const ContentPageSchema = ContentPageDocumentSchema.extend({
  slug: z.string(),
  /** The version of the page shown: each save or publish makes one. */
  revision: z.number().int(),
  publishedAt: at.nullable(),
  /** What is shown: the published page, or for staff a draft or an earlier version. */
  preview: z.enum(['published', 'draft', 'revision']),
}).meta({ id: 'ContentPage' });
export type ContentPage = z.infer<typeof ContentPageSchema>;

/** Who changed what and when: one version of a page or global item. */
export const ContentRevisionSchema = z.object({
  revision: z.number().int(),
  action: z.enum(Object.keys(CONTENT_REVISION_ACTIONS) as [ContentRevisionAction, ...ContentRevisionAction[]]),
  /** The staff member's name as it was when they made it. */
  by: z.string(),
  at,
  /** The page's title in that version, or the global item's summary. */
  summary: z.string(),
  /** When a scheduled version goes live. */
  publishAt: at.nullable(),
});
export type ContentRevision = z.infer<typeof ContentRevisionSchema>;

export const ContentPageSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  version: z.number().int(),
  /** Whether the draft differs from what the shop shows. */
  status: z.enum(['draft', 'published', 'changed', 'scheduled']),
  publishedAt: at.nullable(),
  scheduledFor: at.nullable(),
  updatedAt: at,
  updatedBy: z.string(),
});
export type ContentPageSummary = z.infer<typeof ContentPageSummarySchema>;

/** A page as staff edit it: the draft, what is published and scheduled, and every version kept. */
export const ContentPageEditingSchema = z.object({
  slug: z.string(),
  /** Send it back with every change: a change made meanwhile by someone else is refused with 409. */
  version: z.number().int(),
  draft: ContentPageDocumentSchema,
  draftRevision: z.number().int(),
  published: z.object({ revision: z.number().int(), at }).nullable(),
  scheduled: z.object({ revision: z.number().int(), at }).nullable(),
  revisions: z.array(ContentRevisionSchema),
});
export type ContentPageEditing = z.infer<typeof ContentPageEditingSchema>;

const labelledLink = z.object({ label: words('the link’s words', 60), href: link('the link’s address') });

export const GlobalItemContentSchemas = {
  'announcement-bar': z.object({
    text: words('the announcement', 140),
    linkLabel: optionalWords('The link’s words', 40),
    href: link('the link’s address').optional(),
  }),
  'footer-columns': z.object({
    columns: z
      .array(
        z.object({
          heading: words('the column’s heading', 40),
          links: z.array(labelledLink).min(1, 'Give each column at least one link').max(12, 'A column may have at most 12 links'),
        }),
      )
      .min(1, 'Add at least one column')
      .max(5, 'The footer has room for at most 5 columns'),
  }),
  'delivery-promises': z.object({
    promises: z
      .array(z.object({ heading: words('the promise', 60), text: words('the promise’s details', 160), href: link('the link’s address').optional() }))
      .min(1, 'Add at least one promise')
      .max(4, 'Show at most 4 promises'),
  }),
} as const;
export type GlobalItemContent<Id extends GlobalItemId = GlobalItemId> = z.infer<(typeof GlobalItemContentSchemas)[Id]>;

const globalItemContent = z.union([
  GlobalItemContentSchemas['announcement-bar'],
  GlobalItemContentSchemas['footer-columns'],
  GlobalItemContentSchemas['delivery-promises'],
]);

/** A global item as every page shows it: its content only while it is scheduled to show. */
export const GlobalItemSchema = z
  .object({
    id: z.enum(GLOBAL_ITEM_IDS as [GlobalItemId, ...GlobalItemId[]]),
    showing: z.boolean(),
    content: globalItemContent.nullable(),
    /** When it next starts or stops showing (a page drawn now is kept no longer). */
    changesAt: at.nullable(),
  })
  .meta({ id: 'GlobalItem' });
export type GlobalItem = z.infer<typeof GlobalItemSchema>;

export const GlobalItemEditingSchema = z.object({
  id: z.enum(GLOBAL_ITEM_IDS as [GlobalItemId, ...GlobalItemId[]]),
  name: z.string(),
  version: z.number().int(),
  content: globalItemContent,
  startsAt: at.nullable(),
  endsAt: at.nullable(),
  showing: z.boolean(),
  updatedAt: at,
  updatedBy: z.string(),
  revisions: z.array(ContentRevisionSchema),
});
export type GlobalItemEditing = z.infer<typeof GlobalItemEditingSchema>;

const SaveGlobalItemSchema = z.object({
  id: z.string().max(100),
  /** The version opened; absent only for an item never saved. */
  version: z.number().int().min(0),
  content: z.record(z.string(), z.unknown()),
  startsAt: at.nullable().optional(),
  endsAt: at.nullable().optional(),
});
export type SaveGlobalItem = z.input<typeof SaveGlobalItemSchema>;

const editors = requireRole('content-editor', 'admin');
const previewQuery = z.object({
  /** Staff only: `draft`, or a version's number. */
  preview: z
    .string()
    .regex(/^(draft|\d{1,9})$/, 'Preview a draft or a version by its number')
    .optional(),
});

/** Where a picture staff uploaded for a page is served: the path `getContentImage` answers at, below the shop's address. */
export const contentImageUrl = (imageId: string): string => `/api/site/content/images/${encodeURIComponent(imageId)}`;

/** An uploaded picture's address, to put in a block's picture address. */
export const ContentImageUploadSchema = z
  .object({ src: z.string().describe('The picture’s address on this shop, starting with /') })
  .meta({ id: 'ContentImageUpload' });
export type ContentImageUpload = z.infer<typeof ContentImageUploadSchema>;

const pictureCount = z.object({ count: z.number().int().min(0), bytes: z.number().int().min(0) });
/** Pictures uploaded for pages that no kept version uses, and the clean-up that removes them once they are a week old. */
export const ContentImageCleanupSchema = z
  .object({
    unused: pictureCount.describe('Pictures no version of a page, post or global item uses (draft, published, scheduled or earlier), and their bytes'),
    removable: pictureCount.describe('Of those, the ones uploaded at least `graceDays` days ago: what a clean-up removes'),
    graceDays: z.number().int(),
    lastCleanup: z
      .object({ at, by: z.string().describe('The member of staff who ran it, or "The daily clean-up"'), removed: pictureCount })
      .nullable()
      .describe('The latest clean-up, and what it removed'),
  })
  .meta({ id: 'ContentImageCleanup' });
export type ContentImageCleanup = z.infer<typeof ContentImageCleanupSchema>;

export const siteContentEndpoints = {
  getPageData: defineEndpoint({
    service: 'site',
    method: 'GET',
    path: '/api/pagedata/{slug}',
    summary: 'A content page as published, or for content editors a preview of its draft or an earlier version',
    access: publicAccess,
    params: slugParam,
    query: previewQuery,
    // Asked again every time, answered 304 when unchanged (a preview is sent `private, no-store` instead).
    cacheSeconds: 0,
    responses: { 200: ContentPageSchema },
  }),
  getPage: defineEndpoint({
    service: 'site',
    method: 'POST',
    path: '/{slug}',
    summary: 'A content page as published (the spec’s "get page")',
    access: publicAccess,
    bodyType: 'none',
    params: slugParam,
    responses: { 200: ContentPageSchema },
  }),
  getGlobalItem: defineEndpoint({
    service: 'site',
    method: 'GET',
    path: '/api/GlobalItems/{id}',
    summary: 'A global item (announcement bar, footer columns, delivery promises) as pages show it now',
    access: publicAccess,
    params: z.object({ id: z.string().max(100) }),
    responses: { 200: GlobalItemSchema },
    // Asked again every time (its schedule may end it), with an ETag, so a kept page's frame can be checked (decision 0162).
    cacheSeconds: 0,
  }),
  saveGlobalItem: defineEndpoint({
    service: 'site',
    method: 'POST',
    path: '/api/GlobalItems',
    summary: 'Changes a global item and when it shows; a version changed meanwhile is refused with 409',
    access: editors,
    body: SaveGlobalItemSchema,
    responses: { 200: GlobalItemEditingSchema },
  }),
  listContent: defineEndpoint({
    service: 'site',
    method: 'GET',
    path: '/content/pages',
    summary: 'Every content page and global item, for the staff editor',
    access: editors,
    responses: { 200: z.object({ pages: z.array(ContentPageSummarySchema), globalItems: z.array(GlobalItemEditingSchema.omit({ revisions: true })) }) },
  }),
  createPage: defineEndpoint({
    service: 'site',
    method: 'POST',
    path: '/content/pages',
    summary: 'A new content page, as a draft',
    access: editors,
    body: z.object({ slug: z.string().max(200), page: ContentPageInputSchema }),
    responses: { 201: ContentPageEditingSchema },
  }),
  getPageForEditing: defineEndpoint({
    service: 'site',
    method: 'GET',
    path: '/content/pages/{slug}',
    summary: 'A content page as staff edit it, with its versions',
    access: editors,
    params: slugParam,
    responses: { 200: ContentPageEditingSchema },
  }),
  savePageDraft: defineEndpoint({
    service: 'site',
    method: 'PUT',
    path: '/content/pages/{slug}',
    summary: 'Saves a page’s draft as a new version; the shop goes on showing what is published',
    access: editors,
    params: slugParam,
    body: z.object({ version, page: ContentPageInputSchema }),
    responses: { 200: ContentPageEditingSchema },
  }),
  publishPage: defineEndpoint({
    service: 'site',
    method: 'POST',
    path: '/content/pages/{slug}/publish',
    summary: 'Publishes the page (the draft, or the page sent) now or at `publishAt`',
    access: editors,
    params: slugParam,
    body: z.object({ version, page: ContentPageInputSchema.optional(), publishAt: at.optional() }),
    responses: { 200: ContentPageEditingSchema },
  }),
  restorePageRevision: defineEndpoint({
    service: 'site',
    method: 'POST',
    path: '/content/pages/{slug}/restore',
    summary: 'Makes an earlier version the draft again (publish it to show it)',
    access: editors,
    params: slugParam,
    body: z.object({ version, revision: z.number().int().min(1) }),
    responses: { 200: ContentPageEditingSchema },
  }),
  unpublishPage: defineEndpoint({
    service: 'site',
    method: 'POST',
    path: '/content/pages/{slug}/unpublish',
    summary: 'Takes the page off the shop (its address shows the 404 page) and drops any schedule; the draft is kept to publish again',
    access: editors,
    params: slugParam,
    body: z.object({ version }),
    responses: { 200: ContentPageEditingSchema },
  }),
  getPublishedPages: defineEndpoint({
    service: 'site',
    method: 'GET',
    path: '/content/published-pages',
    summary: 'The slugs of the content pages the shop shows now, so links to a page taken off are left out',
    access: publicAccess,
    responses: { 200: z.object({ slugs: z.array(z.string()) }) },
    cacheSeconds: 0,
  }),
  getGlobalItemForEditing: defineEndpoint({
    service: 'site',
    method: 'GET',
    path: '/content/global-items/{id}',
    summary: 'A global item as staff edit it, with its versions',
    access: editors,
    params: z.object({ id: z.string().max(100) }),
    responses: { 200: GlobalItemEditingSchema },
  }),
  uploadContentImage: defineEndpoint({
    service: 'site',
    method: 'POST',
    path: '/content/images',
    summary: 'Keeps a picture for content pages and answers with its address, for a block’s picture (hero, image block)',
    description:
      'multipart/form-data with the picture in an `image` field: a JPEG or PNG of 5 MB or less, judged by its content (422 FILE_TYPE_NOT_ALLOWED, ' +
      '413 FILE_TOO_LARGE, 422 FILE_UNREADABLE). It is kept re-encoded without its metadata (no EXIF) and no larger than 2,400 px a side. ' +
      'A refusal stores nothing. The page shows it once a draft using its address is published.',
    access: editors,
    bodyType: 'multipart',
    responses: { 201: ContentImageUploadSchema },
  }),
  getContentImageCleanup: defineEndpoint({
    service: 'site',
    method: 'GET',
    path: '/content/image-cleanup',
    summary: 'How many pictures uploaded for pages no kept version uses, the space they take, and the latest clean-up',
    access: editors,
    responses: { 200: ContentImageCleanupSchema },
  }),
  cleanUpContentImages: defineEndpoint({
    service: 'site',
    method: 'POST',
    path: '/content/image-cleanup',
    summary: 'Removes the pictures no kept version uses that were uploaded at least a week ago, now; answers with the counts after it',
    description:
      'A picture any version of a page, post or global item names (draft, published, scheduled, or an earlier one that could be restored) ' +
      'is never removed. The clean-up is recorded with who ran it and what it removed. The shop also runs it once a day.',
    access: editors,
    bodyType: 'none',
    responses: { 200: ContentImageCleanupSchema },
  }),
  getContentImage: defineEndpoint({
    service: 'site',
    method: 'GET',
    path: '/content/images/{imageId}',
    summary: 'A picture staff uploaded for content pages: the image itself, the same for everyone and never changed under its id',
    access: publicAccess,
    params: z.object({ imageId: z.string().regex(/^[0-9a-f]{32}$/, 'There is no such picture.') }),
    responses: { 200: z.string().describe('The image’s bytes') },
  }),
} as const;
