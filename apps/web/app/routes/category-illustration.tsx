import { renderToStaticMarkup } from 'react-dom/server';
import { CategoryIllustration, hasIllustration } from '../components/illustrations/index.tsx';
import { svgResponse } from '../lib/svg-response.ts';
import type { Route } from './+types/category-illustration';

const SLUG_FILE = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.svg$/;
const drawn = new Map<string, string>();

/**
 * /images/categories/<slug>.svg: a category's drawing. A category the catalogue adds before it has
 * a drawing of its own gets the shop's water drop, as the inline drawing did.
 */
export function loader({ request, params }: Route.LoaderArgs) {
  const slug = SLUG_FILE.exec(params.file)?.[1];
  if (!slug || slug.length > 80) return svgResponse(request, null);
  // Kept by drawing, not by name: any slug without one draws the same drop, so the map stays small.
  const key = hasIllustration(slug) ? slug : '';
  let svg = drawn.get(key);
  if (svg === undefined) {
    svg = renderToStaticMarkup(<CategoryIllustration slug={slug} />);
    drawn.set(key, svg);
  }
  return svgResponse(request, svg);
}
