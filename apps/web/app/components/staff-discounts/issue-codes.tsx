import type { IssueCode } from '@shop/contracts';
import { Form, Link } from 'react-router';
import { MAX_ISSUE_CODES_PER_BATCH } from '../../lib/staff-discounts/form.ts';
import { ISSUE_CODES_PAGE_SIZE, issueCodesCsvHref, issueCodesHref, type IssueCodePage, type IssueCodeView } from '../../lib/staff-discounts/issue-codes.ts';
import { ISSUE_CODE_STATUS, formatDateTime } from '../../lib/staff-discounts/promotion.ts';
import { ProblemAlert } from '../staff-orders/form-parts.tsx';
import { usePostedStep } from '../staff/posted-step-form.tsx';
import { Badge } from '../ui/badge.tsx';
import { Button, buttonClasses } from '../ui/button.tsx';
import { FormField } from '../ui/form-field.tsx';
import { DownloadIcon } from '../ui/icons.tsx';
import { Input } from '../ui/input.tsx';
import { Select } from '../ui/select.tsx';

const count = (value: number) => value.toLocaleString('en-GB');

/**
 * A promotion's single-use issue codes: counts, a CSV of all of them made on the server, more codes
 * on demand, and a page of them (chosen in the address) where an unused code can be withdrawn and a
 * withdrawn one reinstated. Every control is a link or a plain form, so all of it works before the
 * page's scripts run.
 */
export function IssueCodesPanel({ promotionCode, codes, view }: { promotionCode: string; codes: IssueCodePage; view: IssueCodeView }) {
  const { counts } = codes;
  const here = issueCodesHref(promotionCode, { ...view, page: codes.page });
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-4">
        {/* oxfmt's fill would run the first line past 160 columns (it does not count a trailing {' '}), so it is kept as written. */}
        {/* prettier-ignore */}
        <p className="text-navy-800">
          <strong className="text-navy-950">{count(counts.all)}</strong> issue
          codes: {count(counts.available)} available,{' '}
          {count(counts.claimed)} claimed, {count(counts.voided)} withdrawn.
        </p>
        {counts.all > 0 && (
          // A file made on the server for the signed-in member of staff: the browser saves it, and the page stays where it is.
          <a href={issueCodesCsvHref(promotionCode)} download className={buttonClasses('secondary')}>
            <DownloadIcon className="size-4" />
            Download codes (CSV)
          </a>
        )}
      </div>

      <AddIssueCodes action={here} />

      {counts.all > 0 && (
        <>
          <div className="flex flex-wrap items-end gap-4">
            <Form
              method="get"
              action={issueCodesHref(promotionCode, { show: 'all', find: '', page: 1 })}
              aria-label="Filter issue codes"
              className="flex flex-wrap items-end gap-4"
            >
              <FormField label="Show" className="w-48">
                {(control) => (
                  <Select
                    {...control}
                    name="show"
                    defaultValue={view.show}
                    key={view.show}
                    options={[
                      { value: 'all', label: 'All codes' },
                      { value: 'available', label: 'Available' },
                      { value: 'claimed', label: 'Claimed' },
                      { value: 'voided', label: 'Withdrawn' },
                    ]}
                  />
                )}
              </FormField>
              <FormField label="Find a code" className="w-56">
                {(control) => (
                  <Input
                    {...control}
                    type="search"
                    name="find"
                    defaultValue={view.find}
                    key={view.find}
                    autoComplete="off"
                    spellCheck={false}
                    className="font-mono uppercase"
                  />
                )}
              </FormField>
              <Button type="submit" variant="secondary">
                Show codes
              </Button>
            </Form>
            <Pager promotionCode={promotionCode} view={view} codes={codes} />
          </div>
          <ChangeProblem />
          {/* A page of codes scrolls in its own frame (headings kept in view), so the claims and terms stay near;
              it takes the keyboard so it can be scrolled when no row has a button (e.g. only claimed codes). */}
          {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
          <div className="max-h-[30rem] overflow-y-auto rounded-xl border border-navy-100" role="region" aria-label="Issue codes" tabIndex={0}>
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Issue codes, oldest first</caption>
              <thead className="sticky top-0 z-10 bg-sand-100 text-navy-800">
                <tr>
                  <th scope="col" className="px-4 py-2.5 font-semibold">
                    Code
                  </th>
                  <th scope="col" className="px-3 py-2.5 font-semibold">
                    Status
                  </th>
                  <th scope="col" className="hidden px-3 py-2.5 font-semibold sm:table-cell">
                    Claimed
                  </th>
                  <th scope="col" className="px-4 py-2.5 text-right font-semibold">
                    <span className="sr-only">Action</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-navy-100 bg-white">
                {codes.rows.map((code) => (
                  <IssueCodeRow key={code.code} code={code} action={here} />
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}

/** Why withdrawing or reinstating a code was refused (the code was claimed meanwhile, say), above the table. */
function ChangeProblem() {
  const withdraw = usePostedStep('withdraw');
  const reinstate = usePostedStep('reinstate');
  const refused = withdraw.problem ? withdraw : reinstate.problem ? reinstate : null;
  if (!refused?.problem) return null;
  return <ProblemAlert summary={`${refused.values.code ?? 'The code'}: ${refused.problem.summary}`} stale={false} onStale={refused.pathname} />;
}

function IssueCodeRow({ code, action }: { code: IssueCode; action: string }) {
  const step = code.status === 'available' ? 'withdraw' : 'reinstate';
  const { busy, values } = usePostedStep(step);
  return (
    <tr>
      <td className="px-4 py-2 font-mono tracking-wide text-navy-950">{code.code}</td>
      <td className="px-3 py-2">
        <Badge tone={ISSUE_CODE_STATUS[code.status].tone}>{ISSUE_CODE_STATUS[code.status].label}</Badge>
        {code.claimedAt && (
          <span className="block text-xs text-navy-600 sm:hidden">
            <time dateTime={code.claimedAt}>{formatDateTime(code.claimedAt)}</time>
            {code.claimId !== null && ` (claim ${code.claimId})`}
          </span>
        )}
      </td>
      <td className="hidden px-3 py-2 text-navy-800 sm:table-cell">
        {code.claimedAt ? (
          <>
            <time dateTime={code.claimedAt}>{formatDateTime(code.claimedAt)}</time>
            {code.claimId !== null && <span className="text-navy-600"> (claim {code.claimId})</span>}
          </>
        ) : (
          <span className="text-navy-600">Not yet</span>
        )}
      </td>
      <td className="px-4 py-1.5 text-right">
        {code.status !== 'claimed' && (
          <Form method="post" action={action}>
            <input type="hidden" name="intent" value={step} />
            <input type="hidden" name="code" value={code.code} />
            <Button
              type="submit"
              size="sm"
              variant="ghost"
              loading={busy && values.code === code.code}
              aria-label={`${step === 'withdraw' ? 'Withdraw' : 'Reinstate'} ${code.code}`}
            >
              {step === 'withdraw' ? 'Withdraw' : 'Reinstate'}
            </Button>
          </Form>
        )}
      </td>
    </tr>
  );
}

const pagerLink = (disabled: boolean) => buttonClasses('secondary', 'sm', disabled ? 'pointer-events-none opacity-60' : undefined);

/** Previous / next through the view's codes: links to the page's address with the next page of them. */
function Pager({ promotionCode, view, codes }: { promotionCode: string; view: IssueCodeView; codes: IssueCodePage }) {
  const first = codes.found === 0 ? 0 : (codes.page - 1) * ISSUE_CODES_PAGE_SIZE + 1;
  const last = Math.min(codes.found, first + codes.rows.length - 1);
  const to = (page: number) => issueCodesHref(promotionCode, { ...view, page });
  const arrow = (page: number, label: string) =>
    page < 1 || page > codes.pages ? (
      <span aria-disabled="true" className={pagerLink(true)}>
        {label}
      </span>
    ) : (
      <Link to={to(page)} preventScrollReset className={pagerLink(false)}>
        {label}
      </Link>
    );
  return (
    <nav aria-label="Issue code pages" className="flex items-center gap-2 lg:ml-auto">
      {arrow(codes.page - 1, 'Previous')}
      <p className="min-w-32 text-center text-sm text-navy-800">{codes.found === 0 ? 'No codes' : `${first}–${last} of ${count(codes.found)}`}</p>
      {arrow(codes.page + 1, 'Next')}
    </nav>
  );
}

function AddIssueCodes({ action }: { action: string }) {
  const { ids, form, problem, values, busy } = usePostedStep('add-codes');
  return (
    <Form
      ref={form}
      method="post"
      action={action}
      noValidate
      aria-label="Generate more issue codes"
      className="flex flex-wrap items-end gap-3 rounded-xl bg-sand-50 p-4"
    >
      <input type="hidden" name="intent" value="add-codes" />
      <FormField
        id={ids('count')}
        label="Generate more single-use codes"
        hint={`Up to ${count(MAX_ISSUE_CODES_PER_BATCH)} at a time.`}
        error={problem?.fields.count ?? problem?.summary}
        className="min-w-0"
      >
        {(control) => <Input {...control} name="count" defaultValue={values.count} inputMode="numeric" autoComplete="off" className="max-w-40" />}
      </FormField>
      <Button type="submit" variant="secondary" loading={busy}>
        Generate codes
      </Button>
    </Form>
  );
}
