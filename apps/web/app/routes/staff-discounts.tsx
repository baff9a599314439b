import { createDiscountsClient } from '@shop/api-client';
import type { Route } from './+types/staff-discounts';
import { NeedStaffAccount } from '../components/auth/staff-gate.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { ErrorSummary } from '../components/ui/error-summary.tsx';
import { DiscountFiltersForm, PromotionResults } from '../components/staff-discounts/promotion-list.tsx';
import { ButtonLink } from '../components/ui/button.tsx';
import { searchRead, staffClient, staffRead, throwToTidyAddress } from '../lib/auth/staff-page.server.ts';
import { pageMeta } from '../lib/meta.ts';
import { DISCOUNT_ROLES, DISCOUNTS_AUDIENCE } from '../lib/staff-discounts/promotion.ts';
import { discountFilters, discountsHref, searchQuery } from '../lib/staff-discounts/search.ts';

/** The promotions the filters in the address find, read on the server for the signed-in member of staff. */
export async function loader({ request }: Route.LoaderArgs) {
  const api = staffClient(request, DISCOUNT_ROLES, 'discounts', createDiscountsClient);
  const filters = discountFilters(new URL(request.url).searchParams);
  throwToTidyAddress(request, discountsHref(filters));
  return staffRead(async () => ({ filters, ...(await searchRead(() => api.searchDiscounts({ query: searchQuery(filters) }))) }));
}

export const meta: Route.MetaFunction = () => [...pageMeta('Discounts', 'Promotions and discount codes for staff.'), { name: 'robots', content: 'noindex' }];

/** Staff search of promotions: filters in the address, results newest first, paged. */
export default function StaffDiscountsPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Discounts"
        intro={<p>Promotion codes shoppers use at the basket: find one to see its issue codes and claims, or create a new one.</p>}
        trail={[{ label: 'Your account', to: '/account' }, { label: 'Discounts' }]}
      />
      <div className="container-page min-h-[30rem] py-8 lg:py-10">
        {'forbidden' in loaderData ? (
          <NeedStaffAccount {...DISCOUNTS_AUDIENCE} />
        ) : (
          <>
            <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
              <h2 className="section-heading">Find a promotion</h2>
              <ButtonLink to="/staff/discounts/new" variant="accent">
                New promotion
              </ButtonLink>
            </div>
            <DiscountFiltersForm filters={loaderData.filters} />
            <div className="mt-8">
              {loaderData.page === null ? (
                <ErrorSummary problems={[{ message: loaderData.problem }]} />
              ) : (
                <PromotionResults page={loaderData.page} filters={loaderData.filters} />
              )}
            </div>
          </>
        )}
      </div>
    </>
  );
}
