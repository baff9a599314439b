import {
  CONTENT_BLOCK_TYPES,
  CONTENT_PAGE_MAX_BLOCKS,
  ContentPageDocumentSchema,
  FRAME_ANCHORS,
  headingAnchorIds,
  HOME_PAGE_BLOCK_TYPES,
  HOME_PAGE_SLUG,
  GlobalItemContentSchemas,
  type ContentBlockType,
  type ContentPageDocument,
  type ContentPageInput,
  type FieldError,
  type GlobalItemContent,
  type GlobalItemId,
  type RichTextNode,
} from '@shop/contracts';
import type { z } from 'zod';
import { ContentErrors } from './content.errors.ts';

/**
 * What a content page or global item may hold (decision 0085): at most 40 blocks of known types,
 * words only (no HTML), links to this shop or to https, mailto: and tel: addresses, pictures of this
 * shop or https ones, and every field as its block's kind has it. Each refusal says which block is
 * wrong and why; the first found is the one said.
 */

/** Anything that looks like a tag or comment: `<script>`, `<img onerror=…>`, `</p>`, `<!-- -->`. */
const MARKUP = /<\/?[a-z!][^<>]*>|<\s*script/i;
const LINK_SCHEMES = new Set(['https:', 'http:', 'mailto:', 'tel:']);

/** Whether `value` is an address a page may link to (`link`) or show a picture from (`image`). */
export function isSafeAddress(value: string, kind: 'link' | 'image'): boolean {
  // Spaces and control characters are how `java\tscript:` slips past a browser's own check.
  if (/[\s\\]/.test(value) || Array.from({ length: value.length }, (_, at) => value.charCodeAt(at)).some((code) => code < 0x20 || code === 0x7f)) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  if (kind === 'link' && value.startsWith('#')) return true;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return kind === 'image' ? url.protocol === 'https:' : LINK_SCHEMES.has(url.protocol);
}

const blockName = (block: unknown, index: number) => {
  const type = (block as { type?: unknown }).type;
  const name = typeof type === 'string' && type in CONTENT_BLOCK_TYPES ? ` (${CONTENT_BLOCK_TYPES[type as keyof typeof CONTENT_BLOCK_TYPES]})` : '';
  return `Block ${index + 1}${name}`;
};

/** Every string in `value` with its path, and whether it is under a key naming an address. */
function* stringsOf(value: unknown, path: (string | number)[]): Generator<{ path: (string | number)[]; text: string; address: 'link' | 'image' | null }> {
  if (typeof value === 'string') {
    const key = path.at(-1);
    const address = key === 'href' ? 'link' : key === 'src' ? 'image' : null;
    yield { path, text: value.trim(), address };
  } else if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) yield* stringsOf(item, [...path, index]);
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) yield* stringsOf(item, [...path, key]);
  }
}

/** Refuses HTML in any words and unsafe addresses, naming `where` (a block, or the page's title). */
export function checkWordsAndAddresses(value: unknown, base: (string | number)[], where: string): void {
  for (const found of stringsOf(value, base)) {
    const path = found.path.join('.');
    if (found.address && found.text !== '' && !isSafeAddress(found.text, found.address)) throw ContentErrors.linkNotAllowed(where, path, found.address);
    const tag = MARKUP.exec(found.text);
    if (tag) throw ContentErrors.markupNotAllowed(where, path, tag[0].slice(0, 20));
  }
}

/** The first problems zod found, as the house says them: each field's own message, beside its path. */
export function refusal(issues: readonly z.core.$ZodIssue[], base: string, where: (path: readonly PropertyKey[]) => string) {
  const errors: FieldError[] = issues.slice(0, 10).map((issue) => ({
    path: [base, ...issue.path.map(String)].join('.'),
    message: issue.message,
    code: issue.code,
  }));
  const first = issues[0]!;
  return ContentErrors.invalid(`${where(first.path)}: ${first.message}.`, errors);
}

/** A page as sent, checked: the page it is, or the refusal that names what to change. The home page holds only the blocks it draws. */
export function checkPageDocument(input: ContentPageInput, slug?: string): ContentPageDocument {
  const blocks = input.blocks;
  if (blocks.length > CONTENT_PAGE_MAX_BLOCKS) throw ContentErrors.tooManyBlocks(blocks.length);
  for (const [index, block] of blocks.entries()) {
    if (!(block.type in CONTENT_BLOCK_TYPES)) throw ContentErrors.unknownBlockType(index, block.type);
    if (slug === HOME_PAGE_SLUG && !HOME_PAGE_BLOCK_TYPES.includes(block.type as ContentBlockType)) throw ContentErrors.notOnHomePage(index, block.type);
  }
  checkWordsAndAddresses(
    { title: input.title, seoTitle: input.seoTitle, seoDescription: input.seoDescription },
    ['body', 'page'],
    'The page’s title or description',
  );
  for (const [index, block] of blocks.entries()) checkWordsAndAddresses(block, ['body', 'page', 'blocks', index], blockName(block, index));
  const parsed = ContentPageDocumentSchema.safeParse(input);
  if (!parsed.success) {
    throw refusal(parsed.error.issues, 'body.page', (path) =>
      path[0] === 'blocks' && typeof path[1] === 'number' ? blockName(blocks[path[1]], path[1]) : 'The page',
    );
  }
  checkAnchors(parsed.data);
  return parsed.data;
}

/** A page's headings, each with the block and path it is at: rich text's and FAQ answers', in the page's order. */
function headingsOf(document: ContentPageDocument) {
  const found = (body: readonly RichTextNode[], index: number, base: (string | number)[]) =>
    body.flatMap((node, at) => (node.kind === 'heading' ? [{ node, index, path: ['body', 'page', 'blocks', index, ...base, at].join('.') }] : []));
  return document.blocks.flatMap((block, index) => {
    if (block.type === 'richText') return found(block.body, index, ['body']);
    if (block.type === 'faq') return block.items.flatMap((item, itemAt) => found(item.answer, index, ['items', itemAt, 'answer']));
    return [];
  });
}

/**
 * Headings' anchors unique on the page and not the frame's own, and every link of its rich text within the page (`#…`)
 * leading to a heading of it (decision 0135): a link to an anchor nobody gave would lead nowhere.
 */
function checkAnchors(document: ContentPageDocument): void {
  const headings = headingsOf(document);
  const given = new Set(FRAME_ANCHORS);
  for (const heading of headings) {
    const anchor = heading.node.anchor;
    if (!anchor) continue;
    if (given.has(anchor)) throw ContentErrors.anchorTaken(blockName(document.blocks[heading.index], heading.index), `${heading.path}.anchor`, anchor);
    given.add(anchor);
  }
  const ids = new Set(headingAnchorIds(headings.map((heading) => heading.node)));
  for (const [index, block] of document.blocks.entries()) {
    // Rich text's links only: a block's own link may lead to a part the page's frame draws (the home page's "#shop-by-category").
    if (block.type !== 'richText' && block.type !== 'faq') continue;
    for (const found of stringsOf(block, ['body', 'page', 'blocks', index])) {
      if (found.address !== 'link' || !found.text.startsWith('#')) continue;
      const target = found.text.slice(1);
      if (!ids.has(target)) throw ContentErrors.anchorMissing(blockName(block, index), found.path.join('.'), target);
    }
  }
}

/** A global item's content as sent, checked against its kind. */
export function checkGlobalItemContent<Id extends GlobalItemId>(id: Id, content: Record<string, unknown>): GlobalItemContent<Id> {
  checkWordsAndAddresses(content, ['body', 'content'], 'The item');
  const parsed = GlobalItemContentSchemas[id].safeParse(content);
  if (!parsed.success) throw refusal(parsed.error.issues, 'body.content', () => 'The item');
  return parsed.data as GlobalItemContent<Id>;
}

/** Whether a global item shows at `now`, and when that next changes. */
export function globalItemShowing(schedule: { startsAt: Date | null; endsAt: Date | null }, now: Date): { showing: boolean; changesAt: Date | null } {
  const { startsAt, endsAt } = schedule;
  if (startsAt && now < startsAt) return { showing: false, changesAt: startsAt };
  if (endsAt && now >= endsAt) return { showing: false, changesAt: null };
  return { showing: true, changesAt: endsAt };
}
