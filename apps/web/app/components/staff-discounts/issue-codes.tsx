import type { Discount, IssueCode } from '@shop/contracts';
import { useState, type FormEvent } from 'react';
import { apiProblemMessage } from '../../lib/api-problem.ts';
import { parseWholeNumber } from '../../lib/staff-discounts/amounts.ts';
import { downloadText, issueCodesCsv, issueCodesFilename } from '../../lib/staff-discounts/csv.ts';
import { MAX_ISSUE_CODES_PER_BATCH } from '../../lib/staff-discounts/form.ts';
import { ISSUE_CODE_STATUS, formatDateTime } from '../../lib/staff-discounts/promotion.ts';
import { useApiClients } from '../../lib/use-api.ts';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Input } from '../ui/input.tsx';
import { Select } from '../ui/select.tsx';
import { useToast } from '../ui/toast.tsx';

const PAGE_SIZE = 50;
type StatusFilter = IssueCode['status'] | 'all';

/**
 * A promotion's single-use issue codes: counts, a CSV of all of them, more codes on demand, and a
 * paged table where an unused code can be withdrawn (and reinstated). The API sends every code with
 * the promotion, so paging and filtering happen here.
 */
export function IssueCodesPanel({
  promotionCode,
  codes,
  onAdded,
  onCodeChanged,
}: {
  promotionCode: string;
  codes: IssueCode[];
  onAdded: (discount: Discount) => void;
  onCodeChanged: (code: IssueCode) => void;
}) {
  const [status, setStatus] = useState<StatusFilter>('all');
  const [find, setFind] = useState('');
  const [page, setPage] = useState(1);
  const counts = { available: 0, claimed: 0, voided: 0 };
  for (const code of codes) counts[code.status] += 1;
  // Codes are typed as read off a leaflet: any case, with spaces or hyphens.
  const part = find.toUpperCase().replace(/[\s-]+/g, '');
  const shown = codes.filter((code) => (status === 'all' || code.status === status) && code.code.includes(part));
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const rows = shown.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-4">
        {/* oxfmt's fill would run the first line past 160 columns (it does not count a trailing {' '}), so it is kept as written. */}
        {/* prettier-ignore */}
        <p className="text-navy-800">
          <strong className="text-navy-950">{codes.length.toLocaleString('en-GB')}</strong> issue
          codes: {counts.available.toLocaleString('en-GB')} available,{' '}
          {counts.claimed.toLocaleString('en-GB')} claimed, {counts.voided.toLocaleString('en-GB')} withdrawn.
        </p>
        <Button
          variant="secondary"
          disabled={codes.length === 0}
          onClick={() => downloadText(issueCodesFilename(promotionCode, new Date()), issueCodesCsv(promotionCode, codes))}
        >
          <svg
            className="size-4"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.75"
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden="true"
          >
            <path d="M12 4v11m0 0-4.5-4.5M12 15l4.5-4.5M5 19.5h14" />
          </svg>
          Download codes (CSV)
        </Button>
      </div>

      <AddIssueCodes promotionCode={promotionCode} onAdded={onAdded} />

      {codes.length > 0 && (
        <>
          <div className="flex flex-wrap items-end gap-4">
            <FormField label="Show" className="w-48">
              {(control) => (
                <Select
                  {...control}
                  value={status}
                  onChange={(event) => {
                    setStatus(event.target.value as StatusFilter);
                    setPage(1);
                  }}
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
                  value={find}
                  onChange={(event) => {
                    setFind(event.target.value);
                    setPage(1);
                  }}
                  autoComplete="off"
                  spellCheck={false}
                  className="font-mono uppercase"
                />
              )}
            </FormField>
            <Pager current={current} pages={pages} onPage={setPage} total={shown.length} />
          </div>
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
                {rows.map((code) => (
                  <IssueCodeRow key={code.code} promotionCode={promotionCode} code={code} onChanged={onCodeChanged} />
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}

function IssueCodeRow({ promotionCode, code, onChanged }: { promotionCode: string; code: IssueCode; onChanged: (code: IssueCode) => void }) {
  const clients = useApiClients();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const withdraw = code.status === 'available';
  const change = async () => {
    if (!clients) return;
    setBusy(true);
    try {
      const { issueCode } = await clients.discounts.updateDiscount({ params: { promotionCode, issueCode: code.code }, body: { issueCodeVoided: withdraw } });
      toast(withdraw ? `${code.code} is withdrawn: it can no longer be used.` : `${code.code} is reinstated.`, 'success');
      if (issueCode) onChanged(issueCode);
    } catch (error) {
      toast(apiProblemMessage(error), 'error');
    } finally {
      setBusy(false);
    }
  };
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
          <Button size="sm" variant="ghost" loading={busy} onClick={change} aria-label={`${withdraw ? 'Withdraw' : 'Reinstate'} ${code.code}`}>
            {withdraw ? 'Withdraw' : 'Reinstate'}
          </Button>
        )}
      </td>
    </tr>
  );
}

/** Previous / next through a list held in the page (no address change, so the page keeps its place). */
function Pager({ current, pages, total, onPage }: { current: number; pages: number; total: number; onPage: (page: number) => void }) {
  const first = total === 0 ? 0 : (current - 1) * PAGE_SIZE + 1;
  const last = Math.min(total, current * PAGE_SIZE);
  return (
    <nav aria-label="Issue code pages" className="flex items-center gap-2 lg:ml-auto">
      <Button size="sm" variant="secondary" disabled={current <= 1} onClick={() => onPage(current - 1)}>
        Previous
      </Button>
      <p className="min-w-32 text-center text-sm text-navy-800" aria-live="polite">
        {total === 0 ? 'No codes' : `${first}–${last} of ${total.toLocaleString('en-GB')}`}
      </p>
      <Button size="sm" variant="secondary" disabled={current >= pages} onClick={() => onPage(current + 1)}>
        Next
      </Button>
    </nav>
  );
}

function AddIssueCodes({ promotionCode, onAdded }: { promotionCode: string; onAdded: (discount: Discount) => void }) {
  const clients = useApiClients();
  const toast = useToast();
  const [count, setCount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseWholeNumber(count, { min: 1, max: MAX_ISSUE_CODES_PER_BATCH });
    if (!parsed.ok) return setError(parsed.message);
    if (!clients) return;
    setError(null);
    setBusy(true);
    try {
      const discount = await clients.discounts.updateDiscount({ params: { promotionCode, issueCode: promotionCode }, body: { addIssueCodes: parsed.value } });
      toast(`${parsed.value.toLocaleString('en-GB')} new issue codes generated.`, 'success');
      setCount('');
      onAdded(discount);
    } catch (failure) {
      setError(apiProblemMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Generate more issue codes" className="flex flex-wrap items-end gap-3 rounded-xl bg-sand-50 p-4">
      <FormField
        label="Generate more single-use codes"
        hint={`Up to ${MAX_ISSUE_CODES_PER_BATCH.toLocaleString('en-GB')} at a time.`}
        error={error}
        className="min-w-0"
      >
        {(control) => (
          <Input {...control} value={count} onChange={(event) => setCount(event.target.value)} inputMode="numeric" autoComplete="off" className="max-w-40" />
        )}
      </FormField>
      <Button type="submit" variant="secondary" loading={busy}>
        Generate codes
      </Button>
    </form>
  );
}
