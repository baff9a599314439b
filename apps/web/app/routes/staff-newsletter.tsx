import { createAccountsClient } from '@shop/api-client';
import type { NewsletterSubscriberPage } from '@shop/contracts';
import { Form, Link } from 'react-router';
import type { Route } from './+types/staff-newsletter';
import { NeedStaffAccount } from '../components/auth/staff-gate.tsx';
import { EmptyState } from '../components/layout/empty-state.tsx';
import { Table } from '../content/content-table.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { ErrorSummary } from '../components/ui/error-summary.tsx';
import { FormField } from '../components/ui/form-field.tsx';
import { SearchIcon } from '../components/ui/icons.tsx';
import { Input } from '../components/ui/input.tsx';
import { Pagination } from '../components/ui/pagination.tsx';
import { Select } from '../components/ui/select.tsx';
import { searchRead, staffClient, staffRead } from '../lib/auth/staff-page.server.ts';
import { pageMeta } from '../lib/meta.ts';
import { NEWSLETTER_SOURCE_NAMES, NEWSLETTER_STATUS_NAMES, newsletterDate } from '../lib/newsletter.ts';
import {
  NEWSLETTER_AUDIENCE,
  NEWSLETTER_ROLES,
  SUBSCRIBERS_CSV_PATH,
  SUBSCRIBERS_PAGE_SIZE,
  subscriberQuery,
  subscribersHref,
  type SubscriberQuery,
} from '../lib/staff-newsletter/subscribers.ts';

/** The page of sign-ups the filter in the address finds, read on the server for the signed-in member of staff. */
export async function loader({ request }: Route.LoaderArgs) {
  const api = staffClient(request, NEWSLETTER_ROLES, 'accounts', createAccountsClient);
  const query = subscriberQuery(new URL(request.url).searchParams);
  const call = { query: { status: query.status, email: query.email, pageNumber: query.page, pageSize: SUBSCRIBERS_PAGE_SIZE } };
  return staffRead(async () => ({ query, ...(await searchRead(() => api.listNewsletterSubscribers(call))) }));
}

export const meta: Route.MetaFunction = () => [
  ...pageMeta('Newsletter subscribers', 'Who has signed up for the newsletter, and a CSV file of confirmed subscribers.'),
  { name: 'robots', content: 'noindex' },
];

/** The newsletter list for staff: every sign-up with its status, paged and filtered in the address; confirmed subscribers as CSV. */
export default function StaffNewsletterPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Newsletter subscribers"
        intro={<p>Everyone who has signed up, newest first. Only confirmed subscribers may be sent the newsletter.</p>}
        trail={[{ label: 'Your account', to: '/account' }, { label: 'Newsletter subscribers' }]}
      />
      <div className="container-page min-h-[30rem] py-8 lg:py-10">
        {'forbidden' in loaderData ? (
          <NeedStaffAccount {...NEWSLETTER_AUDIENCE} />
        ) : (
          <>
            <Filters query={loaderData.query} />
            <div className="mt-8">
              {loaderData.page === null ? (
                <ErrorSummary problems={[{ message: loaderData.problem }]} />
              ) : (
                <SubscriberList page={loaderData.page} query={loaderData.query} />
              )}
            </div>
          </>
        )}
      </div>
    </>
  );
}

const STATUS_OPTIONS = [{ value: '', label: 'All' }, ...Object.entries(NEWSLETTER_STATUS_NAMES).map(([value, { label }]) => ({ value, label }))];

function Filters({ query }: { query: SubscriberQuery }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <Form method="get" role="search" aria-label="Filter the subscribers" className="flex flex-wrap items-end gap-3">
        <FormField label="Status" className="w-56">
          {(control) => <Select {...control} name="status" defaultValue={query.status ?? ''} key={query.status ?? ''} options={STATUS_OPTIONS} />}
        </FormField>
        <FormField label="Email address contains" className="w-72 max-w-full">
          {(control) => (
            <Input
              {...control}
              type="search"
              name="email"
              defaultValue={query.email}
              key={query.email ?? ''}
              autoComplete="off"
              inputMode="email"
              spellCheck={false}
            />
          )}
        </FormField>
        <Button type="submit" variant="primary">
          <SearchIcon className="size-4" />
          Filter
        </Button>
        {(query.status || query.email) && (
          <Link to="/staff/newsletter" className="inline-flex h-11 items-center px-2 font-semibold text-teal-700 underline underline-offset-3">
            Show all
          </Link>
        )}
      </Form>
      {/* A file made on the server for the signed-in member of staff: the browser saves it, and the page stays where it is. */}
      <a href={SUBSCRIBERS_CSV_PATH} download className={buttonClasses('secondary')}>
        Download confirmed subscribers (CSV)
      </a>
    </div>
  );
}

const dateCell = (iso: string | null) => (iso ? <time dateTime={iso}>{newsletterDate(iso)}</time> : <span className="text-navy-600">–</span>);

function SubscriberList({ page, query }: { page: NewsletterSubscriberPage; query: SubscriberQuery }) {
  const { counts } = page;
  const summary = `${counts.confirmed} confirmed, ${counts.pending} waiting for confirmation, ${counts.unsubscribed} unsubscribed`;
  if (page.items.length === 0) {
    return (
      <EmptyState icon={<SearchIcon className="size-8" />} title={query.status || query.email ? 'No subscribers match' : 'Nobody has signed up yet'}>
        <p>{query.status || query.email ? 'Change the filter, or show all subscribers.' : 'Sign-ups from the footer and the newsletter page appear here.'}</p>
        <p className="mt-2 text-sm">In all: {summary}.</p>
      </EmptyState>
    );
  }
  const first = (page.pageNumber - 1) * page.pageSize + 1;
  const last = first + page.items.length - 1;
  return (
    <>
      <p className="text-sm text-navy-700" role="status">
        Showing {first} to {last} of {page.totalCount}. In all: {summary}.
      </p>
      <Table
        caption="Subscribers"
        head={['Email address', 'Status', 'Signed up', 'Confirmed', 'Unsubscribed', 'Form']}
        rows={page.items.map((item) => [
          <span key="email" className="[overflow-wrap:anywhere]">
            {item.email}
          </span>,
          <Badge key="status" tone={NEWSLETTER_STATUS_NAMES[item.status].tone}>
            {NEWSLETTER_STATUS_NAMES[item.status].label}
          </Badge>,
          dateCell(item.createdAt),
          dateCell(item.confirmedAt),
          dateCell(item.unsubscribedAt),
          item.source ? NEWSLETTER_SOURCE_NAMES[item.source] : '–',
        ])}
      />
      <Pagination
        className="mt-8"
        label="Subscriber pages"
        current={page.pageNumber}
        total={page.totalPages}
        hrefFor={(target) => subscribersHref({ ...query, page: target })}
      />
    </>
  );
}
