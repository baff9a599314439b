import { Link, useNavigation } from 'react-router';
import type { Route } from './+types/search';
import { CategoryIllustration } from '../components/illustrations/index.tsx';
import { EmptyState } from '../components/layout/empty-state.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { PopularCategories } from '../components/popular-categories.tsx';
import { Pagination } from '../components/ui/pagination.tsx';
import { SearchIcon } from '../components/ui/icons.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { categoryPath, matchCategories } from '../lib/catalogue.ts';
import { pageMeta } from '../lib/meta.ts';
import { loadNavigation } from '../lib/navigation.server.ts';

const PAGE_SIZE = 12;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = (url.searchParams.get('q') ?? '').trim().slice(0, 100);
  const navigation = await loadNavigation(context);
  const matches = matchCategories(navigation, query);
  const pageCount = Math.max(1, Math.ceil(matches.length / PAGE_SIZE));
  const page = Math.min(Math.max(Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1, 1), pageCount);
  return {
    query,
    total: matches.length,
    page,
    pageCount,
    results: matches.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map(({ category, child }) => ({
      slug: category.slug,
      name: child?.name ?? category.name,
      parentName: child ? category.name : undefined,
      to: categoryPath(category.slug, child?.slug),
    })),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(
    loaderData?.query ? `Search results for “${loaderData.query}”` : 'Search',
    'Search Plumbline for bathroom, heating and plumbing products.',
  ),
  // Result pages are endless variations of one page: keep them out of search engines.
  { name: 'robots', content: 'noindex, follow' },
];

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { query, total, page, pageCount, results } = loaderData;
  // A new search from this page: show placeholders of the same size while the results load.
  const navigation = useNavigation();
  const searching = navigation.state === 'loading' && navigation.location.pathname === '/search';
  if (searching) return <SearchPending />;
  const title = query && total > 0 ? `Results for “${query}”` : 'Search';
  const intro = !query
    ? 'Type what you are looking for in the search box above: a product type, a room or a part.'
    : total > 0
      ? `${total} ${total === 1 ? 'category matches' : 'categories match'} your search.`
      : undefined;

  return (
    <>
      <PageHeader title={title} intro={intro && <p>{intro}</p>} trail={[{ label: 'Search' }]} />
      <div className="container-page py-10 lg:py-12">
        {results.length > 0 && (
          <>
            <h2 className="sr-only">Matching categories</h2>
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4">
              {results.map((result) => (
                <li key={result.to}>
                  <Link
                    to={result.to}
                    className="group flex h-full flex-col overflow-hidden rounded-2xl border border-navy-100 bg-white transition hover:border-teal-200 hover:shadow-lg"
                  >
                    <div className="aspect-[4/3] bg-gradient-to-b from-teal-50 to-sand-100">
                      <CategoryIllustration slug={result.slug} className="size-full p-3" />
                    </div>
                    <div className="px-4 py-3">
                      <h3 className="font-semibold text-navy-950 group-hover:text-teal-700">{result.name}</h3>
                      {result.parentName && <p className="text-sm text-navy-600">in {result.parentName}</p>}
                    </div>
                  </Link>
                </li>
              ))}
            </ul>
            <Pagination
              className="mt-10"
              label="Search results pages"
              current={page}
              total={pageCount}
              hrefFor={(target) => `/search?${new URLSearchParams({ q: query, page: String(target) })}`}
            />
          </>
        )}
        {total === 0 && (
          <>
            {query && <NoResults query={query} />}
            <PopularCategories centered={Boolean(query)} />
          </>
        )}
      </div>
    </>
  );
}

function SearchPending() {
  return (
    <>
      <PageHeader title="Searching…" trail={[{ label: 'Search' }]} />
      <div className="container-page py-10 lg:py-12" aria-busy="true">
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4">
          {Array.from({ length: 8 }, (_, index) => (
            <li key={index} className="overflow-hidden rounded-2xl border border-navy-100">
              <Skeleton className="aspect-[4/3] rounded-none" />
              <div className="space-y-2 px-4 py-3">
                <Skeleton className="h-5 w-3/4" />
                <Skeleton className="h-4 w-1/3" />
              </div>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}

function NoResults({ query }: { query: string }) {
  return (
    <EmptyState icon={<SearchIcon className="size-8" />} title={`No results for “${query}”`} className="mb-12">
      <p>Check the spelling, or try a more general word such as “toilet”, “shower” or “radiator”.</p>
    </EmptyState>
  );
}
