import type { CarouselList, ContentBlock, InlineText } from '@shop/contracts';
import type { TileCard } from '../tile-cards.ts';

/** A run of words as drawn: a fact already replaced by its value (content-page.server.ts). */
export type DrawnRun = Omit<InlineText, 'fact'>;

type DrawnRich<T> = T extends { kind: 'paragraph'; content: InlineText[] }
  ? Omit<T, 'content'> & { content: DrawnRun[] }
  : T extends { kind: 'list'; items: InlineText[][] }
    ? Omit<T, 'items'> & { items: DrawnRun[][] }
    : T extends { kind: 'quote'; paragraphs: InlineText[][] }
      ? Omit<T, 'paragraphs'> & { paragraphs: DrawnRun[][] }
      : T extends { kind: 'heading' }
        ? T & { /** Its anchor on the page (heading-anchors.ts). */ id?: string }
        : T;
type RichNodes = Extract<ContentBlock, { type: 'richText' }>['body'];
/** Rich text as drawn; a `shopTable` block is drawn into the words around it as a node of its own (decision 0123). */
export type DrawnRichText = (
  | DrawnRich<RichNodes[number]>
  | { kind: 'shopTable'; caption: string; head: string[]; rows: DrawnCell[][] }
  | { kind: 'storedItems'; caption: string; items: DrawnStoredItem[] }
)[];

/** A cookie or browser store the shop sets (a row may name several), as the cookie notice lists it. */
export interface DrawnStoredItem {
  names: string[];
  purpose: string;
  lasts: string;
}

/** A product a carousel shows, as much of it as its card draws. */
export interface DrawnProduct {
  slug: string;
  name: string;
  pricePence: number;
  image: { url: string; alt: string };
}

/**
 * A block as the page draws it: rich text with its facts filled in, a carousel with its products
 * and tiles with their categories' names, each looked up by the loader.
 */
export type DrawnBlock =
  | Exclude<ContentBlock, { type: 'richText' | 'faq' | 'productCarousel' | 'categoryTiles' | 'shopTable' }>
  | { type: 'richText'; body: DrawnRichText }
  | { type: 'faq'; heading: string; items: { question: string; answer: DrawnRichText }[] }
  | { type: 'productCarousel'; heading: string; products: DrawnProduct[] }
  | { type: 'categoryTiles'; heading: string; text?: string; categories: { path: string; name: string }[] };

/** A cell of the shop's own table: words, or a price with a line under it ("Free over £499"). */
export type DrawnCell = string | { amount: string; note?: string };

export interface DrawnPage {
  slug: string;
  title: string;
  seoTitle: string;
  seoDescription: string;
  blocks: DrawnBlock[];
  /** When the version shown was published; null for a draft shown to staff or a help page's own words. */
  publishedAt: string | null;
  preview: 'published' | 'draft' | 'revision';
}

type Hero = Extract<ContentBlock, { type: 'hero' }>;
/**
 * A block of the home page as it draws it: the hero with its facts filled in, tiles naming the
 * departments to show (none: every one), a carousel with its product tiles, a banner or call to action
 * (the blocks the home page holds: HOME_PAGE_BLOCK_TYPES).
 */
export type HomeBlock =
  | Hero
  | { type: 'categoryTiles'; heading: string; text?: string; categorySlugs: string[] }
  /** `listId`: the list its views and presses count as (none in staff's preview, which is no shopper's view). */
  | { type: 'homeCarousel'; heading: string; products: TileCard[]; listId?: CarouselList }
  | Extract<ContentBlock, { type: 'promotionBanner' | 'callToAction' }>;

export interface HomeContent {
  title: string;
  seoTitle: string;
  seoDescription: string;
  blocks: HomeBlock[];
}
