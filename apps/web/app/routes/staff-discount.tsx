import { ApiError } from '@shop/api-client';
import type { Discount, IssueCode } from '@shop/contracts';
import { useState, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import type { Route } from './+types/staff-discount';
import { NeedStaffAccount } from '../components/auth/staff-gate.tsx';
import { useShopAuth } from '../components/auth/use-shop-auth.ts';
import { EmptyState } from '../components/layout/empty-state.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { ClaimLookup, ClaimsList } from '../components/staff-discounts/claims.tsx';
import { EndPromotion } from '../components/staff-discounts/end-promotion.tsx';
import { IssueCodesPanel } from '../components/staff-discounts/issue-codes.tsx';
import { PromotionForm } from '../components/staff-discounts/promotion-form.tsx';
import { StatusBadge } from '../components/staff-discounts/promotion-list.tsx';
import { ButtonLink } from '../components/ui/button.tsx';
import { CheckIcon, ChevronLeftIcon, TagIcon } from '../components/ui/icons.tsx';
import { Link } from '../components/ui/link.tsx';
import { LoadError } from '../components/ui/load-error.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { useToast } from '../components/ui/toast.tsx';
import { isForbidden } from '../lib/api-problem.ts';
import { formatPence } from '@shop/contracts';
import { pageMeta } from '../lib/meta.ts';
import { changedTerms, promotionFormValues } from '../lib/staff-discounts/form.ts';
import {
  DISCOUNT_ROLES,
  DISCOUNTS_AUDIENCE,
  TARGET_LABELS,
  formatChannels,
  formatDateTime,
  formatDiscount,
  formatUsage,
} from '../lib/staff-discounts/promotion.ts';
import { useApiClients, useApiData } from '../lib/use-api.ts';
import { staffPageLoader } from '../lib/auth/staff-page.server.ts';

// Staff without the page's role get the shop's 404 from the server, as from the API.
export const loader = staffPageLoader(DISCOUNT_ROLES);

export const meta: Route.MetaFunction = ({ params }) => [
  ...pageMeta(`${params.promotionCode.toUpperCase()} | Discounts`, 'A promotion: its terms, issue codes and claims.'),
  { name: 'robots', content: 'noindex' },
];

/** One promotion: what it offers and how it is used, its terms to edit, its issue codes and claims. */
export default function StaffDiscountPage() {
  const { promotionCode = '' } = useParams();
  const code = promotionCode.toUpperCase();
  return (
    <>
      <PageHeader title={code} trail={[{ label: 'Your account', to: '/account' }, { label: 'Discounts', to: '/staff/discounts' }, { label: code }]} />
      <div className="container-page min-h-[30rem] py-8 lg:py-10">
        <Link to="/staff/discounts" className="inline-flex items-center gap-1">
          <ChevronLeftIcon className="size-4" />
          All promotions
        </Link>
        <div className="mt-6">
          <Promotion promotionCode={code} />
        </div>
      </div>
    </>
  );
}

function Promotion({ promotionCode }: { promotionCode: string }) {
  const clients = useApiClients();
  const sub = useShopAuth().user?.profile.sub;
  const toast = useToast();
  // Where the new promotion's form sent the page once it was created.
  const created = useSearchParams()[0].get('done') === 'created';
  const loaded = useApiData(clients ? `${sub}:${promotionCode}` : undefined, (signal) =>
    clients!.discounts.getDiscount({ params: { promotionCode, issueCode: promotionCode } }, { signal }),
  );
  // What the last change answered, shown in place of the loaded promotion (no reload, no flicker).
  const [latest, setLatest] = useState<Discount | null>(null);

  if (loaded.state === 'error') {
    if (isForbidden(loaded.error)) return <NeedStaffAccount {...DISCOUNTS_AUDIENCE} />;
    if (loaded.error instanceof ApiError && loaded.error.status === 404) {
      return (
        <EmptyState icon={<TagIcon className="size-8" />} title="No such promotion" actions={<ButtonLink to="/staff/discounts">Find a promotion</ButtonLink>}>
          <p>There is no promotion with the code {promotionCode}. Check the code, or search for it.</p>
        </EmptyState>
      );
    }
    return <LoadError title="We couldn’t load this promotion" error={loaded.error} onRetry={loaded.reload} />;
  }
  const discount = latest ?? (loaded.state === 'ready' ? loaded.data : null);
  if (!discount) return <PromotionSkeleton />;

  const { promotion } = discount;
  const initial = promotionFormValues(discount);
  const onCodeChanged = (code: IssueCode) => setLatest({ ...discount, issueCodes: discount.issueCodes.map((each) => (each.code === code.code ? code : each)) });

  return (
    <div className="space-y-10">
      {created && (
        <div role="status" className="flex items-start gap-3 rounded-xl border border-green-200 bg-green-50 p-4 text-navy-950">
          <CheckIcon className="mt-0.5 size-5 shrink-0 text-green-700" />
          <p>
            <strong>{promotion.promotionCode} is created.</strong>{' '}
            {promotion.issueCodeCount > 0
              ? `Its ${promotion.issueCodeCount.toLocaleString('en-GB')} single-use issue codes are below: download them as a CSV file to print or send.`
              : 'Shoppers can use it at the basket from its start time.'}
          </p>
        </div>
      )}

      <section aria-labelledby="promotion-overview">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="promotion-overview" className="text-2xl font-bold tracking-tight text-navy-950">
            {promotion.description}
          </h2>
          <StatusBadge status={promotion.status} />
          {promotion.status === 'active' && (
            <div className="ml-auto">
              <EndPromotion promotionCode={promotion.promotionCode} onEnded={setLatest} />
            </div>
          )}
        </div>
        <dl className="mt-5 grid gap-px overflow-hidden rounded-2xl border border-navy-100 bg-navy-100 sm:grid-cols-2 lg:grid-cols-4">
          <Fact label="Discount">
            {formatDiscount(promotion.discountType, promotion.value)} off {TARGET_LABELS[promotion.targetType].toLowerCase()}
          </Fact>
          <Fact label="Minimum spend">{promotion.minimumSpendPence ? formatPence(promotion.minimumSpendPence) : 'None'}</Fact>
          <Fact label="Uses">
            {formatUsage(promotion)}
            {promotion.perCustomerLimit !== null && <span className="block text-sm font-normal text-navy-700">{promotion.perCustomerLimit} per customer</span>}
          </Fact>
          <Fact label="Channels">{formatChannels(promotion.channels)}</Fact>
          <Fact label="Starts">
            <time dateTime={promotion.startsAt}>{formatDateTime(promotion.startsAt)}</time>
          </Fact>
          <Fact label="Ends">{promotion.endsAt ? <time dateTime={promotion.endsAt}>{formatDateTime(promotion.endsAt)}</time> : 'No end date'}</Fact>
          <Fact label="Trade prices">{promotion.combinesWithTradePricing ? 'Can combine' : 'Not with trade prices'}</Fact>
          <Fact label="Issue codes">
            {promotion.issueCodeCount.toLocaleString('en-GB')}
            {promotion.requiresIssueCode && <span className="block text-sm font-normal text-navy-700">Required: the promotion code alone is refused</span>}
          </Fact>
        </dl>
      </section>

      <Section id="issue-codes" title="Issue codes">
        <IssueCodesPanel promotionCode={promotion.promotionCode} codes={discount.issueCodes} onAdded={setLatest} onCodeChanged={onCodeChanged} />
      </Section>

      <Section id="claims" title="Claims">
        <div className="space-y-5">
          <ClaimsList claims={discount.recentClaims} totalCount={promotion.claimCount} />
          <ClaimLookup />
        </div>
      </Section>

      <Section id="terms" title="Edit the terms">
        <div className="max-w-4xl">
          <PromotionForm
            // A saved change resets the form to what the API stored.
            key={promotion.updatedAt}
            mode="edit"
            initial={initial}
            check={(values) => changedTerms(initial, values)}
            submit={async (body) => {
              if (!clients) throw new Error('Not signed in');
              if (Object.keys(body).length === 0) {
                toast('Nothing to save: you haven’t changed anything.', 'info');
                return;
              }
              setLatest(await clients.discounts.updateDiscount({ params: { promotionCode, issueCode: promotionCode }, body }));
              toast('Your changes are saved.', 'success');
            }}
            submitLabel="Save changes"
          />
        </div>
      </Section>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="bg-white p-4">
      <dt className="text-sm font-semibold text-navy-700">{label}</dt>
      <dd className="mt-1 font-semibold text-navy-950">{children}</dd>
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-4 text-xl font-bold tracking-tight text-navy-950">
        {title}
      </h2>
      {children}
    </section>
  );
}

function PromotionSkeleton() {
  return (
    <div aria-busy="true" className="space-y-6">
      <p className="sr-only" role="status">
        Loading the promotion…
      </p>
      <Skeleton className="h-8 w-2/3" />
      <Skeleton className="h-44 w-full rounded-2xl" />
      <Skeleton className="h-7 w-40" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}
