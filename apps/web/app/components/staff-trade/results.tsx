import { formatPence, TRADE_APPLICATION_STATUS_NAMES, TRADE_APPLICATION_STATUSES, TRADE_TYPE_NAMES } from '@shop/contracts';
import type { TradeAccountSummary, TradeApplicationPage } from '@shop/contracts';
import { Link } from 'react-router';
import { formatInstant } from '../../lib/checkout/order-tracking.ts';
import { cn } from '../../lib/cn.ts';
import { bandLabel } from '../../lib/trade/bands.ts';
import { accountsHref, applicationsHref, hasFilters, type ApplicationFilters, type StaffSearchFilters } from '../../lib/trade/staff-search.ts';
import { staffAccountPath, staffApplicationPath, STAFF_TRADE_PATHS } from '../../lib/trade/trade-paths.ts';
import { NoResults } from '../staff/search-results.tsx';
import { TableHead } from '../staff/table-head.tsx';
import { ApplicationStatusBadge } from '../trade/application-parts.tsx';
import { Badge } from '../ui/badge.tsx';
import { UserIcon } from '../ui/icons.tsx';
import { Pagination } from '../ui/pagination.tsx';

interface Page<T> {
  items: T[];
  pageNumber: number;
  pageSize: number;
  totalCount: number;
  totalPages: number;
}

/** "Applications 21 to 40 of 57, oldest first", announced when the page changes. */
function Range({ page, noun, sort }: { page: Page<unknown>; noun: string; sort: string }) {
  const first = (page.pageNumber - 1) * page.pageSize + 1;
  const last = first + page.items.length - 1;
  return (
    <p className="text-sm text-navy-700" role="status">
      {noun} {first === last ? first : `${first} to ${last}`} of {page.totalCount}, {sort.toLowerCase()}
    </p>
  );
}

/** The queue's counts per status (over the whole queue), each a link to that status. */
export function StatusCounts({ counts, filters }: { counts: TradeApplicationPage['statusCounts']; filters: ApplicationFilters }) {
  return (
    <nav aria-label="Applications by status">
      <ul className="flex flex-wrap gap-2">
        {TRADE_APPLICATION_STATUSES.map((status) => {
          const current = filters.status === status;
          return (
            <li key={status}>
              <Link
                to={applicationsHref({ ...filters, status: current ? undefined : status, page: 1 })}
                aria-current={current ? 'true' : undefined}
                className={cn(
                  'inline-flex min-h-11 items-center gap-2 rounded-full px-4 text-sm font-semibold ring-1 ring-inset',
                  current ? 'bg-navy-900 text-white ring-navy-900' : 'bg-white text-navy-900 ring-navy-200 hover:bg-navy-50',
                )}
              >
                {TRADE_APPLICATION_STATUS_NAMES[status]}
                <span className={cn('rounded-full px-2 py-0.5 text-xs tabular-nums', current ? 'bg-white/20' : 'bg-navy-100')}>{counts[status]}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export function ApplicationResults({ page, filters, sortLabel }: { page: TradeApplicationPage; filters: ApplicationFilters; sortLabel: string }) {
  if (page.items.length === 0) {
    const filtered = hasFilters(filters);
    return (
      <NoResults icon={<UserIcon className="size-8" />} noun="applications" filtered={filtered} clearTo={STAFF_TRADE_PATHS.queue}>
        {filtered
          ? 'Try part of the name, the e-mail address or the postcode, or another status.'
          : 'Applications appear here as soon as a customer applies for a trade account.'}
      </NoResults>
    );
  }
  return (
    <>
      <Range page={page} noun="Applications" sort={sortLabel} />
      <div className="mt-3 hidden overflow-hidden rounded-xl border border-navy-100 md:block">
        <table className="w-full text-left text-sm">
          <TableHead
            caption={`Trade account applications, ${sortLabel.toLowerCase()}`}
            headings={['Business', 'Contact', 'Trade', 'Expected spend', 'Sent', 'Status']}
          />
          <tbody className="divide-y divide-navy-100 bg-white">
            {page.items.map((item) => (
              <tr key={item.id} className="align-top hover:bg-navy-50/60">
                <td className="py-3 pr-3 pl-4">
                  <Link
                    to={staffApplicationPath(item.tradeExternalId)}
                    className="font-semibold text-teal-700 underline decoration-teal-700/40 underline-offset-3"
                  >
                    {item.legalName}
                  </Link>
                  {item.tradingName && <span className="block text-navy-700">trading as {item.tradingName}</span>}
                  <span className="block text-navy-600">
                    {item.postcode} · {item.documentCount === 1 ? '1 document' : `${item.documentCount} documents`}
                  </span>
                </td>
                <td className="px-3 py-3 text-navy-800">
                  <span className="block font-medium text-navy-950">{item.contactName}</span>
                  <span className="block break-all text-navy-700">{item.email}</span>
                </td>
                <td className="px-3 py-3 text-navy-800">{TRADE_TYPE_NAMES[item.trade]}</td>
                <td className="px-3 py-3 whitespace-nowrap text-navy-800 tabular-nums">{formatPence(item.expectedMonthlySpendPence)} a month</td>
                <td className="px-3 py-3 whitespace-nowrap text-navy-800">
                  <time dateTime={item.submittedAt}>{formatInstant(item.submittedAt)}</time>
                </td>
                <td className="py-3 pr-4 pl-3">
                  <ApplicationStatusBadge status={item.status} />
                  {item.approvedBandCode && <span className="mt-1 block text-navy-700">Band {item.approvedBandCode}</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="mt-3 space-y-3 md:hidden" aria-label={`Trade account applications, ${sortLabel.toLowerCase()}`}>
        {page.items.map((item) => (
          <li key={item.id} className="rounded-xl border border-navy-100 bg-white p-4">
            <div className="flex items-start justify-between gap-3">
              <Link to={staffApplicationPath(item.tradeExternalId)} className="font-semibold text-teal-700 underline decoration-teal-700/40 underline-offset-3">
                {item.legalName}
              </Link>
              <ApplicationStatusBadge status={item.status} />
            </div>
            <p className="mt-1 text-sm text-navy-800">
              {item.contactName} · <span className="break-all">{item.email}</span>
            </p>
            <p className="mt-1 text-sm text-navy-700">
              {TRADE_TYPE_NAMES[item.trade]} · {item.postcode} · {formatPence(item.expectedMonthlySpendPence)} a month
            </p>
            <p className="mt-1 text-sm text-navy-600">
              Sent <time dateTime={item.submittedAt}>{formatInstant(item.submittedAt)}</time>
            </p>
          </li>
        ))}
      </ul>
      <Pagination
        className="mt-8"
        label="Application pages"
        current={page.pageNumber}
        total={page.totalPages}
        hrefFor={(target) => applicationsHref({ ...filters, page: target })}
      />
    </>
  );
}

export function AccountResults({ page, filters, sortLabel }: { page: Page<TradeAccountSummary>; filters: StaffSearchFilters; sortLabel: string }) {
  if (page.items.length === 0) {
    const filtered = hasFilters(filters);
    return (
      <NoResults icon={<UserIcon className="size-8" />} noun="trade accounts" filtered={filtered} clearTo={STAFF_TRADE_PATHS.accounts}>
        {filtered
          ? 'Try part of the name, the e-mail address or the postcode, or another band.'
          : 'Trade accounts appear here once an application is approved.'}
      </NoResults>
    );
  }
  return (
    <>
      <Range page={page} noun="Trade accounts" sort={sortLabel} />
      <ul
        className="mt-3 divide-y divide-navy-100 overflow-hidden rounded-xl border border-navy-100 bg-white"
        aria-label={`Trade accounts, ${sortLabel.toLowerCase()}`}
      >
        {page.items.map((account) => (
          <li key={account.id} className="grid gap-2 p-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,2fr)_auto] sm:items-center">
            <div className="min-w-0">
              <Link to={staffAccountPath(account.id)} className="font-semibold text-teal-700 underline decoration-teal-700/40 underline-offset-3">
                {account.legalName}
              </Link>
              {account.tradingName && <span className="block text-sm text-navy-700">trading as {account.tradingName}</span>}
              <span className="block font-mono text-sm text-navy-600">{account.tradeExternalId}</span>
            </div>
            <p className="min-w-0 text-sm text-navy-800">
              {account.contactName}
              <span className="block break-all text-navy-700">{account.email}</span>
              <span className="block text-navy-600">
                {account.postcode} · opened <time dateTime={account.createdAt}>{formatInstant(account.createdAt)}</time>
              </span>
            </p>
            <Badge tone="accent">{bandLabel(account.band)}</Badge>
          </li>
        ))}
      </ul>
      <Pagination
        className="mt-8"
        label="Trade account pages"
        current={page.pageNumber}
        total={page.totalPages}
        hrefFor={(target) => accountsHref({ ...filters, page: target })}
      />
    </>
  );
}
