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

/** A project as one viewer opens it: its row, its lines with what the viewer saw of each, and for its owner its shares and baskets. */
export interface OpenedProject {
  row: ProjectRow;
  lines: Array<StoredLine & { seen: SeenLine | null }>;
  /** The owner's only (empty for anyone else), in the order they were shared. */
  shares: ShareRow[];
  baskets: string[];
}

/**
 * Everything opening a project reads of the project's own tables, in one statement: the project page
 * opens a 200-line project at 100 a second (issue 38), and each statement is a round trip and a write
 * to the database's socket (decision 0111). A refresh compares every line with what the viewer saw
 * last, so the two come together; the shares and baskets only for the owner, who alone is shown them.
 */
export async function openProject(db: Database, projectId: string, userId: string): Promise<OpenedProject | undefined> {
  const result = (await db.execute(sql`
    select p.id, p.owner_id, p.owner_name, p.name, p.description, p.site_reference, p.line_count, p.version, p.created_at, p.updated_at,
      coalesce((select json_agg(json_build_array(i.sku, i.quantity, i.note, (extract(epoch from i.added_at) * 1000)::float8, s.price_inc_vat, s.available)
                 order by i.added_at desc, i.sku)
        from ${projectItems} i
        left join ${projectItemsSeen} s on s.project_id = i.project_id and s.user_id = ${userId} and s.sku = i.sku
        where i.project_id = p.id), '[]') as lines,
      case when p.owner_id = ${userId} then coalesce((select json_agg(
                   json_build_array(sh.recipient_email, sh.role, (extract(epoch from sh.shared_at) * 1000)::float8)
                   order by sh.shared_at, sh.recipient_email)
        from ${projectShares} sh where sh.project_id = p.id), '[]') else '[]' end as shares,
      case when p.owner_id = ${userId} then array(select b.basket_id from ${projectBaskets} b where b.project_id = p.id) else '{}' end as baskets
    from ${projects} p where p.id = ${projectId}`)) as unknown as { rows: OpenedRow[] };
  const found = result.rows[0];
  if (!found) return undefined;
  const lines = found.lines.map(([sku, quantity, note, addedAt, seenPrice, seenAvailable]) => ({
    sku,
    quantity,
    note,
    addedAt: new Date(addedAt),
    seen: seenPrice === null || seenAvailable === null ? null : { sku, priceIncVat: seenPrice, available: seenAvailable },
  }));
  const shares = found.shares.map(([recipientEmail, role, sharedAt]) => ({ projectId, recipientEmail, role, sharedAt: new Date(sharedAt) }));
  const row: ProjectRow = {
    id: found.id,
    ownerId: found.owner_id,
    ownerName: found.owner_name,
    name: found.name,
    description: found.description,
    siteReference: found.site_reference,
    lineCount: found.line_count,
    version: found.version,
    createdAt: new Date(found.created_at),
    updatedAt: new Date(found.updated_at),
  };
  return { row, lines, shares, baskets: found.baskets };
}

interface OpenedRow {
  id: string;
  owner_id: string;
  owner_name: string;
  name: string;
  description: string | null;
  site_reference: string | null;
  line_count: number;
  version: number;
  created_at: Date | string;
  updated_at: Date | string;
  lines: [string, number, string | null, number, number | null, boolean | null][];
  shares: [string, 'view' | 'edit', number][];
  baskets: string[];
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
