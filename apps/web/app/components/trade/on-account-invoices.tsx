import { formatPence, londonLongDate, type OnAccountInvoice, type OnAccountInvoices } from '@shop/contracts';
import { Link } from 'react-router';
import { accountOrderPath } from '../../lib/account/orders.ts';
import { Badge, type BadgeTone } from '../ui/badge.tsx';
import { Pagination } from '../ui/pagination.tsx';
import { Figure } from './dashboard-parts.tsx';

/** A due date (YYYY-MM-DD, a UK date) in words: midday UTC is the same day in London all year. */
const day = (isoDate: string) => londonLongDate(`${isoDate}T12:00:00Z`);

const STANDING: Record<OnAccountInvoice['standing'], { label: string; tone: BadgeTone }> = {
  awaiting_dispatch: { label: 'Not dispatched yet', tone: 'neutral' },
  due: { label: 'Due', tone: 'info' },
  overdue: { label: 'Overdue', tone: 'sale' },
  paid: { label: 'Paid', tone: 'success' },
  settled: { label: 'Nothing to pay', tone: 'success' },
};

function when(invoice: OnAccountInvoice, termDays: number): string {
  if (invoice.standing === 'settled') return 'Refunded or cancelled';
  if (invoice.standing === 'paid') return 'Paid to Two: nothing more to pay';
  if (!invoice.dueDate) return `Due ${termDays} days after we dispatch it`;
  return invoice.standing === 'overdue' ? `Was due ${day(invoice.dueDate)}` : `Due ${day(invoice.dueDate)}`;
}

/**
 * Orders on account with Two (decision 0091): what is due and what is overdue, with amounts, each
 * order's due date (the provider's: 30 days after dispatch) and where to pay, quoting each reference.
 */
export function OnAccountInvoicesPanel({ invoices, hrefFor }: { invoices: OnAccountInvoices; hrefFor: (page: number) => string }) {
  const payee = invoices.items.find((item) => item.payee)?.payee ?? null;
  return (
    <section aria-labelledby="on-account-orders" className="space-y-4 rounded-2xl border border-navy-100 bg-white p-5 sm:p-6">
      <h2 id="on-account-orders" className="text-lg font-bold tracking-tight text-navy-950">
        Orders on account
      </h2>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <Figure term="Overdue" pence={invoices.overduePence} note={invoices.overduePence > 0 ? 'past its due date: pay Two now' : 'nothing is late'} />
        <Figure term="Due" pence={invoices.duePence} note={invoices.nextDueDate ? `next by ${day(invoices.nextDueDate)}` : 'nothing due yet'} />
        <Figure term="Not dispatched yet" pence={invoices.awaitingDispatchPence} note={`due ${invoices.termDays} days after dispatch`} />
      </dl>
      {payee && (
        <p className="text-navy-800">
          Pay Two into <strong>{payee.name}</strong>, sort code <strong className="tabular-nums">{payee.sortCode}</strong>, account number{' '}
          <strong className="tabular-nums">{payee.accountNumber}</strong>, quoting the order’s reference below.
        </p>
      )}
      <ul className="divide-y divide-navy-100">
        {invoices.items.map((invoice) => (
          <li key={invoice.orderNumber} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3">
            <span className="min-w-0">
              <Link to={accountOrderPath(invoice.orderNumber)} className="font-mono font-semibold text-teal-700 underline underline-offset-3">
                {invoice.orderNumber}
              </Link>{' '}
              <Badge tone={STANDING[invoice.standing].tone}>{STANDING[invoice.standing].label}</Badge>
              <span className="block text-sm text-navy-700">
                {when(invoice, invoices.termDays)}
                {invoice.payee && invoice.standing !== 'settled' && <> · reference {invoice.payee.reference}</>}
              </span>
            </span>
            <span className="text-right tabular-nums">
              <span className="block font-semibold text-navy-950">{formatPence(invoice.outstandingPence)} to pay</span>
              <span className="block text-xs text-navy-700">of {formatPence(invoice.amountPence)} inc VAT</span>
            </span>
          </li>
        ))}
      </ul>
      <Pagination label="Orders on account pages" current={invoices.pageNumber} total={invoices.totalPages} hrefFor={hrefFor} />
    </section>
  );
}
