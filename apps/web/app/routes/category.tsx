import { data, Link, useRouteLoaderData } from 'react-router';
import type { loader as rootLoader } from '../root.tsx';
import type { Route } from './+types/category';
import { CategoryPicture } from '../components/illustrations/category-picture.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { ListingEmpty, ListingView } from '../components/listing/listing-view.tsx';
import { listingHeaders, loadListing } from '../components/listing/load-listing.server.ts';
import { breadcrumbListData, JsonLd } from '../components/seo/json-ld.tsx';
import { ButtonLink } from '../components/ui/button.tsx';
import { catalogueClient } from '../lib/api.server.ts';
import { categoryPath } from '../lib/catalogue.ts';
import { cn } from '../lib/cn.ts';
import { helpPath } from '../lib/help-topics.ts';
import { parseListingParams } from '../lib/listing-params.ts';
import { pageMeta } from '../lib/meta.ts';
import { CHANGE_OF_MIND_RETURN_DAYS } from '../lib/shop-facts.ts';
import { loadNavigation } from '../lib/navigation.server.ts';
import { productFormAction } from '../lib/product-forms.server.ts';

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const navigation = await loadNavigation(request, context);
  const category = navigation.categories.find((candidate) => candidate.slug === params.slug);
  const child = params.childSlug ? category?.children.find((candidate) => candidate.slug === params.childSlug) : undefined;
  if (!category || (params.childSlug && !child)) throw data(null, { status: 404 });

  const url = new URL(request.url);
  const state = parseListingParams(url.searchParams);
  const slug = child?.slug ?? category.slug;
  const client = catalogueClient(request);
  // The first, unrefined view and its refinements are separate calls in spec §3.
  const { listing, problem } = await loadListing(url, state, (body) =>
    Object.keys(body.facets).length === 0 && body.pageNumber === 1 && body.sort === 1
      ? client.listCategory({ body: { slug, ...body } })
      : client.refineCategory({ body: { slug, ...body } }),
  );
  return { category, child, state, listing, problem };
}

export const headers: Route.HeadersFunction = listingHeaders;

/** "Add to basket" on a product card, posted without the page's scripts (product-forms.ts). */
export const action = productFormAction;

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { category, child, listing } = loaderData;
  const count = listing.pagination.total;
  return child
    ? pageMeta(
        `${child.name} | ${category.name}`,
        `Shop ${count > 0 ? `${count} ` : ''}${child.name.toLowerCase()} in ${category.name.toLowerCase()} ` +
          `at Plumbline: compare brands, sizes and finishes, with ${CHANGE_OF_MIND_RETURN_DAYS}-day returns.`,
      )
    : pageMeta(category.name, category.description);
};

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, child, state, listing, problem } = loaderData;
  // Where the shop is published (the root loader's PUBLIC_URL): structured data names absolute addresses.
  const origin = useRouteLoaderData<typeof rootLoader>('root')?.siteUrl ?? '';
  const title = child?.name ?? category.name;
  const trail = child ? [{ label: category.name, to: categoryPath(category.slug) }, { label: child.name }] : [{ label: category.name }];
  const breadcrumbs = [
    { name: 'Home', url: `${origin}/` },
    { name: category.name, url: `${origin}${categoryPath(category.slug)}` },
    ...(child ? [{ name: child.name, url: `${origin}${categoryPath(category.slug, child.slug)}` }] : []),
  ];

  return (
    <>
      <JsonLd data={breadcrumbListData(breadcrumbs)} />
      <PageHeader
        title={title}
        trail={trail}
        intro={child ? <p>Part of our {category.name.toLowerCase()} range.</p> : <p>{category.description}</p>}
        aside={
          <div className="size-36 rounded-3xl bg-gradient-to-br from-teal-50 to-teal-100 lg:size-40">
            <CategoryPicture slug={category.slug} className="size-full p-4" />
          </div>
        }
      />

      {category.children.length > 0 && (
        <nav aria-labelledby="types-heading" className="border-b border-navy-100 bg-white">
          <div className="container-page py-5">
            <h2 id="types-heading" className="text-sm font-bold tracking-wide text-navy-700 uppercase">
              {child ? `More in ${category.name}` : `Shop ${category.name.toLowerCase()} by type`}
            </h2>
            {/* One swipeable row on phones, wrapping on larger screens. */}
            <ul className="-mx-4 mt-3 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none] sm:mx-0 sm:flex-wrap sm:px-0">
              {category.children.map((subcategory) => {
                const current = subcategory.slug === child?.slug;
                return (
                  <li key={subcategory.slug} className="shrink-0">
                    <Link
                      to={categoryPath(category.slug, subcategory.slug)}
                      aria-current={current ? 'page' : undefined}
                      className={cn(
                        'inline-flex h-10 items-center rounded-full px-4 text-sm font-semibold whitespace-nowrap ring-1 transition ring-inset',
                        current ? 'bg-navy-900 text-white ring-navy-900' : 'bg-white text-navy-900 ring-navy-200 hover:bg-teal-50 hover:ring-teal-300',
                      )}
                    >
                      {subcategory.name}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        </nav>
      )}

      <ListingView
        listing={listing}
        state={state}
        problem={problem}
        label={title}
        empty={
          <ListingEmpty
            title="No products in this category yet"
            actions={
              <>
                <ButtonLink to="/#shop-by-category" variant="primary">
                  Browse all categories
                </ButtonLink>
                <ButtonLink to={helpPath('delivery')} variant="secondary">
                  Delivery information
                </ButtonLink>
              </>
            }
          >
            <p>There are no {title.toLowerCase()} for sale at the moment. Our other categories may have what you need.</p>
          </ListingEmpty>
        }
      />
    </>
  );
}
