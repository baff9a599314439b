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
