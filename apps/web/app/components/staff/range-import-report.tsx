import { londonShortDateTime, type RangeImport } from '@shop/contracts';
import { Form } from 'react-router';
import { Table } from '../../content/content-table.tsx';
import { IMPORT_HREF, importHref } from '../../lib/staff-products/products.ts';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
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
  return (
    <p>
      <Badge tone="success">Applied</Badge> {plural(report.changing, 'row changed', 'rows changed')} across {plural(report.productsDone, 'product', 'products')}
      {report.finishedAt && <> on {londonShortDateTime(report.finishedAt)}</>}; {plural(report.refused, 'row was', 'rows were')} refused.
    </p>
  );
}

/** A checked import's report: its status (with "Apply" while only checked), refused rows and changes by line. */
export function RangeImportReport({ report }: { report: RangeImport }) {
  return (
    <>
      <section aria-labelledby="import-status" className="max-w-3xl text-navy-800">
        <h2 id="import-status" className="section-heading">
          Status
        </h2>
        <p className="mt-2 text-sm text-navy-600">
          {plural(report.lines, 'row', 'rows')}, checked by {report.checkedBy} on {londonShortDateTime(report.checkedAt)}.
        </p>
        <div className="mt-4">
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
            head={['Line', 'Column', 'Reason']}
            rows={report.refusals.map((refusal) => [refusal.line, refusal.column ?? '–', refusal.reason])}
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
            head={['Line', 'Code', 'Change']}
            rows={report.changes.map((change) => [change.line, change.sku, change.what])}
          />
          {report.changing > report.changes.length && <p className="text-sm text-navy-700">The first {report.changes.length} are shown.</p>}
        </section>
      )}
    </>
  );
}

/** Rows of the file by line: the line, a column name or code (as code), and words. */
function LinesTable({ caption, head, rows }: { caption: string; head: string[]; rows: [number, string, string][] }) {
  return (
    <Table
      caption={caption}
      head={head}
      rows={rows.map(([line, name, words]) => [
        line,
        <span key="name" className="font-mono">
          {name}
        </span>,
        words,
      ])}
    />
  );
}
