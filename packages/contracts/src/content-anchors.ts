import { slugify } from './catalogue-values.ts';

/**
 * The anchors of a content page's headings (decision 0135), shared by the API, which checks the page's
 * links within itself, and the storefront, which gives each heading its id: `/terms#cancellation-form`
 * leads to the heading staff gave that anchor, and a heading without one takes an id from its words.
 * Not for browsers (not in browser.ts): pages are drawn on the server.
 */

/** An anchor staff may give a heading: lower-case letters, numbers and single hyphens, starting with a letter. */
export const CONTENT_ANCHOR_PATTERN = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;
export const CONTENT_ANCHOR_MAX_LENGTH = 60;
/** Ids the page's frame already uses, which a heading must not take. */
export const FRAME_ANCHORS: readonly string[] = ['main'];

/**
 * Each heading's id, in order: its own anchor, or its words slugged ("Prices & payment" → `prices-and-payment`),
 * unique on the page (a second "Cookies" is `cookies-2`, and no slug takes an anchor a heading was given).
 */
export function headingAnchorIds(headings: readonly { text: string; anchor?: string | undefined }[]): string[] {
  const taken = new Set([...FRAME_ANCHORS, ...headings.flatMap((heading) => (heading.anchor ? [heading.anchor] : []))]);
  return headings.map((heading) => {
    if (heading.anchor) return heading.anchor;
    const base = slugify(heading.text) || 'section';
    let id = base;
    for (let count = 2; taken.has(id); count++) id = `${base}-${count}`;
    taken.add(id);
    return id;
  });
}
