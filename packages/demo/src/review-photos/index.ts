import path from 'node:path';

/** The demo reviews' photos (JPEGs of fitted bathrooms, made by tooling/make-demo-review-photos.ts). */
export const REVIEW_PHOTOS_DIR = path.join(import.meta.dirname, 'photos');
