import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Route } from './+types/staff-discount-new';
import { PageHeader } from '../components/layout/page-header.tsx';
import { PromotionForm } from '../components/staff-discounts/promotion-form.tsx';
import { Link } from '../components/ui/link.tsx';
import { pageMeta } from '../lib/meta.ts';
import { checkNewPromotion, emptyPromotionForm } from '../lib/staff-discounts/form.ts';
import { DISCOUNT_ROLES, promotionHref } from '../lib/staff-discounts/promotion.ts';
import { useApiClients } from '../lib/use-api.ts';
import { staffPageLoader } from '../lib/auth/staff-page.server.ts';

// Staff without the page's role get the shop's 404 from the server, as from the API.
export const loader = staffPageLoader(DISCOUNT_ROLES);

export const meta: Route.MetaFunction = () => [...pageMeta('New promotion | Discounts', 'Create a promotion code.'), { name: 'robots', content: 'noindex' }];

/** What the promotion's page says after it was created here (router state). */
export interface CreatedState {
  created: { issueCodeCount: number };
}

export default function StaffDiscountNewPage() {
  return (
    <>
      <PageHeader
        title="New promotion"
        intro={<p>A code shoppers type at the basket, with its terms. Generate single-use issue codes for leaflets and mailings.</p>}
        trail={[{ label: 'Your account', to: '/account' }, { label: 'Discounts', to: '/staff/discounts' }, { label: 'New promotion' }]}
      />
      <div className="container-page min-h-[30rem] py-8 lg:py-10">
        <div className="max-w-4xl">
          <NewPromotion />
        </div>
      </div>
    </>
  );
}

function NewPromotion() {
  const clients = useApiClients();
  const navigate = useNavigate();
  // Drawn once: the start defaults to now, in the browser's time zone.
  const [initial] = useState(() => emptyPromotionForm(new Date()));
  return (
    <PromotionForm
      mode="create"
      initial={initial}
      check={checkNewPromotion}
      submit={async (body) => {
        if (!clients) throw new Error('Not signed in');
        const created = await clients.discounts.createDiscount({ body });
        const state: CreatedState = { created: { issueCodeCount: created.promotion.issueCodeCount } };
        void navigate(promotionHref(created.promotion.promotionCode), { state });
      }}
      submitLabel="Create promotion"
      actions={<Link to="/staff/discounts">Cancel</Link>}
    />
  );
}
