import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FilesConfig } from '../../config.ts';
import type { ServiceContext } from '../../platform/context.ts';
import {
  attachmentDisposition,
  checkUpload,
  cleanFileName,
  DEFAULT_ACCEPTED_TYPES,
  documentFileName,
  IMAGE_TYPES,
  isDocumentType,
  isImageType,
  typesLabel,
  type DocumentType,
} from './file-content.ts';
import type { FileStore, StoredObjectInfo } from './file-store.ts';
import { FilesErrors } from './files.errors.ts';
import { reencodeImage } from './image-content.ts';
import { createLocalFileStore } from './local-store.ts';
import { createS3FileStore } from './s3-store.ts';
import { acceptUploads, readUploadForm, type UploadForm, type UploadFormSpec } from './upload-form.ts';
import type { FilesDeps } from './files.deps.ts';

/** What a file was uploaded for: each caller has its own, so a file is never read for another purpose by mistake. */
export const FILE_PURPOSES = ['trade-application', 'help-request', 'job-application', 'review-photo', 'product-image', 'content-image'] as const;
export type FilePurpose = (typeof FILE_PURPOSES)[number];

/** What each purpose may upload: a CV may be a Word document; nothing else may, and a review's photo is an image. */
export const ACCEPTED_TYPES_BY_PURPOSE: Record<FilePurpose, readonly DocumentType[]> = {
  'trade-application': DEFAULT_ACCEPTED_TYPES,
  'help-request': DEFAULT_ACCEPTED_TYPES,
  'job-application': ['application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/msword'],
  'review-photo': IMAGE_TYPES,
  'product-image': IMAGE_TYPES,
  'content-image': IMAGE_TYPES,
};

/**
 * The largest side a purpose keeps a picture at: a product's picture is shown at most 800 px wide, 1,600 on a sharp screen;
 * a content page's (a hero across the page) at most 1,366, 2,400 is sharp enough on any screen.
 */
const LONGEST_SIDE_BY_PURPOSE: Partial<Record<FilePurpose, number>> = { 'product-image': 1600, 'content-image': 2400 };

/** A stored file as the service describes it. */
export interface StoredFile {
  /** Made by the server (128 random bits, 32 hex digits): never a name or path a client chose. */
  id: string;
  purpose: FilePurpose;
  /** The uploader's file name made safe (`documentFileName`), ending in the extension of `contentType`. */
  fileName: string;
  /** From the content's first bytes, never from the name or the browser's say-so. */
  contentType: DocumentType;
  size: number;
  /** Hex SHA-256 of the bytes. */
  sha256: string;
  /** ISO 8601. */
  createdAt: string;
}

/** A file opened to send: `reply.headers(file.headers).send(file.body)`. */
export interface OpenedFile extends StoredFile {
  /** The bytes as a stream: send it, or destroy it. */
  body: Readable;
  /** Content type, length, `Content-Disposition: attachment` with the safe name, `nosniff`, and no caching. */
  headers: Record<string, string>;
}

export interface UploadInput {
  purpose: FilePurpose;
  /** The name the browser gave, as sent: it is cleaned here, and never decides the type. */
  fileName: string | null | undefined;
  bytes: Uint8Array;
  /** Where the request held the file, for the problem's `errors` path (default `file`). */
  field?: string;
  /** Narrows what the purpose takes (a damage report's photos: `IMAGE_TYPES`). */
  accept?: readonly DocumentType[];
}

export type FilesContext = Pick<ServiceContext, 'actor' | 'clock'> & Partial<Pick<ServiceContext, 'log'>>;

/**
 * Stores and reads uploaded documents. It does not decide who may read a file: the caller checks
 * that the file belongs to what the reader may see (their own application, a reviewer's queue)
 * before calling `open`, and keeps the ids of its files in its own rows.
 */
export interface FilesService {
  /**
   * Checks and stores an upload: refused when empty (FILE_EMPTY, 422), larger than 5MB
   * (FILE_TOO_LARGE, 413) or not of a type the purpose takes by its full signature
   * (FILE_TYPE_NOT_ALLOWED, 422), whatever its name says. A picture is re-encoded without its
   * metadata (`image-content.ts`), refused when its header declares more than MAX_IMAGE_PIXELS
   * (FILE_IMAGE_TOO_LARGE, 422) or it does not decode (FILE_UNREADABLE, 422).
   * FILE_STORE_UNAVAILABLE (503) when the store fails. A refusal stores nothing.
   */
  storeUpload(ctx: FilesContext, input: UploadInput): Promise<StoredFile>;
  /**
   * A request's uploads, kept only if `record` succeeds: every file is checked (as `storeUpload`)
   * before any is stored, then all are stored, then `record` writes the caller's rows. When a
   * check, a store or `record` fails (a limit lost to a request at the same time), the files
   * already stored are removed before the error goes on, so the store holds only files that
   * have rows.
   */
  storeUploads<T>(ctx: FilesContext, inputs: readonly UploadInput[], record: (stored: StoredFile[]) => Promise<T>): Promise<T>;
  /** The file's details without its bytes; FILE_NOT_FOUND (404) for an unknown or malformed id. */
  describe(ctx: FilesContext, id: string): Promise<StoredFile>;
  /** The file with its bytes and the headers to send it with; FILE_NOT_FOUND (404) for an unknown or malformed id. */
  open(ctx: FilesContext, id: string): Promise<OpenedFile>;
  /** Removes the file; removing one that is not there is not an error. */
  remove(ctx: FilesContext, id: string): Promise<void>;
  /**
   * The files of `purpose` the store holds that were stored at `createdBefore` or earlier, each by its own details (asked of the
   * store one by one, a few at a time: its listing has only keys), for a caller finding files it kept no row for. Objects of other
   * purposes, and any the service did not write, are passed over. FILE_STORE_UNAVAILABLE (503) when the store fails.
   */
  listFiles(ctx: FilesContext, purpose: FilePurpose, createdBefore: Date): Promise<StoredFile[]>;
  /** Makes a route scope take multipart uploads, read as their bytes arrive (`upload-form.ts`). */
  acceptUploads(scope: FastifyInstance): Promise<void>;
  /** An upload form's fields and files, refused as soon as a limit is passed (`upload-form.ts`); its files are stored with `storeUploads`. */
  readUploadForm(request: FastifyRequest, spec: UploadFormSpec): Promise<UploadForm>;
}

const FILE_ID = /^[0-9a-f]{32}$/;
/** How many objects the listing asks for details at once: a bucket answers each in a round trip. */
const DESCRIBED_AT_ONCE = 16;

export function createFilesService(deps: FilesDeps): FilesService {
  const store = 'store' in deps ? deps.store : createFileStore(deps.settings);

  /** Store failures are logged and answered as 503: the store's own words name buckets and paths. */
  const guarded = async <T>(ctx: FilesContext, action: string, work: () => Promise<T>, refusal: () => Error): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      ctx.log?.error({ err: error, store: store.kind }, `The file store failed to ${action}`);
      throw refusal();
    }
  };

  const describe = async (ctx: FilesContext, id: string): Promise<StoredFile> => {
    if (!FILE_ID.test(id)) throw FilesErrors.fileNotFound();
    const info = await guarded(ctx, 'describe a file', () => store.head(id), FilesErrors.readUnavailable);
    const file = info && fromStored(id, info);
    if (!file) throw FilesErrors.fileNotFound();
    return file;
  };

  /**
   * The upload's content as it will be kept (a picture re-encoded), or its refusal. `reencoded` holds
   * the pictures of the same call by their SHA-256: the same picture sent twice is decoded once.
   */
  const checked = async (
    input: UploadInput,
    reencoded: Map<string, ReturnType<typeof reencodeImage>>,
  ): Promise<{ file: Omit<StoredFile, 'id' | 'createdAt'>; bytes: Uint8Array }> => {
    const { purpose, fileName, field } = input;
    const accepted = ACCEPTED_TYPES_BY_PURPOSE[purpose].filter((type) => !input.accept || input.accept.includes(type));
    const name = () => cleanFileName(fileName) || undefined;
    const check = checkUpload(input.bytes, accepted);
    if (!check.ok) {
      if (check.problem === 'type-not-allowed') throw FilesErrors.fileTypeNotAllowed(field, name(), typesLabel(accepted));
      throw (check.problem === 'empty' ? FilesErrors.fileEmpty : FilesErrors.fileTooLarge)(field, name());
    }
    let bytes = input.bytes;
    if (isImageType(check.type)) {
      const longestSide = LONGEST_SIDE_BY_PURPOSE[purpose];
      const sent = `${check.type}:${longestSide ?? ''}:${createHash('sha256').update(bytes).digest('hex')}`;
      if (!reencoded.has(sent)) reencoded.set(sent, reencodeImage(bytes, check.type, longestSide));
      const image = await reencoded.get(sent)!;
      if (!image.ok)
        throw image.problem === 'too-many-pixels' ? FilesErrors.imageTooLarge(field, name()) : FilesErrors.fileUnreadable(field, name(), typesLabel(accepted));
      bytes = image.bytes;
    }
    return {
      file: {
        purpose,
        fileName: documentFileName(fileName, check.type),
        contentType: check.type,
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      },
      bytes,
    };
  };

  const put = async (ctx: FilesContext, upload: Awaited<ReturnType<typeof checked>>): Promise<StoredFile> => {
    const file: StoredFile = {
      id: randomBytes(16).toString('hex'),
      ...upload.file,
      createdAt: ctx.clock.now().toISOString(),
    };
    await guarded(
      ctx,
      'store a file',
      () => store.put(file.id, upload.bytes, { contentType: file.contentType, metadata: toMetadata(file) }),
      FilesErrors.storeUnavailable,
    );
    return file;
  };

  const storeUploads = async <T>(ctx: FilesContext, inputs: readonly UploadInput[], record: (stored: StoredFile[]) => Promise<T>): Promise<T> => {
    // One at a time: a picture being decoded holds its pixels (up to MAX_IMAGE_PIXELS) in memory.
    const uploads = [];
    const reencoded = new Map<string, ReturnType<typeof reencodeImage>>();
    for (const input of inputs) uploads.push(await checked(input, reencoded));
    const stored: StoredFile[] = [];
    try {
      for (const upload of uploads) stored.push(await put(ctx, upload));
      return await record(stored);
    } catch (error) {
      await Promise.all(
        stored.map((file) =>
          store.delete(file.id).catch((failure: unknown) => {
            ctx.log?.error({ err: failure, store: store.kind, fileId: file.id }, 'The file store failed to remove a file whose request was refused');
          }),
        ),
      );
      throw error;
    }
  };

  /** `keys`' files of `purpose` stored at `before` or earlier. */
  const filesAmong = async (keys: readonly string[], purpose: FilePurpose, before: Date): Promise<StoredFile[]> => {
    const described = await Promise.all(keys.map(async (key) => ((info) => info && fromStored(key, info))(await store.head(key))));
    return described.filter((file): file is StoredFile => file?.purpose === purpose && Date.parse(file.createdAt) <= before.getTime());
  };

  const listFiles = (ctx: FilesContext, purpose: FilePurpose, createdBefore: Date) =>
    guarded(
      ctx,
      'list its files',
      async () => {
        const found: StoredFile[] = [];
        let keys: string[] = [];
        for await (const key of store.list()) {
          if (FILE_ID.test(key)) keys.push(key);
          if (keys.length < DESCRIBED_AT_ONCE) continue;
          found.push(...(await filesAmong(keys, purpose, createdBefore)));
          keys = [];
        }
        found.push(...(await filesAmong(keys, purpose, createdBefore)));
        return found;
      },
      FilesErrors.readUnavailable,
    );

  return {
    storeUpload: (ctx, input) => storeUploads(ctx, [input], async ([file]) => file!),
    storeUploads,
    describe,
    async open(ctx, id) {
      if (!FILE_ID.test(id)) throw FilesErrors.fileNotFound();
      const object = await guarded(ctx, 'read a file', () => store.get(id), FilesErrors.readUnavailable);
      if (!object) throw FilesErrors.fileNotFound();
      const file = fromStored(id, object);
      if (!file) {
        object.body.destroy();
        throw FilesErrors.fileNotFound();
      }
      return {
        ...file,
        body: object.body,
        headers: {
          'content-type': file.contentType,
          'content-length': String(file.size),
          'content-disposition': attachmentDisposition(file.fileName),
          'x-content-type-options': 'nosniff',
          'cache-control': 'private, no-store',
          // Opened in a tab anyway, a document runs nothing and loads nothing.
          'content-security-policy': "default-src 'none'; sandbox",
        },
      };
    },
    async remove(ctx, id) {
      if (!FILE_ID.test(id)) return;
      await guarded(ctx, 'remove a file', () => store.delete(id), FilesErrors.readUnavailable);
    },
    listFiles,
    acceptUploads,
    readUploadForm,
  };
}

/** The configured adapter: S3 when FILES_S3_BUCKET is set, else the local folder. */
export function createFileStore(settings: FilesConfig): FileStore {
  return settings.kind === 's3' ? createS3FileStore(settings) : createLocalFileStore(settings.dir);
}

/**
 * What an object carries beside its bytes: nothing about who sent it (decision 0119). The record a file
 * was sent with says whose it is, and its module erases the file with it; an uploader here would be a
 * link to a person that no erasure could find.
 */
const toMetadata = (file: StoredFile): Record<string, string> => ({
  purpose: file.purpose,
  'file-name': file.fileName,
  sha256: file.sha256,
  'created-at': file.createdAt,
});

/** Null for an object this service did not write (its metadata is not ours). An older object's `uploaded-by` is never read. */
function fromStored(id: string, info: StoredObjectInfo): StoredFile | null {
  const { purpose, 'file-name': fileName, sha256, 'created-at': createdAt } = info.metadata;
  if (!purpose || !(FILE_PURPOSES as readonly string[]).includes(purpose) || !fileName || !sha256 || !createdAt) return null;
  if (!isDocumentType(info.contentType)) return null;
  return {
    id,
    purpose: purpose as FilePurpose,
    fileName,
    contentType: info.contentType,
    size: info.size,
    sha256,
    createdAt,
  };
}
