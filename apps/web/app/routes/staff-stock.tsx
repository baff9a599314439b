import type { StockLevelView } from '@shop/contracts';
import { useState, type FormEvent } from 'react';
import { Form, useSearchParams } from 'react-router';
import type { Route } from './+types/staff-stock';
import { NeedStaffAccount } from '../components/auth/staff-gate.tsx';
import { useShopAuth } from '../components/auth/use-shop-auth.ts';
import { PageHeader } from '../components/layout/page-header.tsx';
import { Button } from '../components/ui/button.tsx';
import { FormField } from '../components/ui/form-field.tsx';
import { Input } from '../components/ui/input.tsx';
import { LoadError } from '../components/ui/load-error.tsx';
import { Link } from '../components/ui/link.tsx';
import { apiFieldError, apiProblemMessage, isForbidden } from '../lib/api-problem.ts';
import { ORDER_ROLES } from '../lib/staff-orders/orders.ts';
import { insightsHref } from '../lib/staff-reviews/queue.ts';
import { pageMeta } from '../lib/meta.ts';
import { useApiClients, useApiData } from '../lib/use-api.ts';
import { staffPageLoader } from '../lib/auth/staff-page.server.ts';

// Staff without the page's role get the shop's 404 from the server, as from the API.
export const loader = staffPageLoader(ORDER_ROLES);

export const meta: Route.MetaFunction = () => [
  ...pageMeta('Stock', 'Look up a product code’s stock and record stock that arrived.'),
  { name: 'robots', content: 'noindex' },
];

const STOCK_AUDIENCE = { what: 'Managing stock', who: 'order administrators' };
const STATUS_NAMES: Record<string, string> = { in_stock: 'In stock', low_stock: 'Low stock', made_to_order: 'Made to order', out_of_stock: 'Out of stock' };

/** Staff's stock screen: a product code's stock, and stock that arrived (which sends waiting back-in-stock e-mails). Loaded in the browser. */
export default function StaffStockPage() {
  return (
    <>
      <PageHeader
        title="Stock"
        trail={[{ label: 'Your account', to: '/account' }, { label: 'Stock' }]}
        intro={<p>Look up a product code and record stock that has arrived.</p>}
      />
      <div className="container-page min-h-[24rem] max-w-3xl py-8 lg:py-10">
        <StockScreen />
      </div>
    </>
  );
}

function StockScreen() {
  const [searchParams] = useSearchParams();
  const sku = searchParams.get('sku')?.trim() ?? '';
  const clients = useApiClients();
  const sub = useShopAuth().user?.profile.sub;
  const [added, setAdded] = useState<StockLevelView | null>(null);
  const level = useApiData(clients && sku ? `${sub}:stock:${sku}` : undefined, (signal) =>
    clients!.helpEnquiries.getStockLevel({ params: { sku } }, { signal }),
  );
  if (level.state === 'error' && isForbidden(level.error)) return <NeedStaffAccount {...STOCK_AUDIENCE} />;
  const shown = added?.sku === sku ? added : level.state === 'ready' ? level.data : null;
  return (
    <>
      <Form method="get" role="search" aria-label="Look up stock" className="flex flex-wrap items-end gap-3">
        <FormField label="Product code" className="min-w-0 flex-1 basis-64">
          {(control) => <Input {...control} name="sku" defaultValue={sku} key={sku} autoComplete="off" spellCheck={false} />}
        </FormField>
        <Button type="submit">Look up</Button>
      </Form>
      <div className="mt-8">
        {level.state === 'error' ? (
          <LoadError title="We couldn’t find that product’s stock" error={level.error} onRetry={level.reload} />
        ) : shown ? (
          <StockPanel level={shown} onAdded={setAdded} />
        ) : sku ? (
          <p role="status">Loading…</p>
        ) : null}
      </div>
    </>
  );
}

function StockPanel({ level, onAdded }: { level: StockLevelView; onAdded: (level: StockLevelView) => void }) {
  const clients = useApiClients();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const entered = new FormData(formElement).get('quantity');
    const typed = typeof entered === 'string' ? entered.trim() : '';
    const quantity = /^\d+$/.test(typed) ? Number(typed) : Number.NaN;
    if (!Number.isInteger(quantity) || quantity < 1) {
      setError('Enter how many arrived, as a whole number');
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const updated = await clients!.helpEnquiries.addStock({ params: { sku: level.sku }, body: { quantity } });
      onAdded(updated);
      setNotice(`Added ${quantity}. On hand is now ${updated.onHand}.`);
      formElement.reset();
    } catch (problem) {
      setError(apiFieldError(problem, 'quantity') ?? apiProblemMessage(problem));
    } finally {
      setSaving(false);
    }
  };
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
      {notice && (
        <p role="status" className="mt-4 rounded-lg bg-teal-50 p-3 font-semibold text-teal-900">
          {notice}
        </p>
      )}
      <form onSubmit={submit} noValidate className="mt-6 flex flex-wrap items-end gap-3" aria-label="Add stock">
        <FormField label="Quantity arrived" error={error} className="w-48">
          {(control) => <Input {...control} name="quantity" inputMode="numeric" autoComplete="off" />}
        </FormField>
        <Button type="submit" loading={saving}>
          Add stock
        </Button>
      </form>
    </section>
  );
}
