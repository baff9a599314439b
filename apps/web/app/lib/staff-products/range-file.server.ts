/**
 * The range as a file staff download (docs/catalogue-files.md): one row per variant in the columns an
 * import takes back, made a page at a time as it is sent, so a range of 100,000 variants is never
 * held whole in memory.
 */
import { RANGE_COLUMNS, type RangePage, type RangeRow } from '@shop/contracts';

import type { RangeFormat } from './products.ts';

export const RANGE_FILES = { 'range.csv': 'csv', 'range.json': 'json' } as const satisfies Record<string, RangeFormat>;

/** A CSV value: quoted when it holds a comma, a quote or a line break; a leading =, +, - or @ is kept from spreadsheets' formulas. */
function csvValue(value: string | number | null): string {
  if (value === null) return '';
  const text = typeof value === 'string' && /^[=+\-@]/.test(value) ? `'${value}` : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const rangeCsvHeader = () => `${RANGE_COLUMNS.join(',')}\r\n`;
export const rangeCsvLines = (rows: readonly RangeRow[]) => rows.map((row) => `${RANGE_COLUMNS.map((column) => csvValue(row[column])).join(',')}\r\n`).join('');

/**
 * The whole file as a stream: the first page is read before anything is sent (so a refusal can
 * still be said as a page), each later one as the reader asks for more.
 */
export function rangeFileStream(format: RangeFormat, first: RangePage, nextPage: (after: number) => Promise<RangePage>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let page: RangePage | null = first;
  let written = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(format === 'csv' ? rangeCsvHeader() : '['));
    },
    async pull(controller) {
      if (page === null) {
        if (format === 'json') controller.enqueue(encoder.encode('\n]\n'));
        controller.close();
        return;
      }
      const chunk = format === 'csv' ? rangeCsvLines(page.rows) : page.rows.map((row) => `${written++ === 0 ? '\n' : ',\n'}${JSON.stringify(row)}`).join('');
      controller.enqueue(encoder.encode(chunk));
      page = page.next === null ? null : await nextPage(page.next);
    },
  });
}
