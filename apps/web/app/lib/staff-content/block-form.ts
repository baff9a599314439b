import {
  CONTENT_BLOCK_TYPES,
  type ContentBlock,
  type ContentBlockType,
  type ContentPageDocument,
  type ContentPageInput,
  type PersonalisedCarousel,
} from '@shop/contracts';
import { SHOP_TABLE_CAPTIONS } from '../content/shop-table-captions.ts';
import { richTextOfWords, wordsOfRichText } from './rich-text-words.ts';

/**
 * The page editor's form (decision 0085): each block a fieldset of plain fields named `b<i>.<field>`,
 * so the whole page is one form that works before scripts load. What staff typed travels as these
 * values, back and forth, until they save: a refusal or a move shows them exactly as typed.
 */
export interface BlockField {
  name: string;
  label: string;
  /** `words`: rich text typed as words (rich-text-words.ts); `lines`: one entry a line. */
  kind: 'text' | 'words' | 'lines' | 'checkbox' | 'category' | 'choice';
  hint?: string;
  /** A `choice`'s options, by value; none chosen is the empty value. */
  options?: Readonly<Record<string, string>>;
  /** A picture's address: staff may upload a picture beside it instead (`uploadTargetOf`), which fills it in. */
  upload?: true;
}

const heading: BlockField = { name: 'heading', label: 'Heading', kind: 'text' };
const text: BlockField = { name: 'text', label: 'Text (optional)', kind: 'text' };
const linkLabel: BlockField = { name: 'linkLabel', label: 'Link words', kind: 'text' };
const href: BlockField = {
  name: 'href',
  label: 'Link address',
  kind: 'text',
  hint: 'A page of the shop, like /help/delivery, or an address starting https://',
};
/** The shop's own carousels, as staff choose one. */
const PERSONALISED_CAROUSELS: Record<PersonalisedCarousel, string> = { 'best-sellers': 'Best sellers', 'new-in': 'New in (the home page only)' };
const WORDS_HINT =
  'A blank line between paragraphs; ## for a heading, {#an-anchor} after its words to link to it as [words](#an-anchor); - for a list item; ' +
  '> before each line of a quotation; **bold**, _italic_, [words](/address), {shop.phone} for a fact.';

export const BLOCK_FIELDS: Record<ContentBlockType, readonly BlockField[]> = {
  hero: [
    { name: 'eyebrow', label: 'Line above the heading (optional)', kind: 'text' },
    heading,
    { ...text, hint: 'A fact is drawn as its value now: type it like {returns.change-of-mind-days}.' },
    linkLabel,
    href,
    { name: 'secondaryLinkLabel', label: 'Second link words (optional)', kind: 'text' },
    { ...href, name: 'secondaryHref', label: 'Second link address (optional)' },
    { name: 'imageSrc', label: 'Picture address (optional)', kind: 'text', upload: true },
    { name: 'imageAlt', label: 'What the picture shows (alt text)', kind: 'text' },
  ],
  richText: [{ name: 'body', label: 'Words', kind: 'words', hint: WORDS_HINT }],
  image: [
    { name: 'src', label: 'Picture address', kind: 'text', hint: 'A picture of the shop, like /images/…, or an address starting https://', upload: true },
    { name: 'alt', label: 'What the picture shows (alt text)', kind: 'text' },
    { name: 'decorative', label: 'Decorative only: people who cannot see it miss nothing', kind: 'checkbox' },
    { name: 'caption', label: 'Caption (optional)', kind: 'text' },
  ],
  productCarousel: [
    heading,
    { name: 'categorySlug', label: 'Category', kind: 'category', hint: 'Its products show, best sellers first. Leave empty to choose products by code.' },
    { name: 'skus', label: 'Product codes', kind: 'lines', hint: 'One a line, in the order to show them. Find them with "Find products" below.' },
    {
      name: 'carousel',
      label: 'Or one of the shop’s own carousels',
      kind: 'choice',
      options: PERSONALISED_CAROUSELS,
      hint: 'Picked by the shop for each visitor; leave as "None" to choose a category or products.',
    },
  ],
  categoryTiles: [
    heading,
    text,
    { name: 'categorySlugs', label: 'Categories', kind: 'lines', hint: 'One category address a line, like baths. Leave empty for every department.' },
  ],
  promotionBanner: [heading, text, linkLabel, href],
  faq: [heading, { name: 'items', label: 'Questions and answers', kind: 'words', hint: 'Q: before each question, its answer on the lines below.' }],
  callToAction: [heading, text, linkLabel, href],
  shopTable: [
    {
      name: 'table',
      label: 'Table',
      kind: 'choice',
      options: SHOP_TABLE_CAPTIONS,
      hint: 'Drawn from the shop’s own figures when the page is shown, so it always says what the shop charges and offers.',
    },
  ],
};

export interface EditorBlock {
  type: ContentBlockType;
  values: Record<string, string>;
}

const lines = (value: string) =>
  value
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
const optional = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

/** A block as its fields show it. */
export function editorBlockOf(block: ContentBlock): EditorBlock {
  switch (block.type) {
    case 'hero':
      return {
        type: block.type,
        values: {
          eyebrow: block.eyebrow ?? '',
          heading: block.heading,
          text: block.text ?? '',
          linkLabel: block.linkLabel ?? '',
          href: block.href ?? '',
          secondaryLinkLabel: block.secondaryLink?.label ?? '',
          secondaryHref: block.secondaryLink?.href ?? '',
          imageSrc: block.image?.src ?? '',
          imageAlt: block.image?.alt ?? '',
        },
      };
    case 'richText':
      return { type: block.type, values: { body: wordsOfRichText(block.body) } };
    case 'image':
      return { type: block.type, values: { src: block.src, alt: block.alt, decorative: block.decorative ? 'on' : '', caption: block.caption ?? '' } };
    case 'productCarousel':
      return {
        type: block.type,
        values: {
          heading: block.heading,
          categorySlug: block.source.kind === 'category' ? block.source.categorySlug : '',
          skus: block.source.kind === 'skus' ? block.source.skus.join('\n') : '',
          carousel: block.source.kind === 'personalised' ? block.source.carousel : '',
        },
      };
    case 'categoryTiles':
      return { type: block.type, values: { heading: block.heading, text: block.text ?? '', categorySlugs: block.categorySlugs.join('\n') } };
    case 'faq':
      return {
        type: block.type,
        values: { heading: block.heading, items: block.items.map((item) => `Q: ${item.question}\n${wordsOfRichText(item.answer)}`).join('\n\n') },
      };
    case 'shopTable':
      return { type: block.type, values: { table: block.table } };
    default:
      return { type: block.type, values: { heading: block.heading, text: block.text ?? '', linkLabel: block.linkLabel, href: block.href } };
  }
}

/** A block as sent to the API, from its fields (the API checks it and says what is wrong). */
export function blockOf({ type, values }: EditorBlock): ContentPageInput['blocks'][number] {
  const v = (name: string) => values[name] ?? '';
  switch (type) {
    case 'hero':
      return {
        type,
        eyebrow: optional(v('eyebrow')),
        heading: v('heading'),
        text: optional(v('text')),
        linkLabel: optional(v('linkLabel')),
        href: optional(v('href')),
        secondaryLink:
          optional(v('secondaryLinkLabel')) || optional(v('secondaryHref')) ? { label: v('secondaryLinkLabel'), href: v('secondaryHref') } : undefined,
        image: optional(v('imageSrc')) ? { src: v('imageSrc').trim(), alt: v('imageAlt') } : undefined,
      };
    case 'richText':
      return { type, body: richTextOfWords(v('body')) };
    case 'image':
      return { type, src: v('src'), alt: v('alt'), decorative: v('decorative') === 'on' || undefined, caption: optional(v('caption')) };
    case 'productCarousel':
      return {
        type,
        heading: v('heading'),
        source: optional(v('carousel'))
          ? { kind: 'personalised', carousel: v('carousel').trim() }
          : optional(v('categorySlug'))
            ? { kind: 'category', categorySlug: v('categorySlug').trim() }
            : { kind: 'skus', skus: lines(v('skus')) },
      };
    case 'categoryTiles':
      return { type, heading: v('heading'), text: optional(v('text')), categorySlugs: lines(v('categorySlugs')) };
    case 'faq':
      return {
        type,
        heading: v('heading'),
        items: v('items')
          .split(/^Q: /m)
          .map((item) => item.trim())
          .filter(Boolean)
          .map((item) => {
            const [question = '', ...answer] = item.split(/\r?\n/);
            return { question: question.trim(), answer: richTextOfWords(answer.join('\n')) };
          }),
      };
    case 'shopTable':
      return { type, table: v('table') };
    default:
      return { type, heading: v('heading'), text: optional(v('text')), linkLabel: v('linkLabel'), href: v('href') };
  }
}

const isBlockType = (type: string): type is ContentBlockType => Object.hasOwn(CONTENT_BLOCK_TYPES, type);

/** The page's fields and blocks as posted. */
export function editorOfForm(form: FormData): { title: string; seoTitle: string; seoDescription: string; blocks: EditorBlock[] } {
  const typed = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const count = Math.min(Number.parseInt(typed('blockCount'), 10) || 0, 100);
  const blocks: EditorBlock[] = [];
  for (let index = 0; index < count; index++) {
    const type = typed(`b${index}.type`);
    if (!isBlockType(type)) continue;
    blocks.push({ type, values: Object.fromEntries(BLOCK_FIELDS[type].map((field) => [field.name, typed(`b${index}.${field.name}`)])) });
  }
  return { title: typed('title'), seoTitle: typed('seoTitle'), seoDescription: typed('seoDescription'), blocks };
}

export const editorOfDocument = (document: ContentPageDocument) => ({ ...document, blocks: document.blocks.map(editorBlockOf) });

export const documentOfEditor = (editor: ReturnType<typeof editorOfForm>): ContentPageInput => ({ ...editor, blocks: editor.blocks.map(blockOf) });

/** A move, removal or addition asked by a block's button (`move-up:2`, `remove:0`, `add:faq`). */
export function editBlocks(blocks: readonly EditorBlock[], intent: string): EditorBlock[] | null {
  const [what, argument = ''] = intent.split(':');
  const index = Number.parseInt(argument, 10);
  const next = [...blocks];
  if (what === 'add' && isBlockType(argument)) return [...next, { type: argument, values: {} }];
  if (!Number.isInteger(index) || index < 0 || index >= next.length) return null;
  if (what === 'remove') next.splice(index, 1);
  else if (what === 'move-up' && index > 0) [next[index - 1], next[index]] = [next[index]!, next[index - 1]!];
  else if (what === 'move-down' && index < next.length - 1) [next[index + 1], next[index]] = [next[index]!, next[index + 1]!];
  else return null;
  return next;
}

/** The field a block's "Upload picture" button (`upload:b1.src`) fills in: a picture address of a block the form has, or null. */
export function uploadTargetOf(blocks: readonly EditorBlock[], intent: string): { index: number; name: string } | null {
  const match = /^upload:b(\d{1,2})\.(\w+)$/.exec(intent);
  if (!match) return null;
  const index = Number(match[1]);
  const block = blocks[index];
  const field = block && BLOCK_FIELDS[block.type].find((candidate) => candidate.name === match[2]);
  return field?.upload ? { index, name: field.name } : null;
}

/** The file input beside a picture address field (`b1.src` → `b1.src.file`). */
export const uploadFieldName = (fieldName: string) => `${fieldName}.file`;
