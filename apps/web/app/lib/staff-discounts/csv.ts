import type { IssueCode } from '@shop/contracts';

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. A field that a
 * spreadsheet would run as a formula (=, +, -, @) gets a leading apostrophe.
 */
export function csvField(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows into CSV text: CRLF between rows, no line break after the last. */
export const toCsv = (rows: readonly (readonly (string | number | null)[])[]) => rows.map((row) => row.map(csvField).join(',')).join('\r\n');

/** A promotion's issue codes as CSV, a header row first. */
export function issueCodesCsv(promotionCode: string, codes: readonly IssueCode[]): string {
  return toCsv([
    ['Issue code', 'Promotion code', 'Status', 'Claimed at', 'Claim id'],
    ...codes.map((code) => [code.code, promotionCode, code.status, code.claimedAt, code.claimId]),
  ]);
}

/** "issue-codes-SHOWROOM25-2026-11-21.csv" (the day in UTC, as the file is made). */
export const issueCodesFilename = (promotionCode: string, now: Date) =>
  `issue-codes-${promotionCode.replace(/[^A-Za-z0-9]/g, '')}-${now.toISOString().slice(0, 10)}.csv`;

/** Saves text as a file from the browser (a Blob behind a temporary link). */
export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: the download has started by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
