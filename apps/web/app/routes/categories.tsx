import type { Route } from './+types/categories';
import { CategoryDirectory } from '../components/layout/all-categories-menu.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { pageMeta } from '../lib/meta.ts';
import { useCategories } from '../lib/use-categories.ts';

export const meta: Route.MetaFunction = () => pageMeta('All categories', 'Every department of the Plumbline shop and the types of product in each.');

/**
 * Every department and its types: where the header's "All categories" leads before the page's scripts
 * run (with them it opens in place). The tree is the one the root loader keeps for every page.
 */
export default function AllCategories() {
  return (
    <>
      <PageHeader title="All categories" trail={[{ label: 'All categories' }]} />
      <CategoryDirectory categories={useCategories()} className="container-page py-10 sm:columns-2 lg:columns-4 lg:py-14 xl:columns-5" />
    </>
  );
}
