import { createBlogEditorClient, createSiteContentClient } from '@shop/api-client';
import { CONTENT_REVISION_ACTIONS, londonLongDate, londonClock, type ContentPageEditing, type ContentRevision } from '@shop/contracts';

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
