import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { addressesOf, type DataSubject } from '../../platform/personal-data.ts';
import type { SeenLine, StoredLine } from './project-lines.ts';
import { projectBaskets, projectItems, projectItemsSeen, projects, projectShares } from './projects.tables.ts';

export type ProjectRow = typeof projects.$inferSelect;
export type ShareRow = typeof projectShares.$inferSelect;

export async function insertProject(
  db: Database,
  values: Pick<ProjectRow, 'id' | 'ownerId' | 'ownerName' | 'name' | 'description' | 'siteReference'> & { now: Date },
): Promise<ProjectRow> {
  const { now, ...fields } = values;
  const [row] = await db
    .insert(projects)
    .values({ ...fields, createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

export async function findProject(db: Database, id: string): Promise<ProjectRow | undefined> {
  const [row] = await db.select().from(projects).where(eq(projects.id, id));
  return row;
}

/** Reads the project and holds its row until the transaction ends: changes to one project queue here. */
export async function lockProject(db: Database, id: string): Promise<ProjectRow | undefined> {
  const [row] = await db.select().from(projects).where(eq(projects.id, id)).for('update');
  return row;
}

export async function updateProject(
  db: Database,
  id: string,
  values: Partial<Pick<ProjectRow, 'name' | 'description' | 'siteReference' | 'lineCount'>>,
  now: Date,
): Promise<ProjectRow> {
  const [row] = await db
    .update(projects)
    .set({ ...values, version: sql`${projects.version} + 1`, updatedAt: now })
    .where(eq(projects.id, id))
    .returning();
  return row!;
}

export async function deleteProject(db: Database, id: string): Promise<void> {
  await db.delete(projects).where(eq(projects.id, id));
}

export async function listProjectsOf(db: Database, ownerId: string, page: { limit: number; offset: number }): Promise<{ rows: ProjectRow[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db.select().from(projects).where(eq(projects.ownerId, ownerId)).orderBy(desc(projects.updatedAt), asc(projects.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(projects).where(eq(projects.ownerId, ownerId)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

const lineColumns = { sku: projectItems.sku, quantity: projectItems.quantity, note: projectItems.note, addedAt: projectItems.addedAt };

export function findLines(db: Database, projectId: string): Promise<StoredLine[]> {
  return db.select(lineColumns).from(projectItems).where(eq(projectItems.projectId, projectId)).orderBy(desc(projectItems.addedAt), asc(projectItems.sku));
}

export function findLinePage(db: Database, projectId: string, page: { limit: number; offset: number }): Promise<StoredLine[]> {
  return db
    .select(lineColumns)
    .from(projectItems)
    .where(eq(projectItems.projectId, projectId))
    .orderBy(desc(projectItems.addedAt), asc(projectItems.sku))
    .limit(page.limit)
    .offset(page.offset);
}

/** Writes only what changed between two versions of the lines. */
export async function writeLines(db: Database, projectId: string, before: readonly StoredLine[], after: readonly StoredLine[]): Promise<void> {
  const kept = new Set(after.map((line) => line.sku));
  const removed = before.filter((line) => !kept.has(line.sku)).map((line) => line.sku);
  if (removed.length > 0) await db.delete(projectItems).where(and(eq(projectItems.projectId, projectId), inArray(projectItems.sku, removed)));
  const previous = new Map(before.map((line) => [line.sku, line]));
  const changed = after.filter((line) => {
    const old = previous.get(line.sku);
    return !old || old.quantity !== line.quantity || old.note !== line.note;
  });
  if (changed.length === 0) return;
  await db
    .insert(projectItems)
    .values(changed.map((line) => ({ projectId, ...line })))
    .onConflictDoUpdate({
      target: [projectItems.projectId, projectItems.sku],
      set: { quantity: sql`excluded.quantity`, note: sql`excluded.note` },
    });
}

/** Which of `skus` are in the projects named, with the project's name. */
export function findSkusInProjects(db: Database, where: { ownerId: string } | { projectId: string }, skus: readonly string[]) {
  return db
    .select({ sku: projectItems.sku, projectId: projects.id, projectName: projects.name })
    .from(projectItems)
    .innerJoin(projects, eq(projects.id, projectItems.projectId))
    .where(and('ownerId' in where ? eq(projects.ownerId, where.ownerId) : eq(projects.id, where.projectId), inArray(projectItems.sku, [...skus])))
    .orderBy(desc(projects.updatedAt), asc(projectItems.sku));
}

// ── what each viewer saw ─────────────────────────────────────────────────────────────────────────

/**
 * The lines with what `userId` saw of each when they last refreshed (null where they have not), in
 * one read: a refresh compares every line, so the two are always wanted together.
 */
export async function findLinesSeenBy(db: Database, projectId: string, userId: string): Promise<Array<StoredLine & { seen: SeenLine | null }>> {
  const rows = await db
    .select({ ...lineColumns, seenPrice: projectItemsSeen.priceIncVat, seenAvailable: projectItemsSeen.available })
    .from(projectItems)
    .leftJoin(
      projectItemsSeen,
      and(eq(projectItemsSeen.projectId, projectItems.projectId), eq(projectItemsSeen.userId, userId), eq(projectItemsSeen.sku, projectItems.sku)),
    )
    .where(eq(projectItems.projectId, projectId))
    .orderBy(desc(projectItems.addedAt), asc(projectItems.sku));
  return rows.map(({ seenPrice, seenAvailable, ...line }) => ({
    ...line,
    seen: seenPrice === null || seenAvailable === null ? null : { sku: line.sku, priceIncVat: seenPrice, available: seenAvailable },
  }));
}

export async function writeSeen(db: Database, projectId: string, userId: string, lines: readonly SeenLine[]): Promise<void> {
  if (lines.length === 0) return;
  await db
    .insert(projectItemsSeen)
    .values(lines.map((line) => ({ projectId, userId, ...line })))
    .onConflictDoUpdate({
      target: [projectItemsSeen.projectId, projectItemsSeen.userId, projectItemsSeen.sku],
      set: { priceIncVat: sql`excluded.price_inc_vat`, available: sql`excluded.available` },
    });
}

// ── shares ───────────────────────────────────────────────────────────────────────────────────────

export function findShares(db: Database, projectId: string): Promise<ShareRow[]> {
  return db.select().from(projectShares).where(eq(projectShares.projectId, projectId)).orderBy(asc(projectShares.sharedAt), asc(projectShares.recipientEmail));
}

export async function findShareFor(db: Database, projectId: string, email: string): Promise<ShareRow | undefined> {
  const [row] = await db
    .select()
    .from(projectShares)
    .where(and(eq(projectShares.projectId, projectId), eq(projectShares.recipientEmail, email)));
  return row;
}

export async function upsertShare(db: Database, values: { projectId: string; recipientEmail: string; role: 'view' | 'edit'; now: Date }): Promise<void> {
  await db
    .insert(projectShares)
    .values({ projectId: values.projectId, recipientEmail: values.recipientEmail, role: values.role, sharedAt: values.now })
    .onConflictDoUpdate({ target: [projectShares.projectId, projectShares.recipientEmail], set: { role: values.role } });
}

export async function deleteShare(db: Database, projectId: string, email: string): Promise<boolean> {
  const rows = await db
    .delete(projectShares)
    .where(and(eq(projectShares.projectId, projectId), eq(projectShares.recipientEmail, email)))
    .returning({ projectId: projectShares.projectId });
  return rows.length > 0;
}

export async function listSharedWith(
  db: Database,
  email: string,
  page: { limit: number; offset: number; projectId?: string },
): Promise<{ rows: (ProjectRow & { role: 'view' | 'edit' })[]; total: number }> {
  const where = and(eq(projectShares.recipientEmail, email), page.projectId ? eq(projectShares.projectId, page.projectId) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select({ project: projects, role: projectShares.role })
      .from(projectShares)
      .innerJoin(projects, eq(projects.id, projectShares.projectId))
      .where(where)
      .orderBy(desc(projectShares.sharedAt), asc(projects.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(projectShares).where(where),
  ]);
  return { rows: rows.map((row) => ({ ...row.project, role: row.role })), total: total?.n ?? 0 };
}

// ── orders placed from a project ─────────────────────────────────────────────────────────────────

export async function recordBasket(db: Database, projectId: string, basketId: string, now: Date): Promise<void> {
  await db.insert(projectBaskets).values({ projectId, basketId, addedAt: now }).onConflictDoNothing();
}

export async function findBaskets(db: Database, projectId: string): Promise<string[]> {
  const rows = await db.select({ basketId: projectBaskets.basketId }).from(projectBaskets).where(eq(projectBaskets.projectId, projectId));
  return rows.map((row) => row.basketId);
}

/** The projects a basket was filled from, by name. */
export async function findProjectsOfBasket(db: Database, basketId: string): Promise<ProjectRow[]> {
  return db
    .select({ project: projects })
    .from(projectBaskets)
    .innerJoin(projects, eq(projects.id, projectBaskets.projectId))
    .where(eq(projectBaskets.basketId, basketId))
    .orderBy(asc(projects.name), asc(projects.id))
    .then((rows) => rows.map((row) => row.project));
}

// ── erasure (platform/personal-data.ts) ──────────────────────────────────────────────────────────

const sharedWithSubject = (subject: DataSubject) => inArray(projectShares.recipientEmail, addressesOf(subject));

export async function countProjectRecordsOf(db: Database, subject: DataSubject): Promise<number> {
  const [owned] = subject.userId ? await db.select({ n: count() }).from(projects).where(eq(projects.ownerId, subject.userId)) : [{ n: 0 }];
  const [shared] = await db.select({ n: count() }).from(projectShares).where(sharedWithSubject(subject));
  return (owned?.n ?? 0) + (shared?.n ?? 0);
}

/** The person's projects (with their lines, shares and baskets), the shares made to their addresses, and what they saw of others'. */
export async function deleteProjectRecordsOf(db: Database, subject: DataSubject): Promise<number> {
  const owned = subject.userId ? await db.delete(projects).where(eq(projects.ownerId, subject.userId)).returning({ id: projects.id }) : [];
  const shared = await db.delete(projectShares).where(sharedWithSubject(subject)).returning({ id: projectShares.projectId });
  if (subject.userId) await db.delete(projectItemsSeen).where(eq(projectItemsSeen.userId, subject.userId));
  return owned.length + shared.length;
}
