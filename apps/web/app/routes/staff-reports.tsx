import { createAnalyticsClient } from '@shop/api-client';
import type { CarouselDays, ShopReport } from '@shop/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Route } from './+types/staff-reports';
import { NeedStaffAccount } from '../components/auth/staff-gate.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { Bars, DayLines, SalesColumns, type BarRow } from '../components/staff-reports/charts.tsx';
import { buttonClasses } from '../components/ui/button.tsx';
import { ErrorSummary } from '../components/ui/error-summary.tsx';
import { requireShopSession } from '../lib/auth/session.server.ts';
import { searchRead, staffClient, staffRead } from '../lib/auth/staff-page.server.ts';
import { addSynonymHref, canManageSynonyms } from '../lib/staff-search/synonyms.ts';
import { productPath } from '../lib/catalogue.ts';
import { pageMeta } from '../lib/meta.ts';

/** Staff who read the reports: analysts and administrators, as the API's contract requires. */
const REPORT_ROLES = ['analyst', 'admin'] as const;
const REPORT_AUDIENCE = { what: 'The shop’s reports', who: 'analysts' };
const isoDay = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);

/** The report for the days in the address (the last 28 without), read on the server for the signed-in member of staff. */
export async function loader({ request }: Route.LoaderArgs) {
  const api = staffClient(request, REPORT_ROLES, 'analytics', createAnalyticsClient);
  const search = new URL(request.url).searchParams;
  const asked = { from: search.get('from') ?? '', to: search.get('to') ?? '' };
  const query = { ...(isoDay(asked.from) && { from: asked.from }), ...(isoDay(asked.to) && { to: asked.to }) };
  const typedBadly = (asked.from !== '' && !query.from) || (asked.to !== '' && !query.to);
  // Analysts read the report; those who may also say which words mean the same get a link to do so for each search that found nothing.
  const synonyms = canManageSynonyms(requireShopSession(request).profile.roles);
  return staffRead(async () => ({
    asked,
    synonyms,
    ...(typedBadly
      ? { page: null, problem: 'Enter dates in the format 2026-03-01' }
      : await searchRead(async () => {
          const [report, carouselDays] = await Promise.all([api.getShopReport({ query }), api.getCarouselDays({ query })]);
          return { ...report, carouselDays: carouselDays.carousels };
        })),
  }));
}

export const meta: Route.MetaFunction = () => [
  ...pageMeta('Shop reports', 'Sales per day, top products, the checkout funnel, carousel click-through and searches that found nothing.'),
  { name: 'robots', content: 'noindex' },
];

export default function StaffReportsPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Shop reports"
        intro={<p>Sales come from orders; what shoppers looked at and searched for, from shopping events counted without naming anyone.</p>}
        trail={[{ label: 'Your account', to: '/account' }, { label: 'Shop reports' }]}
      />
      <div className="container-page min-h-[30rem] space-y-10 py-8 lg:py-10">
        {'forbidden' in loaderData ? (
          <NeedStaffAccount {...REPORT_AUDIENCE} />
        ) : (
          <>
            <RangeForm from={loaderData.page?.from ?? loaderData.asked.from} to={loaderData.page?.to ?? loaderData.asked.to} />
            {loaderData.page === null ? (
              <ErrorSummary problems={[{ message: loaderData.problem }]} />
            ) : (
              <Report report={loaderData.page} synonyms={loaderData.synonyms} />
            )}
          </>
        )}
      </div>
    </>
  );
}

/** The days to report on, as a plain GET form: the report's address says its range. */
function RangeForm({ from, to }: { from: string; to: string }) {
  return (
    <form method="get" className="flex flex-wrap items-end gap-4" aria-label="Days to report on">
      <div className="space-y-1">
        <label htmlFor="report-from" className="block font-semibold text-navy-950">
          From
        </label>
        <input id="report-from" name="from" type="date" defaultValue={from} className="rounded-lg border border-navy-300 px-3 py-2" />
      </div>
      <div className="space-y-1">
        <label htmlFor="report-to" className="block font-semibold text-navy-950">
          To
        </label>
        <input id="report-to" name="to" type="date" defaultValue={to} className="rounded-lg border border-navy-300 px-3 py-2" />
      </div>
      <button type="submit" className={buttonClasses('primary', 'md')}>
        Show report
      </button>
    </form>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-4 rounded-2xl border border-navy-100 bg-white p-5 sm:p-6">
      <h2 id={id} className="section-heading">
        {title}
      </h2>
      {children}
    </section>
  );
}

const Empty = ({ children }: { children: ReactNode }) => <p className="text-navy-700">{children}</p>;
const plural = (count: number, one: string, many: string) => `${count.toLocaleString('en-GB')} ${count === 1 ? one : many}`;

/** A product's bar: its name linking to its page. */
const productBar = (product: { productId: number; name: string; slug: string }, value: number, text: string): BarRow => ({
  key: String(product.productId),
  label: <Link to={productPath(product.slug)}>{product.name}</Link>,
  value,
  text,
});

function Report({ report, synonyms }: { report: ShopReport & { carouselDays: CarouselDays['carousels'] }; synonyms: boolean }) {
  const sold = report.salesPerDay.some((day) => day.orders > 0);
  const started = report.funnel[0]!.count;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <div className="lg:col-span-2">
        <Section id="sales-heading" title="Sales per day">
          {sold ? (
            <SalesColumns days={report.salesPerDay} label={`Orders’ takings per day, ${report.from} to ${report.to}`} />
          ) : (
            <Empty>No orders were placed in these days.</Empty>
          )}
        </Section>
      </div>
      <Section id="top-sellers-heading" title="Top sellers">
        {report.topSellers.length ? (
          <Bars label="Products by units sold" rows={report.topSellers.map((row) => productBar(row, row.units, plural(row.units, 'sold', 'sold')))} />
        ) : (
          <Empty>Nothing was sold in these days.</Empty>
        )}
      </Section>
      <Section id="most-viewed-heading" title="Most viewed">
        {report.mostViewed.length ? (
          <Bars
            label="Products by views"
            rows={report.mostViewed.map((row) => productBar(row, row.views, `${plural(row.views, 'view', 'views')}, ${plural(row.added, 'added', 'added')}`))}
          />
        ) : (
          <Empty>No product views were counted in these days.</Empty>
        )}
      </Section>
      <Section id="funnel-heading" title="Checkout funnel">
        {started ? (
          <Bars
            label="Shoppers at each step of checkout"
            rows={report.funnel.map((row) => ({
              key: row.step,
              label: row.step,
              value: row.count,
              text: `${row.count.toLocaleString('en-GB')} (${Math.round((row.count / started) * 100)}%)`,
            }))}
          />
        ) : (
          <Empty>No basket was viewed in these days, so there is no funnel to draw.</Empty>
        )}
      </Section>
      <Section id="carousels-heading" title="Carousel click-through">
        {report.carouselClickThrough.length ? <CarouselClickThrough rows={report.carouselClickThrough} /> : <Empty>No carousel was seen in these days.</Empty>}
      </Section>
      <Section id="no-results-heading" title="Searches with no results">
        {report.searchesWithoutResults.length ? (
          <Bars
            label="Searches that found nothing, most asked first"
            rows={report.searchesWithoutResults.map((row) => ({
              key: row.query,
              label: (
                <>
                  “{row.query}”
                  {synonyms && (
                    <Link to={addSynonymHref(row.query)} className="block text-sm">
                      Add a synonym for “{row.query}”
                    </Link>
                  )}
                </>
              ),
              value: row.count,
              text: plural(row.count, 'search', 'searches'),
            }))}
          />
        ) : (
          <Empty>Every search in these days found something.</Empty>
        )}
      </Section>
      {report.carouselClickThrough.length > 0 && (
        <div className="lg:col-span-2">
          <Section id="carousel-days-heading" title="Carousel click-through per day">
            <CarouselsPerDay carousels={report.carouselDays} from={report.from} to={report.to} />
          </Section>
        </div>
      )}
    </div>
  );
}

const rate = (percent: number) => `${percent.toLocaleString('en-GB', { maximumFractionDigits: 1 })}%`;

/** Each carousel's share of views that led to a product being pressed, drawn as bars, and the same figures as a table. */
function CarouselClickThrough({ rows }: { rows: ShopReport['carouselClickThrough'] }) {
  return (
    <>
      <Bars
        label="Carousels by click-through, the share of views with a product pressed"
        rows={rows.map((row) => ({
          key: row.carousel,
          label: row.title,
          value: row.ratePercent,
          text: `${rate(row.ratePercent)} of ${plural(row.viewed, 'view', 'views')}`,
        }))}
      />
      <details>
        <summary className="cursor-pointer font-semibold text-teal-800">Show the figures as a table</summary>
        <table className="mt-3 w-full text-left text-sm">
          <caption className="sr-only">Carousel click-through</caption>
          <thead>
            <tr>
              <th scope="col">Carousel</th>
              <ClickThroughHeads />
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.carousel} className="border-t border-navy-100">
                <th scope="row" className="py-1 font-normal">
                  {row.title}
                </th>
                <ClickThroughCells {...row} />
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </>
  );
}

/** The click-through tables' figure columns, the totals' and the per-day table's alike. */
function ClickThroughHeads() {
  return (
    <>
      <th scope="col" className="text-right">
        Views
      </th>
      <th scope="col" className="text-right">
        Products pressed
      </th>
      <th scope="col" className="text-right">
        Click-through
      </th>
    </>
  );
}

function ClickThroughCells({ viewed, clicked, ratePercent }: { viewed: number; clicked: number; ratePercent: number }) {
  return (
    <>
      <td className="text-right tabular-nums">{viewed.toLocaleString('en-GB')}</td>
      <td className="text-right tabular-nums">{clicked.toLocaleString('en-GB')}</td>
      <td className="text-right tabular-nums">{rate(ratePercent)}</td>
    </>
  );
}

/** Each carousel's click-through day by day, a line each, and the figures of every day it was seen as a table. */
function CarouselsPerDay({ carousels, from, to }: { carousels: CarouselDays['carousels']; from: string; to: string }) {
  const seenDays = carousels.flatMap((carousel) => carousel.days.filter((day) => day.viewed > 0).map((day) => ({ ...day, carousel })));
  return (
    <>
      <DayLines
        label={`Each carousel’s click-through per day, ${from} to ${to}, a line each; a day it was not seen breaks its line`}
        days={carousels[0]!.days.map((day) => day.day)}
        lines={carousels.map((carousel) => ({ key: carousel.carousel, label: carousel.title, values: carousel.days.map((day) => day.ratePercent) }))}
      />
      <details>
        <summary className="cursor-pointer font-semibold text-teal-800">Show the figures per day as a table</summary>
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="py-1 text-left text-navy-700">Each day a carousel was seen; days it was not are left out.</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Carousel</th>
                <ClickThroughHeads />
              </tr>
            </thead>
            <tbody>
              {seenDays
                .toSorted((a, b) => a.day.localeCompare(b.day))
                .map((row) => (
                  <tr key={`${row.day} ${row.carousel.carousel}`} className="border-t border-navy-100">
                    <td className="py-1 whitespace-nowrap tabular-nums">{row.day}</td>
                    <th scope="row" className="font-normal">
                      {row.carousel.title}
                    </th>
                    <ClickThroughCells viewed={row.viewed} clicked={row.clicked} ratePercent={row.ratePercent ?? 0} />
                  </tr>
                ))}
            </tbody>
          </table>
        </div>
      </details>
    </>
  );
}
