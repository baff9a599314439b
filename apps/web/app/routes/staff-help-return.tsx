import { ApiError } from '@shop/api-client';
import { formatPence, type OrderReturn } from '@shop/contracts';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import type { Route } from './+types/staff-help-return';
import { NeedStaffAccount } from '../components/auth/staff-gate.tsx';
import { useShopAuth } from '../components/auth/use-shop-auth.ts';
import { EmptyState } from '../components/layout/empty-state.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { Button, ButtonLink } from '../components/ui/button.tsx';
import { ErrorSummary } from '../components/ui/error-summary.tsx';
import { FormField } from '../components/ui/form-field.tsx';
import { controlClasses } from '../components/ui/input.tsx';
import { LoadError } from '../components/ui/load-error.tsx';
import { apiFieldError, apiProblemMessage, isForbidden } from '../lib/api-problem.ts';
import { formatInstant } from '../lib/checkout/order-tracking.ts';
import { cn } from '../lib/cn.ts';
import { pageMeta } from '../lib/meta.ts';
import { ORDER_ROLES, ORDERS_AUDIENCE } from '../lib/staff-orders/orders.ts';
import { useApiClients, useApiData } from '../lib/use-api.ts';
import { staffPageLoader } from '../lib/auth/staff-page.server.ts';

// Staff without the page's role get the shop's 404 from the server, as from the API.
export const loader = staffPageLoader(ORDER_ROLES);

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

/** The return an unwanted-items request asked for: its lines, and the buttons that move it on. */
export default function StaffHelpReturnPage() {
  const { reference = '' } = useParams();
  const ref = reference.trim().toUpperCase();
  return (
    <>
      <PageHeader
        title={`Return for ${ref}`}
        trail={[{ label: 'Help requests', to: '/staff/help' }, { label: ref, to: `/staff/help/${encodeURIComponent(ref)}` }, { label: 'Return' }]}
      />
      <div className="container-page min-h-[30rem] max-w-4xl py-8 lg:py-10">
        <StaffReturn reference={ref} />
      </div>
    </>
  );
}

function StaffReturn({ reference }: { reference: string }) {
  const clients = useApiClients();
  const sub = useShopAuth().user?.profile.sub;
  const loaded = useApiData(clients ? `${sub}:return:${reference}` : undefined, (signal) =>
    clients!.helpOrders.getReturn({ params: { reference } }, { signal }),
  );
  const [latest, setLatest] = useState<OrderReturn | null>(null);
  const [busy, setBusy] = useState<'authorise' | 'refuse' | 'receive' | null>(null);
  const [problem, setProblem] = useState<{ message: string; field?: string } | null>(null);
  const [reason, setReason] = useState('');

  if (loaded.state === 'error') {
    if (isForbidden(loaded.error)) return <NeedStaffAccount {...ORDERS_AUDIENCE} />;
    if (loaded.error instanceof ApiError && (loaded.error.status === 404 || loaded.error.status === 400))
      return (
        <EmptyState icon={null} title="No return for this request" actions={<ButtonLink to="/staff/help">Back to help requests</ButtonLink>}>
          <p>Request {reference} has no return: only a request to return unwanted items has one.</p>
        </EmptyState>
      );
    return <LoadError title="We couldn’t load this return" error={loaded.error} onRetry={loaded.reload} />;
  }
  const current = latest ?? (loaded.state === 'ready' ? loaded.data : null);
  if (!current || !clients)
    return (
      <p role="status" className="text-navy-700">
        Loading the return…
      </p>
    );

  const run = async (step: 'authorise' | 'refuse' | 'receive', call: () => Promise<OrderReturn>) => {
    setBusy(step);
    setProblem(null);
    try {
      setLatest(await call());
    } catch (error) {
      const field = apiFieldError(error, 'reason');
      setProblem(field ? { message: field, field: 'return-refusal-reason' } : { message: apiProblemMessage(error) });
    } finally {
      setBusy(null);
    }
  };
  const refuse = (event: FormEvent) => {
    event.preventDefault();
    void run('refuse', () => clients.helpOrders.refuseReturn({ params: { reference }, body: { reason, version: current.version } }));
  };

  return (
    <div className="space-y-6">
      {problem && <ErrorSummary problems={[{ message: problem.message, ...(problem.field ? { fieldId: problem.field } : {}) }]} />}
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

      {current.status === 'requested' && (
        <div className="grid gap-6 md:grid-cols-2">
          <div className="rounded-2xl border border-navy-100 bg-white p-6">
            <h3 className="font-bold text-navy-950">Authorise</h3>
            <p className="mt-1 text-sm text-navy-700">The customer is e-mailed to send the items back.</p>
            <Button
              className="mt-3"
              loading={busy === 'authorise'}
              onClick={() => void run('authorise', () => clients.helpOrders.authoriseReturn({ params: { reference }, body: { version: current.version } }))}
            >
              Authorise return
            </Button>
          </div>
          <form onSubmit={refuse} noValidate className="space-y-3 rounded-2xl border border-navy-100 bg-white p-6">
            <h3 className="font-bold text-navy-950">Refuse</h3>
            <FormField id="return-refusal-reason" label="Reason the customer reads" error={problem?.field ? problem.message : undefined}>
              {(control) => (
                <textarea {...control} value={reason} onChange={(event) => setReason(event.target.value)} rows={3} className={cn(controlClasses, 'py-2')} />
              )}
            </FormField>
            <Button type="submit" variant="secondary" loading={busy === 'refuse'}>
              Refuse return
            </Button>
          </form>
        </div>
      )}
      {(current.status === 'authorised' || current.status === 'received') && (
        <div className="rounded-2xl border border-navy-100 bg-white p-6">
          <h3 className="font-bold text-navy-950">Goods back at the warehouse?</h3>
          <p className="mt-1 text-sm text-navy-700">Marking it received refunds {formatPence(current.refundPence)} to the customer, once.</p>
          <Button
            className="mt-3"
            loading={busy === 'receive'}
            onClick={() => void run('receive', () => clients.helpOrders.receiveReturn({ params: { reference }, body: {} }))}
          >
            Mark received and refund
          </Button>
        </div>
      )}
    </div>
  );
}
