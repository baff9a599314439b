import {
  CONTENT_SLUG_MAX_LENGTH,
  CONTENT_SLUG_PATTERN,
  type ContentPage,
  type ContentPageDocument,
  type ContentPageEditing,
  type ContentPageInput,
  type ContentPageSummary,
  type ContentRevision,
  type ContentRevisionAction,
} from '@shop/contracts';
import type { CallerContext } from '../../platform/context.ts';
import { LruCache } from '../../platform/cache.ts';
import { PlatformErrors } from '../../platform/errors.ts';
import type { ContentDeps } from './content.deps.ts';
import { ContentErrors } from './content.errors.ts';
import * as repository from './content.repository.ts';
import type { PageKind, PageRow } from './content.repository.ts';

/** What an instance keeps of a published page: the version shown now and the one scheduled, each drawn from its row. */
interface KeptPage<Doc extends ContentPageDocument> {
  published: (ContentPage & Doc) | null;
  scheduled: { at: number; page: ContentPage & Doc } | null;
}

/** What is edited: pages, or blog posts (whose documents are pages with more fields, checked by `check`). */
export interface PageKindRules<Doc extends ContentPageDocument, Input extends ContentPageInput> {
  kind: PageKind;
  check: (input: Input, slug: string) => Doc;
}

/** An editing view whose draft is the kind's own document. */
export type EditingOf<Doc extends ContentPageDocument> = ContentPageEditing & { draft: Doc };

/** How many published pages an instance keeps (the shop has a few dozen). */
const KEPT_PAGES = 500;

/** Who made a version, as the list of versions names them. */
export const editorName = (ctx: Pick<CallerContext, 'actor'>) => ctx.actor?.name ?? ctx.actor?.email ?? 'A member of staff';

const isEditor = (ctx: Pick<CallerContext, 'actor'>) => ctx.actor?.roles.some((role) => role === 'content-editor' || role === 'admin') ?? false;

/** The slug as asked for: paths match without case (docs/architecture.md), pages are stored in lower case. */
const slugOf = (slug: string) => slug.trim().toLowerCase();

const pageOf = <Doc extends ContentPageDocument>(
  slug: string,
  revision: number,
  document: Doc,
  publishedAt: Date | null,
  preview: ContentPage['preview'],
): ContentPage & Doc => ({
  ...document,
  slug,
  revision,
  publishedAt: publishedAt?.toISOString() ?? null,
  preview,
});

/** A row with a schedule that has come goes live: the scheduled version becomes the published one. */
function settled(row: PageRow, now: Date): PageRow {
  if (row.scheduledFor && row.scheduledFor <= now) {
    return {
      ...row,
      publishedRevision: row.scheduledRevision,
      publishedAt: row.scheduledFor,
      firstPublishedAt: row.firstPublishedAt ?? row.scheduledFor,
      scheduledRevision: null,
      scheduledFor: null,
    };
  }
  return row;
}

/** Pages: the storefront's reads (kept per instance, forgotten on every instance when a page is published) and staff's changes. */
export function createContentPages<Doc extends ContentPageDocument = ContentPageDocument, Input extends ContentPageInput = ContentPageInput>(
  deps: ContentDeps,
  { kind, check }: PageKindRules<Doc, Input>,
) {
  const kept = new LruCache<string, KeptPage<Doc>>({ maxEntries: KEPT_PAGES });
  deps.caches.watch(kind === 'page' ? 'content-pages' : 'content-posts', () => kept.stats());
  const subject = (slug: string) => repository.pageSubject(slug, kind);
  /** Which pages show: read once, forgotten with the kept pages; a schedule that has come counts when asked. */
  let publication: Promise<Awaited<ReturnType<typeof repository.listPublication>>> | null = null;
  /** A change made here shows here at once; the other instances forget on the change notice, a moment after the commit. */
  const forgetHere = (slug: string) => {
    kept.delete(slug);
    publication = null;
  };

  async function documentOf(ctx: Pick<CallerContext, 'db'>, slug: string, revision: number) {
    const row = await repository.findRevision(ctx.db, subject(slug), revision);
    if (!row) throw ContentErrors.revisionNotFound(kind, slug, revision);
    return { ...row, document: row.document as Doc };
  }

  /** Loads what the shop shows of a page, and keeps it; null for a page never published (or none). */
  async function load(ctx: Pick<CallerContext, 'db'>, slug: string): Promise<KeptPage<Doc> | null> {
    const row = await repository.findPage(ctx.db, kind, slug);
    if (!row) return null;
    const published = row.publishedRevision
      ? pageOf(slug, row.publishedRevision, (await documentOf(ctx, slug, row.publishedRevision)).document, row.publishedAt, 'published')
      : null;
    const scheduled =
      row.scheduledRevision && row.scheduledFor
        ? {
            at: row.scheduledFor.getTime(),
            page: pageOf(slug, row.scheduledRevision, (await documentOf(ctx, slug, row.scheduledRevision)).document, row.scheduledFor, 'published'),
          }
        : null;
    const page = { published, scheduled };
    kept.set(slug, page);
    return page;
  }

  async function editing(ctx: Pick<CallerContext, 'db' | 'clock'>, row: PageRow): Promise<EditingOf<Doc>> {
    const now = settled(row, ctx.clock.now());
    const [draft, revisions] = await Promise.all([documentOf(ctx, row.slug, row.draftRevision), repository.listRevisions(ctx.db, subject(row.slug), 'title')]);
    return {
      slug: row.slug,
      version: row.version,
      draft: draft.document,
      draftRevision: row.draftRevision,
      published: now.publishedRevision && now.publishedAt ? { revision: now.publishedRevision, at: now.publishedAt.toISOString() } : null,
      scheduled: now.scheduledRevision && now.scheduledFor ? { revision: now.scheduledRevision, at: now.scheduledFor.toISOString() } : null,
      revisions: revisions.map((revision): ContentRevision => ({
        ...revision,
        action: revision.action as ContentRevisionAction,
        at: revision.at.toISOString(),
        publishAt: revision.publishAt?.toISOString() ?? null,
      })),
    };
  }

  /**
   * One change to a page: a new version (its document given, or the draft's copied), and the page's
   * row moved on from `version` in the same transaction, or nothing when another change came first.
   */
  async function change(
    ctx: CallerContext,
    slug: string,
    version: number,
    action: ContentRevisionAction,
    next: (row: PageRow, db: CallerContext['db']) => Promise<{ document: Doc | null; publishAt?: Date; values: (revision: number) => Partial<PageRow> }>,
  ): Promise<EditingOf<Doc>> {
    const now = ctx.clock.now();
    const changed = await ctx.db.transaction(async (db) => {
      const found = await repository.findPage(db, kind, slugOf(slug));
      if (!found) throw ContentErrors.pageNotFound(slug, kind);
      if (found.version !== version) throw ContentErrors.changed(kind, found.version);
      const row = settled(found, now);
      const plan = await next(row, db);
      const revision = found.version + 1;
      const document = plan.document ?? (await documentOf({ db }, row.slug, row.draftRevision)).document;
      const updated = await repository.updatePage(db, row, version, {
        ...row,
        draftRevision: revision,
        ...plan.values(revision),
        version: revision,
        updatedAt: now,
      });
      // Two editors who opened the same version: the second's update finds it moved on (PostgreSQL re-reads the row it waited for).
      if (!updated) throw ContentErrors.changed(kind, (await repository.findPage(db, kind, row.slug))?.version ?? version + 1);
      await repository.insertRevision(db, {
        subject: subject(row.slug),
        revision,
        action,
        document,
        publishAt: plan.publishAt ?? null,
        byUserId: ctx.actor?.userId ?? null,
        byName: editorName(ctx),
        at: now,
      });
      if (updated.publishedRevision !== found.publishedRevision || updated.scheduledFor?.getTime() !== found.scheduledFor?.getTime()) {
        await repository.noticeContentChanged(db);
      }
      return updated;
    });
    forgetHere(slug);
    return editing(ctx, changed);
  }

  return {
    /** The page the shop shows now, or a preview for content editors (`draft`, or a version's number). */
    async pageData(ctx: CallerContext, askedSlug: string, preview?: string): Promise<ContentPage & Doc> {
      const slug = slugOf(askedSlug);
      if (preview !== undefined) {
        if (!ctx.actor) throw PlatformErrors.unauthenticated();
        if (!isEditor(ctx)) throw ContentErrors.previewNotAllowed();
        const row = await repository.findPage(ctx.db, kind, slug);
        if (!row) throw ContentErrors.pageNotFound(askedSlug, kind);
        const revision = preview === 'draft' ? row.draftRevision : Number(preview);
        const found = await documentOf(ctx, slug, revision);
        const live = settled(row, ctx.clock.now());
        return pageOf(
          slug,
          revision,
          found.document,
          revision === live.publishedRevision ? live.publishedAt : null,
          preview === 'draft' ? 'draft' : 'revision',
        );
      }
      const page = kept.get(slug) ?? (await load(ctx, slug));
      if (!page) throw ContentErrors.pageNotFound(askedSlug, kind);
      const shown = page.scheduled && page.scheduled.at <= ctx.clock.now().getTime() ? page.scheduled.page : page.published;
      if (!shown) throw ContentErrors.pageNotFound(askedSlug, kind);
      return shown;
    },

    async listPages(ctx: CallerContext): Promise<ContentPageSummary[]> {
      const now = ctx.clock.now();
      return (await repository.listPages(ctx.db, kind)).map(({ page: found, title, updatedBy }) => {
        const page = settled(found, now);
        const status = page.scheduledFor
          ? 'scheduled'
          : !page.publishedRevision
            ? 'draft'
            : page.publishedRevision === page.draftRevision
              ? 'published'
              : 'changed';
        return {
          slug: page.slug,
          title,
          version: page.version,
          status,
          publishedAt: page.publishedAt?.toISOString() ?? null,
          scheduledFor: page.scheduledFor?.toISOString() ?? null,
          updatedAt: page.updatedAt.toISOString(),
          updatedBy,
        };
      });
    },

    async pageForEditing(ctx: CallerContext, slug: string): Promise<EditingOf<Doc>> {
      const row = await repository.findPage(ctx.db, kind, slugOf(slug));
      if (!row) throw ContentErrors.pageNotFound(slug, kind);
      return editing(ctx, row);
    },

    /** A new page, as a draft only; `publishedAt` makes it live at once, published then (the demo's blog posts). */
    async createPage(ctx: CallerContext, askedSlug: string, input: Input, options: { publishedAt?: Date } = {}): Promise<EditingOf<Doc>> {
      const slug = slugOf(askedSlug);
      if (!CONTENT_SLUG_PATTERN.test(slug) || slug.length > CONTENT_SLUG_MAX_LENGTH) throw ContentErrors.slugInvalid(askedSlug);
      const document = check(input, slug);
      const now = ctx.clock.now();
      const publishedAt = options.publishedAt ?? null;
      const created = await ctx.db.transaction(async (db) => {
        const row = await repository.insertPage(db, {
          kind,
          slug,
          version: 1,
          draftRevision: 1,
          publishedRevision: publishedAt ? 1 : null,
          publishedAt,
          firstPublishedAt: publishedAt,
          scheduledRevision: null,
          scheduledFor: null,
          updatedAt: now,
        });
        if (!row) throw ContentErrors.slugTaken(slug, kind);
        const action = publishedAt ? 'published' : 'created';
        await repository.insertRevision(db, {
          subject: subject(slug),
          revision: 1,
          action,
          document,
          byUserId: ctx.actor?.userId ?? null,
          byName: editorName(ctx),
          at: now,
        });
        if (publishedAt) await repository.noticeContentChanged(db);
        return row;
      });
      forgetHere(slug);
      return editing(ctx, created);
    },

    savePageDraft: (ctx: CallerContext, slug: string, version: number, input: Input) => {
      const document = check(input, slug);
      return change(ctx, slug, version, 'saved', async () => ({ document, values: () => ({}) }));
    },

    /** Publishes the page sent (or the draft) now, or schedules it for `publishAt`; publishing now drops any schedule. */
    publishPage(ctx: CallerContext, slug: string, input: { version: number; page?: Input; publishAt?: string }) {
      const document = input.page ? check(input.page, slug) : null;
      const publishAt = input.publishAt ? new Date(input.publishAt) : null;
      if (publishAt && publishAt <= ctx.clock.now()) throw ContentErrors.scheduleInPast();
      return change(ctx, slug, input.version, publishAt ? 'scheduled' : 'published', async (row) => ({
        document,
        publishAt: publishAt ?? undefined,
        values: (revision) =>
          publishAt
            ? { scheduledRevision: revision, scheduledFor: publishAt }
            : {
                publishedRevision: revision,
                publishedAt: ctx.clock.now(),
                firstPublishedAt: row.firstPublishedAt ?? ctx.clock.now(),
                scheduledRevision: null,
                scheduledFor: null,
              },
      }));
    },

    /** Off the shop: no published version and no schedule; the draft stays, to publish again. */
    unpublishPage(ctx: CallerContext, slug: string, version: number) {
      return change(ctx, slug, version, 'unpublished', async (row) => {
        if (!row.publishedRevision && !row.scheduledRevision) throw ContentErrors.notPublished(row.slug, kind);
        return { document: null, values: () => ({ publishedRevision: null, publishedAt: null, scheduledRevision: null, scheduledFor: null }) };
      });
    },

    /** The slugs of the pages the shop shows now (a few dozen), for links that must not lead to a page taken off. */
    async publishedSlugs(ctx: Pick<CallerContext, 'db' | 'clock'>): Promise<string[]> {
      const rows = await (publication ??= repository.listPublication(ctx.db, kind).catch((error: unknown) => {
        publication = null;
        throw error;
      }));
      const now = ctx.clock.now();
      return rows.filter((row) => row.publishedRevision || (row.scheduledRevision && row.scheduledFor && row.scheduledFor <= now)).map((row) => row.slug);
    },

    /** An earlier version becomes the draft again, as a new version; what the shop shows is unchanged until it is published. */
    restorePageRevision(ctx: CallerContext, slug: string, version: number, revision: number) {
      return change(ctx, slug, version, 'restored', async (row, db) => ({
        document: (await documentOf({ db }, row.slug, revision)).document,
        values: () => ({}),
      }));
    },

    /** A page published here or on another instance (a change notice): every kept page is read again. */
    forget: () => {
      kept.clear();
      publication = null;
    },
  };
}

export type ContentPages = ReturnType<typeof createContentPages>;
