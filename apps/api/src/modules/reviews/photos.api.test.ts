import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClientFromEndpoints } from '@shop/api-client';
import { REVIEW_MAX_PHOTOS, reviewListingEndpoints, reviewWritingEndpoints, type ReviewPhotos } from '@shop/contracts';
import type { Actor } from '../../platform/context.ts';
import { failure, startTestApi, type TestApi } from '../../testing/test-api.ts';
import { MAX_FILE_BYTES } from '../files/index.ts';
import { sampleJpeg, samplePdf, samplePng } from '../files/testing.ts';

/**
 * Review photos on the real API (decision 0035): the author adds them to their pending review over
 * multipart, checked by content and counted against the review's limit; anyone sees them once the
 * review is published, before that only the author and moderators. Each refusal is shown to have
 * stored no file and written no row, and `photo_count` always equals the rows.
 */
let api: TestApi;
let filesDir = '';
const actors: Record<string, Actor> = {
  ann: { userId: 'user-photo-ann', email: 'ann@photos.example', name: 'Ann', roles: ['shopper'] },
  ben: { userId: 'user-photo-ben', email: 'ben@photos.example', name: 'Ben', roles: ['shopper'] },
  mia: { userId: 'user-photo-mia', roles: ['review-moderator'] },
};
const writing = (name?: string) => createClientFromEndpoints(reviewWritingEndpoints, { baseUrl: api.serviceUrl('reviews'), getAccessToken: () => name });
const listings = () => createClientFromEndpoints(reviewListingEndpoints, { baseUrl: api.serviceUrl('reviews') });

let products: { slug: string; sku: string }[] = [];
let next = 0;

beforeAll(async () => {
  filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-review-photos-'));
  api = await startTestApi({
    env: { FILES_DIR: filesDir },
    authenticate: async (authorization) => actors[authorization.replace(/^Bearer /, '')] ?? null,
  });
  const result = (await api.database.db.execute(
    sql`select p.slug, (select o.sku from offerings o where o.product_id = p.id order by o.id limit 1) as sku
        from products p where not p.is_bundle order by p.id desc limit 20`,
  )) as unknown as { rows: { slug: string; sku: string }[] };
  products = result.rows;
});
afterAll(async () => {
  await api?.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

/** A pending review by `author` of a product no other test reviews. */
async function pendingReview(author = 'ann'): Promise<string> {
  const product = products[next++]!;
  const receipt = await writing(author).writeWebsiteReview({
    body: { slug: product.slug, rating: 5, title: 'Looks great fitted', text: 'Went in easily and looks smart in a small room.', displayName: 'Ann' },
  });
  return receipt.reviewId;
}

type Photo = { bytes: Uint8Array; name: string; field?: string };
const png = (name = 'fitted.png'): Photo => ({ bytes: samplePng(), name });
const jpeg = (name = 'close-up.jpg'): Photo => ({ bytes: sampleJpeg(), name });

let visitor = 0;
/**
 * Sends photos as a browser's form does, each in a `photos` field unless it says otherwise. Each
 * upload comes from an address of its own (the API believes X-Forwarded-For from this machine), so
 * this file's many uploads stay under the per-client limit, which is not what it tests.
 */
function upload(reviewId: string, photos: Photo[], as?: string): Promise<Response> {
  const form = new FormData();
  for (const photo of photos) form.append(photo.field ?? 'photos', new Blob([Uint8Array.from(photo.bytes)], { type: 'image/jpeg' }), photo.name);
  visitor += 1;
  return fetch(`${api.serviceUrl('reviews')}/Reviews/${reviewId}/Photos`, {
    method: 'POST',
    body: form,
    headers: { 'x-forwarded-for': `198.51.100.${visitor}`, ...(as ? { authorization: `Bearer ${as}` } : {}) },
  });
}

const getPhoto = (url: string, as?: string) => fetch(`${api.origin}${url}`, { headers: as ? { authorization: `Bearer ${as}` } : {} });

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await api.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}
/** What a refusal must leave as it was: the review's count and version, its photo rows, and the files kept. */
async function stateOf(reviewId: string) {
  const [review] = await rows<{ photo_count: number; version: number }>(sql`select photo_count, version from reviews where id = ${reviewId}`);
  const photoRows = await rows<{ n: number }>(sql`select count(*)::int as n from review_photos where review_id = ${reviewId}`);
  const files = fs.readdirSync(filesDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
  return { photoCount: review!.photo_count, version: review!.version, rows: photoRows[0]!.n, files };
}

/** What a PNG shows, pixel by pixel: the same after re-encoding, which keeps no metadata and loses nothing. */
const pixels = (bytes: Buffer) => sharp(bytes).raw().toBuffer();

const problem = async (response: Response) => ({ status: response.status, ...((await response.json()) as { code: string; detail: string }) });

describe('adding photos', () => {
  it('takes the author’s JPEG and PNG photos while the review is pending, in the order sent, counted in photo_count', async () => {
    const reviewId = await pendingReview();
    const response = await upload(reviewId, [png('C:\\fakepath\\bath.png'), jpeg()], 'ann');
    expect(response.status).toBe(201);
    const answer = (await response.json()) as ReviewPhotos;
    expect(answer.reviewId).toBe(reviewId);
    expect(answer.photos).toHaveLength(2);
    for (const photo of answer.photos) expect(photo.url).toBe(`/api/reviews/Reviews/Photos/${photo.photoId}`);
    expect(await stateOf(reviewId)).toMatchObject({ photoCount: 2, rows: 2, version: 2 });

    // More later, up to the limit; the answer lists all of them, the first ones first.
    const more = (await (await upload(reviewId, [jpeg(), png()], 'ann')).json()) as ReviewPhotos;
    expect(more.photos.map((photo) => photo.photoId).slice(0, 2)).toEqual(answer.photos.map((photo) => photo.photoId));
    expect(await stateOf(reviewId)).toMatchObject({ photoCount: REVIEW_MAX_PHOTOS, rows: REVIEW_MAX_PHOTOS, version: 3 });
    const positions = await rows<{ position: number }>(sql`select position from review_photos where review_id = ${reviewId} order by position`);
    expect(positions.map((row) => row.position)).toEqual([0, 1, 2, 3]);
  });

  it('is for the author only: a guest is 401, another customer or a moderator the same 404 as an unknown review, and nothing changes', async () => {
    const reviewId = await pendingReview();
    const before = await stateOf(reviewId);
    expect((await upload(reviewId, [png()])).status).toBe(401);
    for (const name of ['ben', 'mia']) {
      expect(await problem(await upload(reviewId, [png()], name))).toMatchObject({ status: 404, code: 'REVIEW_NOT_FOUND' });
    }
    expect(await problem(await upload('6f1c2a4e-0b7d-4c59-9a43-2f0c8d1e5b77', [png()], 'ann'))).toMatchObject({ status: 404, code: 'REVIEW_NOT_FOUND' });
    expect(await stateOf(reviewId)).toEqual(before);
  });

  it('refuses too many photos in all, no photo, and a body that is not a form, storing nothing', async () => {
    const reviewId = await pendingReview();
    const five = Array.from({ length: REVIEW_MAX_PHOTOS + 1 }, () => png());
    expect(await problem(await upload(reviewId, five, 'ann'))).toMatchObject({ status: 422, code: 'REVIEW_TOO_MANY_PHOTOS', detail: 'Select up to 4 photos' });
    await upload(reviewId, [png(), png(), png()], 'ann');
    const before = await stateOf(reviewId);
    expect(await problem(await upload(reviewId, [png(), png()], 'ann'))).toMatchObject({
      status: 422,
      code: 'REVIEW_TOO_MANY_PHOTOS',
      detail: 'Select up to 1 more photo: a review can have 4 at most',
      errors: [expect.objectContaining({ path: 'body.photos' })],
    });
    expect(await problem(await upload(reviewId, [], 'ann'))).toMatchObject({ status: 422, code: 'REVIEW_PHOTO_MISSING' });
    expect(await problem(await upload(reviewId, [{ ...png(), field: 'picture' }], 'ann'))).toMatchObject({ status: 400, code: 'REVIEW_PHOTOS_FORM' });
    const json = await fetch(`${api.serviceUrl('reviews')}/Reviews/${reviewId}/Photos`, {
      method: 'POST',
      body: JSON.stringify({ photos: ['a.png'] }),
      headers: { authorization: 'Bearer ann', 'content-type': 'application/json' },
    });
    expect(await problem(json)).toMatchObject({ status: 400, code: 'REVIEW_PHOTOS_FORM' });
    expect(await stateOf(reviewId)).toEqual(before);
  });

  it('judges by content: a PDF or text named .jpg is refused, and a good photo sent with it is not kept either', async () => {
    const reviewId = await pendingReview();
    const before = await stateOf(reviewId);
    for (const bad of [
      { bytes: samplePdf(), name: 'photo.jpg' },
      { bytes: Buffer.from('<svg onload="alert(1)"/> not an image'), name: 'photo.jpg' },
    ]) {
      const refused = await problem(await upload(reviewId, [png(), bad], 'ann'));
      expect(refused).toMatchObject({
        status: 422,
        code: 'FILE_TYPE_NOT_ALLOWED',
        detail: 'The selected file must be a JPG or PNG',
        errors: [expect.objectContaining({ path: 'body.photos.1' })],
      });
      expect(await stateOf(reviewId)).toEqual(before);
    }
  });

  it('refuses a photo over 5MB, and an empty one, storing nothing', async () => {
    const reviewId = await pendingReview();
    const before = await stateOf(reviewId);
    const huge = Buffer.alloc(MAX_FILE_BYTES + 1);
    sampleJpeg().copy(huge);
    expect(await problem(await upload(reviewId, [png(), { bytes: huge, name: 'huge.jpg' }], 'ann'))).toMatchObject({ status: 413, code: 'FILE_TOO_LARGE' });
    expect(await problem(await upload(reviewId, [{ bytes: new Uint8Array(), name: 'empty.jpg' }], 'ann'))).toMatchObject({ status: 422, code: 'FILE_EMPTY' });
    expect(await stateOf(reviewId)).toEqual(before);
  });

  it('is closed once the review is published or rejected (409), and a moderator who saw it before the photos must reload', async () => {
    const reviewId = await pendingReview();
    await upload(reviewId, [png()], 'ann');
    // The moderator had version 1 open: the photos changed the review since.
    expect(await failure(writing('mia').publishReview({ params: { reviewId }, body: { version: 1 } }))).toMatchObject({ status: 409, code: 'REVIEW_CHANGED' });
    await writing('mia').publishReview({ params: { reviewId }, body: { version: 2 } });
    const before = await stateOf(reviewId);
    expect(await problem(await upload(reviewId, [png()], 'ann'))).toMatchObject({ status: 409, code: 'REVIEW_PHOTOS_CLOSED' });
    expect(await stateOf(reviewId)).toEqual(before);

    const rejected = await pendingReview('ben');
    await writing('mia').rejectReview({ params: { reviewId: rejected }, query: { reason: 'off_topic', version: 1 } });
    expect(await problem(await upload(rejected, [png()], 'ben'))).toMatchObject({ status: 409, code: 'REVIEW_PHOTOS_CLOSED' });
  });

  it('keeps photo_count equal to the rows when two uploads race for the last places', async () => {
    const reviewId = await pendingReview();
    const filesBefore = (await stateOf(reviewId)).files;
    const answers = await Promise.all([upload(reviewId, [png(), png(), png()], 'ann'), upload(reviewId, [jpeg(), jpeg(), jpeg()], 'ann')]);
    expect(answers.map((answer) => answer.status).toSorted((a, b) => a - b)).toEqual([201, 422]);
    // Each photo is two files in the store (its bytes and their description): the loser's were removed.
    expect(await stateOf(reviewId)).toMatchObject({ photoCount: 3, rows: 3, files: filesBefore + 3 * 2 });
  });
});

describe('showing photos', () => {
  it('serves a pending review’s photo only to its author and moderators, privately; anyone else gets the 404 of an unknown photo', async () => {
    const reviewId = await pendingReview();
    const [photo] = ((await (await upload(reviewId, [png()], 'ann')).json()) as ReviewPhotos).photos;
    for (const name of [undefined, 'ben']) {
      expect(await problem(await getPhoto(photo!.url, name))).toMatchObject({ status: 404, code: 'REVIEW_PHOTO_NOT_FOUND' });
    }
    expect(await problem(await getPhoto('/api/reviews/Reviews/Photos/6f1c2a4e-0b7d-4c59-9a43-2f0c8d1e5b77'))).toMatchObject({
      status: 404,
      code: 'REVIEW_PHOTO_NOT_FOUND',
    });
    for (const name of ['ann', 'mia']) {
      const response = await getPhoto(photo!.url, name);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      expect(await pixels(Buffer.from(await response.arrayBuffer()))).toEqual(await pixels(samplePng()));
    }
  });

  it('serves a published review’s photo to anyone, as the image it is, cacheable, and lists it with the review', async () => {
    const reviewId = await pendingReview();
    const sent = ((await (await upload(reviewId, [jpeg(), png()], 'ann')).json()) as ReviewPhotos).photos;
    await writing('mia').publishReview({ params: { reviewId }, body: { version: 2 } });

    const response = await getPhoto(sent[0]!.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-disposition')).toBe('inline');
    expect(response.headers.get('cache-control')).toBe('public, max-age=86400, immutable');
    // Re-encoded (without metadata), so the same picture rather than the same bytes.
    expect(await sharp(Buffer.from(await response.arrayBuffer())).metadata()).toMatchObject({ format: 'jpeg', width: 2, height: 2 });
    expect((await getPhoto(sent[1]!.url)).headers.get('content-type')).toBe('image/png');

    const [product] = await rows<{ slug: string }>(sql`select p.slug from reviews r join products p on p.id = r.product_id where r.id = ${reviewId}`);
    const listed = await listings().listReviews({ query: { slug: product!.slug, withPhotos: 'true' } });
    expect(listed.items.find((item) => item.id === reviewId)).toMatchObject({ photoCount: 2, photos: sent });
  });

  it('takes a rejected review’s photos away from its author, leaving them to moderators', async () => {
    const reviewId = await pendingReview('ben');
    const [photo] = ((await (await upload(reviewId, [png()], 'ben')).json()) as ReviewPhotos).photos;
    await writing('mia').rejectReview({ params: { reviewId }, query: { reason: 'personal_data', version: 2 } });
    expect((await getPhoto(photo!.url, 'ben')).status).toBe(404);
    expect((await getPhoto(photo!.url, 'mia')).status).toBe(200);
  });

  it('gives moderators each review’s photos in searches and in what publishing answers', async () => {
    const reviewId = await pendingReview('ben');
    const sent = ((await (await upload(reviewId, [png(), jpeg()], 'ben')).json()) as ReviewPhotos).photos;
    const staff = createClientFromEndpoints(reviewListingEndpoints, { baseUrl: api.serviceUrl('reviews'), getAccessToken: () => 'mia' });
    const found = await staff.searchReviewsAdvanced({ body: { hasPhotos: true, status: 'pending', size: 100 } });
    expect(found.items.find((item) => item.id === reviewId)).toMatchObject({ photoCount: 2, photos: sent });
    const withoutPhotos = await staff.searchReviewsAdvanced({ body: { hasPhotos: false, size: 100 } });
    expect(withoutPhotos.items.some((item) => item.id === reviewId)).toBe(false);
    expect(await writing('mia').publishReview({ params: { reviewId }, body: { version: 2 } })).toMatchObject({ photos: sent });
  });
});
