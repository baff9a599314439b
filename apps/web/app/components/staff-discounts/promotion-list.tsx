import type { DiscountSearchPage, PromotionSummary } from '@shop/contracts';
import { useState } from 'react';
import { Form, Link, useNavigate } from 'react-router';
import { formatPence } from '@shop/contracts';
import {
  CHANNEL_LABELS,
  CHANNELS,
  STATUS_BADGES,
  TARGET_LABELS,
  formatChannels,
  formatDay,
  formatDiscount,
  formatUsage,
  promotionHref,
} from '../../lib/staff-discounts/promotion.ts';
import { discountFilters, discountsHref, hasFilters, type DiscountFilters } from '../../lib/staff-discounts/search.ts';
import { TableHead } from '../staff/table-head.tsx';
import { NoResults, recordLink, RecordCardHeading, ResultsRange, SearchActions, StatusFilter } from '../staff/search-results.tsx';
import { Badge } from '../ui/badge.tsx';
import { FormField } from '../ui/form-field.tsx';
import { TagIcon } from '../ui/icons.tsx';
import { Input } from '../ui/input.tsx';
import { Pagination } from '../ui/pagination.tsx';
import { Select } from '../ui/select.tsx';

export const StatusBadge = ({ status }: { status: PromotionSummary['status'] }) => (
  <Badge tone={STATUS_BADGES[status].tone}>{STATUS_BADGES[status].label}</Badge>
);

/** The filters, as a plain GET form: they live in the address, so a filtered list can be shared. */
export function DiscountFiltersForm({ filters }: { filters: DiscountFilters }) {
  // Keyed on the address so Back/Forward reset the fields to what the list shows.
  const key = discountsHref({ ...filters, page: 1 });
  const navigate = useNavigate();
  const [dateError, setDateError] = useState<string | null>(null);
  return (
    <Form
      key={key}
      // Empty fields are left out of the address (without JavaScript the plain GET still works).
      onSubmit={(event) => {
        event.preventDefault();
        const params = new URLSearchParams();
        for (const [name, value] of new FormData(event.currentTarget)) if (typeof value === 'string') params.set(name, value);
        const next = discountFilters(params);
        if (next.from && next.to && next.to < next.from) return setDateError('Choose a day on or after “Running from”');
        setDateError(null);
        void navigate(discountsHref({ ...next, page: 1 }));
      }}
      method="get"
      action="/staff/discounts"
      role="search"
      aria-label="Filter promotions"
      className={
        'grid gap-4 rounded-2xl border border-navy-100 bg-sand-50 p-4 sm:grid-cols-2 ' +
        'lg:grid-cols-[minmax(14rem,2fr)_repeat(4,minmax(0,1fr))_auto] lg:items-start'
      }
    >
      <FormField label="Code or description" className="sm:col-span-2 lg:col-span-1">
        {(control) => (
          <Input
            {...control}
            type="search"
            name="text"
            defaultValue={filters.text}
            autoComplete="off"
            spellCheck={false}
            placeholder="e.g. WELCOME10, or an issue code"
            maxLength={100}
          />
        )}
      </FormField>
      <FormField label="Channel">
        {(control) => (
          <Select
            {...control}
            name="channel"
            defaultValue={filters.channel ? String(filters.channel) : ''}
            options={[{ value: '', label: 'All channels' }, ...CHANNELS.map((channel) => ({ value: String(channel), label: CHANNEL_LABELS[channel] }))]}
          />
        )}
      </FormField>
      <StatusFilter
        value={filters.status}
        statuses={[
          { value: 'active', label: 'Active' },
          { value: 'scheduled', label: 'Scheduled' },
          { value: 'expired', label: 'Expired' },
        ]}
      />
      <FormField label="Running from">{(control) => <Input {...control} type="date" name="from" defaultValue={filters.from} />}</FormField>
      <FormField label="Running to" error={dateError}>
        {(control) => <Input {...control} type="date" name="to" defaultValue={filters.to} />}
      </FormField>
      <div className="flex items-center gap-3 sm:col-span-2 lg:col-span-1 lg:pt-[1.625rem]">
        <SearchActions clearTo="/staff/discounts" filtered={hasFilters(filters)} />
      </div>
    </Form>
  );
}

/** Promotions as a table on wider screens and as cards on phones (only one is shown, so read once). */
export function PromotionResults({ page, filters }: { page: DiscountSearchPage; filters: DiscountFilters }) {
  if (page.items.length === 0) {
    const filtered = hasFilters(filters);
    return (
      <NoResults icon={<TagIcon className="size-8" />} noun="promotions" filtered={filtered} clearTo="/staff/discounts">
        {filtered ? 'Try other words, another channel or status, or wider dates.' : 'Create a promotion to give shoppers a code to use at the basket.'}
      </NoResults>
    );
  }
  return (
    <>
      <ResultsRange page={page} singular="Promotion" plural="Promotions" />
      <div className="mt-3 hidden overflow-hidden rounded-xl border border-navy-100 md:block">
        <table className="w-full text-left text-sm">
          <TableHead caption="Promotions, newest first" headings={['Code', 'Channels', 'Applies to', 'Discount', 'Min. spend', 'Dates', 'Status', 'Uses']} />
          <tbody className="divide-y divide-navy-100 bg-white">
            {page.items.map((promotion) => (
              <tr key={promotion.promotionCode} className="align-top hover:bg-navy-50/60">
                <td className="max-w-72 py-3 pr-3 pl-4">
                  <Link to={promotionHref(promotion.promotionCode)} className={recordLink}>
                    {promotion.promotionCode}
                  </Link>
                  <p className="mt-0.5 text-navy-700">{promotion.description}</p>
                </td>
                <td className="px-3 py-3 text-navy-800">{formatChannels(promotion.channels)}</td>
                <td className="px-3 py-3 text-navy-800">{TARGET_LABELS[promotion.targetType]}</td>
                <td className="px-3 py-3 font-semibold whitespace-nowrap text-navy-950">{formatDiscount(promotion.discountType, promotion.value)}</td>
                <td className="px-3 py-3 whitespace-nowrap text-navy-800">{promotion.minimumSpendPence ? formatPence(promotion.minimumSpendPence) : 'None'}</td>
                <td className="px-3 py-3 text-navy-800">
                  <Dates promotion={promotion} />
                </td>
                <td className="px-3 py-3">
                  <StatusBadge status={promotion.status} />
                </td>
                <td className="py-3 pr-4 pl-3 whitespace-nowrap text-navy-800">
                  {formatUsage(promotion)}
                  {promotion.issueCodeCount > 0 && <p className="text-xs text-navy-600">{promotion.issueCodeCount} issue codes</p>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="mt-3 space-y-3 md:hidden" aria-label="Promotions, newest first">
        {page.items.map((promotion) => (
          <li key={promotion.promotionCode} className="rounded-xl border border-navy-100 bg-white p-4">
            <RecordCardHeading to={promotionHref(promotion.promotionCode)} label={promotion.promotionCode}>
              <StatusBadge status={promotion.status} />
            </RecordCardHeading>
            <p className="mt-1 text-navy-700">{promotion.description}</p>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="font-semibold text-navy-700">Discount</dt>
              <dd className="font-semibold text-navy-950">
                {formatDiscount(promotion.discountType, promotion.value)} off {TARGET_LABELS[promotion.targetType].toLowerCase()}
              </dd>
              <dt className="font-semibold text-navy-700">Min. spend</dt>
              <dd>{promotion.minimumSpendPence ? formatPence(promotion.minimumSpendPence) : 'None'}</dd>
              <dt className="font-semibold text-navy-700">Channels</dt>
              <dd>{formatChannels(promotion.channels)}</dd>
              <dt className="font-semibold text-navy-700">Dates</dt>
              <dd>
                <Dates promotion={promotion} />
              </dd>
              <dt className="font-semibold text-navy-700">Uses</dt>
              <dd>{formatUsage(promotion)}</dd>
            </dl>
          </li>
        ))}
      </ul>
      <Pagination
        className="mt-8"
        label="Promotion pages"
        current={page.pageNumber}
        total={page.totalPages}
        hrefFor={(target) => discountsHref({ ...filters, page: target })}
      />
    </>
  );
}

function Dates({ promotion }: { promotion: Pick<PromotionSummary, 'startsAt' | 'endsAt'> }) {
  return (
    <span className="whitespace-nowrap">
      <time dateTime={promotion.startsAt}>{formatDay(promotion.startsAt)}</time>
      {' – '}
      {promotion.endsAt ? <time dateTime={promotion.endsAt}>{formatDay(promotion.endsAt)}</time> : 'no end'}
    </span>
  );
}
