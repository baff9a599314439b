import { data, Link } from 'react-router';
import type { Route } from './+types/category';
import { CategoryIllustration } from '../components/illustrations/index.tsx';
import { EmptyState } from '../components/layout/empty-state.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { ButtonLink } from '../components/ui/button.tsx';
import { ArrowRightIcon, BasketIcon } from '../components/ui/icons.tsx';
import { categoryPath } from '../lib/catalogue.ts';
import { helpPath } from '../lib/help-topics.ts';
import { pageMeta } from '../lib/meta.ts';
import { loadNavigation } from '../lib/navigation.server.ts';
import { cn } from '../lib/cn.ts';

export async function loader({ params, context }: Route.LoaderArgs) {
  const navigation = await loadNavigation(context);
  const category = navigation.categories.find((candidate) => candidate.slug === params.slug);
  const child = params.childSlug ? category?.children.find((candidate) => candidate.slug === params.childSlug) : undefined;
  if (!category || (params.childSlug && !child)) throw data(null, { status: 404 });
  return { category, child };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { category, child } = loaderData;
  return child
    ? pageMeta(`${child.name} | ${category.name}`, `Shop ${child.name.toLowerCase()} in ${category.name.toLowerCase()} at Plumbline.`)
    : pageMeta(category.name, category.description);
};

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, child } = loaderData;
  const title = child?.name ?? category.name;
  const trail = child
    ? [{ label: category.name, to: categoryPath(category.slug) }, { label: child.name }]
    : [{ label: category.name }];

  return (
    <>
      <PageHeader
        title={title}
        trail={trail}
        intro={child ? <p>Part of our {category.name.toLowerCase()} range.</p> : <p>{category.description}</p>}
        aside={
          <div className="size-44 rounded-3xl bg-gradient-to-br from-teal-50 to-teal-100 lg:size-52">
            <CategoryIllustration slug={category.slug} className="size-full p-4" />
          </div>
        }
      />
      <div className="container-page space-y-12 py-10 lg:py-12">
        {category.children.length > 0 && (
          <section aria-labelledby="types-heading">
            <h2 id="types-heading" className="text-xl font-bold tracking-tight text-navy-950">
              {child ? `More in ${category.name}` : `Shop ${category.name.toLowerCase()} by type`}
            </h2>
            <ul className="mt-5 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
              {category.children.map((subcategory) => {
                const current = subcategory.slug === child?.slug;
                return (
                  <li key={subcategory.slug}>
                    <Link
                      to={categoryPath(category.slug, subcategory.slug)}
                      aria-current={current ? 'page' : undefined}
                      className={cn(
                        'group flex h-full items-center justify-between gap-3 rounded-xl border px-4 py-3.5 font-semibold transition',
                        current
                          ? 'border-teal-600 bg-teal-50 text-teal-800'
                          : 'border-navy-100 bg-white text-navy-900 hover:border-teal-300 hover:shadow-md',
                      )}
                    >
                      {subcategory.name}
                      <ArrowRightIcon className="size-4 shrink-0 text-teal-700 transition-transform group-hover:translate-x-0.5" />
                    </Link>
                  </li>
                );
              })}
            </ul>
          </section>
        )}

        <section aria-label="Products">
          <EmptyState
            icon={<BasketIcon className="size-8" />}
            title="No products in this category yet"
            actions={
              <>
                <ButtonLink to="/#shop-by-category" variant="primary">Browse all categories</ButtonLink>
                <ButtonLink to={helpPath('delivery')} variant="secondary">Delivery information</ButtonLink>
              </>
            }
          >
            <p>We’re adding our {title.toLowerCase()} range now. Check back soon, or explore our other categories.</p>
          </EmptyState>
        </section>
      </div>
    </>
  );
}
