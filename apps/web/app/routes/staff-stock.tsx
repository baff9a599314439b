import { createHelpCentreEnquiriesClient } from '@shop/api-client';
import type { StockLevelView } from '@shop/contracts';
import { data, Form, useActionData, useSearchParams } from 'react-router';
import type { Route } from './+types/staff-stock';
import { redirectWithNotice } from '../lib/step-done.server.ts';
import { NeedStaffAccount } from '../components/auth/staff-gate.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { ProblemAlert } from '../components/staff-orders/form-parts.tsx';
import { usePostedStep } from '../components/staff/posted-step-form.tsx';
import { formText, stepProblemOf } from '../components/staff/step-form.tsx';
import { Button } from '../components/ui/button.tsx';
import { ErrorSummary } from '../components/ui/error-summary.tsx';
import { FormField } from '../components/ui/form-field.tsx';
import { Input } from '../components/ui/input.tsx';
import { Link } from '../components/ui/link.tsx';
import { refusedStep, searchRead, staffClient, staffRead, type RefusedStep } from '../lib/auth/staff-page.server.ts';
import { pageMeta } from '../lib/meta.ts';
import { ORDER_ROLES } from '../lib/staff-orders/orders.ts';
import { insightsHref } from '../lib/staff-reviews/queue.ts';

const stockApi = (request: Request) => staffClient(request, ORDER_ROLES, 'help-centre', createHelpCentreEnquiriesClient);
const skuOf = (request: Request) => new URL(request.url).searchParams.get('sku')?.trim() ?? '';
const stockHref = (sku: string, added?: number) => `/staff/stock?${new URLSearchParams({ sku, ...(added && { added: String(added) }) })}`;
const QUANTITY_MESSAGE = 'Enter how many arrived, as a whole number';

/** The stock of the product code in the address, read on the server for the signed-in member of staff; a code the API does not know, its words. */
export async function loader({ request }: Route.LoaderArgs) {
  const api = stockApi(request);
  const sku = skuOf(request);
  if (!sku) return { sku, page: null, problem: null };
  return staffRead(async () => ({ sku, ...(await searchRead(() => api.getStockLevel({ params: { sku } }), [400, 422])) }));
}

/** Stock that arrived, posted as a plain form: done, the page comes back with what was added (post, redirect, get). */
export async function action({ request }: Route.ActionArgs) {
  const api = stockApi(request);
  const sku = skuOf(request);
  const form = await request.formData();
  const values = { quantity: formText(form, 'quantity').trim() };
  const quantity = /^\d+$/.test(values.quantity) ? Number(values.quantity) : Number.NaN;
  if (!sku || formText(form, 'intent') !== 'add') throw data(null, { status: 400 });
  if (!Number.isInteger(quantity) || quantity < 1) {
    return data<RefusedStep>(
      { intent: 'add', values, problem: { summary: QUANTITY_MESSAGE, stale: false, fields: { quantity: QUANTITY_MESSAGE } } },
      { status: 400 },
    );
  }
  try {
    await api.addStock({ params: { sku }, body: { quantity } });
  } catch (error) {
    return refusedStep(error, { intent: 'add', values }, (refusal) => stepProblemOf(refusal, new Set()));
  }
  return redirectWithNotice(request, stockHref(sku, quantity));
}

export const meta: Route.MetaFunction = () => [
  ...pageMeta('Stock', 'Look up a product code’s stock and record stock that arrived.'),
  { name: 'robots', content: 'noindex' },
];

const STOCK_AUDIENCE = { what: 'Managing stock', who: 'order administrators' };
const STATUS_NAMES: Record<string, string> = { in_stock: 'In stock', low_stock: 'Low stock', made_to_order: 'Made to order', out_of_stock: 'Out of stock' };

/** Staff's stock screen: a product code's stock (the code in the address), and stock that arrived (which sends waiting back-in-stock e-mails). */
export default function StaffStockPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Stock"
        trail={[{ label: 'Your account', to: '/account' }, { label: 'Stock' }]}
        intro={<p>Look up a product code and record stock that has arrived.</p>}
      />
      <div className="container-page min-h-[24rem] max-w-3xl py-8 lg:py-10">
        {'forbidden' in loaderData ? (
          <NeedStaffAccount {...STOCK_AUDIENCE} />
        ) : (
          <>
            <Form method="get" role="search" aria-label="Look up stock" className="flex flex-wrap items-end gap-3">
              <FormField label="Product code" className="min-w-0 flex-1 basis-64">
                {(control) => <Input {...control} name="sku" defaultValue={loaderData.sku} key={loaderData.sku} autoComplete="off" spellCheck={false} />}
              </FormField>
              <Button type="submit">Look up</Button>
            </Form>
            <div className="mt-8">
              {loaderData.page ? <StockPanel level={loaderData.page} /> : loaderData.problem && <ErrorSummary problems={[{ message: loaderData.problem }]} />}
            </div>
          </>
        )}
      </div>
    </>
  );
}

function StockPanel({ level }: { level: StockLevelView }) {
  const [searchParams] = useSearchParams();
  // What was last added, unless adding has been refused since.
  const refused = useActionData<typeof action>();
  const added = refused ? null : Number(searchParams.get('added')) || null;
  const { ids, form, problem, values, busy, pathname } = usePostedStep('add');
  return (
    <section aria-labelledby="stock-product" className="rounded-2xl border border-navy-100 bg-white p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="stock-product" className="text-xl font-bold text-navy-950">
          {level.productName}
        </h2>
        {/* What its reviews say (for review moderators: the page says so to anyone else). */}
        <Link to={insightsHref(level.sku)} className="text-sm">
          Review insights<span className="sr-only"> for {level.productName}</span>
        </Link>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {[
          ['Product code', level.sku],
          ['Status', STATUS_NAMES[level.status] ?? level.status],
          ['On hand', String(level.onHand)],
          ['Available', String(level.available)],
        ].map(([term, value]) => (
          <div key={term}>
            <dt className="text-sm text-navy-600">{term}</dt>
            <dd className="font-semibold text-navy-950">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm text-navy-700">
        {level.waitingNotices === 0
          ? 'Nobody is waiting for a back-in-stock e-mail.'
          : `${level.waitingNotices} waiting for a back-in-stock e-mail: it goes out shortly after stock is added.`}
      </p>
      {added && (
        <p role="status" className="mt-4 rounded-lg bg-teal-50 p-3 font-semibold text-teal-900">
          Added {added}. On hand is now {level.onHand}.
        </p>
      )}
      {/* Keyed on what is on hand: after stock is added the box starts empty. */}
      <Form key={level.onHand} ref={form} method="post" action={stockHref(level.sku)} noValidate className="mt-6 space-y-4" aria-label="Add stock">
        <input type="hidden" name="intent" value="add" />
        <div className="flex flex-wrap items-end gap-3">
          <FormField id={ids('quantity')} label="Quantity arrived" error={problem?.fields.quantity} className="w-48">
            {(control) => <Input {...control} name="quantity" defaultValue={values.quantity} inputMode="numeric" autoComplete="off" />}
          </FormField>
          <Button type="submit" loading={busy}>
            Add stock
          </Button>
        </div>
        {problem && !problem.fields.quantity && <ProblemAlert summary={problem.summary} stale={problem.stale} onStale={pathname} />}
      </Form>
    </section>
  );
}
