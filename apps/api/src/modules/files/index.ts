import type { ApiModule } from '../../platform/module.ts';
import { filesPersonalData } from './files.personal-data.ts';

/**
 * Files: uploaded documents and pictures (trade documents, help-centre photos and CVs, review photos),
 * kept through a store port with two adapters: a local folder (default `$DATA_DIR/files`, or
 * FILES_DIR) and any S3-compatible bucket (FILES_S3_BUCKET and the other FILES_S3_* settings).
 * No routes of its own: callers take the upload in their own call and store it here.
 *
 * Reading the upload, as its bytes arrive (every upload route does it this way):
 *   const files = createFilesService({ settings: app.platform.config.files });
 *   await app.register(async (scope) => {
 *     await files.acceptUploads(scope);
 *     bindEndpoint(scope, endpoint, async ({ ctx, request }) => {
 *       const form = await files.readUploadForm(request, { files: { photos: 4 }, notAForm, tooManyFiles });
 *       return files.storeUploads(ctx, form.files.map(...), (stored) => recordRows(stored));
 *     });
 *   });
 *
 * `storeUploads` checks every file before storing any (one content check for every route: full
 * signatures of PDF, JPEG, PNG and, for a CV, Word; pictures re-encoded without their metadata and
 * refused past MAX_IMAGE_PIXELS), then stores them, then runs the caller's `record`; if anything
 * fails the stored files are removed, so a refused request leaves nothing behind. Then:
 *   const file = await files.open(ctx, id); // after checking the reader may see it
 *   return reply.headers(file.headers).send(file.body);
 *
 * `listFiles(ctx, purpose, createdBefore)` finds the files of a purpose the store holds (the store lists its keys, a bucket a page
 * at a time), for a caller that kept no row for some (content pictures uploaded before migration 0086).
 *
 * Refusals are FilesErrors: FILE_EMPTY, FILE_TOO_LARGE, FILE_FORM_TOO_LARGE, FILE_TYPE_NOT_ALLOWED,
 * FILE_IMAGE_TOO_LARGE, FILE_UNREADABLE, FILE_NOT_FOUND, FILE_STORE_UNAVAILABLE.
 */
export {
  createFilesService,
  FILE_PURPOSES,
  type FilePurpose,
  type FilesContext,
  type FilesService,
  type OpenedFile,
  type StoredFile,
  type UploadInput,
} from './files.service.ts';
export { ACCEPTED_TYPES_LABEL, IMAGE_TYPES, MAX_FILE_BYTES, MAX_IMAGE_PIXELS, type DocumentType } from './file-content.ts';
export type { FileStore, FileStoreKind, StoredObject, StoredObjectInfo } from './file-store.ts';
export { FilesErrors } from './files.errors.ts';
export type { FormFile, UploadForm, UploadFormSpec } from './upload-form.ts';
export type { FilesDeps } from './files.deps.ts';

/** Files has no routes of its own (its callers take uploads in theirs): the module only declares its personal data. */
export function createFilesModule(): ApiModule {
  return { name: 'files', registerRoutes: () => {}, personalData: filesPersonalData };
}
