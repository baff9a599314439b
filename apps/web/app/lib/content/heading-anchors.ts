import { headingAnchorIds } from '@shop/contracts';
import type { DrawnBlock, DrawnRichText } from './drawn-page.ts';

type Heading = Extract<DrawnRichText[number], { kind: 'heading' }>;

/**
 * Each heading of a page's rich text (FAQ answers too) given its id (decisions 0128, 0135), so `/terms#cancellation-form`
 * and a list of contents lead to it: the anchor staff gave it, or one from its words, slugged ("Prices & payment" →
 * `prices-and-payment`) and unique on the page (a second "Cookies" is `cookies-2`). Drawn on the server with the page.
 */
export function anchorHeadings(blocks: readonly DrawnBlock[]): DrawnBlock[] {
  const bodies = blocks.flatMap((block) => (block.type === 'richText' ? [block.body] : block.type === 'faq' ? block.items.map((item) => item.answer) : []));
  const ids = headingAnchorIds(bodies.flatMap((body) => body.filter((node): node is Heading => node.kind === 'heading')));
  let next = 0;
  const anchored = (body: DrawnRichText): DrawnRichText => body.map((node) => (node.kind === 'heading' ? { ...node, id: ids[next++] } : node));
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
