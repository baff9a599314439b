import { useSearchParams } from 'react-router';
import type { Route } from './+types/staff-discounts';
import { NeedStaffAccount } from '../components/auth/staff-gate.tsx';
import { useShopAuth } from '../components/auth/use-shop-auth.ts';
import { PageHeader } from '../components/layout/page-header.tsx';
import { DiscountFiltersForm, PromotionListSkeleton, PromotionResults } from '../components/staff-discounts/promotion-list.tsx';
import { ButtonLink } from '../components/ui/button.tsx';
import { LoadError } from '../components/ui/load-error.tsx';
import { isForbidden } from '../lib/api-problem.ts';
import { pageMeta } from '../lib/meta.ts';
import { DISCOUNT_ROLES, DISCOUNTS_AUDIENCE } from '../lib/staff-discounts/promotion.ts';
import { discountFilters, discountsHref, searchQuery } from '../lib/staff-discounts/search.ts';
import { useApiClients, useApiData } from '../lib/use-api.ts';
import { staffPageLoader } from '../lib/auth/staff-page.server.ts';

// Staff without the page's role get the shop's 404 from the server, as from the API.
export const loader = staffPageLoader(DISCOUNT_ROLES);

export const meta: Route.MetaFunction = () => [...pageMeta('Discounts', 'Promotions and discount codes for staff.'), { name: 'robots', content: 'noindex' }];

/** Staff search of promotions: filters in the address, results newest first, paged. Loaded in the browser. */
export default function StaffDiscountsPage() {
  return (
    <>
      <PageHeader
        title="Discounts"
        intro={<p>Promotion codes shoppers use at the basket: find one to see its issue codes and claims, or create a new one.</p>}
        trail={[{ label: 'Your account', to: '/account' }, { label: 'Discounts' }]}
      />
      <div className="container-page min-h-[30rem] py-8 lg:py-10">
        <Discounts />
      </div>
    </>
  );
}

function Discounts() {
  const [searchParams] = useSearchParams();
  const filters = discountFilters(searchParams);
  const clients = useApiClients();
  const sub = useShopAuth().user?.profile.sub;
  const list = useApiData(clients ? `${sub}:${discountsHref(filters)}` : undefined, (signal) =>
    clients!.discounts.searchDiscounts({ query: searchQuery(filters) }, { signal }),
  );

  if (list.state === 'error' && isForbidden(list.error)) return <NeedStaffAccount {...DISCOUNTS_AUDIENCE} />;

  return (
    <>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <h2 className="text-xl font-bold tracking-tight text-navy-950">Find a promotion</h2>
        <ButtonLink to="/staff/discounts/new" variant="accent">
          New promotion
        </ButtonLink>
      </div>
      <DiscountFiltersForm filters={filters} />
      <div className="mt-8">
        {list.state === 'error' ? (
          <LoadError title="We couldn’t load the promotions" error={list.error} onRetry={list.reload} />
        ) : list.state === 'ready' ? (
          <PromotionResults page={list.data} filters={filters} />
        ) : (
          <PromotionListSkeleton />
        )}
      </div>
    </>
  );
}
