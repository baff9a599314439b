import { AppError } from '../../platform/errors.ts';
import { ACCEPTED_TYPES_LABEL, MAX_FILE_SIZE_LABEL, MAX_IMAGE_PIXELS_LABEL } from './file-content.ts';

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
  /** The picture's header declares more pixels than MAX_IMAGE_PIXELS (a decompression bomb, or a huge scan): refused before decoding. */
  imageTooLarge: (field = 'file', fileName?: string) =>
    uploadProblem(422, 'FILE_IMAGE_TOO_LARGE', `The selected image must be smaller than ${MAX_IMAGE_PIXELS_LABEL}`, field, fileName),
  /** It starts like an accepted picture but does not decode as one. */
  fileUnreadable: (field = 'file', fileName?: string, typesLabel = ACCEPTED_TYPES_LABEL) =>
    uploadProblem(422, 'FILE_UNREADABLE', `The selected file cannot be opened – choose a ${typesLabel} that opens on your device`, field, fileName),
  /** More bytes than the form's files and fields can add up to: refused as they arrive. */
  formTooLarge: (field: string, maxFiles: number) =>
    uploadProblem(
      413,
      'FILE_FORM_TOO_LARGE',
      `Select up to ${maxFiles} ${maxFiles === 1 ? 'file' : 'files'}, each smaller than ${MAX_FILE_SIZE_LABEL}`,
      field,
      undefined,
    ),
  fileNotFound: () => new AppError(404, 'FILE_NOT_FOUND', 'There is no file with this id.'),
  /** The store did not answer or refused: nothing was stored. */
  storeUnavailable: () => new AppError(503, 'FILE_STORE_UNAVAILABLE', 'The selected file could not be uploaded – try again'),
  readUnavailable: () => new AppError(503, 'FILE_STORE_UNAVAILABLE', 'The file could not be opened just now – try again in a few minutes'),
};
