import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueEditorClient, createSiteContentClient } from '@shop/api-client';
import { contentImageUrl, productImageIdOf, type ContentImageUpload, type Problem } from '@shop/contracts';
import type { Actor } from '../../platform/context.ts';
import { startTestApi, type TestApi } from '../../testing/test-api.ts';
import { MAX_FILE_BYTES } from '../files/index.ts';
import { hasExifLocation, jpegWithLocation, samplePdf, samplePng } from '../files/testing.ts';

/**
 * Pictures content editors upload for pages, through real HTTP on a real database and a real file
 * folder: kept by files without metadata, served to anyone, and each bad upload refused with the
 * product picture's 4xx problems, storing nothing.
 */
let api: TestApi;
let filesDir = '';
const actors: Record<string, Actor> = {
  edith: { userId: 'user-edith', name: 'Edith Editor', roles: ['content-editor'] },
  pia: { userId: 'user-pia', roles: ['shopper', 'catalogue-manager'] },
  sam: { userId: 'user-sam', roles: ['shopper'] },
};

beforeAll(async () => {
  filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-content-images-'));
  api = await startTestApi({ env: { FILES_DIR: filesDir }, authenticate: async (authorization) => actors[authorization.replace(/^Bearer /, '')] ?? null });
});
afterAll(async () => {
  await api?.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

/** Every file the store holds. */
const storedFiles = () => (fs.readdirSync(filesDir, { recursive: true, withFileTypes: true }) as fs.Dirent[]).filter((entry) => entry.isFile()).length;

async function upload(who: string | undefined, files: { bytes: Uint8Array; name: string; type: string }[]): Promise<Response> {
  const form = new FormData();
  for (const file of files) form.append('image', new Blob([Uint8Array.from(file.bytes)], { type: file.type }), file.name);
  return fetch(`${api.serviceUrl('site')}/content/images`, { method: 'POST', headers: who ? { authorization: `Bearer ${who}` } : {}, body: form });
}

describe('uploading a picture for a page', () => {
  it('keeps a photo without its location, and serves it to anyone with lasting cache headers', async () => {
    const answer = await upload('edith', [{ bytes: await jpegWithLocation(), name: 'bathroom.jpg', type: 'image/jpeg' }]);
    expect(answer.status).toBe(201);
    const { src } = (await answer.json()) as ContentImageUpload;
    expect(src).toMatch(/^\/api\/site\/content\/images\/[0-9a-f]{32}$/);
    const served = await fetch(`${api.origin}${src}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('cache-control')).toBe('public, max-age=86400, immutable');
    expect(served.headers.get('content-disposition')).toBe('inline');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(hasExifLocation(bytes)).toBe(false);
    expect((await sharp(bytes).metadata()).format).toBe('jpeg');
  });

  it('keeps a large picture at most 2,400 px a side', async () => {
    const big = await sharp({ create: { width: 4000, height: 1000, channels: 3, background: '#3a6ea5' } })
      .png()
      .toBuffer();
    const answer = await upload('edith', [{ bytes: big, name: 'wide.png', type: 'image/png' }]);
    expect(answer.status).toBe(201);
    const { src } = (await answer.json()) as ContentImageUpload;
    const kept = await sharp(Buffer.from(await (await fetch(`${api.origin}${src}`)).arrayBuffer())).metadata();
    expect([kept.width, kept.height]).toEqual([2400, 600]);
  });

  it('a published page shows the uploaded picture', async () => {
    const { src } = (await (await upload('edith', [{ bytes: samplePng(), name: 'hero.png', type: 'image/png' }])).json()) as ContentImageUpload;
    const editor = createSiteContentClient({ baseUrl: api.serviceUrl('site'), getAccessToken: () => 'edith' });
    const blocks = [{ type: 'image' as const, src, alt: 'A freestanding bath by a window' }];
    const created = await editor.createPage({
      body: { slug: 'uploaded-picture', page: { title: 'Uploaded', seoTitle: 'Uploaded', seoDescription: 'A page.', blocks } },
    });
    await editor.publishPage({ params: { slug: 'uploaded-picture' }, body: { version: created.version } });
    const shown = await createSiteContentClient({ baseUrl: api.serviceUrl('site') }).getPageData({ params: { slug: 'uploaded-picture' }, query: {} });
    expect(shown.blocks[0]).toMatchObject({ type: 'image', src, alt: 'A freestanding bath by a window' });
  });
});

describe('refusing a picture for a page', () => {
  it.each([
    ['not a picture', 'edith', [{ bytes: samplePdf(), name: 'photo.png', type: 'image/png' }], 422, 'FILE_TYPE_NOT_ALLOWED'],
    ['too large', 'edith', [{ bytes: Buffer.alloc(MAX_FILE_BYTES + 1, 1), name: 'huge.jpg', type: 'image/jpeg' }], 413, 'FILE_TOO_LARGE'],
    ['two at once', 'edith', [0, 1].map((index) => ({ bytes: samplePng(), name: `${index}.png`, type: 'image/png' })), 422, 'CONTENT_IMAGE_ONE'],
    ['none', 'edith', [], 422, 'CONTENT_IMAGE_MISSING'],
    ['signed out', undefined, [{ bytes: samplePng(), name: 'a.png', type: 'image/png' }], 401, 'UNAUTHENTICATED'],
    ['a shopper', 'sam', [{ bytes: samplePng(), name: 'a.png', type: 'image/png' }], 403, 'FORBIDDEN'],
    ['a catalogue manager', 'pia', [{ bytes: samplePng(), name: 'a.png', type: 'image/png' }], 403, 'FORBIDDEN'],
  ])('refuses %s and stores nothing', async (_, who, files, status, code) => {
    const before = storedFiles();
    const answer = await upload(who, files);
    expect(answer.status).toBe(status);
    expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(((await answer.json()) as Problem).code).toBe(code);
    expect(storedFiles()).toBe(before);
  });

  it('refuses a body that is not a form', async () => {
    const answer = await fetch(`${api.serviceUrl('site')}/content/images`, {
      method: 'POST',
      headers: { authorization: 'Bearer edith', 'content-type': 'application/json' },
      body: JSON.stringify({ image: 'data:image/png;base64,' }),
    });
    expect([answer.status, ((await answer.json()) as Problem).code]).toEqual([400, 'CONTENT_IMAGE_FORM']);
  });

  it('serves no other upload and no unknown picture', async () => {
    // A product's picture is kept by files too, for another purpose: it is not a page's picture.
    const products = createCatalogueEditorClient({ baseUrl: api.serviceUrl('catalogue'), getAccessToken: () => 'pia' });
    const product = await products.getStaffProduct({ params: { id: (await products.searchStaffProducts({ query: { pageSize: 1 } })).items[0]!.id } });
    const form = new FormData();
    form.append('image', new Blob([Uint8Array.from(samplePng())], { type: 'image/png' }), 'basin.png');
    const sku = product.variants[0]!.sku;
    await fetch(`${api.serviceUrl('catalogue')}/Staff/Products/${product.id}/Variants/${sku}/Images`, {
      method: 'POST',
      headers: { authorization: 'Bearer pia' },
      body: form,
    });
    const uploaded = (await products.getStaffProduct({ params: { id: product.id } })).variants[0]!.images.at(-1)!.url;
    const productFileId = productImageIdOf(uploaded)!;
    expect((await fetch(`${api.origin}${uploaded}`)).status).toBe(200);
    expect((await fetch(`${api.origin}${contentImageUrl(productFileId)}`)).status).toBe(404);
    expect((await fetch(`${api.serviceUrl('site')}/content/images/${'0'.repeat(32)}`)).status).toBe(404);
    expect((await fetch(`${api.serviceUrl('site')}/content/images/not-an-id`)).status).toBe(400);
  });
});
