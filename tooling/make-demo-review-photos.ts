/**
 * Makes the demo reviews' photos (packages/demo/src/review-photos/photos/*.jpg): the storefront's
 * customer-photo scenes (a bathroom with its new fittings), drawn by the system Chromium and saved
 * as JPEGs, since a review photo is a JPEG or PNG by content. Run again only to change them:
 *   node tooling/make-demo-review-photos.ts
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { renderUserContentImage } from '@shop/demo/product-art';
import { REVIEW_PHOTOS_DIR } from '@shop/demo/seeds';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.ts';

/** Scene seeds: twelve rooms that differ in walls, floors, finishes and fittings. */
const SCENES = [3, 8, 14, 21, 27, 35, 42, 51, 66, 73, 88, 97];
const OUT = REVIEW_PHOTOS_DIR;

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
try {
  const page = await browser.newPage({ viewport: { width: 800, height: 800 } });
  await fs.mkdir(OUT, { recursive: true });
  for (const [index, scene] of SCENES.entries()) {
    await page.setContent(`<body style="margin:0">${renderUserContentImage(`${scene}.svg`) ?? ''}</body>`);
    const file = path.join(OUT, `room-${String(index + 1).padStart(2, '0')}.jpg`);
    await page.screenshot({ path: file, type: 'jpeg', quality: 78 });
    process.stdout.write(`${file}: ${(await fs.stat(file)).size} bytes\n`);
  }
} finally {
  await browser.close();
}
