/**
 * Which pictures uploaded for pages are unused, and which of those the clean-up may remove. A picture is used while any kept
 * version names its address: a page's or post's draft, published or scheduled version, or an earlier one kept for restoring
 * (every version is kept, so a version that could be restored never loses its picture), or a global item. Addresses are found
 * in the versions' text (`/api/site/content/images/<id>`, whole or after the shop's own address), so no block type's field is
 * missed, now or when one is added.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * An unused picture is kept this long after its upload. Staff upload a picture, then type its address into a block and save the
 * draft; a week covers a draft started before a weekend or a bank holiday and saved after it, and an address copied into a
 * note to use later, while a picture nobody used after a week almost certainly never will be. A picture found later still in
 * use by nothing costs only its bytes until the next clean-up.
 */
export const CONTENT_IMAGE_GRACE_DAYS = 7;
export const CONTENT_IMAGE_GRACE_MS = CONTENT_IMAGE_GRACE_DAYS * DAY_MS;

/** A picture's id in an address: the image call's path and 32 hex digits (a typed address may have capitals; ids never do). */
const IMAGE_ADDRESS = /\/content\/images\/([0-9a-f]{32})(?![0-9a-z])/gi;

export interface UploadedImage {
  id: string;
  /** Bytes kept. */
  size: number;
  uploadedAt: Date;
}

/** The ids of the pictures the texts name (each a version's document, or an address found in one). */
export function imageIdsIn(texts: Iterable<string>): Set<string> {
  const ids = new Set<string>();
  for (const text of texts) for (const match of text.matchAll(IMAGE_ADDRESS)) ids.add(match[1]!.toLowerCase());
  return ids;
}

/** The pictures no kept version uses, oldest first. */
export function unusedImages<T extends UploadedImage>(images: readonly T[], used: ReadonlySet<string>): T[] {
  return images.filter((image) => !used.has(image.id)).toSorted((a, b) => a.uploadedAt.getTime() - b.uploadedAt.getTime());
}

/** The unused pictures the clean-up may remove at `now`: those uploaded at least the grace period before. */
export function removableImages<T extends UploadedImage>(images: readonly T[], used: ReadonlySet<string>, now: Date, graceMs = CONTENT_IMAGE_GRACE_MS): T[] {
  const latest = now.getTime() - graceMs;
  return unusedImages(images, used).filter((image) => image.uploadedAt.getTime() <= latest);
}

export interface ImageCount {
  count: number;
  bytes: number;
}

const counted = (images: readonly UploadedImage[]): ImageCount => ({ count: images.length, bytes: images.reduce((sum, image) => sum + image.size, 0) });

/** How many pictures are unused and the space they take, and how many of them the next clean-up removes. */
export function unusedImageCounts(images: readonly UploadedImage[], used: ReadonlySet<string>, now: Date, graceMs = CONTENT_IMAGE_GRACE_MS) {
  return { unused: counted(unusedImages(images, used)), removable: counted(removableImages(images, used, now, graceMs)) };
}
