import { createDiscountsClient } from '@shop/api-client';
import { useActionData } from 'react-router';
import type { Route } from './+types/staff-discount-new';
import { redirectWithNotice } from '../lib/step-done.server.ts';
import { PageHeader } from '../components/layout/page-header.tsx';
import { PromotionForm } from '../components/staff-discounts/promotion-form.tsx';
import { Link } from '../components/ui/link.tsx';
import { requireShopSession } from '../lib/auth/session.server.ts';
import { staffClient } from '../lib/auth/staff-page.server.ts';
import { pageMeta } from '../lib/meta.ts';
import { checkNewPromotion, emptyPromotionForm, postedPromotionForm } from '../lib/staff-discounts/form.ts';
import { refusedTerms, uncheckedTerms } from '../lib/staff-discounts/promotion-form.server.ts';
import { DISCOUNT_ROLES, promotionHref } from '../lib/staff-discounts/promotion.ts';

/** A blank form, its start now in UK time; staff without the page's role get the shop's 404, as from the API. */
export function loader({ request }: Route.LoaderArgs) {
  requireShopSession(request, { roles: DISCOUNT_ROLES });
  return { initial: emptyPromotionForm(new Date()) };
}

/**
 * The promotion, posted as a plain form: checked as in the browser, then created by the API; done,
 * its page says so (post, redirect, get). A refusal comes back in the form with what was typed.
 */
export async function action({ request }: Route.ActionArgs) {
  const api = staffClient(request, DISCOUNT_ROLES, 'discounts', createDiscountsClient);
  const values = postedPromotionForm(await request.formData());
  const checked = checkNewPromotion(values);
  if (!checked.ok) return uncheckedTerms(values, checked.errors);
  try {
    const created = await api.createDiscount({ body: checked.body });
    return redirectWithNotice(request, `${promotionHref(created.promotion.promotionCode)}?done=created`);
  } catch (error) {
    return refusedTerms(error, values);
  }
}

export const meta: Route.MetaFunction = () => [...pageMeta('New promotion | Discounts', 'Create a promotion code.'), { name: 'robots', content: 'noindex' }];

export default function StaffDiscountNewPage({ loaderData }: Route.ComponentProps) {
  const refused = useActionData<typeof action>();
  return (
    <>
      <PageHeader
        title="New promotion"
        intro={<p>A code shoppers type at the basket, with its terms. Generate single-use issue codes for leaflets and mailings.</p>}
        trail={[{ label: 'Your account', to: '/account' }, { label: 'Discounts', to: '/staff/discounts' }, { label: 'New promotion' }]}
      />
      <div className="container-page min-h-[30rem] py-8 lg:py-10">
        <div className="max-w-4xl">
          <PromotionForm
            // Each refusal draws the form again with what was typed and the messages for it.
            key={refused ? JSON.stringify(refused) : 'new'}
            mode="create"
            initial={refused?.values ?? loaderData.initial}
            refused={refused?.problem ?? null}
            check={checkNewPromotion}
            submitLabel="Create promotion"
            actions={<Link to="/staff/discounts">Cancel</Link>}
          />
        </div>
      </div>
    </>
  );
}
