import { HELP_REQUEST_STATUSES, HELP_REQUEST_TYPES, type HelpInboxPage, type HelpRequestStatus } from '@shop/contracts';
import { Form, Link, useNavigate } from 'react-router';
import { formatInstant } from '../../lib/checkout/order-tracking.ts';
import { HELP_INBOX_PATH, STATUS_BADGES, hasFilters, inboxFilters, inboxHref, requestHref, typeName, type InboxFilters } from '../../lib/staff-help/inbox.ts';
import { NoResults, recordLink, RecordCardHeading, ResultsRange, SearchActions, StatusFilter } from '../staff/search-results.tsx';
import { TableHead } from '../staff/table-head.tsx';
import { Badge } from '../ui/badge.tsx';
import { FormField } from '../ui/form-field.tsx';
import { HelpIcon } from '../ui/icons.tsx';
import { Input } from '../ui/input.tsx';
import { Pagination } from '../ui/pagination.tsx';
import { Select } from '../ui/select.tsx';

export const HelpStatusBadge = ({ status }: { status: HelpRequestStatus }) => <Badge tone={STATUS_BADGES[status].tone}>{STATUS_BADGES[status].label}</Badge>;

export const OverdueBadge = () => <Badge tone="sale">Overdue</Badge>;

/** The filters, as a plain GET form: they live in the address, so a filtered queue can be shared and works without scripts. */
export function InboxFiltersForm({ filters }: { filters: InboxFilters }) {
  const navigate = useNavigate();
  return (
    <Form
      // Keyed on the address so Back/Forward reset the fields to what the list shows.
      key={inboxHref({ ...filters, page: 1 })}
      onSubmit={(event) => {
        event.preventDefault();
        const params = new URLSearchParams();
        for (const [name, value] of new FormData(event.currentTarget)) if (typeof value === 'string') params.set(name, value);
        void navigate(inboxHref({ ...inboxFilters(params), page: 1 }));
      }}
      method="get"
      action={HELP_INBOX_PATH}
      role="search"
      aria-label="Filter the help inbox"
      className="grid gap-4 rounded-2xl border border-navy-100 bg-sand-50 p-4 sm:grid-cols-2 lg:grid-cols-4 lg:items-end"
    >
      <FormField label="Type">
        {(control) => (
          <Select
            {...control}
            name="type"
            defaultValue={filters.type ?? ''}
            options={[{ value: '', label: 'Any type' }, ...HELP_REQUEST_TYPES.map((type) => ({ value: type, label: typeName(type) }))]}
          />
        )}
      </FormField>
      <StatusFilter value={filters.status} statuses={HELP_REQUEST_STATUSES.map((status) => ({ value: status, label: STATUS_BADGES[status].label }))} />
      <FormField label="Reference" hint="Whole, or its first few symbols">
        {(control) => (
          <Input {...control} name="reference" defaultValue={filters.reference} autoComplete="off" spellCheck={false} placeholder="HC-7K3P9Q" maxLength={12} />
        )}
      </FormField>
      <FormField label="Older than (days)">
        {(control) => <Input {...control} name="age" defaultValue={filters.age} inputMode="numeric" autoComplete="off" maxLength={6} />}
      </FormField>
      <FormField label="Sent from">{(control) => <Input {...control} type="date" name="from" defaultValue={filters.from} />}</FormField>
      <FormField label="Sent to">{(control) => <Input {...control} type="date" name="to" defaultValue={filters.to} />}</FormField>
      <FormField label="Order">
        {(control) => (
          <Select
            {...control}
            name="sort"
            defaultValue={filters.sort}
            options={[
              { value: 'newest', label: 'Newest first' },
              { value: 'oldest', label: 'Oldest first' },
            ]}
          />
        )}
      </FormField>
      <div className="flex items-center gap-3">
        <SearchActions clearTo={HELP_INBOX_PATH} filtered={hasFilters(filters)} label="Filter" />
      </div>
    </Form>
  );
}

/** How many open requests are past their routing time, overall and per type (each a link to them). */
export function OverdueSummary({ overdue, filters }: { overdue: HelpInboxPage['overdue']; filters: InboxFilters }) {
  const types = HELP_REQUEST_TYPES.filter((type) => (overdue.byType[type] ?? 0) > 0);
  return (
    <section
      aria-labelledby="overdue-heading"
      className={`rounded-2xl border p-4 ${overdue.total > 0 ? 'border-red-200 bg-red-50' : 'border-green-200 bg-green-50'}`}
    >
      <h2 id="overdue-heading" className="font-bold text-navy-950">
        {overdue.total === 0
          ? 'Nothing is past its answering time'
          : `${overdue.total} open ${overdue.total === 1 ? 'request is' : 'requests are'} past their answering time`}
      </h2>
      {types.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {types.map((type) => (
            <li key={type}>
              <Link to={inboxHref({ ...filters, type, status: undefined, sort: 'oldest', page: 1 })} className="text-navy-900 underline underline-offset-3">
                {typeName(type)}: {overdue.byType[type]}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const dueText = (item: HelpInboxPage['items'][number]) => (item.status === 'closed' ? 'Closed' : formatInstant(item.dueAt));

/** The queue as a table on wider screens and as cards on phones (only one is shown). */
export function InboxResults({ page, filters }: { page: HelpInboxPage; filters: InboxFilters }) {
  const order = filters.sort === 'newest' ? 'newest first' : 'oldest first';
  if (page.items.length === 0) {
    const filtered = hasFilters(filters);
    return (
      <NoResults icon={<HelpIcon className="size-8" />} noun="requests" filtered={filtered} clearTo={HELP_INBOX_PATH}>
        {filtered
          ? 'Check the reference, or try another type, status or dates.'
          : 'Enquiries and order requests appear here as soon as customers send them from the help centre.'}
      </NoResults>
    );
  }
  return (
    <>
      <ResultsRange page={page} singular="Request" plural="Requests" order={order} />
      <div className="mt-3 hidden overflow-hidden rounded-xl border border-navy-100 md:block">
        <table className="w-full text-left text-sm">
          <TableHead caption={`Help requests, ${order}`} headings={['Reference', 'Type', 'From', 'Summary', 'Sent', 'Answer by', 'Status']} />
          <tbody className="divide-y divide-navy-100 bg-white">
            {page.items.map((item) => (
              <tr key={item.reference} className="align-top hover:bg-navy-50/60">
                <td className="py-3 pr-3 pl-4 whitespace-nowrap">
                  <Link to={requestHref(item.reference)} className={recordLink}>
                    {item.reference}
                  </Link>
                </td>
                <td className="px-3 py-3 text-navy-800">{typeName(item.type)}</td>
                <td className="px-3 py-3 text-navy-800">
                  <span className="block font-medium text-navy-950">{item.name}</span>
                  <span className="block break-all text-navy-700">{item.emailAddress}</span>
                </td>
                <td className="px-3 py-3 text-navy-800">
                  <span className="line-clamp-2">{item.summary}</span>
                  {item.assignedToName && <span className="mt-1 block text-xs text-navy-600">Assigned to {item.assignedToName}</span>}
                </td>
                <td className="px-3 py-3 whitespace-nowrap text-navy-800">
                  <time dateTime={item.createdAt}>{formatInstant(item.createdAt)}</time>
                </td>
                <td className="px-3 py-3 whitespace-nowrap text-navy-800">
                  {dueText(item)}
                  {item.overdue && (
                    <span className="mt-1 block">
                      <OverdueBadge />
                    </span>
                  )}
                </td>
                <td className="py-3 pr-4 pl-3">
                  <HelpStatusBadge status={item.status} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="mt-3 space-y-3 md:hidden" aria-label={`Help requests, ${order}`}>
        {page.items.map((item) => (
          <li key={item.reference} className="rounded-xl border border-navy-100 bg-white p-4">
            <RecordCardHeading to={requestHref(item.reference)} label={item.reference}>
              <span className="flex gap-2">
                {item.overdue && <OverdueBadge />}
                <HelpStatusBadge status={item.status} />
              </span>
            </RecordCardHeading>
            <p className="mt-1 font-medium text-navy-950">{typeName(item.type)}</p>
            <p className="mt-1 text-navy-800">{item.summary}</p>
            <p className="mt-1 text-sm text-navy-700">
              {item.name} · <time dateTime={item.createdAt}>{formatInstant(item.createdAt)}</time>
            </p>
          </li>
        ))}
      </ul>
      <Pagination
        className="mt-8"
        label="Help inbox pages"
        current={page.pageNumber}
        total={page.totalPages}
        hrefFor={(target) => inboxHref({ ...filters, page: target })}
      />
    </>
  );
}
