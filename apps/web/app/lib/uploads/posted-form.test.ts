import { describe, expect, it } from 'vitest';
import { formLimitBytes, tooLargeToRead, typedFieldsOf } from './posted-form.ts';

const MB = 1024 * 1024;
const posted = (length: string | null) =>
  new Request('http://localhost/help/contact/feedback', { method: 'POST', headers: length === null ? {} : { 'content-length': length } });

describe('a form too large to read', () => {
  it('allows each file at 5MB and the fields around them', () => {
    expect(formLimitBytes(3)).toBe(15 * MB + 256 * 1024);
    expect(formLimitBytes(1, 2 * MB)).toBe(2 * MB + 256 * 1024);
  });

  it('is told by the length the browser declares: a 30 MB form is, three 5 MB photos and their fields are not', () => {
    const limit = formLimitBytes(3);
    expect(tooLargeToRead(posted(String(30 * MB)), limit)).toBe(true);
    expect(tooLargeToRead(posted(String(limit + 1)), limit)).toBe(true);
    expect(tooLargeToRead(posted(String(limit)), limit)).toBe(false);
  });

  it('is read (and limited as it is read) when the length is missing or not a number', () => {
    expect(tooLargeToRead(posted(null), formLimitBytes(3))).toBe(false);
    expect(tooLargeToRead(posted('lots'), formLimitBytes(3))).toBe(false);
  });
});

/** A form as a browser posts it, its body handed over `chunkBytes` at a time (a delimiter may straddle two). */
async function postedInChunks(form: FormData, chunkBytes: number): Promise<Request> {
  const encoded = new Request('http://localhost/', { method: 'POST', body: form });
  const bytes = new Uint8Array(await encoded.arrayBuffer());
  let at = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, (at += chunkBytes)));
    },
  });
  const headers = { 'content-type': encoded.headers.get('content-type')!, 'content-length': String(bytes.length) };
  return new Request('http://localhost/trade/apply', { method: 'POST', headers, body, duplex: 'half' } as RequestInit);
}

describe('what was typed in a form too large to read', () => {
  const form = new FormData();
  form.append('legalName', 'Pipe & Sons Ltd');
  form.append('document1', new Blob([new Uint8Array(6 * MB).fill(45)], { type: 'application/pdf' }), 'invoices.pdf');
  form.append('notes', 'Second line\r\n--not a boundary\r\nthird, £ and “quotes”');
  form.append('empty', '');

  // Six megabytes seven bytes at a time is close on a million reads: a budget for a busy machine, not a wait.
  it.each([7, 4097, 64 * 1024])(
    'keeps the typed fields and skips the files, read %i bytes at a time',
    async (chunkBytes) => {
      const fields = await typedFieldsOf(await postedInChunks(form, chunkBytes));
      expect([...fields.entries()]).toEqual([
        ['legalName', 'Pipe & Sons Ltd'],
        ['notes', 'Second line\r\n--not a boundary\r\nthird, £ and “quotes”'],
        ['empty', ''],
      ]);
    },
    60_000,
  );

  it('keeps nothing of a form that is not multipart', async () => {
    const urlEncoded = new Request('http://localhost/', { method: 'POST', body: new URLSearchParams({ legalName: 'Pipe & Sons Ltd' }) });
    expect([...(await typedFieldsOf(urlEncoded)).entries()]).toEqual([]);
  });
});
