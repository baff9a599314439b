/**
 * A content-type parser for `multipart/form-data` bodies, for a route scope that takes uploads:
 * the whole body as one Buffer, refused as too large (the files module's words) as soon as it passes
 * `limit` bytes, without reading more.
 *
 *   scope.addContentTypeParser('multipart/form-data', createMultipartBodyParser({ limit, field: 'file' }));
 */
import { FilesErrors } from './files.errors.ts';

export interface MultipartBodyLimit {
  /** The most bytes the body may hold: the files it takes at most, and the short fields beside them. */
  limit: number;
  /** Where the FILE_TOO_LARGE problem says the request held the file (such as `file`, `photos` or `body`). */
  field: string;
}

/** A Fastify content-type parser (`(request, payload, done)`) giving the body as a Buffer. */
export type MultipartBodyParser = (request: unknown, payload: NodeJS.ReadableStream, done: (error: Error | null, body?: Buffer) => void) => void;

export function createMultipartBodyParser({ limit, field }: MultipartBodyLimit): MultipartBodyParser {
  return (_request, payload, done) => {
    readLimited(payload, limit, field).then(
      (body) => done(null, body),
      (error: Error) => done(error),
    );
  };
}

/** The body as bytes, refused as too large as soon as it passes `limit`. */
async function readLimited(stream: NodeJS.ReadableStream, limit: number, field: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw FilesErrors.fileTooLarge(field);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
