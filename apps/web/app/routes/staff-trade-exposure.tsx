import { formatPence } from '@shop/contracts';
import type { Route } from './+types/staff-trade-exposure';
import { NeedStaffAccount } from '../components/auth/staff-gate.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { Link } from '../components/ui/link.tsx';
import { Pagination } from '../components/ui/pagination.tsx';
import { staffRead } from '../lib/auth/staff-page.server.ts';
import { pageMeta } from '../lib/meta.ts';
import { STAFF_CREDIT_WEBHOOKS_PATH, STAFF_EXPOSURE_PATH } from '../lib/trade/staff-exposure.ts';
import { staffTradeCreditClient } from '../lib/trade/trade-api.server.ts';
import { staffAccountPath, STAFF_TRADE_PATHS, TRADE_REVIEW_AUDIENCE } from '../lib/trade/trade-paths.ts';

const PAGE_SIZE = 20;

/** A page of the exposure report, read on the server for the signed-in reviewer. */
export async function loader({ request }: Route.LoaderArgs) {
  const page = Math.min(10_000, Math.max(1, Number.parseInt(new URL(request.url).searchParams.get('page') ?? '1', 10) || 1));
  return staffRead(async () => ({ report: await staffTradeCreditClient(request).getCreditExposure({ query: { pageNumber: page, pageSize: PAGE_SIZE } }) }));
}

export const meta: Route.MetaFunction = () => [
  ...pageMeta('Exposure on account | Staff', 'Each business paying on account with Two: its limit, what is in use and what is overdue.'),
  { name: 'robots', content: 'noindex' },
];

const COLUMNS = ['Business', 'Limit with Two', 'In use', 'Overdue', 'Orders on account'] as const;

const money = (pence: number | null) => (pence === null ? 'Not known' : formatPence(pence));

/** Staff's exposure report (decision 0091): the businesses paying on account, most owed first. */
export default function StaffTradeExposurePage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Exposure on account"
        intro={<p>Each business paying on account with Two, most owed first: Two’s limit now, what our orders on account have in use, and what is overdue.</p>}
        trail={[{ label: 'Your account', to: '/account' }, { label: 'Trade applications', to: STAFF_TRADE_PATHS.queue }, { label: 'Exposure on account' }]}
      />
      <div className="container-page min-h-[30rem] py-8 lg:py-10">
        {'forbidden' in loaderData ? <NeedStaffAccount {...TRADE_REVIEW_AUDIENCE} /> : <Report report={loaderData.report} />}
      </div>
    </>
  );
}

function Report({ report }: { report: Extract<Route.ComponentProps['loaderData'], { report: unknown }>['report'] }) {
  return (
    <div className="space-y-6">
      <p className="flex flex-wrap gap-x-6 gap-y-2">
        <Link to={STAFF_TRADE_PATHS.queue}>Back to the applications</Link>
        <Link to={STAFF_CREDIT_WEBHOOKS_PATH}>Webhooks from Two</Link>
      </p>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {[
          ['Businesses', String(report.totalCount)],
          ['In use', formatPence(report.inUsePence)],
          ['Overdue', formatPence(report.overduePence)],
        ].map(([term, value]) => (
          <div key={term} className="rounded-2xl border border-navy-100 bg-white p-4">
            <dt className="text-sm font-semibold text-navy-700">{term}</dt>
            <dd className="mt-1 text-2xl font-extrabold text-navy-950 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {report.items.length === 0 ? (
        <p className="text-navy-700">No business has applied to pay on account yet.</p>
      ) : (
        <div className="overflow-x-auto rounded-2xl border border-navy-100 bg-white">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">Businesses paying on account, most owed first</caption>
            <thead className="bg-sand-50 text-navy-700">
              <tr>
                {COLUMNS.map((column, index) => (
                  <th key={column} scope="col" className={`px-4 py-3 font-semibold ${index > 0 ? 'text-right' : ''}`}>
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-navy-100">
              {report.items.map((item) => (
                <tr key={item.tradeAccountId}>
                  <th scope="row" className="px-4 py-3 font-medium">
                    <Link to={staffAccountPath(item.tradeAccountId)}>{item.businessName}</Link>
                    {item.organisationNumber && <span className="block text-xs font-normal text-navy-700">{item.organisationNumber}</span>}
                  </th>
                  <td className="px-4 py-3 text-right tabular-nums">{money(item.limitPence)}</td>
                  <td className="px-4 py-3 text-right font-semibold tabular-nums">{formatPence(item.inUsePence)}</td>
                  <td className={`px-4 py-3 text-right tabular-nums ${item.overduePence > 0 ? 'font-semibold text-red-800' : ''}`}>
                    {formatPence(item.overduePence)}
                  </td>
                  <td className="px-4 py-3 text-right tabular-nums">{item.ordersOnAccount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination
        label="Exposure pages"
        current={report.pageNumber}
        total={report.totalPages}
        hrefFor={(page) => (page === 1 ? STAFF_EXPOSURE_PATH : `${STAFF_EXPOSURE_PATH}?page=${page}`)}
      />
    </div>
  );
}
