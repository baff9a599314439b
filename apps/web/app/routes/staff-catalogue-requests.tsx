import { ApiError, createCatalogueRequestsClient } from '@shop/api-client';
import { londonLongDate, type PrintedCatalogueRequestPage } from '@shop/contracts';
import { data, Form, Link, useActionData } from 'react-router';
import type { Route } from './+types/staff-catalogue-requests';
import { NeedStaffAccount } from '../components/auth/staff-gate.tsx';
import { RequesterErasure, type ErasureAnswer } from '../components/staff-catalogue/requester-erasure.tsx';
import { stepProblemOf } from '../components/staff/step-form.tsx';
import { throwIfRateLimited } from '../lib/api.server.ts';
import { formText } from '../lib/form-text.ts';
import { EmptyState } from '../components/layout/empty-state.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { ErrorSummary } from '../components/ui/error-summary.tsx';
import { FormField } from '../components/ui/form-field.tsx';
import { DownloadIcon, TruckIcon } from '../components/ui/icons.tsx';
import { Pagination } from '../components/ui/pagination.tsx';
import { Select } from '../components/ui/select.tsx';
import { Table } from '../content/content-table.tsx';
import { searchRead, staffClient, staffRead } from '../lib/auth/staff-page.server.ts';
import { pageMeta } from '../lib/meta.ts';
import {
  CATALOGUE_DISPATCH_AUDIENCE,
  CATALOGUE_DISPATCH_ROLES,
  CATALOGUE_REQUESTS_CSV_PATH,
  CATALOGUE_REQUESTS_PAGE_SIZE,
  CATALOGUE_REQUESTS_PATH,
  catalogueRequestQuery,
  catalogueRequestsHref,
  interestsText,
} from '../lib/staff-catalogue/catalogue-requests.ts';

export async function loader({ request }: Route.LoaderArgs) {
  const api = staffClient(request, CATALOGUE_DISPATCH_ROLES, 'accounts', createCatalogueRequestsClient);
  const query = catalogueRequestQuery(new URL(request.url).searchParams);
  const call = { query: { status: query.status, pageNumber: query.page, pageSize: CATALOGUE_REQUESTS_PAGE_SIZE } };
  return staffRead(async () => ({ query, ...(await searchRead(() => api.listPrintedCatalogueRequests(call))) }));
}

/** "Erase a requester's details": find what is held at an address, then erase it (plain forms; the answer is the page drawn again). */
export async function action({ request }: Route.ActionArgs) {
  const api = staffClient(request, CATALOGUE_DISPATCH_ROLES, 'accounts', createCatalogueRequestsClient);
  const form = await request.formData();
  const intent = formText(form, 'intent') === 'erase' ? 'erase' : 'find';
  const address = { postcode: formText(form, 'postcode').trim(), line1: formText(form, 'line1').trim() };
  try {
    if (intent === 'erase') return { intent, address, erased: await api.erasePrintedCatalogueRequestsAtAddress({ body: address }) } satisfies ErasureAnswer;
    return { intent, address, found: await api.findPrintedCatalogueRequestsAtAddress({ body: address }) } satisfies ErasureAnswer;
  } catch (error) {
    throwIfRateLimited(error);
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    const { summary, fields } = stepProblemOf(error, new Set());
    return data({ intent, address, problem: summary, fields } satisfies ErasureAnswer, { status: error.status });
  }
}

export const meta: Route.MetaFunction = () => [
  ...pageMeta('Printed-catalogue requests', 'Requests for the printed catalogue, and the new ones as CSV for the mailing.'),
  { name: 'robots', content: 'noindex' },
];

const STATUS_OPTIONS = [
  { value: '', label: 'All' },
  { value: 'waiting', label: 'Not yet posted' },
  { value: 'posted', label: 'Posted' },
];

/** Printed-catalogue requests for dispatch staff: newest first, filtered in the address; the ones not yet posted as CSV, marked posted. */
export default function StaffCatalogueRequestsPage({ loaderData }: Route.ComponentProps) {
  const erasure = useActionData<typeof action>() as ErasureAnswer | undefined;
  return (
    <>
      <PageHeader
        title="Printed-catalogue requests"
        intro={<p>Requests for the catalogue by post, newest first. Download the new ones for the mailing: they are marked posted as the file is made.</p>}
        trail={[{ label: 'Your account', to: '/account' }, { label: 'Printed-catalogue requests' }]}
      />
      <div className="container-page min-h-[30rem] py-8 lg:py-10">
        {'forbidden' in loaderData ? (
          <NeedStaffAccount {...CATALOGUE_DISPATCH_AUDIENCE} />
        ) : (
          <>
            <div className="flex flex-wrap items-end justify-between gap-4">
              <Form method="get" role="search" aria-label="Filter the requests" className="flex flex-wrap items-end gap-3">
                <FormField label="Status" className="w-56">
                  {(control) => (
                    <Select
                      {...control}
                      name="status"
                      defaultValue={loaderData.query.status ?? ''}
                      key={loaderData.query.status ?? ''}
                      options={STATUS_OPTIONS}
                    />
                  )}
                </FormField>
                <Button type="submit" variant="secondary">
                  Filter
                </Button>
                {loaderData.query.status && (
                  <Link to={CATALOGUE_REQUESTS_PATH} className="inline-flex h-11 items-center px-2 font-semibold text-teal-700 underline underline-offset-3">
                    Show all
                  </Link>
                )}
              </Form>
              {/* A file made on the server: the browser saves it and the page stays; reload to see them marked posted. */}
              <form method="post" action={CATALOGUE_REQUESTS_CSV_PATH}>
                <Button type="submit" variant="primary">
                  <DownloadIcon className="size-4" />
                  Download new requests (CSV) and mark posted
                </Button>
              </form>
            </div>
            <div className="mt-8">
              {loaderData.page === null ? (
                <ErrorSummary problems={[{ message: loaderData.problem }]} />
              ) : (
                <RequestList page={loaderData.page} query={loaderData.query} />
              )}
            </div>
            <RequesterErasure answer={erasure} />
          </>
        )}
      </div>
    </>
  );
}

function RequestList({ page, query }: { page: PrintedCatalogueRequestPage; query: ReturnType<typeof catalogueRequestQuery> }) {
  if (page.items.length === 0) {
    return (
      <EmptyState icon={<TruckIcon className="size-8" />} title={query.status ? 'No requests match' : 'No catalogue requests yet'}>
        <p>{query.status ? 'Change the filter, or show all requests.' : 'Requests from the “Request a printed catalogue” page appear here.'}</p>
      </EmptyState>
    );
  }
  const first = (page.pageNumber - 1) * page.pageSize + 1;
  return (
    <>
      <p className="text-sm text-navy-700" role="status">
        Showing {first} to {first + page.items.length - 1} of {page.totalCount}. {page.waiting} not yet posted.
      </p>
      <Table
        caption="Catalogue requests"
        head={['Name', 'Address', 'Interests', 'Requested', 'Status']}
        rows={page.items.map((item) => [
          item.name,
          <span key="address" className="[overflow-wrap:anywhere]">
            {[item.line1, item.line2, item.town, item.county, item.postcode].filter(Boolean).join(', ')}
          </span>,
          interestsText(item) || '–',
          <time key="requested" dateTime={item.requestedAt}>
            {londonLongDate(item.requestedAt)}
          </time>,
          item.postedAt ? (
            <Badge key="status" tone="success">
              Posted {londonLongDate(item.postedAt)}
            </Badge>
          ) : (
            <Badge key="status" tone="accent">
              Not yet posted
            </Badge>
          ),
        ])}
      />
      <Pagination
        className="mt-8"
        label="Request pages"
        current={page.pageNumber}
        total={page.totalPages}
        hrefFor={(target) => catalogueRequestsHref({ ...query, page: target })}
      />
    </>
  );
}
