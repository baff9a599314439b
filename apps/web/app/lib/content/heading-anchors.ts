import { slugify } from '@shop/contracts';
import type { DrawnBlock, DrawnRichText } from './drawn-page.ts';

/** Ids the page's frame already uses, which a heading must not take. */
const FRAME_IDS = new Set(['main']);

/**
 * Each heading of a page's rich text (FAQ answers too) given an id from its words (decision 0128), so
 * `/privacy#your-rights` and a list of contents lead to it: slugged ("Prices & payment" → `prices-and-payment`),
 * and unique on the page (a second "Cookies" is `cookies-2`). Drawn on the server with the page.
 */
export function anchorHeadings(blocks: readonly DrawnBlock[]): DrawnBlock[] {
  const taken = new Set(FRAME_IDS);
  const anchor = (text: string) => {
    const base = slugify(text) || 'section';
    let id = base;
    for (let count = 2; taken.has(id); count++) id = `${base}-${count}`;
    taken.add(id);
    return id;
  };
  const anchored = (body: DrawnRichText): DrawnRichText => body.map((node) => (node.kind === 'heading' ? { ...node, id: anchor(node.text) } : node));
  return blocks.map((block) => {
    if (block.type === 'richText') return { ...block, body: anchored(block.body) };
    if (block.type === 'faq') return { ...block, items: block.items.map((item) => ({ ...item, answer: anchored(item.answer) })) };
    return block;
  });
}

/** The page's main headings (level 2) with their ids, for a list of contents. */
export const pageContents = (blocks: readonly DrawnBlock[]) =>
  blocks.flatMap((block) =>
    block.type === 'richText'
      ? block.body.flatMap((node) => (node.kind === 'heading' && node.level === 2 && node.id ? [{ id: node.id, text: node.text }] : []))
      : [],
  );
