import { useEffect } from 'react';
import { Link, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/search';
import { EmptyState } from '../components/layout/empty-state.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { ListingSkeleton } from '../components/listing/listing-skeleton.tsx';
import { ListingView } from '../components/listing/listing-view.tsx';
import { listingHeaders, loadListing } from '../components/listing/load-listing.server.ts';
import { PopularCategories } from '../components/popular-categories.tsx';
import { SearchIcon } from '../components/ui/icons.tsx';
import { catalogueClient } from '../lib/api.server.ts';
import { categoryPath, matchCategories, productPath, productVariantPath, searchPath } from '../lib/catalogue.ts';
import { parseListingParams } from '../lib/listing-params.ts';
import { pageMeta } from '../lib/meta.ts';
import { track } from '../lib/events/track.ts';
import { loadNavigation } from '../lib/navigation.server.ts';
import { productFormAction } from '../lib/product-forms.server.ts';

/** Longer queries are typing accidents or abuse; the search box itself stops well short of this. */
const MAX_QUERY_LENGTH = 100;
/** Common searches offered when nothing matched, each a real category word in the demo catalogue. */
const SUGGESTIONS = ['Basin', 'Toilet', 'Shower', 'Radiator', 'Vanity unit', 'Bath'];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = (url.searchParams.get('q') ?? '').trim().slice(0, MAX_QUERY_LENGTH);
  const state = parseListingParams(url.searchParams);
  const navigation = await loadNavigation(request, context);
  const categories = matchCategories(navigation, query)
    .slice(0, 8)
    .map(({ category, child }) => ({ name: child?.name ?? category.name, to: categoryPath(category.slug, child?.slug) }));
  if (!query) return { query, state, categories, listing: null, problem: null };

  const client = catalogueClient(request);
  const { listing, problem } = await loadListing(
    url,
    state,
    (body) =>
      Object.keys(body.facets).length === 0 && body.pageNumber === 1 && body.sort === 1
        ? client.search({ body: { query, ...body } })
        : client.refineSearch({ body: { query, ...body } }),
    query,
  );
  // A whole product or variant code (PL000109-1, any case, with or without the dash) goes straight
  // to that product with that variant chosen: a real redirect, so it works before scripts load.
  const { exactMatch } = listing;
  if (exactMatch) throw redirect(exactMatch.sku ? productVariantPath(exactMatch.slug, exactMatch.sku) : productPath(exactMatch.slug));
  return { query, state, categories, listing, problem };
}

export const headers: Route.HeadersFunction = listingHeaders;

/** "Add to basket" on a product card, posted without the page's scripts (product-forms.ts). */
export const action = productFormAction;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(loaderData?.query ? `Search results for “${loaderData.query}”` : 'Search', 'Search Plumbline for bathroom, heating and plumbing products.'),
  // Result pages are endless variations of one page: keep them out of search engines.
  { name: 'robots', content: 'noindex, follow' },
];

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { query, state, categories, listing, problem } = loaderData;
  // A new search from this page (the header's box): placeholders while the results load.
  const navigation = useNavigation();
  const nextQuery = navigation.location?.pathname === '/search' ? new URLSearchParams(navigation.location.search).get('q') : null;
  const searching = navigation.state === 'loading' && nextQuery !== null && nextQuery.trim() !== query;
  const total = listing?.pagination.total ?? 0;
  // Counted once per query and answer (a further page of it is the same search); a failed search says nothing.
  const answered = Boolean(query && listing && !problem);
  useEffect(() => {
    if (answered) track('Products Searched', { query, results: total });
  }, [answered, query, total]);

  if (searching) {
    return (
      <>
        <PageHeader title="Searching…" trail={[{ label: 'Search' }]} />
        <ListingSkeleton />
      </>
    );
  }

  if (!query) {
    return (
      <>
        <PageHeader
          title="Search"
          trail={[{ label: 'Search' }]}
          intro={<p>Type what you are looking for in the search box above: a product type, a brand or a part.</p>}
        />
        <div className="container-page space-y-10 py-10 lg:py-12">
          <Suggestions heading="Popular searches" />
          <PopularCategories />
        </div>
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={total > 0 ? `Results for “${query}”` : `No results for “${query}”`}
        trail={[{ label: 'Search' }]}
        intro={
          total > 0 ? (
            <p>
              {total.toLocaleString('en-GB')} {total === 1 ? 'product matches' : 'products match'} your search.
            </p>
          ) : undefined
        }
      />
      {categories.length > 0 && (
        <nav aria-labelledby="matching-categories" className="border-b border-navy-100 bg-white">
          <div className="container-page flex flex-col gap-2 py-4 sm:flex-row sm:items-center sm:gap-4">
            <h2 id="matching-categories" className="shrink-0 text-sm font-bold text-navy-800">
              Matching categories
            </h2>
            <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none] sm:mx-0 sm:flex-wrap sm:px-0 sm:pb-0">
              {categories.map((category) => (
                <li key={category.to} className="shrink-0">
                  <Link
                    to={category.to}
                    className={
                      'inline-flex h-9 items-center rounded-full bg-teal-50 px-4 text-sm font-semibold ' +
                      'whitespace-nowrap text-teal-800 ring-1 ring-teal-100 hover:bg-teal-100'
                    }
                  >
                    {category.name}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        </nav>
      )}
      {listing && (
        <ListingView
          listing={listing}
          state={state}
          problem={problem}
          query={query}
          label="Search results"
          empty={
            <div className="space-y-12">
              <EmptyState icon={<SearchIcon className="size-8" />} title={`We couldn’t find anything for “${query}”`}>
                <p>Check the spelling, try a more general word, or start from one of these:</p>
              </EmptyState>
              <Suggestions heading="Try searching for" centered />
              <PopularCategories centered />
            </div>
          }
        />
      )}
    </>
  );
}

function Suggestions({ heading, centered = false }: { heading: string; centered?: boolean }) {
  return (
    <nav aria-label={heading} className={centered ? 'text-center' : undefined}>
      <h2 className="text-lg font-bold tracking-tight text-navy-950">{heading}</h2>
      <ul className={`mt-4 flex flex-wrap gap-2 ${centered ? 'justify-center' : ''}`}>
        {SUGGESTIONS.map((suggestion) => (
          <li key={suggestion}>
            <Link
              to={searchPath(suggestion.toLowerCase())}
              className={
                'inline-flex items-center gap-2 rounded-full bg-white px-4 py-2 text-sm ' +
                'font-semibold text-navy-900 ring-1 ring-navy-200 ring-inset hover:bg-navy-50'
              }
            >
              <SearchIcon className="size-4 text-navy-600" />
              {suggestion}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
