import { ApiError } from '@shop/api-client';
import {
  contentFactText,
  PAGE_TYPES,
  withContentFacts,
  type ContentBlock,
  type ContentPage,
  type InlineText,
  type PersonalisedCarousel,
  type ProductCard,
  type ShopDetails,
} from '@shop/contracts';
import { data } from 'react-router';
import { catalogueClient, siteContentClient, throwIfRateLimited } from '../api.server.ts';
import { categoryPath } from '../catalogue.ts';
import { loadNavigation } from '../navigation.server.ts';
import { loadCarousels } from '../shared-catalogue.server.ts';
import { loadShopDetails } from '../shop-details.server.ts';
import { anchorHeadings } from './heading-anchors.ts';
import { drawShopTable } from './shop-tables.server.ts';
import type { DrawnBlock, DrawnPage, DrawnProduct, DrawnRichText, DrawnRun } from './drawn-page.ts';

type RichNodes = Extract<ContentBlock, { type: 'richText' }>['body'];

/** A fact's run drawn as its value now (the telephone and e-mail as links); the editor's words when the value is not at hand. */
function runOf(run: InlineText, shop: ShopDetails | null): DrawnRun {
  const { fact, ...rest } = run;
  if (!fact) return rest;
  const text = contentFactText(fact, shop) ?? run.text;
  if (fact === 'shop.phone' && shop) return { ...rest, text, href: shop.phone.uri };
  if (fact === 'shop.email' && shop) return { ...rest, text, href: `mailto:${shop.email}` };
  return { ...rest, text };
}

function richTextOf(body: RichNodes, shop: ShopDetails | null): DrawnRichText {
  return body.map((node) => {
    if (node.kind === 'paragraph') return { ...node, content: node.content.map((run) => runOf(run, shop)) };
    if (node.kind === 'list') return { ...node, items: node.items.map((item) => item.map((run) => runOf(run, shop))) };
    if (node.kind === 'quote') return { ...node, paragraphs: node.paragraphs.map((line) => line.map((run) => runOf(run, shop))) };
    // A heading's facts as typed ("Our {returns.change-of-mind-days}-day returns"), drawn as their values now.
    if (node.kind === 'heading') return { ...node, text: withContentFacts(node.text, shop) };
    return node;
  });
}

const productOf = (card: { slug: string; productName: string; price: { priceIncTax: number }; image: { url: string; altText: string } }): DrawnProduct => ({
  slug: card.slug,
  name: card.productName,
  pricePence: card.price.priceIncTax,
  image: { url: card.image.url, alt: card.image.altText },
});

/**
 * A carousel's products: the shop's own carousel of that name (`ownCarousel`), a category's first, or the products of the codes chosen,
 * in their order; one the catalogue no longer sells is left out.
 */
export async function carouselCards(
  request: Request,
  source: Extract<ContentBlock, { type: 'productCarousel' }>['source'],
  ownCarousel: (name: PersonalisedCarousel) => Promise<readonly ProductCard[]>,
): Promise<ProductCard[]> {
  if (source.kind === 'personalised') return [...(await ownCarousel(source.carousel))];
  const catalogue = catalogueClient(request);
  if (source.kind === 'category') {
    const listing = await catalogue.listCategory({ body: { slug: source.categorySlug, size: source.limit } }).catch(() => null);
    return listing?.products ?? [];
  }
  const found = await Promise.all(
    source.skus.map((sku) =>
      catalogue.search({ body: { query: sku, size: 1 } }).then(
        (listing) => listing.products[0] ?? null,
        () => null,
      ),
    ),
  );
  return found.filter((card) => card !== null);
}

/** One of the shop's own carousels for a page other than the home page. */
const ownCarouselOf = (request: Request, requestContext: object) => async (name: PersonalisedCarousel) => {
  const own = await loadCarousels(request, requestContext, PAGE_TYPES.other).catch(() => null);
  return own?.carousels.find((carousel) => carousel.identifier === name)?.products ?? [];
};

/**
 * A content page as its route draws it (decision 0085), server-side: facts filled in from the
 * policy and the shop's details, carousels and tiles looked up in the catalogue. An unknown or
 * unpublished page is the shop's 404 page; `preview` (staff, with their token) draws a draft or an
 * earlier version.
 */
export async function loadContentPage(
  request: Request,
  requestContext: object,
  slug: string,
  preview?: { version: string; accessToken: string },
): Promise<DrawnPage> {
  let page: ContentPage;
  try {
    page = await siteContentClient(request, preview?.accessToken).getPageData({ params: { slug }, query: preview ? { preview: preview.version } : {} });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
  const blocks = await drawBlocks(request, requestContext, page.blocks);
  return { ...pageFields(page), blocks, publishedAt: page.publishedAt };
}

const pageFields = (page: Pick<DrawnPage, 'slug' | 'title' | 'seoTitle' | 'seoDescription' | 'preview'>) => ({
  slug: page.slug,
  title: page.title,
  seoTitle: page.seoTitle,
  seoDescription: page.seoDescription,
  preview: page.preview,
});

/**
 * A page the shop cannot do without (a help page): the published page, or when it is missing, unpublished
 * or the API cannot answer, `fallback` drawn in its place (decision 0123), never a blank or 404 page.
 */
export async function loadContentPageOr(
  request: Request,
  requestContext: object,
  slug: string,
  fallback: { title: string; seoDescription: string; blocks: readonly ContentBlock[] },
): Promise<DrawnPage> {
  const page = await siteContentClient(request)
    .getPageData({ params: { slug }, query: {} })
    .catch((error: unknown) => {
      throwIfRateLimited(error);
      return null;
    });
  const shown = page ?? { ...fallback, slug, seoTitle: fallback.title, preview: 'published' as const, publishedAt: null };
  const blocks = await drawBlocks(request, requestContext, shown.blocks);
  return { ...pageFields({ ...shown, slug }), blocks, publishedAt: shown.publishedAt };
}

/** Blocks as a page draws them (a content page's or a blog post's): facts filled in, carousels' products and tiles' categories looked up. */
export async function drawBlocks(request: Request, requestContext: object, pageBlocks: readonly ContentBlock[]): Promise<DrawnBlock[]> {
  const needsNavigation = pageBlocks.some((block) => block.type === 'categoryTiles');
  const [shop, navigation] = await Promise.all([loadShopDetails(request, requestContext), needsNavigation ? loadNavigation(request, requestContext) : null]);
  const tiles = new Map(
    (navigation?.categories ?? []).flatMap((category) => [
      [category.slug, { name: category.name, path: categoryPath(category.slug) }] as const,
      ...category.children.map((child) => [child.slug, { name: child.name, path: categoryPath(category.slug, child.slug) }] as const),
    ]),
  );
  const drawn = await Promise.all(
    pageBlocks.map(async (block): Promise<DrawnBlock> => {
      switch (block.type) {
        case 'richText':
          return { type: 'richText', body: richTextOf(block.body, shop) };
        case 'faq':
          return { ...block, items: block.items.map((item) => ({ question: item.question, answer: richTextOf(item.answer, shop) })) };
        case 'productCarousel':
          return {
            type: 'productCarousel',
            heading: block.heading,
            products: (await carouselCards(request, block.source, ownCarouselOf(request, requestContext))).map(productOf),
          };
        case 'categoryTiles':
          return {
            type: 'categoryTiles',
            heading: block.heading,
            ...(block.text && { text: withContentFacts(block.text, shop) }),
            // None named: every department, as the menu has them.
            categories:
              block.categorySlugs.length === 0
                ? (navigation?.categories ?? []).map((category) => ({ name: category.name, path: categoryPath(category.slug) }))
                : block.categorySlugs.flatMap((categorySlug) => tiles.get(categorySlug) ?? []),
          };
        case 'shopTable':
          return { type: 'richText', body: await drawShopTable(request, block.table) };
        case 'hero':
        case 'promotionBanner':
        case 'callToAction':
          return { ...block, ...(block.text && { text: withContentFacts(block.text, shop) }) };
        default:
          return block;
      }
    }),
  );
  // A shop's table reads on in the words around it, as one article (its heading above it, the words after it).
  const joined = drawn.reduce<DrawnBlock[]>((blocks, block, index) => {
    const previous = blocks.at(-1);
    const joins = pageBlocks[index]?.type === 'shopTable' || pageBlocks[index - 1]?.type === 'shopTable';
    if (joins && previous?.type === 'richText' && block.type === 'richText')
      blocks[blocks.length - 1] = { type: 'richText', body: [...previous.body, ...block.body] };
    else blocks.push(block);
    return blocks;
  }, []);
  return anchorHeadings(joined);
}
