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

/** The most of a refused form read for what was typed: the most an action may read of one (UPLOAD_FORM_LIMIT_BYTES, apps/server/src/web.ts). */
const READ_FOR_FIELDS_BYTES = 32 * 1024 * 1024;
const FIELD_MAX_BYTES = 16 * 1024;
const MAX_FIELDS = 200;

/**
 * The typed fields of a multipart form refused as too large to read, its files skipped as they
 * stream past (never held), so the page drawn again keeps what the shopper typed. Empty when the
 * form is not multipart or is larger than the web tier reads.
 */
export async function typedFieldsOf(request: Request): Promise<FormData> {
  const fields = new FormData();
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(request.headers.get('content-type') ?? '');
  const length = Number(request.headers.get('content-length') ?? Number.NaN);
  if (!boundary || !request.body || !(length <= READ_FOR_FIELDS_BYTES)) return fields;
  const delimiter = Buffer.from(`\r\n--${boundary[1] ?? boundary[2]}`);
  // Before the first part there is no CRLF: one is put in front so every delimiter looks alike.
  let pending = Buffer.from('\r\n');
  let state: 'preamble' | 'headers' | 'content' | 'done' = 'preamble';
  let part: { name: string; kept: Buffer[]; size: number } | null = null;
  const keep = (bytes: Buffer) => {
    if (!part || bytes.length === 0) return;
    part.size += bytes.length;
    if (part.size <= FIELD_MAX_BYTES) part.kept.push(bytes);
  };
  let count = 0;
  const reader = request.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    pending = Buffer.concat([pending, read.value]);
    for (;;) {
      if (state === 'done') break;
      if (state === 'headers') {
        const end = pending.indexOf('\r\n\r\n');
        if (end < 0) break;
        const headers = pending.subarray(0, end).toString('utf8');
        pending = pending.subarray(end + 4);
        const name = /content-disposition:[^\r\n]*;\s*name="([^"]*)"/i.exec(headers)?.[1];
        const isFile = /content-disposition:[^\r\n]*;\s*filename\*?=/i.test(headers);
        part = name !== undefined && !isFile ? { name, kept: [], size: 0 } : null;
        state = 'content';
        continue;
      }
      const at = pending.indexOf(delimiter);
      if (at < 0) {
        // All but what could be the start of a delimiter is content (or preamble, thrown away).
        const safe = Math.max(0, pending.length - delimiter.length - 1);
        if (state === 'content') keep(pending.subarray(0, safe));
        pending = pending.subarray(safe);
        break;
      }
      // Enough after the delimiter to tell "--" (the end) from CRLF (another part)?
      if (pending.length < at + delimiter.length + 2) break;
      if (state === 'content') {
        keep(pending.subarray(0, at));
        if (part && part.size <= FIELD_MAX_BYTES && count++ < MAX_FIELDS) fields.append(part.name, Buffer.concat(part.kept).toString('utf8'));
      }
      const after = pending.subarray(at + delimiter.length, at + delimiter.length + 2).toString('latin1');
      pending = pending.subarray(at + delimiter.length + 2);
      part = null;
      state = after === '--' ? 'done' : 'headers';
    }
    if (state === 'done') break;
  }
  // What follows the last part is thrown away by the web tier.
  await reader.cancel();
  return fields;
}
