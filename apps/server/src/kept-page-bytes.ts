import zlib from 'node:zlib';

/**
 * A kept guest page's bytes (decision 0077): split where the nonce it was drawn with stood, kept plain and as raw deflate
 * parts that each end on a byte boundary, so each answer splices in a nonce of its own, plain or as gzip, without
 * compressing the page again.
 */
export interface SplitPage {
  /** The page in plain bytes, split where its nonce stood. */
  parts: Buffer[];
  /** The same parts as raw deflate, each ending on a byte boundary; the last one ends the stream. */
  deflated: Buffer[];
}

/** The page's bytes split at each occurrence of `nonce`. */
export function splitAtNonce(page: Buffer, nonce: string): Buffer[] {
  const needle = Buffer.from(nonce);
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = page.indexOf(needle, from); at >= 0; at = page.indexOf(needle, from)) {
    parts.push(page.subarray(from, at));
    from = at + needle.length;
  }
  parts.push(page.subarray(from));
  // Copied, so the page's own buffer (React's pool) is not held.
  return parts.map((part) => Buffer.from(part));
}

/** Raw deflate of each part; all but the last end with a full flush (byte-aligned, nothing referred to across it). */
export function deflateParts(parts: Buffer[]): Buffer[] {
  return parts.map((part, index) =>
    zlib.deflateRawSync(part, {
      level: 6,
      finishFlush: index === parts.length - 1 ? zlib.constants.Z_FINISH : zlib.constants.Z_FULL_FLUSH,
    }),
  );
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** A non-final stored deflate block holding `bytes` (at most 65,535), to sit between two byte-aligned parts. */
function storedBlock(bytes: Buffer): Buffer {
  const block = Buffer.allocUnsafe(5 + bytes.length);
  block[0] = 0;
  block.writeUInt16LE(bytes.length, 1);
  block.writeUInt16LE(~bytes.length & 0xffff, 3);
  bytes.copy(block, 5);
  return block;
}

/** The kept page with `nonce` where the drawn one stood, plain. */
export function plainBody(page: SplitPage, nonce: string): Buffer {
  const needle = Buffer.from(nonce);
  const pieces: Buffer[] = [];
  page.parts.forEach((part, index) => {
    if (index > 0) pieces.push(needle);
    pieces.push(part);
  });
  return Buffer.concat(pieces);
}

/** The kept page with `nonce` where the drawn one stood, as gzip, from its kept deflate parts. */
export function gzipBody(page: SplitPage, nonce: string): Buffer {
  const needle = Buffer.from(nonce);
  const stored = storedBlock(needle);
  const pieces: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  page.deflated.forEach((deflated, index) => {
    if (index > 0) {
      pieces.push(stored);
      crc = zlib.crc32(needle, crc);
      length += needle.length;
    }
    pieces.push(deflated);
    crc = zlib.crc32(page.parts[index]!, crc);
    length += page.parts[index]!.length;
  });
  const trailer = Buffer.allocUnsafe(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  pieces.push(trailer);
  return Buffer.concat(pieces);
}

/** Whether the browser takes gzip (not refused with q=0). */
export function acceptsGzip(acceptEncoding: string | string[] | undefined): boolean {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  return header.split(',').some((item) => {
    const [coding, ...params] = item.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') return false;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}
