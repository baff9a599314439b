import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteContentClient, type SiteContentClient } from '@shop/api-client';
import { contentImageUrl, type ContentBlock, type ContentImageUpload } from '@shop/contracts';
import { buildApi } from '../../api.ts';
import type { Actor, Clock } from '../../platform/context.ts';
import type { Job } from '../../platform/jobs.ts';
import { failure, startTestApi, type TestApi } from '../../testing/test-api.ts';
import type { FileStore } from '../files/index.ts';
import { openFileStore, samplePng, useLocalS3Server } from '../files/testing.ts';
import { CONTENT_IMAGE_CLEANUP_JOB, DAILY_CLEANUP_NAME } from './content-image-cleanup.ts';
import { contentPersonalData } from './content.personal-data.ts';

/**
 * The clean-up of pictures uploaded for pages that no kept version uses, through real HTTP on a real database and a real file
 * folder (and an S3-compatible bucket): what it removes (bytes, then row), what it never removes, who may run it, the daily job,
 * and two instances cleaning up at once. The clock is the test's, so the week's grace is moved through, never waited for.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
let now = new Date('2026-11-02T09:00:00Z');
const clock: Clock = { now: () => now };
const daysLater = (days: number) => {
  now = new Date(now.getTime() + days * DAY_MS);
};
const actors: Record<string, Actor> = {
  edith: { userId: 'user-edith', name: 'Edith Editor', roles: ['content-editor'] },
  sam: { userId: 'user-sam', name: 'Sam Shopper', roles: ['shopper'] },
  otto: { userId: 'user-otto', name: 'Otto Orders', roles: ['order-admin', 'catalogue-manager'] },
};
const authenticate = async (authorization: string) => actors[authorization.replace(/^Bearer /, '')] ?? null;

/** A picture uploaded as a content editor: its id and address. */
async function upload(api: TestApi): Promise<{ id: string; src: string }> {
  const form = new FormData();
  // Each a different picture, as staff's would be: a few pixels of its own colour.
  const png = samplePng();
  form.append('image', new Blob([Uint8Array.from(png)], { type: 'image/png' }), 'picture.png');
  const answer = await fetch(`${api.serviceUrl('site')}/content/images`, { method: 'POST', headers: { authorization: 'Bearer edith' }, body: form });
  expect(answer.status).toBe(201);
  const { src } = (await answer.json()) as ContentImageUpload;
  return { id: src.split('/').pop()!, src };
}

const rowIds = async (api: TestApi) =>
  ((await api.database.db.execute(sql`select id from content_images order by id`)) as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
const sizeOf = async (api: TestApi, ids: readonly string[]) =>
  Number(
    (
      (await api.database.db.execute(sql`select coalesce(sum(size), 0) as bytes from content_images where id = any(${sql.param(ids)}::text[])`)) as unknown as {
        rows: { bytes: number | string }[];
      }
    ).rows[0]!.bytes,
  );
const served = async (api: TestApi, id: string) => (await fetch(`${api.origin}${contentImageUrl(id)}`)).status;
/** The suite's API with a file folder of its own, handed to `use` once started; both gone after the suite. */
function useApiWithFolder(use: (api: TestApi, filesDir: string) => void): void {
  let api: TestApi | undefined;
  let filesDir = '';
  beforeAll(async () => {
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-content-cleanup-'));
    api = await startTestApi({ seed: false, clock, env: { FILES_DIR: filesDir }, authenticate });
    use(api, filesDir);
  });
  afterAll(async () => {
    await api?.close();
    fs.rmSync(filesDir, { recursive: true, force: true });
  });
}

let placed = 0;
/**
 * A file put straight into the store as the files service kept uploads before rows were kept for content pictures (migration 0086):
 * its bytes and details, `daysOld` before now, and no row.
 */
async function place(store: FileStore, purpose: string, daysOld: number): Promise<{ id: string; src: string }> {
  placed += 1;
  const id = `${placed.toString(16).padStart(8, '0')}${'ab'.repeat(12)}`;
  const png = samplePng();
  const createdAt = new Date(now.getTime() - daysOld * DAY_MS).toISOString();
  await store.put(id, png, { contentType: 'image/png', metadata: { purpose, 'file-name': 'picture.png', sha256: 'c'.repeat(64), 'created-at': createdAt } });
  return { id, src: contentImageUrl(id) };
}

const jobOf = (app: FastifyInstance): Job =>
  app.composed.modules.find((module) => module.name === 'content')!.jobs!(app).find((job) => job.name === CONTENT_IMAGE_CLEANUP_JOB)!;

describe('cleaning up pictures no page uses, in a folder', () => {
  let api: TestApi;
  let filesDir = '';
  const client = (who?: string): SiteContentClient => createSiteContentClient({ baseUrl: api.serviceUrl('site'), getAccessToken: () => who });
  /** Whether the folder still holds the picture's bytes (the store keeps them under their id, in a folder named by its first two characters). */
  const inFolder = (id: string) => fs.existsSync(path.join(filesDir, id.slice(0, 2), id));
  useApiWithFolder((started, dir) => ([api, filesDir] = [started, dir]));

  it('removes an old picture nothing uses, bytes and row, and keeps a young one and those any kept version or global item uses', async () => {
    const unused = await upload(api);
    const onlyEarlier = await upload(api);
    const inItem = await upload(api);
    const published = await upload(api);
    const image = (src: string): ContentBlock => ({ type: 'image', src, alt: 'A basin on a wall' });
    const created = await client('edith').createPage({
      body: { slug: 'showroom', page: { title: 'Showroom', seoTitle: 'Showroom', seoDescription: 'Our showroom.', blocks: [image(onlyEarlier.src)] } },
    });
    // The picture is taken out of the next draft: only version 1, kept for restoring, still names it.
    const redrafted = await client('edith').savePageDraft({
      params: { slug: 'showroom' },
      body: { version: created.version, page: { title: 'Showroom', seoTitle: 'Showroom', seoDescription: 'Our showroom.', blocks: [] } },
    });
    const hero: ContentBlock = { type: 'hero', heading: 'New basins', image: { src: `https://shop.example${published.src}`, alt: 'A basin' } };
    const other = await client('edith').createPage({
      body: { slug: 'new-basins', page: { title: 'New basins', seoTitle: 'New basins', seoDescription: 'New basins.', blocks: [hero] } },
    });
    await client('edith').publishPage({ params: { slug: 'new-basins' }, body: { version: other.version } });
    // An address typed in capitals is still taken as the picture's, to be safe: it keeps it.
    await client('edith').saveGlobalItem({
      body: { id: 'announcement-bar', version: 0, content: { text: 'See the showroom', linkLabel: 'Look', href: inItem.src.toUpperCase() } },
    });

    daysLater(8);
    const young = await upload(api);
    const unusedBytes = await sizeOf(api, [unused.id, young.id]);
    expect(await client('edith').getContentImageCleanup()).toEqual({
      unused: { count: 2, bytes: unusedBytes },
      removable: { count: 1, bytes: await sizeOf(api, [unused.id]) },
      graceDays: 7,
      lastCleanup: null,
    });

    const removedBytes = await sizeOf(api, [unused.id]);
    const after = await client('edith').cleanUpContentImages();
    expect(after).toEqual({
      unused: { count: 1, bytes: await sizeOf(api, [young.id]) },
      removable: { count: 0, bytes: 0 },
      graceDays: 7,
      lastCleanup: { at: now.toISOString(), by: 'Edith Editor', removed: { count: 1, bytes: removedBytes } },
    });
    expect(inFolder(unused.id)).toBe(false);
    expect(await served(api, unused.id)).toBe(404);
    expect(await rowIds(api)).toEqual([onlyEarlier.id, inItem.id, published.id, young.id].toSorted());
    for (const kept of [onlyEarlier, inItem, published, young]) {
      expect(inFolder(kept.id)).toBe(true);
      expect(await served(api, kept.id)).toBe(200);
    }
    const record = (await api.database.db.execute(sql`select removed, by_user_id from content_image_cleanups`)) as unknown as {
      rows: { removed: string[]; by_user_id: string }[];
    };
    expect(record.rows).toEqual([{ removed: [unused.id], by_user_id: 'user-edith' }]);

    // The earlier version is restored with its picture.
    const restored = await client('edith').restorePageRevision({ params: { slug: 'showroom' }, body: { version: redrafted.version, revision: 1 } });
    expect(restored.draft.blocks).toEqual([image(onlyEarlier.src)]);

    // A week after its upload, the young picture goes too.
    daysLater(7);
    expect(await client('edith').cleanUpContentImages()).toMatchObject({ unused: { count: 0, bytes: 0 }, lastCleanup: { removed: { count: 1 } } });
    expect(inFolder(young.id)).toBe(false);
  });

  it('forgets who ran a clean-up when that member of staff is erased, keeping what it removed', async () => {
    const store = contentPersonalData.find((declared) => declared.columns.content_image_cleanups)!;
    const edith = { userId: 'user-edith', emailAddresses: [] };
    expect(await store.count(api.database.db, edith)).toBe(2);
    await api.database.db.transaction(async (tx) => store.erase!(tx, edith, now));
    expect(await store.count(api.database.db, edith)).toBe(0);
    const records = (await api.database.db.execute(
      sql`select by_name, cardinality(removed) as removed from content_image_cleanups order by id`,
    )) as unknown as {
      rows: { by_name: string; removed: number }[];
    };
    expect(records.rows).toEqual([
      { by_name: 'A former member of staff', removed: 1 },
      { by_name: 'A former member of staff', removed: 1 },
    ]);
  });

  it('lets only content editors see or run it', async () => {
    for (const who of ['sam', 'otto']) {
      expect(await failure(client(who).getContentImageCleanup())).toMatchObject({ status: 403 });
      expect(await failure(client(who).cleanUpContentImages())).toMatchObject({ status: 403 });
    }
    expect(await failure(client().cleanUpContentImages())).toMatchObject({ status: 401 });
  });

  it('runs once a day, on whichever instance asks first, each picture removed once when two run together', async () => {
    const second = await buildApi({ config: api.config, database: api.database, clock, authenticate, logger: false });
    try {
      await second.listen({ port: 0, host: '127.0.0.1' });
      const address = second.server.address();
      const secondClient = createSiteContentClient({
        baseUrl: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/site`,
        getAccessToken: () => 'edith',
      });
      const log = api.app.log;
      const jobs = [jobOf(api.app), jobOf(second)];
      const dailyRecords = async () =>
        (
          (await api.database.db.execute(sql`select removed from content_image_cleanups where by_name = ${DAILY_CLEANUP_NAME} order by id`)) as unknown as {
            rows: { removed: string[] }[];
          }
        ).rows.map((row) => row.removed.toSorted());

      const first = await Promise.all([upload(api), upload(api), upload(api)]);
      daysLater(8);
      // Both instances' jobs at once: one takes the day's turn and removes all three; the other does nothing.
      const runs = await Promise.all(jobs.map((job) => job.runOnce({ db: api.database.db, clock, log })));
      expect(runs.map((run) => run.claimed).toSorted((a, b) => a - b)).toEqual([0, 3]);
      expect(await dailyRecords()).toEqual([first.map((picture) => picture.id).toSorted()]);
      const left = await rowIds(api);
      expect(first.filter((picture) => left.includes(picture.id))).toEqual([]);

      // Later the same day, nothing; a day on, the next turn (with nothing left to remove, recorded all the same).
      const laterPictures = await Promise.all([upload(api), upload(api)]);
      daysLater(0.5);
      expect((await jobs[1]!.runOnce({ db: api.database.db, clock, log })).claimed).toBe(0);
      daysLater(0.6);
      expect((await jobs[1]!.runOnce({ db: api.database.db, clock, log })).claimed).toBe(0);
      expect(await dailyRecords()).toHaveLength(2);

      // Two editors on two instances at once: each picture removed by one of them, neither failing.
      daysLater(8);
      const more = await Promise.all([upload(api), upload(api), upload(api), upload(api)]);
      daysLater(8);
      const answers = await Promise.all([client('edith').cleanUpContentImages(), secondClient.cleanUpContentImages()]);
      for (const answer of answers) expect(answer.lastCleanup).toMatchObject({ at: now.toISOString(), by: 'Edith Editor' });
      expect((await client('edith').getContentImageCleanup()).unused).toEqual({ count: 0, bytes: 0 });
      const staffRuns = (await api.database.db.execute(
        sql`select removed from content_image_cleanups where by_user_id = 'user-edith' and at = ${now}`,
      )) as unknown as {
        rows: { removed: string[] }[];
      };
      const removed = staffRuns.rows.flatMap((row) => row.removed);
      expect(staffRuns.rows).toHaveLength(2);
      expect(removed.toSorted()).toEqual([...laterPictures, ...more].map((picture) => picture.id).toSorted());
      for (const picture of [...first, ...laterPictures, ...more]) expect(inFolder(picture.id)).toBe(false);
    } finally {
      await second.close();
    }
  });
});

describe('cleaning up pictures uploaded before their rows were kept, found in the folder', () => {
  let api: TestApi;
  let filesDir = '';
  const inFolder = (id: string) => fs.existsSync(path.join(filesDir, id.slice(0, 2), id));
  useApiWithFolder((started, dir) => ([api, filesDir] = [started, dir]));

  it('removes an old one nothing uses, and keeps a young one, those any kept version or global item uses, and every other upload', async () => {
    const store = openFileStore({ kind: 'local', dir: filesDir });
    const client = createSiteContentClient({ baseUrl: api.serviceUrl('site'), getAccessToken: () => 'edith' });
    const unused = await place(store, 'content-image', 30);
    const young = await place(store, 'content-image', 6);
    const inDraft = await place(store, 'content-image', 400);
    const onlyEarlier = await place(store, 'content-image', 30);
    const scheduled = await place(store, 'content-image', 30);
    const inItem = await place(store, 'content-image', 30);
    const productImage = await place(store, 'product-image', 30);
    const reviewPhoto = await place(store, 'review-photo', 30);
    const page = (slug: string, src?: string) => ({
      title: slug,
      seoTitle: slug,
      seoDescription: `${slug}.`,
      blocks: src ? [{ type: 'image' as const, src, alt: 'A basin on a wall' }] : [],
    });
    await client.createPage({ body: { slug: 'draft-only', page: page('draft-only', inDraft.src) } });
    const earlier = await client.createPage({ body: { slug: 'earlier', page: page('earlier', onlyEarlier.src) } });
    await client.savePageDraft({ params: { slug: 'earlier' }, body: { version: earlier.version, page: page('earlier') } });
    const later = await client.createPage({ body: { slug: 'later', page: page('later') } });
    await client.publishPage({
      params: { slug: 'later' },
      body: { version: later.version, page: page('later', scheduled.src), publishAt: new Date(now.getTime() + DAY_MS).toISOString() },
    });
    await client.saveGlobalItem({ body: { id: 'announcement-bar', version: 0, content: { text: 'New basins', linkLabel: 'See', href: inItem.src } } });
    // Neither page, post nor item names a product's picture or a review's photo: they are not pictures for pages, so never weighed.
    expect(await rowIds(api)).toEqual([]);

    const answer = await client.cleanUpContentImages();
    expect(answer.lastCleanup).toMatchObject({ by: 'Edith Editor', removed: { count: 1, bytes: samplePng().length } });
    expect(inFolder(unused.id)).toBe(false);
    expect(await served(api, unused.id)).toBe(404);
    for (const kept of [young, inDraft, onlyEarlier, scheduled, inItem]) {
      expect(inFolder(kept.id)).toBe(true);
      expect(await served(api, kept.id)).toBe(200);
    }
    for (const other of [productImage, reviewPhoto]) expect(inFolder(other.id)).toBe(true);
    // Those past the week now have rows, weighed as any upload's; the young one is left until it is past its week too.
    expect(await rowIds(api)).toEqual([inDraft.id, onlyEarlier.id, scheduled.id, inItem.id].toSorted());
    expect(answer.unused).toEqual({ count: 0, bytes: 0 });

    // The young one had no row yet, so the store is swept again until it has.
    const swept = async () =>
      ((await api.database.db.execute(sql`select id from content_image_cleanups where swept_store`)) as unknown as { rows: unknown[] }).rows.length;
    expect(await swept()).toBe(0);
    daysLater(2);
    const job = jobOf(api.app);
    expect((await job.runOnce({ db: api.database.db, clock, log: api.app.log })).claimed).toBe(1);
    expect(inFolder(young.id)).toBe(false);
    expect(await swept()).toBe(1);
    for (const kept of [inDraft, onlyEarlier, scheduled, inItem, productImage, reviewPhoto]) expect(inFolder(kept.id)).toBe(true);
  });
});

describe('cleaning up pictures no page uses, in an S3-compatible bucket', () => {
  const server = useLocalS3Server({ prefix: 'shop/' });
  let api: TestApi;

  beforeAll(async () => {
    const { settings } = server();
    api = await startTestApi({
      seed: false,
      clock,
      authenticate,
      env: {
        FILES_S3_BUCKET: settings.bucket,
        FILES_S3_ENDPOINT: settings.endpoint!,
        FILES_S3_REGION: settings.region!,
        FILES_S3_ACCESS_KEY_ID: settings.credentials!.accessKeyId,
        FILES_S3_SECRET_ACCESS_KEY: settings.credentials!.secretAccessKey,
        FILES_S3_PREFIX: settings.prefix,
      },
    });
  });
  afterAll(async () => api?.close());

  it('removes the object from the bucket, then the row, and keeps the one a page uses; lists the bucket until earlier uploads have rows', async () => {
    const { settings } = server();
    const s3 = new S3Client({ region: settings.region, endpoint: settings.endpoint, forcePathStyle: true, credentials: settings.credentials });
    const bucket = {
      /** Whether the bucket holds the picture's object, asked of the bucket itself. */
      exists: (id: string) =>
        s3.send(new HeadObjectCommand({ Bucket: settings.bucket, Key: `${settings.prefix}${id}` })).then(
          () => true,
          (error: { name?: string }) => (error.name === 'NotFound' ? false : Promise.reject(error)),
        ),
    };
    const client = createSiteContentClient({ baseUrl: api.serviceUrl('site'), getAccessToken: () => 'edith' });
    // One uploaded before rows were kept, nothing using it, is found in the bucket and removed; a product's picture is not.
    const store = openFileStore(settings);
    const earlier = await place(store, 'content-image', 30);
    const productImage = await place(store, 'product-image', 30);
    const unused = await upload(api);
    const used = await upload(api);
    await client.createPage({
      body: {
        slug: 'bucket',
        page: { title: 'Bucket', seoTitle: 'Bucket', seoDescription: 'Bucket.', blocks: [{ type: 'image', src: used.src, alt: 'A bath' }] },
      },
    });
    const held = () => Promise.all([unused, earlier, productImage, used].map((picture) => bucket.exists(picture.id)));
    expect(await held()).toEqual([true, true, true, true]);
    const removedBytes = (await sizeOf(api, [unused.id])) + samplePng().length;
    daysLater(8);
    const answer = await client.cleanUpContentImages();
    expect(answer.lastCleanup?.removed).toEqual({ count: 2, bytes: removedBytes });
    expect(await held()).toEqual([false, false, true, true]);
    expect(await rowIds(api)).toEqual([used.id]);

    // That clean-up found every earlier upload: later ones neither list the bucket nor ask for any object's details.
    const asked = () => server().requests.filter((request) => request.startsWith('HEAD ') || request.includes('list-type=2')).length;
    const askedBefore = asked();
    const later = await upload(api);
    const laterBytes = await sizeOf(api, [later.id]);
    daysLater(8);
    expect((await client.cleanUpContentImages()).lastCleanup?.removed).toEqual({ count: 1, bytes: laterBytes });
    daysLater(1);
    expect((await jobOf(api.app).runOnce({ db: api.database.db, clock, log: api.app.log })).claimed).toBe(0);
    expect(asked()).toBe(askedBefore);
    expect(await bucket.exists(later.id)).toBe(false);
    expect(await held()).toEqual([false, false, true, true]);
  });
});
