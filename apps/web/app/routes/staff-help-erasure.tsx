import { createHelpCentreEnquiriesClient } from '@shop/api-client';
import { londonClock, londonDue, londonLongDate, type ErasurePlan } from '@shop/contracts';
import { useEffect, useRef } from 'react';
import { Form, Link, useActionData, useNavigation, useSearchParams } from 'react-router';
import type { Route } from './+types/staff-help-erasure';
import { redirectWithNotice } from '../lib/step-done.server.ts';
import { NeedStaffAccount } from '../components/auth/staff-gate.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { ProblemAlert } from '../components/staff-orders/form-parts.tsx';
import { stepProblemOf } from '../components/staff/step-form.tsx';
import { Button } from '../components/ui/button.tsx';
import { refusedStep, staffClient, staffRead, type RefusedStep } from '../lib/auth/staff-page.server.ts';
import { cn } from '../lib/cn.ts';
import { HELP_INBOX_AUDIENCE, HELP_INBOX_ROLES } from '../lib/staff-help/inbox.ts';
import { pageMeta } from '../lib/meta.ts';

const erasureApi = (request: Request) => staffClient(request, HELP_INBOX_ROLES, 'help-centre', createHelpCentreEnquiriesClient);
const referenceOf = (params: { reference: string }) => params.reference.trim().toUpperCase();

/** The erasure plan (or, once done, what was done), read on the server for the signed-in member of staff; no such request is the shop's 404. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const api = erasureApi(request);
  const reference = referenceOf(params);
  return staffRead(async () => ({ plan: await api.getErasurePlan({ params: { reference } }) }));
}

/** "Erase personal data", posted as a plain form: done, the page comes back saying what was done (post, redirect, get). */
export async function action({ request, params }: Route.ActionArgs) {
  const api = erasureApi(request);
  const reference = referenceOf(params);
  try {
    await api.carryOutErasure({ params: { reference } });
  } catch (error) {
    return refusedStep(error, { intent: 'erase', values: {} }, (refusal) => stepProblemOf(refusal, new Set()));
  }
  return redirectWithNotice(request, `/staff/help/${encodeURIComponent(reference)}/erasure?done=erase`);
}

export const meta: Route.MetaFunction = () => [
  ...pageMeta('Erasure request', 'What an account deletion request erases and keeps.'),
  { name: 'robots', content: 'noindex' },
];

/** An account deletion request (UK GDPR erasure): what will be erased, what is kept for tax, and the button that does it. */
export default function StaffHelpErasurePage({ loaderData, params }: Route.ComponentProps) {
  const reference = referenceOf(params);
  return (
    <>
      <PageHeader
        title={`Erasure request ${reference}`}
        trail={[{ label: 'Help inbox', to: '/staff/help' }, { label: reference, to: `/staff/help/${reference}` }, { label: 'Erasure' }]}
      />
      <div className="container-page min-h-[24rem] max-w-5xl py-8 lg:py-10">
        {'forbidden' in loaderData ? <NeedStaffAccount {...HELP_INBOX_AUDIENCE} /> : <Erasure plan={loaderData.plan} />}
      </div>
    </>
  );
}

function Erasure({ plan }: { plan: ErasurePlan }) {
  const refused = useActionData<RefusedStep | undefined>();
  const busy = useNavigation().state === 'submitting';
  // Just erased: the keyboard goes to what says so.
  const erased = useRef<HTMLParagraphElement>(null);
  const justDone = useSearchParams()[0].get('done') === 'erase' && plan.erasedAt !== null;
  useEffect(() => {
    if (justDone) erased.current?.focus();
  }, [justDone]);
  return (
    <div className="space-y-6">
      <p className="text-navy-800">
        Asked by {plan.emailAddress}.{' '}
        {plan.identityConfirmed ? 'Their identity is confirmed.' : 'They have not confirmed it is them yet: we e-mailed them a link.'}
      </p>
      {plan.erasedAt && (
        <p ref={erased} tabIndex={-1} role="status" className="rounded-lg bg-teal-50 p-3 font-semibold text-teal-900 focus:outline-none">
          Erased on {londonLongDate(plan.erasedAt)} at {londonClock(plan.erasedAt)}.
        </p>
      )}
      <section aria-labelledby="erase">
        <h2 id="erase" className="text-lg font-bold text-navy-950">
          {plan.erasedAt ? 'What was erased' : 'What will be erased'}
        </h2>
        <p className="mt-1 text-navy-800">{accountSentence(plan)}</p>
        <ul className="mt-2 list-disc pl-5 text-navy-800">
          {plan.erase.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="keep">
        <h2 id="keep" className="text-lg font-bold text-navy-950">
          {plan.erasedAt ? 'What is kept' : 'What must be kept'}
        </h2>
        <ul className="mt-2 list-disc pl-5 text-navy-800">
          {plan.keep.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        {plan.orders.length > 0 && (
          <ul className="mt-3 space-y-1 text-navy-800">
            {plan.orders.map((order) => (
              <li key={order.orderNumber}>
                <Link to={`/staff/orders/${order.orderNumber}`} className="font-semibold text-teal-700 underline">
                  {order.orderNumber}
                </Link>{' '}
                kept until {order.keepUntil}
              </li>
            ))}
          </ul>
        )}
      </section>
      <StoreTable plan={plan} />
      {plan.afterwards && plan.afterwards.pending.length > 0 && <StillToDelete pending={plan.afterwards.pending} />}
      {!plan.erasedAt && (
        <Form method="post" className="space-y-4" aria-label="Erase personal data">
          {refused && <ProblemAlert summary={refused.problem.summary} stale={false} onStale="" />}
          <Button type="submit" loading={busy} disabled={!plan.identityConfirmed}>
            Erase personal data
          </Button>
        </Form>
      )}
    </div>
  );
}

/** Whose account goes; once erased, the account is no longer found, and what became of it is said instead. */
function accountSentence(plan: ErasurePlan): string {
  const account = plan.stores.find((store) => store.module === 'identity' && store.effect === 'anonymised' && store.records > 0);
  if (plan.erasedAt)
    return account ? 'The account is erased: it keeps its id, with no name, e-mail address or password.' : 'There was no account with this address.';
  return plan.account ? `The account of ${plan.account.name} (${plan.account.email}).` : 'There is no account with this address to erase.';
}

/** A phone shows a cell's column name before its value (generated content, so the cell's own text stays the value). */
const INLINE_LABEL = 'max-sm:before:font-semibold max-sm:before:content-[attr(data-label)]';

const EFFECT_WORDS = { deleted: 'Deleted', anonymised: 'Anonymised', kept: 'Kept' } as const;

/** Every store of personal data the shop declares: what it holds about this person, and what erasure does (or did) to it. */
function StoreTable({ plan }: { plan: ErasurePlan }) {
  const done = plan.erasedAt !== null;
  const records = done ? 'Records erased or kept' : 'Records about them';
  return (
    <section aria-labelledby="stores">
      <h2 id="stores" className="text-lg font-bold text-navy-950">
        {done ? 'What the erasure did, store by store' : 'Every store of personal data, and what erasure will do'}
      </h2>
      <div className="mt-2 overflow-x-auto">
        {/* On a phone each store is a block of its own, its columns named inline (Chromium keeps the table's roles). */}
        <table className="w-full text-left text-sm text-navy-800">
          <thead className="max-sm:sr-only">
            <tr>
              <th scope="col" className="py-1 pr-3">
                Store
              </th>
              <th scope="col" className="py-1 pr-3">
                {records}
              </th>
              <th scope="col" className="py-1 pr-3">
                Erasure
              </th>
              <th scope="col" className="py-1">
                What stays, and why
              </th>
            </tr>
          </thead>
          <tbody className="max-sm:block">
            {plan.stores.map((store) => (
              <tr key={`${store.module}:${store.label}`} className="border-t border-navy-100 align-top max-sm:block max-sm:py-2">
                <th scope="row" className="py-1 pr-3 font-normal max-sm:block max-sm:font-semibold max-sm:text-navy-950">
                  {store.label}
                </th>
                <td data-label={`${records}: `} className={cn(INLINE_LABEL, 'py-1 pr-3 max-sm:inline-block max-sm:pr-5')}>
                  {store.foundBy.length > 0 ? store.records : 'Not linked to a person'}
                </td>
                <td data-label="Erasure: " className={cn(INLINE_LABEL, 'py-1 pr-3 max-sm:inline-block')}>
                  {EFFECT_WORDS[store.effect]}
                </td>
                <td className="py-1 max-sm:block">{store.effect === 'kept' ? `${store.period}: ${store.reason}` : (store.remains ?? 'Nothing')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {plan.afterwards && (
        <p className="mt-2 text-navy-800">
          Outside the database: {plan.afterwards.filesRemoved} uploaded {plan.afterwards.filesRemoved === 1 ? 'file' : 'files'} removed,{' '}
          {plan.afterwards.paymentCustomersDeleted} payment provider {plan.afterwards.paymentCustomersDeleted === 1 ? 'customer' : 'customers'} deleted.
        </p>
      )}
    </section>
  );
}

/** What the file store or the payment provider could not delete yet: the shop tries again by itself until it is done. */
function StillToDelete({ pending }: { pending: NonNullable<ErasurePlan['afterwards']>['pending'] }) {
  return (
    <section aria-labelledby="still-to-delete">
      <h2 id="still-to-delete" className="text-lg font-bold text-navy-950">
        Still to delete
      </h2>
      <p className="mt-1 text-navy-800">These could not be deleted yet. The shop tries again by itself until they are gone; nothing needs doing by hand.</p>
      <ul className="mt-2 space-y-2 text-navy-800">
        {pending.map((item) => (
          <li key={`${item.kind}:${item.reference}`} className="rounded-lg border border-brass-300 bg-brass-50 p-3">
            <p className="font-semibold break-all">
              {item.kind === 'file' ? 'Uploaded file' : 'Payment provider’s customer'} {item.reference}
            </p>
            <p>
              Tried {item.attempts} {item.attempts === 1 ? 'time' : 'times'}; next try {londonDue(item.nextAttemptAt)}.
            </p>
            {item.lastError && <p className="text-sm">Last answer: {item.lastError}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}
