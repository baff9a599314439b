import type { ReactNode } from 'react';
import { createOperationsClient } from '@shop/api-client';
import { londonShortDateTime, type BackgroundJob } from '@shop/contracts';
import { data, Form, useActionData, useSearchParams } from 'react-router';
import type { Route } from './+types/staff-operations';
import { NeedStaffAccount } from '../components/auth/staff-gate.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { stepProblemOf, formText } from '../components/staff/step-form.tsx';
import { Button } from '../components/ui/button.tsx';
import { ErrorSummary } from '../components/ui/error-summary.tsx';
import { CheckIcon } from '../components/ui/icons.tsx';
import { OPERATIONS_ROLES } from '../lib/auth/claims.ts';
import { refusedStep, staffClient, staffRead } from '../lib/auth/staff-page.server.ts';
import { pageMeta } from '../lib/meta.ts';
import { redirectWithNotice } from '../lib/step-done.server.ts';

const PATH = '/staff/operations';
const operationsApi = (request: Request) => staffClient(request, OPERATIONS_ROLES, 'operations', createOperationsClient);

/** Every background job as the API sees it from the database, read on the server for the signed-in administrator. */
export async function loader({ request }: Route.LoaderArgs) {
  const api = operationsApi(request);
  return staffRead(() => api.listBackgroundJobs());
}

/** Retry, posted as a plain form: the row goes back in its job's queue and the page says so once (post, redirect, get). */
export async function action({ request }: Route.ActionArgs) {
  const api = operationsApi(request);
  const form = await request.formData();
  const job = formText(form, 'job');
  const itemId = formText(form, 'item');
  if (formText(form, 'intent') !== 'retry' || !job || !itemId) throw data(null, { status: 400 });
  try {
    await api.retryFailedJobItem({ params: { job, itemId } });
  } catch (error) {
    return refusedStep(error, { intent: 'retry', values: { job, item: itemId } }, (refusal) => stepProblemOf(refusal, new Set()));
  }
  return redirectWithNotice(request, `${PATH}?${new URLSearchParams({ retried: itemId })}`);
}

export const meta: Route.MetaFunction = () => [
  ...pageMeta('Operations', 'Background jobs: what waits for them, their last failure, and what to send again.'),
  { name: 'robots', content: 'noindex' },
];

const OPERATIONS_AUDIENCE = { what: 'Operations', who: 'administrators' };
const when = (iso: string | null) => (iso ? <time dateTime={iso}>{londonShortDateTime(iso)}</time> : <span className="text-navy-600">Not yet</span>);
const cell = 'px-4 py-3 align-top';

/**
 * A table in a frame that scrolls on small screens, the page itself never does; the `hidden` column's
 * heading is read out but not shown (a column of buttons).
 */
function Table({
  label,
  caption,
  columns,
  hidden,
  children,
}: {
  label: string;
  caption: string;
  columns: readonly string[];
  hidden?: string;
  children: ReactNode;
}) {
  return (
    <div className="mt-3 overflow-x-auto rounded-xl border border-navy-100" role="region" aria-label={label}>
      <table className="w-full min-w-[44rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-sand-100 text-navy-800">
          <tr>
            {columns.map((name) => (
              <th key={name} scope="col" className="px-4 py-3 font-semibold">
                {name === hidden ? <span className="sr-only">{name}</span> : name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-navy-100">{children}</tbody>
      </table>
    </div>
  );
}

/** Staff's view of the background jobs (decision 0075): a table of the jobs, then the rows they gave up on, each with a Retry. */
export default function StaffOperationsPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Operations"
        trail={[{ label: 'Your account', to: '/account' }, { label: 'Operations' }]}
        intro={<p>The shop’s background jobs: what waits for them, when a worker last ran them, and what they gave up on.</p>}
      />
      <div className="container-page min-h-[24rem] py-8 lg:py-10">
        {'forbidden' in loaderData ? <NeedStaffAccount {...OPERATIONS_AUDIENCE} /> : <Operations jobs={loaderData.jobs} />}
      </div>
    </>
  );
}

function Operations({ jobs }: { jobs: BackgroundJob[] }) {
  const [searchParams] = useSearchParams();
  const refused = useActionData<typeof action>();
  const retried = refused ? null : searchParams.get('retried');
  const failed = jobs.flatMap((job) => job.failed.map((item) => ({ job: job.name, ...item })));
  return (
    <div className="space-y-10">
      {retried && (
        <p role="status" className="rounded-lg bg-teal-50 p-3 font-semibold text-teal-900">
          Sent again: it is back in its queue and goes out shortly.
        </p>
      )}
      {refused && <ErrorSummary problems={[{ message: refused.problem.summary }]} />}
      <section aria-labelledby="jobs-heading">
        <h2 id="jobs-heading" className="text-xl font-bold text-navy-950">
          Jobs
        </h2>
        <Table label="Jobs" caption="Background jobs, by name" columns={['Job', 'Waiting', 'Last run', 'Last failure']}>
          {jobs.map((job) => (
            <tr key={job.name}>
              <th scope="row" className={`${cell} font-semibold text-navy-950`}>
                {job.name}
              </th>
              <td className={cell}>{job.waiting ?? '–'}</td>
              <td className={`${cell} whitespace-nowrap`}>{when(job.lastRunAt)}</td>
              <td className={cell}>
                {job.lastFailedAt ? (
                  <>
                    {when(job.lastFailedAt)}
                    <span className="block [overflow-wrap:anywhere] text-navy-700">{job.lastFailure}</span>
                  </>
                ) : (
                  <span className="text-navy-600">None</span>
                )}
              </td>
            </tr>
          ))}
        </Table>
      </section>
      <section aria-labelledby="failed-heading">
        <h2 id="failed-heading" className="text-xl font-bold text-navy-950">
          Given up
        </h2>
        {failed.length === 0 ? (
          <p className="mt-3 flex items-center gap-3 rounded-xl border border-dashed border-navy-200 bg-white p-6 text-navy-800">
            <CheckIcon className="size-6 shrink-0 text-teal-700" />
            Nothing has failed: no job has given anything up to send again.
          </p>
        ) : (
          <Table
            label="Given up"
            caption="Rows the jobs gave up on, newest first, each to send again"
            columns={['What', 'Job', 'Queued', 'Attempts', 'Why it failed', 'Action']}
            hidden="Action"
          >
            {failed.map((item) => (
              <tr key={`${item.job}/${item.id}`}>
                <th scope="row" className={`${cell} font-semibold text-navy-950`}>
                  {item.what}
                </th>
                <td className={cell}>{item.job}</td>
                <td className={`${cell} whitespace-nowrap`}>{when(item.queuedAt)}</td>
                <td className={cell}>{item.attempts}</td>
                <td className={`${cell} [overflow-wrap:anywhere] text-navy-700`}>{item.message ?? '–'}</td>
                <td className={cell}>
                  <Form method="post" action={PATH} aria-label={`Retry ${item.what}, queued ${londonShortDateTime(item.queuedAt)}`}>
                    <input type="hidden" name="intent" value="retry" />
                    <input type="hidden" name="job" value={item.job} />
                    <input type="hidden" name="item" value={item.id} />
                    <Button type="submit" variant="secondary" size="sm">
                      Retry<span className="sr-only"> {item.what}</span>
                    </Button>
                  </Form>
                </td>
              </tr>
            ))}
          </Table>
        )}
      </section>
    </div>
  );
}
