import { LruCache } from '@shop/contracts/lru-cache';
import { DRAWINGS, drawingIdFor } from './families.ts';
import { parseProductImageFile } from './parse.ts';
import { renderBlogHeroScene, renderUserContentScene } from './scene.ts';
import { renderView, type ProductSize } from './views.ts';

export { parseProductImageFile } from './parse.ts';

// Keyed by drawing, not by file name: unknown families share their fallback, so the cache stays bounded.
const rendered = new Map<string, string>();
// Sizes are the products' own, unbounded in principle: only the most recently asked-for are kept.
const sized = new LruCache<string, string>({ maxEntries: 2_000 });

/** `?size=<width>x<height>` in mm, as the catalogue writes it; anything else is no size. */
export function parseProductSize(text: string | null): ProductSize | undefined {
  const match = text ? /^([1-9][0-9]{0,4})x([1-9][0-9]{0,4})$/.exec(text) : null;
  return match ? [Number(match[1]), Number(match[2])] : undefined;
}

/**
 * The SVG for an /images/products/ file name, drawn to a product's size (its width and height in
 * mm) when one is given, or null when the name is not one of ours.
 */
export function renderProductImage(file: string, size?: ProductSize): string | null {
  const request = parseProductImageFile(file);
  if (!request) return null;
  const id = drawingIdFor(request.family);
  const key = `${id}/${request.finish}/${request.view}${size ? `/${size.join('x')}` : ''}`;
  const cache = size ? sized : rendered;
  let svg = cache.get(key);
  if (svg === undefined) {
    svg = renderView(DRAWINGS[id], request.finish, request.view, size);
    cache.set(key, svg);
  }
  return svg;
}

// Ids are unbounded, so only the most recently asked-for scenes are kept.
const scenes = new LruCache<number, string>({ maxEntries: 2_000 });

/** The SVG for an /images/user-content/ file name (`<productId>.svg`), or null. */
export function renderUserContentImage(file: string): string | null {
  const match = /^([1-9][0-9]{0,8})\.svg$/.exec(file);
  if (!match) return null;
  const id = Number(match[1]);
  let svg = scenes.get(id);
  if (svg === undefined) {
    svg = renderUserContentScene(id);
    scenes.set(id, svg);
  }
  return svg;
}

const heroes = new LruCache<string, string>({ maxEntries: 500 });

/** The SVG for an /images/blog/ file name (`<post-slug>.svg`), or null: a generated room, the same for the same slug. */
export function renderBlogHeroImage(file: string): string | null {
  const match = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.svg$/.exec(file);
  if (!match || file.length > 90) return null;
  const slug = match[1]!;
  let svg = heroes.get(slug);
  if (svg === undefined) {
    svg = renderBlogHeroScene(slug);
    heroes.set(slug, svg);
  }
  return svg;
}
