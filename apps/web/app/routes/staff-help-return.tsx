import { createHelpCentreOrdersClient } from '@shop/api-client';
import { formatPence, type OrderReturn } from '@shop/contracts';
import { useEffect, useRef } from 'react';
import { data, useActionData, useSearchParams } from 'react-router';
import type { Route } from './+types/staff-help-return';
import { redirectWithNotice } from '../lib/step-done.server.ts';
import { NeedStaffAccount } from '../components/auth/staff-gate.tsx';
import { EmptyState } from '../components/layout/empty-state.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { PostedStepForm } from '../components/staff/posted-step-form.tsx';
import { formText, stepProblemOf } from '../components/staff/step-form.tsx';
import { TextAreaField } from '../components/trade/application-fields.tsx';
import { Notice } from '../components/trade/trade-panels.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { ButtonLink } from '../components/ui/button.tsx';
import { refusedStep, staffClient, staffRead } from '../lib/auth/staff-page.server.ts';
import { formatInstant } from '../lib/checkout/order-tracking.ts';
import { pageMeta } from '../lib/meta.ts';
import { ORDER_ROLES, ORDERS_AUDIENCE } from '../lib/staff-orders/orders.ts';

const returnsApi = (request: Request) => staffClient(request, ORDER_ROLES, 'help-centre', createHelpCentreOrdersClient);
const referenceOf = (params: { reference: string }) => params.reference.trim().toUpperCase();

/** Refusals that mean the return moved on since this page read it. */
const STALE = new Set(['RETURN_CHANGED', 'RETURN_STATUS_NOT_ALLOWED', 'RETURN_ALREADY_REFUNDED']);
const RETURN_STEPS = ['authorise', 'refuse', 'receive'] as const;
type ReturnStep = (typeof RETURN_STEPS)[number];

/** The return, read on the server for the signed-in member of staff, so it shows at first paint. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const api = returnsApi(request);
  const reference = referenceOf(params);
  return staffRead(async () => ({ orderReturn: await api.getReturn({ params: { reference } }) }), { missing: true } as const);
}

/** A step on the return, posted as a plain form: done, the page comes back with a notice (post, redirect, get). */
export async function action({ request, params }: Route.ActionArgs) {
  const api = returnsApi(request);
  const reference = referenceOf(params);
  const form = await request.formData();
  const step = RETURN_STEPS.find((name) => name === formText(form, 'intent'));
  if (!step) throw data(null, { status: 400 });
  const version = Number(formText(form, 'version'));
  const values = { reason: formText(form, 'reason') };
  const call = { params: { reference } };
  try {
    if (step === 'authorise') await api.authoriseReturn({ ...call, body: { version } });
    else if (step === 'refuse') await api.refuseReturn({ ...call, body: { reason: values.reason, version } });
    else await api.receiveReturn({ ...call, body: {} });
  } catch (error) {
    return refusedStep(error, { intent: step, values }, (refusal) => stepProblemOf(refusal, STALE));
  }
  return redirectWithNotice(request, `/staff/help/${encodeURIComponent(reference)}/return?done=${step}`);
}
export const meta: Route.MetaFunction = ({ params }) => [
  ...pageMeta(`Return for ${params.reference.toUpperCase()}`, 'A return of unwanted items: authorise or refuse it, and mark it received.'),
  { name: 'robots', content: 'noindex' },
];

const STATUS_NAMES: Record<OrderReturn['status'], string> = {
  requested: 'Requested',
  authorised: 'Authorised',
  refused: 'Refused',
  received: 'Received',
  refunded: 'Refunded',
};

/** What the page says once a step is done, from the return as it now is. */
function stepDone(step: ReturnStep, orderReturn: OrderReturn): string {
  if (step === 'authorise') return 'The return is authorised: the customer is e-mailed to send the items back.';
  if (step === 'refuse') return 'The return is refused: the customer is e-mailed the reason.';
  return `The return is received and ${formatPence(orderReturn.refundPence)} goes back to the customer.`;
}

/** The return an unwanted-items request asked for: its lines, and the steps that move it on, each a plain form posted to the page. */
export default function StaffHelpReturnPage({ loaderData, params }: Route.ComponentProps) {
  const reference = referenceOf(params);
  return (
    <>
      <PageHeader
        title={`Return for ${reference}`}
        trail={[{ label: 'Help requests', to: '/staff/help' }, { label: reference, to: `/staff/help/${encodeURIComponent(reference)}` }, { label: 'Return' }]}
      />
      <div className="container-page min-h-[30rem] max-w-4xl py-8 lg:py-10">
        {'forbidden' in loaderData ? (
          <NeedStaffAccount {...ORDERS_AUDIENCE} />
        ) : 'missing' in loaderData ? (
          <EmptyState icon={null} title="No return for this request" actions={<ButtonLink to="/staff/help">Back to help requests</ButtonLink>}>
            <p>Request {reference} has no return: only a request to return unwanted items has one.</p>
          </EmptyState>
        ) : (
          <StaffReturn current={loaderData.orderReturn} />
        )}
      </div>
    </>
  );
}

function StaffReturn({ current }: { current: OrderReturn }) {
  const [searchParams] = useSearchParams();
  // What the last step did, unless a step has been refused since.
  const refused = useActionData<typeof action>();
  const done = refused ? undefined : RETURN_STEPS.find((step) => step === searchParams.get('done'));
  const status = useRef<HTMLDivElement>(null);
  const doneAt = done ? `${done}:${current.version}:${current.status}` : null;
  useEffect(() => {
    if (doneAt) status.current?.focus();
  }, [doneAt]);

  return (
    <div className="space-y-6">
      <div ref={status} tabIndex={-1} className="space-y-4 focus:outline-none">
        {done && <Notice title={stepDone(done, current)} />}
        <section aria-labelledby="return-heading" className="space-y-3 rounded-2xl border border-navy-100 bg-white p-6">
          <div className="flex flex-wrap items-center gap-3">
            <h2 id="return-heading" className="text-xl font-bold text-navy-950">
              Return <span className="font-mono">{current.returnReference}</span>
            </h2>
            <Badge tone={current.status === 'refused' ? 'neutral' : current.status === 'refunded' ? 'success' : 'info'}>{STATUS_NAMES[current.status]}</Badge>
          </div>
          <p className="text-navy-800">
            Order <span className="font-mono">{current.orderNumber}</span> for {current.customerName}. Reason: {current.reason}. Requested{' '}
            {formatInstant(current.requestedAt)}.
          </p>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Items to come back</caption>
            <thead>
              <tr className="border-b border-navy-200">
                <th scope="col" className="py-2">
                  Item
                </th>
                <th scope="col" className="py-2">
                  Product code
                </th>
                <th scope="col" className="py-2 text-right">
                  Quantity
                </th>
                <th scope="col" className="py-2 text-right">
                  Price paid each
                </th>
              </tr>
            </thead>
            <tbody>
              {current.lines.map((line) => (
                <tr key={line.position} className="border-b border-navy-100">
                  <td className="py-2">
                    {line.productName}
                    {line.label && <span className="block text-navy-700">{line.label}</span>}
                  </td>
                  <td className="py-2 font-mono">{line.sku}</td>
                  <td className="py-2 text-right">{line.quantity}</td>
                  <td className="py-2 text-right">{formatPence(line.unitPriceIncVat)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="font-semibold text-navy-950">Refund when received: {formatPence(current.refundPence)}</p>
          {current.refusalReason && <p className="text-navy-800">Refused: {current.refusalReason}</p>}
          {current.refundedAt && <p className="text-navy-800">Refunded {formatInstant(current.refundedAt)}.</p>}
        </section>
      </div>

      {current.status === 'requested' && (
        <div className="grid gap-6 md:grid-cols-2 md:items-start">
          <PostedStepForm
            intent="authorise"
            version={current.version}
            title="Authorise"
            hint="The customer is e-mailed to send the items back."
            submitLabel="Authorise return"
          />
          <PostedStepForm intent="refuse" version={current.version} title="Refuse" submitLabel="Refuse return" variant="secondary">
            {(problem, ids, values) => (
              <TextAreaField
                name="reason"
                id={ids('reason')}
                label="Reason the customer reads"
                error={problem?.fields.reason}
                defaultValue={values.reason}
                maxLength={1000}
                rows={3}
              />
            )}
          </PostedStepForm>
        </div>
      )}
      {(current.status === 'authorised' || current.status === 'received') && (
        <PostedStepForm
          intent="receive"
          version={current.version}
          title="Goods back at the warehouse?"
          hint={`Marking it received refunds ${formatPence(current.refundPence)} to the customer, once.`}
          submitLabel="Mark received and refund"
        />
      )}
    </div>
  );
}
