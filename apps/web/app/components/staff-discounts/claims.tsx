import type { DiscountClaim } from '@shop/contracts';
import { Form } from 'react-router';
import { formatPence } from '@shop/contracts';
import { CHANNEL_LABELS, formatDateTime } from '../../lib/staff-discounts/promotion.ts';
import { TableHead } from '../staff/table-head.tsx';
import { Button } from '../ui/button.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Input } from '../ui/input.tsx';

const customer = (claim: DiscountClaim) => claim.customerId ?? 'Guest';

/** The promotion's latest claims (the API sends the newest 100), as a table or, on phones, a list. */
export function ClaimsList({ claims, totalCount }: { claims: DiscountClaim[]; totalCount: number }) {
  if (claims.length === 0) {
    return <p className="rounded-xl border border-dashed border-navy-200 bg-white p-6 text-center text-navy-700">No one has used this promotion yet.</p>;
  }
  return (
    <>
      <p className="text-sm text-navy-700">
        {totalCount > claims.length
          ? `The latest ${claims.length} of ${totalCount.toLocaleString('en-GB')} claims, newest first.`
          : `${claims.length} claims, newest first.`}
      </p>
      <div className="mt-3 hidden overflow-hidden rounded-xl border border-navy-100 md:block">
        <table className="w-full text-left text-sm">
          <TableHead caption="Claims, newest first" headings={['Claimed', 'Order', 'Customer', 'Amount', 'Channel', 'Issue code', 'Claim']} />
          <tbody className="divide-y divide-navy-100 bg-white">
            {claims.map((claim) => (
              <tr key={claim.id}>
                <td className="py-2 pr-3 pl-4 whitespace-nowrap">
                  <time dateTime={claim.claimedAt}>{formatDateTime(claim.claimedAt)}</time>
                </td>
                <td className="px-3 py-2 font-mono [overflow-wrap:anywhere]">{claim.orderId}</td>
                <td className="px-3 py-2 [overflow-wrap:anywhere]">{customer(claim)}</td>
                <td className="px-3 py-2 font-semibold whitespace-nowrap">{formatPence(claim.amountPence)}</td>
                <td className="px-3 py-2 whitespace-nowrap">{CHANNEL_LABELS[claim.channel]}</td>
                <td className="px-3 py-2 font-mono">{claim.issueCode ?? '—'}</td>
                <td className="py-2 pr-4 pl-3">{claim.id}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="mt-3 space-y-3 md:hidden" aria-label="Claims, newest first">
        {claims.map((claim) => (
          <li key={claim.id} className="rounded-xl border border-navy-100 bg-white p-4 text-sm">
            <ClaimDetails claim={claim} />
          </li>
        ))}
      </ul>
    </>
  );
}

function ClaimDetails({ claim }: { claim: DiscountClaim }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
      <dt className="font-semibold text-navy-700">Claim</dt>
      <dd>{claim.id}</dd>
      <dt className="font-semibold text-navy-700">Promotion</dt>
      <dd className="font-mono">{claim.promotionCode}</dd>
      <dt className="font-semibold text-navy-700">Claimed</dt>
      <dd>
        <time dateTime={claim.claimedAt}>{formatDateTime(claim.claimedAt)}</time>
      </dd>
      <dt className="font-semibold text-navy-700">Order</dt>
      <dd className="font-mono [overflow-wrap:anywhere]">{claim.orderId}</dd>
      <dt className="font-semibold text-navy-700">Customer</dt>
      <dd className="[overflow-wrap:anywhere]">{customer(claim)}</dd>
      <dt className="font-semibold text-navy-700">Amount</dt>
      <dd className="font-semibold">{formatPence(claim.amountPence)}</dd>
      <dt className="font-semibold text-navy-700">Channel</dt>
      <dd>{CHANNEL_LABELS[claim.channel]}</dd>
      <dt className="font-semibold text-navy-700">Issue code</dt>
      <dd className="font-mono">{claim.issueCode ?? 'None (the promotion code)'}</dd>
    </dl>
  );
}

/** What the claim lookup found for the number in the page's address (`?claim=`), or why it found nothing. */
export type ClaimLookupResult = { id: string; claim: DiscountClaim; problem: null } | { id: string; claim: null; problem: string };

/**
 * Any claim by its id (e.g. one older than the latest 100, or named on an issue code): a plain form
 * that puts the number in the page's address, where the page's loader looks it up.
 */
export function ClaimLookup({ action, found }: { action: string; found: ClaimLookupResult | null }) {
  return (
    <div className="rounded-xl bg-sand-50 p-4">
      <Form method="get" action={action} preventScrollReset noValidate aria-label="Find a claim" className="flex flex-wrap items-end gap-3">
        <FormField label="Find a claim by its number" hint="Claim numbers are shown with claimed issue codes." error={found?.problem} className="min-w-0">
          {(control) => (
            <Input {...control} name="claim" defaultValue={found?.id} key={found?.id} inputMode="numeric" autoComplete="off" className="max-w-40" />
          )}
        </FormField>
        <Button type="submit" variant="secondary">
          Find claim
        </Button>
      </Form>
      {found?.claim && (
        <section aria-label={`Claim ${found.claim.id}`} className="mt-4 rounded-xl border border-navy-100 bg-white p-4 text-sm">
          <ClaimDetails claim={found.claim} />
        </section>
      )}
    </div>
  );
}
