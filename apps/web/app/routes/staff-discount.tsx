import { ApiError, createDiscountsClient, type DiscountsClient } from '@shop/api-client';
import { formatPence, type PromotionSummary } from '@shop/contracts';
import type { ReactNode } from 'react';
import { data, useActionData, useSearchParams } from 'react-router';
import type { Route } from './+types/staff-discount';
import { redirectWithNotice } from '../lib/step-done.server.ts';
import { NeedStaffAccount } from '../components/auth/staff-gate.tsx';
import { EmptyState } from '../components/layout/empty-state.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { useStepDone } from '../components/staff/posted-step-form.tsx';
import { formText, stepProblemOf } from '../components/staff/step-form.tsx';
import { ClaimLookup, ClaimsList, type ClaimLookupResult } from '../components/staff-discounts/claims.tsx';
import { END_ASK, EndPromotion, EndPromotionLink } from '../components/staff-discounts/end-promotion.tsx';
import { IssueCodesPanel } from '../components/staff-discounts/issue-codes.tsx';
import { PromotionForm } from '../components/staff-discounts/promotion-form.tsx';
import { StatusBadge } from '../components/staff-discounts/promotion-list.tsx';
import { Notice } from '../components/trade/trade-panels.tsx';
import { ButtonLink } from '../components/ui/button.tsx';
import { ChevronLeftIcon, TagIcon } from '../components/ui/icons.tsx';
import { Link } from '../components/ui/link.tsx';
import { throwIfRateLimited } from '../lib/api.server.ts';
import { apiProblemMessage } from '../lib/api-problem.ts';
import { refusedStep, staffClient, staffRead, type RefusedStep } from '../lib/auth/staff-page.server.ts';
import { hrefWith } from '../lib/href-with.ts';
import { pageMeta } from '../lib/meta.ts';
import { parseWholeNumber } from '../lib/staff-discounts/amounts.ts';
import { changedTerms, MAX_ISSUE_CODES_PER_BATCH, postedPromotionForm, promotionFormValues } from '../lib/staff-discounts/form.ts';
import { issueCodesHref, issueCodeView, pageOfCodes } from '../lib/staff-discounts/issue-codes.ts';
import { refusedTerms, uncheckedTerms, type RefusedTerms } from '../lib/staff-discounts/promotion-form.server.ts';
import {
  DISCOUNT_ROLES,
  DISCOUNTS_AUDIENCE,
  TARGET_LABELS,
  formatChannels,
  formatDateTime,
  formatDiscount,
  formatUsage,
} from '../lib/staff-discounts/promotion.ts';

const discountsApi = (request: Request) => staffClient(request, DISCOUNT_ROLES, 'discounts', createDiscountsClient);
const codeOf = (params: { promotionCode: string }) => params.promotionCode.trim().toUpperCase();

/** What `?done=` names after each of the page's steps (and after the new promotion's form). */
const DONE = ['created', 'saved', 'unchanged', 'ended', 'codes', 'withdrawn', 'reinstated'] as const;
type Done = (typeof DONE)[number];

/** The claim the lookup's number in the address names (`?claim=`), or why there is none; null when none was asked for. */
async function lookUpClaim(api: DiscountsClient, typed: string | null): Promise<ClaimLookupResult | null> {
  if (typed === null) return null;
  const id = typed.trim().slice(0, 20);
  const parsed = parseWholeNumber(id, { min: 1, max: 2_147_483_647 });
  if (!parsed.ok) return { id, claim: null, problem: parsed.message };
  try {
    return { id, claim: await api.getDiscountClaim({ params: { id: parsed.value } }), problem: null };
  } catch (error) {
    throwIfRateLimited(error);
    if (error instanceof ApiError && error.status < 500) return { id, claim: null, problem: apiProblemMessage(error) };
    throw error;
  }
}

/**
 * The promotion, read on the server for the signed-in member of staff: its terms, the page of its
 * issue codes the address asks for, its latest claims and any claim looked up, so it all shows at
 * first paint.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const api = discountsApi(request);
  const promotionCode = codeOf(params);
  const search = new URL(request.url).searchParams;
  const view = issueCodeView(search);
  return staffRead(
    async () => {
      const [discount, claim] = await Promise.all([
        api.getDiscount({ params: { promotionCode, issueCode: promotionCode } }),
        lookUpClaim(api, search.get('claim')),
      ]);
      const { promotion } = discount;
      return {
        promotion,
        terms: promotionFormValues(discount),
        recentClaims: discount.recentClaims,
        codes: pageOfCodes(discount.issueCodes, view),
        view,
        claim,
        askingToEnd: promotion.status === 'active' && search.get(END_ASK.param) === END_ASK.value,
      };
    },
    { missing: true } as const,
  );
}

/**
 * A step on the promotion, posted as a plain form: its terms, ending it now, more issue codes,
 * withdrawing or reinstating one. Done, the page comes back at the same page of codes with a notice
 * (post, redirect, get); refused, with the API's words in the form.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const api = discountsApi(request);
  const promotionCode = codeOf(params);
  const form = await request.formData();
  const intent = formText(form, 'intent');
  const promotion = { params: { promotionCode, issueCode: promotionCode } };
  const done = (added: [string, string][]) =>
    redirectWithNotice(request, hrefWith(issueCodesHref(promotionCode, issueCodeView(new URL(request.url).searchParams)), added));
  const problemOf = (error: unknown) => stepProblemOf(error, new Set());

  if (intent === 'terms') {
    const values = postedPromotionForm(form);
    try {
      // Only what the form changed goes to the API, against the terms as they are now.
      const changed = changedTerms(promotionFormValues(await api.getDiscount(promotion)), values);
      if (!changed.ok) return uncheckedTerms(values, changed.errors);
      if (Object.keys(changed.body).length === 0) return done([['done', 'unchanged']]);
      await api.updateDiscount({ ...promotion, body: changed.body });
    } catch (error) {
      return refusedTerms(error, values);
    }
    return done([['done', 'saved']]);
  }
  if (intent === 'end') {
    try {
      await api.updateDiscount({ ...promotion, body: { endsAt: new Date().toISOString() } });
    } catch (error) {
      return refusedStep(error, { intent, values: {} }, problemOf);
    }
    return done([['done', 'ended']]);
  }
  if (intent === 'add-codes') {
    const values = { count: formText(form, 'count') };
    const count = parseWholeNumber(values.count, { min: 1, max: MAX_ISSUE_CODES_PER_BATCH });
    if (!count.ok) {
      return data<RefusedStep>({ intent, values, problem: { summary: count.message, stale: false, fields: { count: count.message } } }, { status: 400 });
    }
    try {
      await api.updateDiscount({ ...promotion, body: { addIssueCodes: count.value } });
    } catch (error) {
      return refusedStep(error, { intent, values }, problemOf);
    }
    return done([
      ['done', 'codes'],
      ['added', String(count.value)],
    ]);
  }
  if (intent !== 'withdraw' && intent !== 'reinstate') throw data(null, { status: 400 });
  const issueCode = formText(form, 'code').trim().toUpperCase();
  if (!/^[A-Z0-9]{1,40}$/.test(issueCode)) throw data(null, { status: 400 });
  try {
    await api.updateDiscount({ params: { promotionCode, issueCode }, body: { issueCodeVoided: intent === 'withdraw' } });
  } catch (error) {
    return refusedStep(error, { intent, values: { code: issueCode } }, problemOf);
  }
  return done([
    ['done', intent === 'withdraw' ? 'withdrawn' : 'reinstated'],
    ['issueCode', issueCode],
  ]);
}

export const meta: Route.MetaFunction = ({ params }) => [
  ...pageMeta(`${params.promotionCode.toUpperCase()} | Discounts`, 'A promotion: its terms, issue codes and claims.'),
  { name: 'robots', content: 'noindex' },
];

/** One promotion: what it offers and how it is used, its terms to edit, its issue codes and claims. */
export default function StaffDiscountPage({ loaderData, params }: Route.ComponentProps) {
  const code = codeOf(params);
  return (
    <>
      <PageHeader title={code} trail={[{ label: 'Your account', to: '/account' }, { label: 'Discounts', to: '/staff/discounts' }, { label: code }]} />
      <div className="container-page min-h-[30rem] py-8 lg:py-10">
        <Link to="/staff/discounts" className="inline-flex items-center gap-1">
          <ChevronLeftIcon className="size-4" />
          All promotions
        </Link>
        <div className="mt-6">
          {'forbidden' in loaderData ? (
            <NeedStaffAccount {...DISCOUNTS_AUDIENCE} />
          ) : 'missing' in loaderData ? (
            <EmptyState
              icon={<TagIcon className="size-8" />}
              title="No such promotion"
              actions={<ButtonLink to="/staff/discounts">Find a promotion</ButtonLink>}
            >
              <p>There is no promotion with the code {code}. Check the code, or search for it.</p>
            </EmptyState>
          ) : (
            <Promotion {...loaderData} />
          )}
        </div>
      </div>
    </>
  );
}

function doneNotice(done: Done, promotion: PromotionSummary, search: URLSearchParams): { title: string; detail?: string } {
  const code = promotion.promotionCode;
  switch (done) {
    case 'created':
      return {
        title: `${code} is created.`,
        detail:
          promotion.issueCodeCount > 0
            ? `Its ${promotion.issueCodeCount.toLocaleString('en-GB')} single-use issue codes are below: download them as a CSV file to print or send.`
            : 'Shoppers can use it at the basket from its start time.',
      };
    case 'saved':
      return { title: 'Your changes are saved.' };
    case 'unchanged':
      return { title: 'Nothing to save: you haven’t changed anything.' };
    case 'ended':
      return { title: `${code} has ended: shoppers can no longer use it.` };
    case 'codes':
      return { title: `${Number(search.get('added')).toLocaleString('en-GB')} new issue codes generated.` };
    case 'withdrawn':
      return { title: `${search.get('issueCode')} is withdrawn: it can no longer be used.` };
    case 'reinstated':
      return { title: `${search.get('issueCode')} is reinstated.` };
  }
}

type Loaded = Exclude<Route.ComponentProps['loaderData'], { forbidden: true } | { missing: true }>;

function Promotion({ promotion, terms, recentClaims, codes, view, claim, askingToEnd }: Loaded) {
  const [search] = useSearchParams();
  const { done, ref: status } = useStepDone(DONE);
  const notice = done && doneNotice(done, promotion, search);
  const refused = useActionData<typeof action>();
  const refusedTermsForm = refused && !('intent' in refused) ? (refused as RefusedTerms) : null;
  const here = issueCodesHref(promotion.promotionCode, { ...view, page: codes.page });

  return (
    <div className="space-y-10">
      <div ref={status} tabIndex={-1} className="focus:outline-none">
        {notice && <Notice title={notice.title}>{notice.detail}</Notice>}
      </div>

      <section aria-labelledby="promotion-overview">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="promotion-overview" className="text-2xl font-bold tracking-tight text-navy-950">
            {promotion.description}
          </h2>
          <StatusBadge status={promotion.status} />
          {promotion.status === 'active' && !askingToEnd && (
            <div className="ml-auto">
              <EndPromotionLink askHref={hrefWith(here, [[END_ASK.param, END_ASK.value]])} />
            </div>
          )}
        </div>
        {askingToEnd && <EndPromotion promotionCode={promotion.promotionCode} keepHref={here} />}
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
        <IssueCodesPanel promotionCode={promotion.promotionCode} codes={codes} view={view} />
      </Section>

      <Section id="claims" title="Claims">
        <div className="space-y-5">
          <ClaimsList claims={recentClaims} totalCount={promotion.claimCount} />
          <ClaimLookup action={`${here}#claims`} found={claim} />
        </div>
      </Section>

      <Section id="terms" title="Edit the terms">
        <div className="max-w-4xl">
          <PromotionForm
            // A saved change, or a refusal, draws the form again: with what the API stored, or with what was typed.
            key={refusedTermsForm ? JSON.stringify(refusedTermsForm) : promotion.updatedAt}
            mode="edit"
            intent="terms"
            initial={refusedTermsForm?.values ?? terms}
            refused={refusedTermsForm?.problem ?? null}
            check={(values) => changedTerms(terms, values)}
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
      <h2 id={id} className="mb-4 section-heading">
        {title}
      </h2>
      {children}
    </section>
  );
}
