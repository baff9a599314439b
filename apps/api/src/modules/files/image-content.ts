/**
 * Uploaded pictures are never kept as sent: each is decoded and written out again by sharp (libvips),
 * so what is kept is pixels and nothing else. The EXIF block (a phone's GPS position, the camera's
 * serial number), XMP, IPTC and comments are dropped, the EXIF orientation is applied to the pixels
 * first (a portrait photo stays upright), and the colours are converted to sRGB. A file whose header
 * declares more than MAX_IMAGE_PIXELS is refused before its pixels are decoded.
 */
import sharp, { type Metadata } from 'sharp';
import { imageDimensionsProblem, MAX_IMAGE_PIXELS, type ImageType } from './file-content.ts';

// Each upload is decoded once: libvips' operation cache would only hold memory.
sharp.cache(false);

export type ImageOutcome = { ok: true; bytes: Buffer } | { ok: false; problem: 'unreadable' | 'too-many-pixels' };

const FORMATS: Record<ImageType, 'jpeg' | 'png'> = { 'image/jpeg': 'jpeg', 'image/png': 'png' };

/**
 * The picture re-encoded in its own format without metadata (and no larger than `longestSide` on
 * either side, when given), or why it cannot be: its header declares too many pixels, or it does
 * not decode as the type its first bytes say.
 */
export async function reencodeImage(bytes: Uint8Array, type: ImageType, longestSide?: number): Promise<ImageOutcome> {
  let header: Metadata;
  try {
    // The header only: sharp decodes no pixels for this, and would refuse a bomb here without saying why.
    header = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, problem: 'unreadable' };
  }
  if (header.format !== FORMATS[type]) return { ok: false, problem: 'unreadable' };
  const problem = imageDimensionsProblem(header.width, header.height);
  if (problem) return { ok: false, problem };
  try {
    // `failOn: 'error'`: a photo with a flaw libjpeg only warns about is still taken. The pixel limit
    // is the second lock on the door: the header was checked above.
    const decoded = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', autoOrient: true });
    const image = longestSide ? decoded.resize({ width: longestSide, height: longestSide, fit: 'inside', withoutEnlargement: true }) : decoded;
    // No withMetadata/keepExif: sharp writes no metadata unless asked to.
    const output = type === 'image/jpeg' ? image.jpeg({ quality: 85 }) : image.png();
    return { ok: true, bytes: await output.toBuffer() };
  } catch {
    return { ok: false, problem: 'unreadable' };
  }
}
