import type { ReactNode } from 'react';

/** A table in long-form copy (help and legal pages): the first cell of each row heads it. */
export function Table({ caption, head, rows }: { caption: string; head: string[]; rows: ReactNode[][] }) {
  return (
    // A focusable region, so a keyboard can scroll the table sideways if it is ever too wide.
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div role="region" aria-label={caption} tabIndex={0} className="my-6 overflow-x-auto rounded-xl border border-navy-100">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-sand-100 text-navy-900">
          <tr>
            {head.map((cell) => (
              <th key={cell} scope="col" className="px-3 py-3 font-semibold sm:px-4">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-navy-100">
          {rows.map((row, index) => (
            // Rows are a fixed list in source order.
            <tr key={index}>
              {row.map((cell, column) =>
                column === 0 ? (
                  <th key={column} scope="row" className="px-3 py-3 font-semibold text-navy-950 sm:px-4">
                    {cell}
                  </th>
                ) : (
                  <td key={column} className="px-3 py-3 text-navy-800 sm:px-4">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export interface StackedRow {
  key: string;
  cells: readonly [ReactNode, ReactNode, ReactNode];
}

/**
 * Rows of three facts with long words in them: side by side under their headings on wider
 * screens, stacked on a phone, where three table columns would be a word wide each.
 */
export function StackedRows({ label, headings, rows }: { label: string; headings: readonly [string, string, string]; rows: readonly StackedRow[] }) {
  const columns = 'sm:grid sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_minmax(0,11rem)] sm:gap-4';
  return (
    <div className="my-6 overflow-hidden rounded-xl border border-navy-100 text-sm">
      {/* The headings for the eye; each cell carries its own for a screen reader. */}
      <div aria-hidden="true" className={`hidden bg-sand-100 px-4 py-3 font-semibold text-navy-900 ${columns}`}>
        {headings.map((heading) => (
          <span key={heading}>{heading}</span>
        ))}
      </div>
      <ul aria-label={label} className="divide-y divide-navy-100">
        {rows.map(({ key, cells }) => (
          <li key={key} className={`grid gap-1 px-4 py-3 ${columns}`}>
            <span className="font-semibold text-navy-950">
              <span className="sr-only">{headings[0]}: </span>
              {cells[0]}
            </span>
            <span>
              <span className="sr-only">{headings[1]}: </span>
              {cells[1]}
            </span>
            <span className="text-navy-700">
              <span className="sm:sr-only">{headings[2]}: </span>
              {cells[2]}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
