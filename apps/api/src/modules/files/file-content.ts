import { UPLOAD_MAX_BYTES } from '@shop/contracts';

/**
 * What an uploaded file is, judged by its first bytes and never by its name, and the names it is
 * kept and downloaded under. Pure functions: no I/O.
 */

/** The largest file accepted: 5 MB (5 × 1024 × 1024 bytes), as the messages say; the storefront checks the same figure before sending. */
export const MAX_FILE_BYTES = UPLOAD_MAX_BYTES;
export const MAX_FILE_SIZE_LABEL = '5MB';

/** The types a document may be, with the extensions a name of that type may end in (the first is used when it has none). */
export const DOCUMENT_TYPES = {
  'application/pdf': { label: 'PDF', extensions: ['pdf'], signature: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  'image/jpeg': { label: 'JPG', extensions: ['jpg', 'jpeg'], signature: [0xff, 0xd8, 0xff] },
  'image/png': { label: 'PNG', extensions: ['png'], signature: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  // A .docx is a ZIP holding `[Content_Types].xml` and a `word/` folder (their names are plain text in the ZIP's headers).
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': {
    label: 'Word document',
    extensions: ['docx'],
    signature: [0x50, 0x4b, 0x03, 0x04],
  },
  // A .doc is an OLE2 compound file with a `WordDocument` stream (its name is UTF-16 in the directory).
  'application/msword': { label: 'Word document', extensions: ['doc'], signature: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] },
} as const satisfies Record<string, { label: string; extensions: readonly string[]; signature: readonly number[] }>;

/** What most uploads may be (trade documents, photos): Word documents only where a form says so (a CV). */
export const DEFAULT_ACCEPTED_TYPES: readonly DocumentType[] = ['application/pdf', 'image/jpeg', 'image/png'];
/** The types that are pictures: re-encoded before they are kept (`image-content.ts`), never kept as sent. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png'] as const satisfies readonly DocumentType[];
export type ImageType = (typeof IMAGE_TYPES)[number];
export const isImageType = (type: DocumentType): type is ImageType => (IMAGE_TYPES as readonly string[]).includes(type);

/**
 * The most pixels an image may have: 40 million, more than a phone photo of 5MB or less holds (a
 * 12 to 24-megapixel camera's). Decoding takes 3 to 4 bytes a pixel (up to 160MB at the limit), so a
 * small file declaring a huge picture (a decompression bomb) is refused from its header, before any
 * pixel is decoded.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;
export const MAX_IMAGE_PIXELS_LABEL = '40 megapixels (such as 8000 by 5000 pixels)';

/** Whether an image of this size may be decoded: known, non-zero dimensions within MAX_IMAGE_PIXELS. */
export function imageDimensionsProblem(width: number | undefined, height: number | undefined): 'unreadable' | 'too-many-pixels' | null {
  if (!width || !height) return 'unreadable';
  return width * height > MAX_IMAGE_PIXELS ? 'too-many-pixels' : null;
}

const includesText = (bytes: Uint8Array, text: string, encoding: 'latin1' | 'utf16le'): boolean =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(Buffer.from(text, encoding));

/** What a type needs beyond its first bytes: ZIPs and OLE2 files hold many things besides Word documents. */
const CONTENT_CHECKS: Partial<Record<DocumentType, (bytes: Uint8Array) => boolean>> = {
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': (bytes) =>
    includesText(bytes, '[Content_Types].xml', 'latin1') && includesText(bytes, 'word/', 'latin1'),
  'application/msword': (bytes) => includesText(bytes, 'WordDocument', 'utf16le'),
};

export type DocumentType = keyof typeof DOCUMENT_TYPES;
export const isDocumentType = (value: string): value is DocumentType => Object.hasOwn(DOCUMENT_TYPES, value);

/** "PDF, JPG or PNG": types as a person reads them (a Word document named once, whether .docx or .doc). */
export const typesLabel = (types: readonly DocumentType[]): string =>
  ((labels: string[]) => (labels.length === 1 ? labels[0]! : `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}`))([
    ...new Set(types.map((type) => DOCUMENT_TYPES[type].label)),
  ]);
export const ACCEPTED_TYPES_LABEL = typesLabel(DEFAULT_ACCEPTED_TYPES);

/** The type the content starts like, or null when it is none of the accepted ones (whatever its name says). */
export function sniffDocumentType(bytes: Uint8Array): DocumentType | null {
  for (const [type, { signature }] of Object.entries(DOCUMENT_TYPES) as [DocumentType, (typeof DOCUMENT_TYPES)[DocumentType]][]) {
    if (bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte) && (CONTENT_CHECKS[type]?.(bytes) ?? true)) return type;
  }
  return null;
}

export type UploadProblem = 'empty' | 'too-large' | 'type-not-allowed';

/** What is wrong with an upload, checked in this order, or its type when nothing is. */
export function checkUpload(
  bytes: Uint8Array,
  accepted: readonly DocumentType[] = DEFAULT_ACCEPTED_TYPES,
): { ok: true; type: DocumentType } | { ok: false; problem: UploadProblem } {
  if (bytes.length === 0) return { ok: false, problem: 'empty' };
  if (bytes.length > MAX_FILE_BYTES) return { ok: false, problem: 'too-large' };
  const type = sniffDocumentType(bytes);
  return type && accepted.includes(type) ? { ok: true, type } : { ok: false, problem: 'type-not-allowed' };
}

/** Longest name kept, in characters, extension included. */
export const MAX_NAME_LENGTH = 100;
const FALLBACK_NAME = 'document';
const KNOWN_EXTENSIONS: readonly string[] = Object.values(DOCUMENT_TYPES).flatMap((type) => type.extensions);

/**
 * The name a file is kept and offered under: the browser's name cleaned (`cleanFileName`), ending
 * in an extension of the type its content has: a document's
 * known extension that disagrees with the content is replaced ("scan.pdf" holding a PNG becomes
 * "scan.png"), any other is kept and the right one added ("scan.exe" becomes "scan.exe.pdf").
 */
export function documentFileName(given: string | null | undefined, type: DocumentType): string {
  const cleaned = withoutUnsafeCharacters(given);
  const { extensions } = DOCUMENT_TYPES[type];
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 ? cleaned.slice(dot + 1).toLowerCase() : '';
  let stem = cleaned;
  let ending: string = extensions[0];
  if ((extensions as readonly string[]).includes(extension)) {
    stem = cleaned.slice(0, dot);
    ending = cleaned.slice(dot + 1);
  } else if (KNOWN_EXTENSIONS.includes(extension)) {
    stem = cleaned.slice(0, dot);
  }
  const room = MAX_NAME_LENGTH - ending.length - 1;
  // Cut by code points, never through a surrogate pair.
  stem = Array.from(stem)
    .slice(0, room)
    .join('')
    .replace(/[\s.]+$/, '');
  return `${stem || FALLBACK_NAME}.${ending}`;
}

/**
 * What the browser sent as a name, as a person may be shown it: its last part (never a path), without
 * control, bidirectional-override or unpaired-surrogate characters, with `_` for characters no file
 * system allows, and at most MAX_NAME_LENGTH characters; '' when nothing is left.
 */
export function cleanFileName(given: string | null | undefined): string {
  return Array.from(withoutUnsafeCharacters(given)).slice(0, MAX_NAME_LENGTH).join('').trimEnd();
}

function withoutUnsafeCharacters(given: string | null | undefined): string {
  const lastPart = (given ?? '').split(/[/\\]/).at(-1) ?? '';
  return lastPart
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/gu, '')
    .replace(/[<>:"|?*]/g, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '');
}

/**
 * `Content-Disposition: attachment` with the name twice (RFC 6266): a plain ASCII one for old
 * clients, and the exact one percent-encoded as UTF-8 (RFC 8187).
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
