/**
 * The clean-up of pictures uploaded for pages that no kept version uses (content-image-rules.ts): their bytes are removed through
 * files' store (a folder or an S3 bucket), then their rows, and each clean-up is recorded with who ran it and what it removed. The
 * shop runs it once a day (job `content-image-cleanup`, one instance's turn a day, under an advisory lock); content editors can
 * run it at once from /staff/content. Two running together never take the same picture: each holds what it removes for a while
 * (`claimed_until`), and a picture whose bytes could not be removed is let go, for the next one. Pictures uploaded before their
 * rows were kept are found in the store and weighed the same way.
 */
import type { ContentImageCleanup } from '@shop/contracts';
import type { ServiceContext } from '../../platform/context.ts';
import type { Job } from '../../platform/jobs.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { ContentDeps } from './content.deps.ts';
import { editorName } from './content-pages.ts';
import { CONTENT_IMAGE_GRACE_DAYS, CONTENT_IMAGE_GRACE_MS, imageIdsIn, removableImages, unusedImageCounts, type UploadedImage } from './content-image-rules.ts';
import * as repository from './content-images.repository.ts';

export const CONTENT_IMAGE_CLEANUP_JOB = 'content-image-cleanup';
/** Who the daily clean-up's record names. */
export const DAILY_CLEANUP_NAME = 'The daily clean-up';
const DAY_MS = 24 * 60 * 60 * 1000;
/** How long a clean-up holds the pictures it removes: far longer than removing them takes, short enough that a crash costs little. */
const CLEANUP_LEASE_MS = 30 * 60 * 1000;

type CleanupContext = Pick<ServiceContext, 'db' | 'clock'> & { log?: FastifyBaseLogger };

/**
 * Pictures uploaded for pages before their rows were kept (migration 0086) are found in the store by their purpose and given rows
 * once past the grace period; from then on they are weighed as any other. A younger one is left alone: an upload being recorded
 * now has its bytes stored before its row. No other upload is touched (a product's picture, a review's photo, a document). Once a
 * sweep finds no picture without a row but those it gave one, every earlier upload has its row and later uploads make their own:
 * the clean-up `cleanupId` records it, and no clean-up lists the store again (a bucket answers a request per object's details).
 */
async function recordEarlierUploads(deps: ContentDeps, ctx: CleanupContext, cleanupId: number, now: Date): Promise<void> {
  if (await repository.storeSwept(ctx.db)) return;
  let stored;
  try {
    stored = await deps.files.listFiles({ actor: null, clock: ctx.clock, log: ctx.log }, 'content-image', now);
  } catch (error) {
    // Those with rows are still cleaned up; the next clean-up lists the store again.
    ctx.log?.error({ err: error }, 'The file store could not be listed for pictures uploaded before they were recorded');
    return;
  }
  const before = now.getTime() - CONTENT_IMAGE_GRACE_MS;
  const earlier = stored.filter((file) => Date.parse(file.createdAt) <= before);
  await repository.insertMissingImages(
    ctx.db,
    earlier.map((file) => ({ id: file.id, size: file.size, uploadedAt: new Date(file.createdAt) })),
  );
  const young = stored.filter((file) => Date.parse(file.createdAt) > before).map((file) => file.id);
  // A young one without a row may be an earlier upload still in its grace period: the next clean-up sweeps again.
  if ((await repository.recordedImageIds(ctx.db, young)).size === young.length) await repository.markStoreSwept(ctx.db, cleanupId);
}

/** Removes what is removable now under the cleanup record `cleanupId`; returns the pictures removed. */
async function removeUnused(deps: ContentDeps, ctx: CleanupContext, cleanupId: number): Promise<UploadedImage[]> {
  const now = ctx.clock.now();
  const until = new Date(now.getTime() + CLEANUP_LEASE_MS);
  await recordEarlierUploads(deps, ctx, cleanupId, now);
  const used = imageIdsIn(await repository.referencedImageAddresses(ctx.db));
  const candidates = removableImages(await repository.listUnclaimedImagesBefore(ctx.db, new Date(now.getTime() - CONTENT_IMAGE_GRACE_MS), now), used, now);
  const claimed = await repository.claimImages(
    ctx.db,
    candidates.map((image) => image.id),
    now,
    until,
  );
  // Read again once held: a version saved meanwhile that names one of them keeps it.
  const usedNow = imageIdsIn(await repository.referencedImageAddresses(ctx.db));
  const kept = claimed.filter((image) => usedNow.has(image.id)).map((image) => image.id);
  const removed: UploadedImage[] = [];
  for (const image of claimed.filter((found) => !usedNow.has(found.id))) {
    try {
      // The bytes first, then the row: a clean-up stopped between the two finds the row again and removes nothing twice.
      await deps.files.remove({ actor: null, clock: ctx.clock, log: ctx.log }, image.id);
    } catch (error) {
      ctx.log?.error({ err: error, imageId: image.id }, 'A picture no page uses could not be removed from the file store; the next clean-up tries again');
      kept.push(image.id);
      continue;
    }
    await repository.deleteClaimedImage(ctx.db, image.id, until);
    removed.push(image);
  }
  await repository.releaseImages(ctx.db, kept, until);
  await repository.recordRemoved(ctx.db, cleanupId, removed);
  if (removed.length > 0) ctx.log?.info({ removed: removed.length }, 'Removed pictures no page, post or global item uses');
  return removed;
}

/** The pictures no kept version uses, and the latest clean-up, for /staff/content. */
export async function contentImageCleanup(ctx: Pick<ServiceContext, 'db' | 'clock'>): Promise<ContentImageCleanup> {
  const [images, addresses, latest] = await Promise.all([
    repository.listContentImages(ctx.db),
    repository.referencedImageAddresses(ctx.db),
    repository.findLatestCleanup(ctx.db),
  ]);
  return {
    ...unusedImageCounts(images, imageIdsIn(addresses), ctx.clock.now()),
    graceDays: CONTENT_IMAGE_GRACE_DAYS,
    lastCleanup: latest ? { at: latest.at.toISOString(), by: latest.byName, removed: { count: latest.removed.length, bytes: latest.removedBytes } } : null,
  };
}

/** A content editor's clean-up, now: recorded with their name, whatever it removes (nothing, even). */
export async function cleanUpContentImages(deps: ContentDeps, ctx: ServiceContext): Promise<ContentImageCleanup> {
  const cleanupId = await repository.beginCleanup(ctx.db, { at: ctx.clock.now(), byUserId: ctx.actor?.userId ?? null, byName: editorName(ctx) });
  await removeUnused(deps, ctx, cleanupId);
  return contentImageCleanup(ctx);
}

/** The daily clean-up: every instance asks hourly, and the first to ask once a day has passed since the last does it. */
export function contentImageCleanupJob(deps: ContentDeps): Job {
  return {
    name: CONTENT_IMAGE_CLEANUP_JOB,
    everyMs: 60 * 60 * 1000,
    async runOnce(ctx) {
      const now = ctx.clock.now();
      const cleanupId = await repository.beginDailyCleanup(ctx.db, new Date(now.getTime() - DAY_MS), now, DAILY_CLEANUP_NAME);
      if (cleanupId === null) return { claimed: 0 };
      return { claimed: (await removeUnused(deps, ctx, cleanupId)).length };
    },
  };
}
