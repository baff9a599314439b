import { londonShortDateTime, type RangeImport } from '@shop/contracts';
import { Form } from 'react-router';
import { Table } from '../../content/content-table.tsx';
import { IMPORT_HREF, importHref } from '../../lib/staff-products/products.ts';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { ErrorSummary } from '../ui/error-summary.tsx';
import { Link } from '../ui/link.tsx';

const plural = (count: number, one: string, many: string) => `${count.toLocaleString('en-GB')} ${count === 1 ? one : many}`;

function Status({ report }: { report: RangeImport }) {
  if (report.status === 'checked') {
    return (
      <>
        <p>
          <Badge tone="info">Checked</Badge> Nothing has changed yet. {plural(report.changing, 'row would change', 'rows would change')},{' '}
          {plural(report.unchanged, 'is', 'are')} as the shop has {report.unchanged === 1 ? 'it' : 'them'}, {plural(report.refused, 'row is', 'rows are')}{' '}
          refused.
        </p>
        {report.changing > 0 ? (
          <Form method="post" className="mt-4">
            <Button type="submit" variant="primary">
              Apply {plural(report.changing, 'change', 'changes')}
            </Button>
          </Form>
        ) : (
          <p className="mt-3">
            There is nothing to apply. <Link to={IMPORT_HREF}>Check another file</Link>.
          </p>
        )}
      </>
    );
  }
  if (report.status !== 'applied') {
    return (
      <p>
        <Badge tone="accent">Applying</Badge> {report.productsDone.toLocaleString('en-GB')} of {plural(report.products, 'product', 'products')} done.{' '}
        <Link to={importHref(report.id)}>Refresh to see progress</Link>
      </p>
    );
  }
  const on = report.finishedAt && <> on {londonShortDateTime(report.finishedAt)}</>;
  if (report.refusedWhileApplying > 0) {
    return (
      <p>
        <Badge tone="sale">Applied in part</Badge> {plural(report.changing, 'row changed', 'rows changed')}
        {on}. {plural(report.refusedWhileApplying, 'row was', 'rows were')} not applied: the shop changed after the check, so a row was refused and its product
        left as it was. Only the rows marked “Applied” below went in: to apply the rest, check the file again.
      </p>
    );
  }
  return (
    <p>
      <Badge tone="success">Applied</Badge> {plural(report.changing, 'row changed', 'rows changed')} across {plural(report.productsDone, 'product', 'products')}
      {on}; {plural(report.refused, 'row was', 'rows were')} refused.
    </p>
  );
}

/** The rows refused while applying, GOV.UK's way: "There is a problem", each linked to the refused rows. */
function RefusedWhileApplying({ report }: { report: RangeImport }) {
  const problems = report.refusals
    .filter((refusal) => refusal.whileApplying === 'refused')
    .map((refusal) => ({
      message: `Line ${refusal.line} was refused while applying: ${refusal.reason}. Nothing of its product was applied.`,
      fieldId: 'import-refused',
    }));
  return <ErrorSummary problems={problems} />;
}

const FOUND = { refused: 'Refused while applying', 'not-applied': 'Not applied' } as const;

/** A checked import's report: its status (with "Apply" while only checked), refused rows and changes by line, and once applied which went in. */
export function RangeImportReport({ report }: { report: RangeImport }) {
  const applying = report.refusals.some((refusal) => refusal.whileApplying !== null);
  return (
    <>
      <section aria-labelledby="import-status" className="max-w-3xl text-navy-800">
        <h2 id="import-status" className="section-heading">
          Status
        </h2>
        <p className="mt-2 text-sm text-navy-600">
          {plural(report.lines, 'row', 'rows')}, checked by {report.checkedBy} on {londonShortDateTime(report.checkedAt)}.
        </p>
        <div className="mt-4 space-y-4">
          <RefusedWhileApplying report={report} />
          <Status report={report} />
        </div>
      </section>
      {report.refusals.length > 0 && (
        <section aria-labelledby="import-refused" className="mt-10">
          <h2 id="import-refused" className="section-heading">
            Refused rows
          </h2>
          <LinesTable
            caption="Refused rows by line"
            head={applying ? ['Line', 'Column', 'Reason', 'When'] : ['Line', 'Column', 'Reason']}
            rows={report.refusals.map((refusal) => [
              refusal.line,
              refusal.column ?? '–',
              refusal.reason,
              ...(applying ? [refusal.whileApplying ? FOUND[refusal.whileApplying] : 'At the check'] : []),
            ])}
          />
          {report.refused > report.refusals.length && (
            <p className="text-sm text-navy-700">
              The first {report.refusals.length} of {report.refused} are shown.
            </p>
          )}
        </section>
      )}
      {report.changes.length > 0 && (
        <section aria-labelledby="import-changes" className="mt-10">
          <h2 id="import-changes" className="section-heading">
            {report.status === 'checked' ? 'What would change' : 'What the file changes'}
          </h2>
          <LinesTable
            caption="Changes by line"
            head={report.status === 'applied' ? ['Line', 'Code', 'Change', 'Result'] : ['Line', 'Code', 'Change']}
            rows={report.changes.map((change) => [
              change.line,
              change.sku,
              change.what,
              ...(change.applied === null ? [] : [change.applied ? 'Applied' : 'Not applied']),
            ])}
          />
          {report.changing > report.changes.length && <p className="text-sm text-navy-700">The first {report.changes.length} are shown.</p>}
        </section>
      )}
    </>
  );
}

/** Rows of the file by line: the line, a column name or code (as code), words, and what became of it once applied. */
function LinesTable({ caption, head, rows }: { caption: string; head: string[]; rows: [number, string, string, ...string[]][] }) {
  return (
    <Table
      caption={caption}
      head={head}
      rows={rows.map(([line, name, words, ...outcome]) => [
        line,
        <span key="name" className="font-mono">
          {name}
        </span>,
        words,
        ...outcome,
      ])}
    />
  );
}
