import { createReviewListingsClient } from '@shop/api-client';
import type { OfferingInsights } from '@shop/contracts';
import { Form, redirect } from 'react-router';
import type { Route } from './+types/staff-review-insights';
import { NeedStaffAccount } from '../components/auth/staff-gate.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { RatingChart } from '../components/staff-reviews/rating-chart.tsx';
import { Button } from '../components/ui/button.tsx';
import { FormField } from '../components/ui/form-field.tsx';
import { Input } from '../components/ui/input.tsx';
import { Link } from '../components/ui/link.tsx';
import { RatingStars } from '../components/ui/rating-stars.tsx';
import { staffClient, staffRead } from '../lib/auth/staff-page.server.ts';
import { pageMeta } from '../lib/meta.ts';
import { insightsHref, REVIEW_ROLES, REVIEWS_AUDIENCE, REVIEWS_PATH } from '../lib/staff-reviews/queue.ts';

/**
 * The product's insights, read on the server for the signed-in moderator. "Show insights" for
 * another code is a plain GET form (`?sku=`), sent on to that product's own address.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const api = staffClient(request, REVIEW_ROLES, 'reviews', createReviewListingsClient);
  const typed = new URL(request.url).searchParams.get('sku')?.trim();
  if (typed) throw redirect(insightsHref(typed));
  const { sku } = params;
  return staffRead(async () => ({ insights: await api.getOfferingInsights({ query: { sku } }) }), { missing: true } as const);
}

export const meta: Route.MetaFunction = ({ params }) => [
  ...pageMeta(`Insights for ${params.sku}`, 'What a product’s reviews say over time, and what shoppers ask about it.'),
  { name: 'robots', content: 'noindex' },
];

/** A product's insights from its reviews: the rating by month, the words of low and high reviews, the questions asked. Loaded in the browser. */
export default function StaffReviewInsightsPage({ loaderData, params }: Route.ComponentProps) {
  const { sku } = params;
  return (
    <>
      <PageHeader
        title="Product insights"
        intro={<p>What a product’s published reviews say over time, the words shoppers use in low and high reviews, and how many questions they ask.</p>}
        trail={[{ label: 'Your account', to: '/account' }, { label: 'Reviews', to: REVIEWS_PATH }, { label: sku || 'Insights' }]}
      />
      <div className="container-page min-h-[36rem] py-8 lg:py-10">
        {'forbidden' in loaderData ? (
          <NeedStaffAccount {...REVIEWS_AUDIENCE} />
        ) : (
          <div className="space-y-8">
            <LookUp sku={sku} />
            {'missing' in loaderData ? (
              <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 font-medium text-red-800">
                We couldn’t find a product with the code {sku}. Check the code and try again.
              </p>
            ) : (
              <InsightsPanel insights={loaderData.insights} />
            )}
          </div>
        )}
      </div>
    </>
  );
}

/** Another product's insights, by its code: a plain GET form, which the loader sends on to that product's address. */
function LookUp({ sku }: { sku: string }) {
  return (
    <Form method="get" role="search" aria-label="Another product’s insights" className="flex flex-wrap items-end gap-3">
      <FormField label="Product code" className="min-w-0 flex-1 basis-56 sm:max-w-xs">
        {(control) => <Input {...control} name="sku" defaultValue={sku} key={sku} autoComplete="off" spellCheck={false} />}
      </FormField>
      <Button type="submit" variant="secondary">
        Show insights
      </Button>
    </Form>
  );
}

const figure = 'rounded-2xl border border-navy-100 bg-white p-3 sm:p-5';

function InsightsPanel({ insights }: { insights: OfferingInsights }) {
  return (
    <>
      <div>
        <h2 className="text-2xl font-bold tracking-tight text-navy-950">{insights.productName}</h2>
        <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-navy-700">
          <span className="font-mono">{insights.sku}</span>
          <Link to={`/p/${insights.slug}`}>See it in the shop</Link>
        </p>
      </div>
      <dl className="grid grid-cols-3 gap-2 sm:gap-4">
        <div className={figure}>
          <dt className="text-sm font-semibold text-navy-700">Average rating</dt>
          <dd className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="text-2xl font-bold text-navy-950 tabular-nums sm:text-3xl">{insights.averageRating.toFixed(1)}</span>
            <RatingStars rating={insights.averageRating} />
          </dd>
        </div>
        <div className={figure}>
          <dt className="text-sm font-semibold text-navy-700">Published reviews</dt>
          <dd className="mt-2 text-2xl font-bold text-navy-950 tabular-nums sm:text-3xl">{insights.reviewsCount.toLocaleString('en-GB')}</dd>
        </div>
        <div className={figure}>
          <dt className="text-sm font-semibold text-navy-700">Questions asked</dt>
          <dd className="mt-2 text-2xl font-bold text-navy-950 tabular-nums sm:text-3xl">{insights.questionsAsked.toLocaleString('en-GB')}</dd>
        </div>
      </dl>
      <section aria-labelledby="rating-trend" className="space-y-3">
        <h2 id="rating-trend" className="text-xl font-bold text-navy-950">
          Rating by month
        </h2>
        {insights.ratingTrend.length === 0 ? (
          <p className="text-navy-700">No published reviews yet, so there is no trend to show.</p>
        ) : (
          <RatingChart trend={insights.ratingTrend} />
        )}
      </section>
      <AfterSales figures={insights.afterSales} />
      <div className="grid gap-6 md:grid-cols-2">
        <WordList id="low-words" title="Words in 1 and 2 star reviews" words={insights.lowReviewWords} tone="low" />
        <WordList id="high-words" title="Words in 4 and 5 star reviews" words={insights.highReviewWords} tone="high" />
      </div>
    </>
  );
}

/** Returns and damage reports against the units sent: "no units sent yet" rather than a 0% that means nothing. */
function AfterSales({ figures }: { figures: OfferingInsights['afterSales'] }) {
  const rate = (value: number | null, units: number, what: string) =>
    value === null ? 'None sent yet' : `${value.toLocaleString('en-GB', { maximumFractionDigits: 1 })}% (${units.toLocaleString('en-GB')} ${what})`;
  return (
    <section aria-labelledby="after-sales" className="space-y-3">
      <h2 id="after-sales" className="text-xl font-bold text-navy-950">
        Returns and damage
      </h2>
      <dl className="grid grid-cols-1 gap-2 sm:grid-cols-3 sm:gap-4">
        <div className={figure}>
          <dt className="text-sm font-semibold text-navy-700">Units sent</dt>
          <dd className="mt-2 text-2xl font-bold text-navy-950 tabular-nums">{figures.unitsSent.toLocaleString('en-GB')}</dd>
        </div>
        <div className={figure}>
          <dt className="text-sm font-semibold text-navy-700">Return rate</dt>
          <dd className="mt-2 text-lg font-bold text-navy-950 tabular-nums">{rate(figures.returnRate, figures.unitsReturned, 'returned')}</dd>
        </div>
        <div className={figure}>
          <dt className="text-sm font-semibold text-navy-700">Reported damaged on delivery</dt>
          <dd className="mt-2 text-lg font-bold text-navy-950 tabular-nums">{rate(figures.damageRate, figures.unitsReportedDamaged, 'reported')}</dd>
        </div>
      </dl>
    </section>
  );
}

function WordList({ id, title, words, tone }: { id: string; title: string; words: OfferingInsights['lowReviewWords']; tone: 'low' | 'high' }) {
  const most = Math.max(1, ...words.map((word) => word.count));
  return (
    <section aria-labelledby={id} className={figure}>
      <h3 id={id} className="text-lg font-bold text-navy-950">
        {title}
      </h3>
      {words.length === 0 ? (
        <p className="mt-2 text-sm text-navy-700">No published reviews with these ratings yet.</p>
      ) : (
        <ol className="mt-3 space-y-2">
          {words.map((word) => (
            <li key={word.word} className="grid grid-cols-[8rem_1fr_2.5rem] items-center gap-3 text-sm">
              <span className="truncate font-medium text-navy-950">{word.word}</span>
              <span className="h-2 overflow-hidden rounded-full bg-navy-50" aria-hidden="true">
                <span
                  className={`block h-full rounded-full ${tone === 'low' ? 'bg-red-400' : 'bg-teal-600'}`}
                  style={{ width: `${(word.count / most) * 100}%` }}
                />
              </span>
              <span className="text-right text-navy-700 tabular-nums">
                {word.count}
                <span className="sr-only"> {word.count === 1 ? 'time' : 'times'}</span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
