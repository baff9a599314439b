import { describe, expect, it } from 'vitest';
import { CONTENT_IMAGE_GRACE_MS, imageIdsIn, removableImages, unusedImageCounts, unusedImages } from './content-image-rules.ts';

const A = 'a'.repeat(32);
const B = 'b'.repeat(32);
const C = '0123456789abcdef0123456789abcdef';
const now = new Date('2026-06-15T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const image = (id: string, uploadedAt: Date, size = 1000) => ({ id, size, uploadedAt });

describe('the pictures a version names', () => {
  it('finds each picture address in a document, relative or after the shop’s own address, once each', () => {
    const document = JSON.stringify({
      hero: { src: `/api/site/content/images/${A}`, alt: 'A basin' },
      blocks: [
        { type: 'image', src: `https://www.plumbline.example/api/site/content/images/${B}` },
        { type: 'image', src: `/api/site/content/images/${A}` },
      ],
    });
    expect(imageIdsIn([document])).toEqual(new Set([A, B]));
  });

  it('reads an address typed with capitals as the picture it opens', () => {
    expect(imageIdsIn([`/api/site/content/images/${C.toUpperCase()}`])).toEqual(new Set([C]));
  });

  it('ignores addresses that name no uploaded picture', () => {
    expect(imageIdsIn([`/images/blog/${A}.svg`, `/api/site/content/images/${A.slice(1)}`, `/api/site/content/images/${A}0`, 'no pictures'])).toEqual(new Set());
  });
});

describe('which pictures are unused and may be removed', () => {
  const images = [
    image(A, ago(CONTENT_IMAGE_GRACE_MS + 1), 300),
    image(B, ago(CONTENT_IMAGE_GRACE_MS - 1), 500),
    image(C, ago(30 * CONTENT_IMAGE_GRACE_MS), 700),
  ];

  it('counts a picture no version names as unused, oldest first', () => {
    expect(unusedImages(images, new Set([A])).map((found) => found.id)).toEqual([C, B]);
  });

  it('removes an unused picture only once the grace period since its upload is over', () => {
    expect(removableImages(images, new Set(), now).map((found) => found.id)).toEqual([C, A]);
    expect(removableImages([image(A, ago(CONTENT_IMAGE_GRACE_MS))], new Set(), now)).toHaveLength(1);
  });

  it('never removes a picture a kept version names, however old', () => {
    expect(removableImages(images, new Set([C, A]), now)).toEqual([]);
  });

  it('says how many are unused, the space they take, and how many of them may go now', () => {
    expect(unusedImageCounts(images, new Set([C]), now)).toEqual({ unused: { count: 2, bytes: 800 }, removable: { count: 1, bytes: 300 } });
  });

  it('keeps unused pictures a week', () => {
    expect(CONTENT_IMAGE_GRACE_MS).toBe(7 * 24 * 60 * 60 * 1000);
  });
});
