import type { Route } from './+types/home';
import { formatPenceShort } from '@shop/contracts';
import { HomePage } from '../components/home/home-page.tsx';
import { loadHome } from '../lib/content/home-page.server.ts';
import { pageMeta } from '../lib/meta.ts';
import { FREE_LARGE_DELIVERY_THRESHOLD } from '../lib/shop-facts.ts';
import { productFormAction } from '../lib/product-forms.server.ts';

/**
 * The home page's content page (staff edit it at /staff/content, decision 0085) comes with the page,
 * with offers, the shop's own carousels and the trade bands. Each is an extra: if one cannot load,
 * the home page still shows everything else (a visitor over their rate limit gets a 429 page instead).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadHome(request, context);
}

/** "Add to basket" on a product card, posted without the page's scripts (product-forms.ts). */
export const action = productFormAction;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta(
    loaderData?.content?.seoTitle ?? 'Plumbline',
    loaderData?.content?.seoDescription ??
      'Bathroom suites, showers, radiators, taps and plumbing supplies for homeowners and the trade. ' +
        `Free delivery over ${formatPenceShort(FREE_LARGE_DELIVERY_THRESHOLD)} to most of mainland UK.`,
  );

export default function Home({ loaderData }: Route.ComponentProps) {
  return <HomePage {...loaderData} />;
}
