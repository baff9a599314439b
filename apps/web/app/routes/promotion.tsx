import type { Route } from './+types/promotion';
import { PageHeader } from '../components/layout/page-header.tsx';
import { ListingEmpty, ListingView } from '../components/listing/listing-view.tsx';
import { listingHeaders, loadListing } from '../components/listing/load-listing.server.ts';
import { ButtonLink } from '../components/ui/button.tsx';
import { TagIcon } from '../components/ui/icons.tsx';
import { catalogueClient } from '../lib/api.server.ts';
import { parseListingParams } from '../lib/listing-params.ts';
import { pageMeta } from '../lib/meta.ts';
import { productFormAction } from '../lib/product-forms.server.ts';

/** Promotion and new-products listings (spec §3 listing types 200 and 100); an unknown slug is a 404. */
export async function loader({ params, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const state = parseListingParams(url.searchParams);
  const client = catalogueClient(request);
  const { listing, problem } = await loadListing(url, state, (body) => client.refinePromotion({ body: { slug: params.slug, ...body } }));
  return { state, listing, problem, isNewIn: params.slug === 'new-in' };
}

export const headers: Route.HeadersFunction = listingHeaders;

/** "Add to basket" on a product card, posted without the page's scripts (product-forms.ts). */
export const action = productFormAction;

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { listing, isNewIn } = loaderData;
  return pageMeta(
    listing.title,
    isNewIn
      ? 'The newest bathroom, heating and plumbing products at Plumbline.'
      : `${listing.title}: ${listing.pagination.total} reduced bathroom and plumbing products at Plumbline, while stocks last.`,
  );
};

export default function PromotionPage({ loaderData }: Route.ComponentProps) {
  const { state, listing, problem, isNewIn } = loaderData;
  return (
    <>
      <PageHeader
        title={listing.title}
        trail={[{ label: listing.title }]}
        intro={
          <p>
            {isNewIn
              ? 'Just arrived: the latest suites, showers, taps and heating from the brands we stock.'
              : 'Reductions on selected products, each against the price we charged for at least 28 days before it. Prices include VAT.'}
          </p>
        }
      />
      <ListingView
        listing={listing}
        state={state}
        problem={problem}
        label={listing.title}
        empty={
          <ListingEmpty
            title={isNewIn ? 'Nothing new this week' : 'This offer has ended'}
            actions={
              <ButtonLink to="/#shop-by-category" variant="primary">
                Browse all categories
              </ButtonLink>
            }
          >
            <p>
              <TagIcon className="mr-1 inline size-4 align-[-2px]" />
              See what is on offer on the home page, or browse the categories.
            </p>
          </ListingEmpty>
        }
      />
    </>
  );
}
