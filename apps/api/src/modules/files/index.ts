/**
 * Files: uploaded documents (a trade application's proof of business, and later other uploads),
 * kept through a store port with two adapters: a local folder (default `$DATA_DIR/files`, or
 * FILES_DIR) and any S3-compatible bucket (FILES_S3_BUCKET and the other FILES_S3_* settings).
 * No routes: callers take the upload in their own call and store it here.
 *
 * Use (once, where the caller's routes are registered):
 *   const files = createFilesService({ settings: app.platform.config.files });
 *   const stored = await files.storeUpload(ctx, { purpose: 'trade-application', fileName, bytes, field: 'body.documents.0' });
 *   // keep stored.id (and stored.fileName, contentType, size) in your own rows
 *   const file = await files.open(ctx, id); // after checking the reader may see it
 *   return reply.headers(file.headers).send(file.body);
 *
 * Uploads are judged by their first bytes (PDF, JPEG or PNG), never by name; at most
 * MAX_FILE_BYTES (5MB). Refusals are FilesErrors: FILE_EMPTY, FILE_TOO_LARGE, FILE_TYPE_NOT_ALLOWED,
 * FILE_NOT_FOUND, FILE_STORE_UNAVAILABLE. A caller reading an upload in parts can stop at
 * MAX_FILE_BYTES + 1 bytes and throw `FilesErrors.fileTooLarge(field, name)` itself.
 *
 * A route scope that takes uploads reads its multipart bodies whole, refused past a limit:
 *   scope.addContentTypeParser('multipart/form-data', createMultipartBodyParser({ limit, field: 'file' }));
 */
export {
  createFilesService,
  FILE_PURPOSES,
  type FilePurpose,
  type FilesContext,
  type FilesDeps,
  type FilesService,
  type OpenedFile,
  type StoredFile,
  type UploadInput,
} from './files.service.ts';
export { ACCEPTED_TYPES_LABEL, MAX_FILE_BYTES, type DocumentType } from './file-content.ts';
export type { FileStore, FileStoreKind, StoredObject, StoredObjectInfo } from './file-store.ts';
export { FilesErrors } from './files.errors.ts';
export { createMultipartBodyParser, type MultipartBodyLimit, type MultipartBodyParser } from './multipart-body.ts';
