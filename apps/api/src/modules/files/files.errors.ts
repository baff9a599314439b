import { AppError } from '../../platform/errors.ts';
import { ACCEPTED_TYPES_LABEL, MAX_FILE_SIZE_LABEL } from './file-content.ts';

/**
 * The files module's stable error codes; each refusal stores nothing. The upload messages are the
 * GOV.UK file upload pattern's. `field` is where the caller's request held the file (such as
 * `body.documents.0`), for the problem's `errors`; `fileName`, when known, is sent as an extension
 * member so a page can say which of several files it means.
 */
const uploadProblem = (status: number, code: string, message: string, field: string, fileName: string | undefined) =>
  new AppError(status, code, message, {
    errors: [{ path: field, message, code: code.toLowerCase() }],
    ...(fileName ? { extensions: { fileName } } : {}),
  });

export const FilesErrors = {
  fileEmpty: (field = 'file', fileName?: string) => uploadProblem(422, 'FILE_EMPTY', 'The selected file is empty', field, fileName),
  fileTooLarge: (field = 'file', fileName?: string) =>
    uploadProblem(413, 'FILE_TOO_LARGE', `The selected file must be smaller than ${MAX_FILE_SIZE_LABEL}`, field, fileName),
  fileTypeNotAllowed: (field = 'file', fileName?: string, typesLabel = ACCEPTED_TYPES_LABEL) =>
    uploadProblem(422, 'FILE_TYPE_NOT_ALLOWED', `The selected file must be a ${typesLabel}`, field, fileName),
  fileNotFound: () => new AppError(404, 'FILE_NOT_FOUND', 'There is no file with this id.'),
  /** The store did not answer or refused: nothing was stored. */
  storeUnavailable: () => new AppError(503, 'FILE_STORE_UNAVAILABLE', 'The selected file could not be uploaded – try again'),
  readUnavailable: () => new AppError(503, 'FILE_STORE_UNAVAILABLE', 'The file could not be opened just now – try again in a few minutes'),
};
