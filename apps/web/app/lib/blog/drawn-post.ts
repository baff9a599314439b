import type { BlogPost } from '@shop/contracts';
import type { DrawnBlock } from '../content/drawn-page.ts';

/** A post as its page draws it: its blocks drawn as a content page's, and its related products as a carousel of cards with the catalogue's prices. */
export interface DrawnPost extends Omit<BlogPost, 'blocks'> {
  blocks: DrawnBlock[];
  related: DrawnBlock | null;
}
