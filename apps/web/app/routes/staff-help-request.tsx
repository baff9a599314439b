import { createHelpCentreInboxClient } from '@shop/api-client';
import type { HelpRequest } from '@shop/contracts';
import { data } from 'react-router';
import type { Route } from './+types/staff-help-request';
import { redirectWithNotice } from '../lib/step-done.server.ts';
import { NeedStaffAccount } from '../components/auth/staff-gate.tsx';
import { EmptyState } from '../components/layout/empty-state.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { HelpStatusBadge, OverdueBadge } from '../components/staff-help/inbox-list.tsx';
import { REQUEST_STEPS, RequestActions, requestProblemOf, stepDone } from '../components/staff-help/request-actions.tsx';
import { useStepDone } from '../components/staff/posted-step-form.tsx';
import { Card, FileList, RequestDetails, Thread } from '../components/staff-help/request-parts.tsx';
import { formText } from '../components/staff/step-form.tsx';
import { Notice } from '../components/trade/trade-panels.tsx';
import { ButtonLink } from '../components/ui/button.tsx';
import { ChevronLeftIcon, HelpIcon } from '../components/ui/icons.tsx';
import { Link } from '../components/ui/link.tsx';
import { refusedStep, staffClient, staffRead } from '../lib/auth/staff-page.server.ts';
import { formatInstant } from '../lib/checkout/order-tracking.ts';
import { pageMeta } from '../lib/meta.ts';
import { HELP_INBOX_AUDIENCE, HELP_INBOX_PATH, HELP_INBOX_ROLES, requestHref, specialPage, typeName, STAFF_STATUSES } from '../lib/staff-help/inbox.ts';

const inboxApi = (request: Request) => staffClient(request, HELP_INBOX_ROLES, 'help-centre', createHelpCentreInboxClient);
const referenceOf = (params: { reference: string }) => params.reference.trim().toUpperCase();

/** The request, read on the server for the signed-in member of staff, so it shows at first paint. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const api = inboxApi(request);
  const reference = referenceOf(params);
  return staffRead(async () => ({ request: await api.getHelpRequest({ params: { reference } }) }), { missing: true } as const);
}

/** A step on the request, posted as a plain form: done, the page comes back with a notice (post, redirect, get). */
export async function action({ request, params }: Route.ActionArgs) {
  const api = inboxApi(request);
  const reference = referenceOf(params);
  const form = await request.formData();
  const step = REQUEST_STEPS.find((name) => name === formText(form, 'intent'));
  if (!step) throw data(null, { status: 400 });
  const version = Number(formText(form, 'version'));
  const values = { message: formText(form, 'message'), assignedToName: formText(form, 'assignedToName') };
  const call = { params: { reference } };
  try {
    if (step === 'reply') await api.replyToHelpRequest({ ...call, body: { message: values.message, version } });
    else if (step === 'assign-to-me') await api.assignHelpRequest({ ...call, body: { version } });
    else if (step === 'assign') await api.assignHelpRequest({ ...call, body: { version, assignedToName: values.assignedToName } });
    else if (step === 'status') {
      const status = STAFF_STATUSES.find((name) => name === formText(form, 'status')) ?? STAFF_STATUSES[0];
      await api.changeHelpRequestStatus({ ...call, body: { status, version } });
    } else await api.closeHelpRequest({ ...call, body: { version } });
  } catch (error) {
    return refusedStep(error, { intent: step, values }, requestProblemOf);
  }
  return redirectWithNotice(request, `${requestHref(reference)}?done=${step}`);
}

export const meta: Route.MetaFunction = ({ params }) => [
  ...pageMeta(
    `${params.reference.toUpperCase()} | Help inbox`,
    'A help request: what the customer sent, the thread, files and order, and the steps to answer it.',
  ),
  { name: 'robots', content: 'noindex' },
];

/** One help request for staff: its fields, thread, files and order, and the steps to answer it. */
export default function StaffHelpRequestPage({ loaderData, params }: Route.ComponentProps) {
  const number = referenceOf(params);
  return (
    <>
      <PageHeader
        title={`Help request ${number}`}
        trail={[{ label: 'Your account', to: '/account' }, { label: 'Help inbox', to: HELP_INBOX_PATH }, { label: number }]}
      />
      <div className="container-page min-h-[30rem] py-8 lg:py-10">
        <Link to={HELP_INBOX_PATH} className="inline-flex items-center gap-1">
          <ChevronLeftIcon className="size-4" />
          All requests
        </Link>
        <div className="mt-6">
          {'forbidden' in loaderData ? (
            <NeedStaffAccount {...HELP_INBOX_AUDIENCE} />
          ) : 'missing' in loaderData ? (
            <EmptyState
              icon={<HelpIcon className="size-8" />}
              title="No such request"
              actions={<ButtonLink to={HELP_INBOX_PATH}>Back to the inbox</ButtonLink>}
            >
              <p>There is no help request {number}. References are HC- and six letters or digits, like HC-7K3P9Q: check it, or search the inbox.</p>
            </EmptyState>
          ) : (
            <Request request={loaderData.request} />
          )}
        </div>
      </div>
    </>
  );
}

function Request({ request }: { request: HelpRequest }) {
  const { done, ref: status } = useStepDone(REQUEST_STEPS);
  const special = specialPage(request.type, request.reference);

  return (
    <div className="space-y-6">
      <div ref={status} tabIndex={-1} className="space-y-4 focus:outline-none">
        {done && <Notice title={stepDone(done, request)} />}
        <section aria-labelledby="request-summary" className="rounded-2xl border border-navy-100 bg-sand-50 p-5 sm:p-6">
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <h2 id="request-summary" className="section-heading">
              {typeName(request.type)}
            </h2>
            <HelpStatusBadge status={request.status} />
            {request.overdue && <OverdueBadge />}
          </div>
          <p className="mt-2 text-navy-900">{request.summary}</p>
          <p className="mt-1 text-sm text-navy-700">
            Sent <time dateTime={request.createdAt}>{formatInstant(request.createdAt)}</time> by {request.name} · answered by {request.team}
            {request.status !== 'closed' && (
              <>
                {' '}
                by <time dateTime={request.dueAt}>{formatInstant(request.dueAt)}</time>
              </>
            )}
            {request.assignedToName && <> · assigned to {request.assignedToName}</>}
          </p>
          {special && (
            <p className="mt-3">
              <ButtonLink to={special.to} variant="secondary">
                {special.label}
              </ButtonLink>
            </p>
          )}
        </section>
      </div>

      <div className="grid gap-6 lg:grid-cols-3 lg:items-start">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <Card id="thread" title="Conversation">
            <Thread messages={request.messages} />
          </Card>
          <Card id="details" title="What the customer sent">
            <RequestDetails request={request} />
          </Card>
          <Card id="files" title="Files">
            <FileList request={request} />
          </Card>
        </div>
        <section aria-labelledby="steps" className="min-w-0 space-y-4">
          <h2 id="steps" className="text-lg font-bold tracking-tight text-navy-950">
            Answer
          </h2>
          <RequestActions key={request.version} request={request} />
        </section>
      </div>
    </div>
  );
}
