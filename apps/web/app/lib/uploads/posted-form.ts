import { UPLOAD_MAX_BYTES } from '@shop/contracts';

/** Room for a form's fields and the multipart framing around its files. */
const FIELDS_BYTES = 256 * 1024;

/** The most a form taking up to `maxFiles` files may post: each file at its largest and the fields around them. */
export const formLimitBytes = (maxFiles: number, maxFileBytes: number = UPLOAD_MAX_BYTES): number => maxFiles * maxFileBytes + FIELDS_BYTES;

/**
 * Whether a posted form says (its Content-Length) it is larger than `limitBytes`. Its action then
 * refuses it unread, saying why; the web tier reads the rest and throws it away, so a browser still
 * sending (without the page's scripts nothing checks the files first) gets that page
 * (apps/server/src/web.ts).
 */
export function tooLargeToRead(request: Request, limitBytes: number): boolean {
  const length = Number(request.headers.get('content-length') ?? '0');
  return Number.isFinite(length) && length > limitBytes;
}
