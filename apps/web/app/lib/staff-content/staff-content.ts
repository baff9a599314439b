import { createBlogEditorClient, createSiteContentClient } from '@shop/api-client';
import {
  CONTENT_REVISION_ACTIONS,
  londonLongDate,
  londonClock,
  type ContentImageCleanup,
  type ContentPageEditing,
  type ContentRevision,
} from '@shop/contracts';
import { formatBytes } from '../file-size.ts';

/** Who edits content: content editors and administrators, as the API's contracts require. */
export const CONTENT_ROLES = ['content-editor', 'admin'] as const;
export const CONTENT_AUDIENCE = { what: 'Content pages', who: 'content editors' };
export const createContentClient = createSiteContentClient;
export const createPostsClient = createBlogEditorClient;

export const STAFF_CONTENT_PATH = '/staff/content';
export const staffPagePath = (slug: string) => `${STAFF_CONTENT_PATH}/pages/${encodeURIComponent(slug)}`;
export const staffPagePreviewPath = (slug: string, version: string | number = 'draft') =>
  `${staffPagePath(slug)}/preview?${new URLSearchParams({ version: String(version) })}`;
export const staffPostPath = (slug: string) => `${STAFF_CONTENT_PATH}/posts/${encodeURIComponent(slug)}`;
export const staffPostPreviewPath = (slug: string, version: string | number = 'draft') =>
  `${staffPostPath(slug)}/preview?${new URLSearchParams({ version: String(version) })}`;
/** Whether a staff content address is a blog post's (the editor serves pages and posts alike). */
export const isStaffPostPath = (pathname: string) => pathname.startsWith(`${STAFF_CONTENT_PATH}/posts/`);
export const staffGlobalItemPath = (id: string) => `${STAFF_CONTENT_PATH}/global-items/${encodeURIComponent(id)}`;

/** `27 November 2026, 10:05` in UK time. */
export const whenText = (at: string) => `${londonLongDate(at)}, ${londonClock(at)}`;

/** "Published by Edith Editor, 27 November 2026, 10:05" (and when a scheduled version goes live). */
export function revisionText(revision: ContentRevision): string {
  const scheduled = revision.publishAt ? ` to go live ${whenText(revision.publishAt)}` : '';
  return `${CONTENT_REVISION_ACTIONS[revision.action]}${scheduled} by ${revision.by}, ${whenText(revision.at)}`;
}

/**
 * Whether the shop shows the page or post now: published (when, which version), taken off by someone
 * (its last "Unpublished" version: a page that was live is not one "not published yet"), or never
 * published; and a version scheduled to go live.
 */
export function publicationText(page: Pick<ContentPageEditing, 'published' | 'scheduled' | 'revisions'>): string {
  const taken = page.revisions.filter((revision) => revision.action === 'unpublished').toSorted((a, b) => b.revision - a.revision)[0];
  const shown = page.published
    ? `Published ${whenText(page.published.at)} (version ${page.published.revision}).`
    : taken
      ? `Not on the shop: unpublished by ${taken.by}, ${whenText(taken.at)}.`
      : 'Not published yet.';
  return page.scheduled ? `${shown} Version ${page.scheduled.revision} goes live ${whenText(page.scheduled.at)}.` : shown;
}

const pictureCount = (count: number) => `${count} ${count === 1 ? 'picture' : 'pictures'}`;

/** "3 pictures uploaded for pages are not used by any page, … taking 1.2 MB. 2 of them are more than 7 days old and can be removed." */
export function unusedPicturesText({ unused, removable, graceDays }: ContentImageCleanup): string {
  if (unused.count === 0) return 'Every picture uploaded for pages is used by a page, blog post or global item, or one of their versions.';
  const which =
    removable.count === unused.count
      ? unused.count === 1
        ? 'It is'
        : 'All of them are'
      : `${removable.count} of them ${removable.count === 1 ? 'is' : 'are'}`;
  return (
    `${pictureCount(unused.count)} uploaded for pages ${unused.count === 1 ? 'is' : 'are'} not used by any page, blog post or global item, ` +
    `or any of their versions, taking ${formatBytes(unused.bytes)}. ` +
    (removable.count === 0 ? `None is more than ${graceDays} days old yet.` : `${which} more than ${graceDays} days old and can be removed.`)
  );
}

/** "Last clean-up: 27 November 2026, 10:05 by Edith Editor. It removed 2 pictures (1.2 MB)." */
export function lastCleanupText({ lastCleanup }: ContentImageCleanup): string {
  if (!lastCleanup) return 'No clean-up has run yet.';
  const { count, bytes } = lastCleanup.removed;
  const removed = count === 0 ? 'It removed nothing.' : `It removed ${pictureCount(count)} (${formatBytes(bytes)}).`;
  return `Last clean-up: ${whenText(lastCleanup.at)} by ${lastCleanup.by}. ${removed}`;
}
