import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { CHANGES_CHANNEL } from '../../platform/change-notices.ts';
import type { DataSubject } from '../../platform/personal-data.ts';
import { blogCategories, contentGlobalItems, contentPages, contentRevisions } from './content.tables.ts';

export type PageRow = typeof contentPages.$inferSelect;
export type GlobalItemRow = typeof contentGlobalItems.$inferSelect;
export type RevisionRow = typeof contentRevisions.$inferSelect;
export type NewRevisionRow = typeof contentRevisions.$inferInsert;
export type BlogCategoryRow = typeof blogCategories.$inferSelect;

/** A page or a blog post: one table, one set of versions, told apart by kind (decision 0094). */
export type PageKind = 'page' | 'post';
export const pageSubject = (slug: string, kind: PageKind = 'page') => `${kind}:${slug}`;
export const itemSubject = (id: string) => `item:${id}`;

export async function findPage(db: Database, kind: PageKind, slug: string): Promise<PageRow | undefined> {
  const [row] = await db
    .select()
    .from(contentPages)
    .where(and(eq(contentPages.kind, kind), eq(contentPages.slug, slug)));
  return row;
}

/** Every page of a kind with what says whether it shows now: its published version and its schedule. */
export async function listPublication(db: Database, kind: PageKind) {
  return db
    .select({
      slug: contentPages.slug,
      publishedRevision: contentPages.publishedRevision,
      scheduledRevision: contentPages.scheduledRevision,
      scheduledFor: contentPages.scheduledFor,
    })
    .from(contentPages)
    .where(eq(contentPages.kind, kind));
}

/** A new page; null when the slug is taken (also by a page made at the same moment). */
export async function insertPage(db: Database, row: PageRow): Promise<PageRow | null> {
  const [inserted] = await db
    .insert(contentPages)
    .values(row)
    .onConflictDoNothing({ target: [contentPages.kind, contentPages.slug] })
    .returning();
  return inserted ?? null;
}

/** Changes a page only if it is still at `version`: null when another change came first. */
export async function updatePage(
  db: Database,
  row: Pick<PageRow, 'kind' | 'slug'>,
  version: number,
  values: Omit<PageRow, 'slug' | 'kind'>,
): Promise<PageRow | null> {
  const [updated] = await db
    .update(contentPages)
    .set(values)
    .where(and(eq(contentPages.kind, row.kind), eq(contentPages.slug, row.slug), eq(contentPages.version, version)))
    .returning();
  return updated ?? null;
}

export async function insertRevision(db: Database, row: NewRevisionRow): Promise<void> {
  await db.insert(contentRevisions).values(row);
}

export async function findRevision(db: Database, subject: string, revision: number): Promise<RevisionRow | undefined> {
  const [row] = await db
    .select()
    .from(contentRevisions)
    .where(and(eq(contentRevisions.subject, subject), eq(contentRevisions.revision, revision)));
  return row;
}

/** Versions of a page or item, newest first, without their documents but a summary of each. */
export async function listRevisions(db: Database, subject: string, summary: 'title' | 'text') {
  return db
    .select({
      revision: contentRevisions.revision,
      action: contentRevisions.action,
      by: contentRevisions.byName,
      at: contentRevisions.at,
      publishAt: contentRevisions.publishAt,
      summary:
        summary === 'title'
          ? sql<string>`coalesce(${contentRevisions.document}->>'title', '')`
          : sql<string>`coalesce(${contentRevisions.document}->'content'->>'text', '')`,
    })
    .from(contentRevisions)
    .where(eq(contentRevisions.subject, subject))
    .orderBy(desc(contentRevisions.revision));
}

/** Every page (or post) with its draft's title and who changed it last. */
export async function listPages(db: Database, kind: PageKind) {
  return db
    .select({
      page: contentPages,
      title: sql<string>`coalesce(${contentRevisions.document}->>'title', '')`,
      updatedBy: contentRevisions.byName,
    })
    .from(contentPages)
    .innerJoin(
      contentRevisions,
      and(eq(contentRevisions.subject, sql`${contentPages.kind} || ':' || ${contentPages.slug}`), eq(contentRevisions.revision, contentPages.version)),
    )
    .where(eq(contentPages.kind, kind))
    .orderBy(asc(contentPages.slug));
}

/** Every published post with its published document, for the blog's list (kept per instance). */
export async function listPublishedPosts(db: Database) {
  return db
    .select({
      slug: contentPages.slug,
      revision: contentPages.publishedRevision,
      document: contentRevisions.document,
      firstPublishedAt: contentPages.firstPublishedAt,
    })
    .from(contentPages)
    .innerJoin(
      contentRevisions,
      and(eq(contentRevisions.subject, sql`'post:' || ${contentPages.slug}`), eq(contentRevisions.revision, contentPages.publishedRevision)),
    )
    .where(eq(contentPages.kind, 'post'));
}

export async function findGlobalItem(db: Database, id: string): Promise<GlobalItemRow | undefined> {
  const [row] = await db.select().from(contentGlobalItems).where(eq(contentGlobalItems.id, id));
  return row;
}

export async function listGlobalItems(db: Database) {
  return db
    .select({ item: contentGlobalItems, updatedBy: contentRevisions.byName })
    .from(contentGlobalItems)
    .innerJoin(
      contentRevisions,
      and(eq(contentRevisions.subject, sql`'item:' || ${contentGlobalItems.id}`), eq(contentRevisions.revision, contentGlobalItems.version)),
    )
    .orderBy(asc(contentGlobalItems.id));
}

/** A global item's first version; null when another was saved first. */
export async function insertGlobalItem(db: Database, row: GlobalItemRow): Promise<GlobalItemRow | null> {
  const [inserted] = await db.insert(contentGlobalItems).values(row).onConflictDoNothing({ target: contentGlobalItems.id }).returning();
  return inserted ?? null;
}

export async function updateGlobalItem(db: Database, id: string, version: number, values: Omit<GlobalItemRow, 'id'>): Promise<GlobalItemRow | null> {
  const [row] = await db
    .update(contentGlobalItems)
    .set(values)
    .where(and(eq(contentGlobalItems.id, id), eq(contentGlobalItems.version, version)))
    .returning();
  return row ?? null;
}

/** How many posts are in the category: their draft, published or scheduled version names it (older versions do not count). */
const postsInCategory = sql<number>`(
  select count(*)::int from content_pages p
  where p.kind = 'post' and exists (
    select 1 from content_revisions r
    where r.subject = 'post:' || p.slug
      and r.revision in (p.draft_revision, p.published_revision, p.scheduled_revision)
      and r.document->>'category' = "blog_categories"."slug"))`;

const categoryOrder = asc(blogCategories.position);
/** What staff see of a category besides its posts: its words and the version a change to it names. */
const staffCategory = { slug: blogCategories.slug, name: blogCategories.name, description: blogCategories.description, version: blogCategories.version };

/** The blog's categories in the order they were added. */
export async function listBlogCategories(db: Database) {
  return db
    .select({ slug: blogCategories.slug, name: blogCategories.name, description: blogCategories.description })
    .from(blogCategories)
    .orderBy(categoryOrder);
}

/** The categories with how many posts each holds, for staff. */
export async function listBlogCategoriesInUse(db: Database) {
  return db
    .select({ ...staffCategory, postCount: postsInCategory })
    .from(blogCategories)
    .orderBy(categoryOrder);
}

/** One category with its posts counted; `lock` holds its row until the transaction ends, so it is not changed while it is removed. */
export async function findBlogCategory(db: Database, slug: string, lock = false) {
  const query = db
    .select({ ...staffCategory, postCount: postsInCategory })
    .from(blogCategories)
    .where(eq(blogCategories.slug, slug));
  const [row] = lock ? await query.for('update', { of: blogCategories }) : await query;
  return row;
}

/** A new category; null when its slug is taken (also by one added at the same moment). */
export async function insertBlogCategory(db: Database, row: Omit<BlogCategoryRow, 'position' | 'version'>): Promise<BlogCategoryRow | null> {
  const [inserted] = await db.insert(blogCategories).values(row).onConflictDoNothing({ target: blogCategories.slug }).returning();
  return inserted ?? null;
}

/** Changes a category only if it is still at `version`, moving it on: null when there is none or another change came first. */
export async function updateBlogCategory(db: Database, slug: string, version: number, values: Pick<BlogCategoryRow, 'name' | 'description' | 'updatedAt'>) {
  const [row] = await db
    .update(blogCategories)
    .set({ ...values, version: version + 1 })
    .where(and(eq(blogCategories.slug, slug), eq(blogCategories.version, version)))
    .returning({ slug: blogCategories.slug });
  return row ?? null;
}

export async function deleteBlogCategory(db: Database, slug: string): Promise<void> {
  await db.delete(blogCategories).where(eq(blogCategories.slug, slug));
}

/** Tells every instance that what pages show has changed, when `db`'s transaction commits (decision 0075). */
export async function noticeContentChanged(db: Database): Promise<void> {
  await db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, 'content')`);
}

export async function countRevisionsBy(db: Database, subject: DataSubject): Promise<number> {
  if (!subject.userId) return 0;
  const [row] = await db.select({ n: count() }).from(contentRevisions).where(eq(contentRevisions.byUserId, subject.userId));
  return row?.n ?? 0;
}

/** Keeps each version, forgetting which member of staff made it. */
export async function forgetRevisionsBy(db: Database, subject: DataSubject, name: string): Promise<number> {
  if (!subject.userId) return 0;
  const rows = await db
    .update(contentRevisions)
    .set({ byUserId: null, byName: name })
    .where(eq(contentRevisions.byUserId, subject.userId))
    .returning({ subject: contentRevisions.subject });
  return rows.length;
}
