/**
 * Reading a `multipart/form-data` upload as its bytes arrive, through `@fastify/multipart` (busboy):
 * a file is refused once it passes MAX_FILE_BYTES, one file too many once it starts, and the request
 * once it passes what its files and fields can add up to (or says it will, in Content-Length),
 * without waiting for the rest: the answer goes at once, and what follows is dropped (at most
 * LINGER_BYTES, then the connection is closed). What the files are is judged later, by the files
 * service, before anything is stored (`storeUploads`).
 *
 *   await app.register(async (scope) => {
 *     await files.acceptUploads(scope);
 *     bindEndpoint(scope, endpoint, async ({ request }) => {
 *       const form = await files.readUploadForm(request, { files: { photos: 4 }, notAForm, tooManyFiles });
 *       …
 *     });
 *   });
 */
import multipart from '@fastify/multipart';
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, PlatformErrors } from '../../platform/errors.ts';
import { isStorableText } from '../../platform/storable-text.ts';
import { cleanFileName, MAX_FILE_BYTES } from './file-content.ts';
import { FilesErrors } from './files.errors.ts';

/** Longer than any text field a form takes (a 3,000-character cover note): a longer one is cut, then refused by the form's own rule. */
const MAX_FIELD_BYTES = 64 * 1024;
const MAX_FIELDS = 50;
/** Room beside the files for the text fields and the parts' headers. */
const FORM_OVERHEAD_BYTES = 256 * 1024;

/** A file as the form sent it: the browser's name is only a hint, the content decides. */
export interface FormFile {
  field: string;
  fileName: string | undefined;
  bytes: Uint8Array;
}

/** A form's text fields (the first of each name, blank ones left out) and its files, in the order sent. */
export interface UploadForm {
  fields: Record<string, string>;
  files: FormFile[];
}

export interface UploadFormSpec {
  /** The fields that take files, each with the most files it takes. */
  files: Readonly<Record<string, number>>;
  /** The caller's refusal of a body that is not such a form. */
  notAForm: () => AppError;
  /** The caller's refusal of one file more than `max` in `field`. */
  tooManyFiles: (field: string, max: number) => AppError;
  /** The caller's refusal of a file in a field that takes none (default `notAForm`). */
  otherFile?: (field: string) => AppError;
  /** Where a refusal of a file says it was (default `body.<field>.<index>`, as the files service is told). */
  path?: (field: string, index: number) => string;
}

/** Makes a route scope take multipart uploads; routes outside it still refuse them. */
export async function acceptUploads(scope: FastifyInstance): Promise<void> {
  // A file past MAX_FILE_BYTES is cut off by busboy and refused by `readFile` at its first byte too many.
  await scope.register(multipart, {
    limits: { fileSize: MAX_FILE_BYTES, fieldSize: MAX_FIELD_BYTES, fields: MAX_FIELDS, headerPairs: 20 },
    throwFileSizeLimit: false,
  });
  scope.addHook('onResponse', async (request) => lingerOver(request.raw));
}

/** What is read and dropped after an answer sent before the body was all read, at most. */
const LINGER_BYTES = 16 * 1024 * 1024;
const LINGER_MS = 10_000;

/**
 * After an answer sent before the body was all read (a file over the limit, a caller without
 * access): the rest is read and dropped, so a client still sending reads the answer rather than a
 * reset, and the connection can serve its next request; past LINGER_BYTES or LINGER_MS it is closed.
 * (Closed at once, the unread bytes make the socket send a reset that can reach the client before
 * it has read the answer.)
 */
function lingerOver(body: IncomingMessage): void {
  if (body.readableEnded || body.destroyed) return;
  let dropped = 0;
  const close = () => body.socket?.destroy();
  const timer = setTimeout(close, LINGER_MS);
  timer.unref();
  body.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > LINGER_BYTES) close();
  });
  body.once('close', () => clearTimeout(timer));
  // Whatever still reads it (the form's parser, stopped when it was refused) lets go first.
  body.unpipe();
  body.resume();
}

const defaultPath = (field: string, index: number) => `body.${field}.${index}`;

/** The form's fields and files, refused (in the files module's words or the caller's) as soon as a limit is passed. */
export async function readUploadForm(request: FastifyRequest, spec: UploadFormSpec): Promise<UploadForm> {
  if (!request.isMultipart?.()) throw spec.notAForm();
  const path = spec.path ?? defaultPath;
  const fileFields = Object.keys(spec.files);
  const maxFiles = fileFields.reduce((sum, field) => sum + spec.files[field]!, 0);
  // One file's worth more than the form's files: a file too many, or too large, is refused by its own
  // rule first; this catches what lies outside the parts (busboy skips a preamble of any length).
  const limit = (maxFiles + 1) * MAX_FILE_BYTES + FORM_OVERHEAD_BYTES;
  const tooLarge = () => FilesErrors.formTooLarge(`body.${fileFields[0] ?? 'file'}`, maxFiles);
  if (Number(request.headers['content-length']) > limit) throw tooLarge();

  // A body counted as it arrives: a part's own limits do not cover what lies between parts.
  let refuse!: (error: AppError) => void;
  const refused = new Promise<never>((_, reject) => (refuse = reject));
  refused.catch(() => undefined);
  const watched = <T>(work: Promise<T>): Promise<T> => {
    work.catch(() => undefined);
    return Promise.race([work, refused]);
  };

  const form: UploadForm = { fields: Object.create(null) as Record<string, string>, files: [] };
  const counts = new Map<string, number>();
  // One spare file for an empty file input (a nameless, empty part), one to be refused as too many.
  const parts = request.parts({ limits: { files: maxFiles + 2 } });
  const next = parts.next();
  let received = 0;
  const count = (chunk: Buffer) => {
    received += chunk.length;
    if (received > limit) {
      request.raw.off('data', count);
      request.raw.unpipe();
      refuse(tooLarge());
    }
  };
  // Added once `parts` has piped the request (in the `next()` above), so both see every chunk.
  request.raw.on('data', count);
  let current: { field: string; index: number; fileName: string | undefined } | null = null;
  try {
    for (let result = await watched(next); !result.done; result = await watched(parts.next())) {
      const part = result.value;
      if (part.type === 'field') {
        const value = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
        // What PostgreSQL cannot store is refused as it is in a JSON body.
        if (!isStorableText(value) || !isStorableText(part.fieldname)) throw PlatformErrors.characterNotAllowed(`body.${part.fieldname}`);
        if (value.trim() !== '' && !(part.fieldname in form.fields)) form.fields[part.fieldname] = value;
        continue;
      }
      const field = part.fieldname;
      const max = spec.files[field];
      if (max === undefined) throw (spec.otherFile ?? spec.notAForm)(field);
      const index = counts.get(field) ?? 0;
      current = { field, index, fileName: cleanFileName(part.filename) || undefined };
      // A named file past the limit is refused before its bytes are read.
      if (index >= max && part.filename) throw spec.tooManyFiles(field, max);
      const bytes = await watched(readFile(part.file));
      // A file input left empty still posts a nameless, empty part.
      if (bytes.length === 0 && !part.filename) continue;
      if (index >= max) throw spec.tooManyFiles(field, max);
      counts.set(field, index + 1);
      form.files.push({ field, fileName: part.filename || undefined, bytes });
    }
    return form;
  } catch (error) {
    throw refusalOf(error, spec, current && { path: path(current.field, current.index), fileName: current.fileName });
  } finally {
    request.raw.off('data', count);
  }
}

/** A file's bytes, refused at the first byte past MAX_FILE_BYTES (busboy marks the stream truncated there). */
async function readFile(file: Readable & { truncated?: boolean }): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of file as AsyncIterable<Buffer>) {
    size += chunk.length;
    // Leaving the loop destroys the stream: busboy stops, and no more of the request is read.
    if (file.truncated || size > MAX_FILE_BYTES) throw new FileTooLarge();
    chunks.push(chunk);
  }
  if (file.truncated) throw new FileTooLarge();
  return Buffer.concat(chunks);
}

class FileTooLarge extends Error {}

/** The house's refusal for what busboy or the plugin threw: its limits in the files module's words, a malformed body as the caller's. */
function refusalOf(error: unknown, spec: UploadFormSpec, file: { path: string; fileName: string | undefined } | null): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (error instanceof FileTooLarge || code === 'FST_REQ_FILE_TOO_LARGE') return FilesErrors.fileTooLarge(file?.path, file?.fileName);
  if (code === 'FST_FILES_LIMIT') {
    const [field] = Object.keys(spec.files);
    return spec.tooManyFiles(field ?? 'file', field ? spec.files[field]! : 0);
  }
  // A missing boundary, a cut-off or malformed body, too many fields, a field named like `__proto__`.
  return spec.notAForm();
}
