import type {
  AddedToBasket,
  CompleteYourBathroom,
  CreateProjectInput,
  EditProjectInput,
  OrderProjects,
  Project,
  ProjectPage,
  ProjectShare,
  SetProjectItemsInput,
  ShareProjectInput,
} from '@shop/contracts';
import type { Database } from '../../db/client.ts';
import type { CallerContext as Ctx } from '../../platform/context.ts';
import { newOpaqueId } from '../../platform/readable-codes.ts';
import type { SellableOffering } from '../catalogue/index.ts';
import type { UnitPrice } from '../pricing/index.ts';
import { changesSinceSeen, describeLine, setLines, swapVariant, type StoredLine } from './project-lines.ts';
import { accessTo, emailOf, userIdOf, type Access } from './project-access.ts';
import { ProjectErrors } from './projects.errors.ts';
import { shareEmail } from './project-share-email.ts';
import { completeYourBathroom } from './project-suggestions.ts';
import * as repository from './projects.repository.ts';
import type { OpenedProject, ProjectRow, ShareRow } from './projects.repository.ts';
import type { ProjectsDeps as Deps } from './projects.deps.ts';

/** `…/projects/mine/checkIfVariantsExistInProject`: across all the caller's projects, for a product page. */
export const ALL_MY_PROJECTS = 'mine';
/** How many of a project's orders its page lists, newest first. */
const ORDERS_SHOWN = 10;

interface Paging {
  pageNumber: number;
  pageSize: number;
}

/**
 * Projects: named lists of products for a job, each line with a quantity and a note, shown to each
 * viewer at their own prices; shared by e-mail as view or edit; added to a basket in one step, the
 * lines that cannot be sold reported; the orders placed from it remembered.
 */
export interface ProjectsService {
  createProject(ctx: Ctx, input: CreateProjectInput): Promise<Project>;
  getProject(ctx: Ctx, projectId: string, query: Paging & { refreshProject: boolean }): Promise<Project>;
  listProjects(ctx: Ctx, page: Paging): Promise<ProjectPage>;
  deleteProject(ctx: Ctx, projectId: string): Promise<{ projectId: string; deleted: true }>;
  editProject(ctx: Ctx, projectId: string, input: EditProjectInput): Promise<Project>;
  setItems(ctx: Ctx, projectId: string, input: SetProjectItemsInput): Promise<Project>;
  checkIfVariantsExistInProject(
    ctx: Ctx,
    projectId: string,
    skus: readonly string[],
  ): Promise<{ found: { sku: string; projectId: string; projectName: string }[] }>;
  addAllToBasket(ctx: Ctx, projectId: string, basketId: string): Promise<AddedToBasket>;
  updateProjectItemVariant(ctx: Ctx, projectId: string, input: { sku: string; newSku: string }): Promise<Project>;
  shareProject(ctx: Ctx, projectId: string, input: ShareProjectInput): Promise<{ message: string; shares: ProjectShare[] }>;
  retrieveShares(ctx: Ctx, page: Paging, input: { projectId?: string }): Promise<ProjectPage>;
  projectsOfOrder(ctx: Ctx, orderNumber: string): Promise<OrderProjects>;
  /** "Complete your bathroom": what the project's products need or go with that it lacks, in stock and priced, at the caller's prices. */
  completeYourBathroom(ctx: Ctx, projectId: string): Promise<CompleteYourBathroom>;
}

const pageOf = ({ pageNumber, pageSize }: Paging) => ({ limit: pageSize, offset: (pageNumber - 1) * pageSize });
const pageAnswer = ({ pageNumber, pageSize }: Paging, totalCount: number) => ({
  pageNumber,
  pageSize,
  totalCount,
  totalPages: Math.ceil(totalCount / pageSize),
});

// ── reading ──────────────────────────────────────────────────────────────────────────────────────

async function present(deps: Deps, ctx: Ctx, opened: OpenedProject, access: Access, query: Paging & { refreshProject: boolean }): Promise<Project> {
  const { row, lines } = opened;
  const owner = access === 'owner';
  const skus = lines.map((line) => line.sku);
  const [offerings, list, orders] = await Promise.all([
    // A project is looked at, not bought from: the offerings' facts as this instance keeps them (as a
    // basket's changes take them, forgotten on any catalogue change), their stock read now.
    deps.catalogue.findSellableOfferings(ctx, skus, { keptFacts: true }),
    deps.pricing.priceListFor(ctx),
    owner ? ordersFrom(deps, ctx, opened.baskets) : [],
  ]);
  const { offset, limit } = pageOf(query);
  const page = lines.slice(offset, offset + limit);
  const productIds = [...new Set(page.flatMap((line) => offerings.get(line.sku)?.productId ?? []))];
  // Lines that can no longer be sold are named as the catalogue still has them: asked only when there are any.
  const unsold = page.filter((line) => !offerings.has(line.sku)).map((line) => line.sku);
  const [variants, names] = await Promise.all([
    deps.catalogue.variantsOf(ctx, productIds, { keptFacts: true }),
    unsold.length === 0 ? new Map<string, { productName: string; label: string }>() : deps.catalogue.namesOf(ctx, unsold),
  ]);
  // Each line priced once: the page's described, and the total over every line.
  const prices = new Map<string, { offering: SellableOffering; price: UnitPrice }>();
  let availableIncVat = 0;
  for (const line of lines) {
    const offering = offerings.get(line.sku);
    if (!offering) continue;
    const price = deps.pricing.unitPrice(offering, list);
    prices.set(line.sku, { offering, price });
    if (offering.sellable > 0) availableIncVat += price.incVat * line.quantity;
  }
  const shown = page.map((line) => describeLine(line, prices.get(line.sku), variants.get(offerings.get(line.sku)?.productId ?? -1) ?? [], names.get(line.sku)));

  const notices: Project['notices'] = [];
  if (query.refreshProject) {
    const changed = [];
    for (const [i, line] of shown.entries()) {
      const before = page[i]!.seen ?? undefined;
      notices.push(...changesSinceSeen(before, line));
      if (!before || before.priceIncVat !== line.priceIncVat || before.available !== line.available) {
        changed.push({ sku: line.sku, priceIncVat: line.priceIncVat, available: line.available });
      }
    }
    await repository.writeSeen(ctx.db, row.id, userIdOf(ctx), changed);
  }
  return {
    projectId: row.id,
    version: row.version,
    name: row.name,
    description: row.description,
    siteReference: row.siteReference,
    access,
    sharedBy: owner ? null : row.ownerName,
    lines: shown,
    ...pageAnswer(query, lines.length),
    totals: { lineCount: lines.length, availableIncVat },
    notices,
    shares: owner ? opened.shares.map(shareOf) : [],
    orders,
    updatedAt: row.updatedAt.toISOString(),
  };
}

const shareOf = (share: ShareRow): ProjectShare => ({ emailAddress: share.recipientEmail, role: share.role, sharedAt: share.sharedAt.toISOString() });

async function sharesOf(db: Database, projectId: string): Promise<ProjectShare[]> {
  return (await repository.findShares(db, projectId)).map(shareOf);
}

/**
 * The owner's orders placed from baskets the project was added to: "add all to basket" records the
 * caller's own basket against the project, server-side, and an order keeps its basket's id (one order
 * per basket), so an order is the project's only if the shopper filled its basket from the project.
 */
async function ordersFrom(deps: Deps, ctx: Ctx, basketIds: readonly string[]): Promise<Project['orders']> {
  return basketIds.length === 0 ? [] : deps.orders.myOrdersFromBaskets(ctx, basketIds, ORDERS_SHOWN);
}

/** The projects the caller's own order was placed from (its basket filled by "add all to basket"), those they may still open. */
async function projectsOfOrder(deps: Deps, ctx: Ctx, orderNumber: string): Promise<OrderProjects> {
  const basketId = await deps.orders.basketOfMyOrder(ctx, orderNumber);
  const rows = await repository.findProjectsOfBasket(ctx.db, basketId);
  const userId = userIdOf(ctx);
  const email = rows.some((row) => row.ownerId !== userId) ? await emailOf(deps, ctx) : '';
  const open = await Promise.all(rows.map(async (row) => row.ownerId === userId || (email !== '' && !!(await repository.findShareFor(ctx.db, row.id, email)))));
  return { projects: rows.filter((_, i) => open[i]).map((row) => ({ projectId: row.id, name: row.name })) };
}

const firstPage = { pageNumber: 1, pageSize: 50, refreshProject: false };

async function getProject(deps: Deps, ctx: Ctx, projectId: string, query: Paging & { refreshProject: boolean }): Promise<Project> {
  // Signed out, nothing is read: the same 404 as an unknown project.
  const opened = ctx.actor ? await repository.openProject(ctx.db, projectId, ctx.actor.userId) : undefined;
  return present(deps, ctx, opened!, await accessTo(deps, ctx, ctx.db, opened?.row), query);
}

const summaryOf = (row: ProjectRow, access: Access): ProjectPage['projects'][number] => ({
  projectId: row.id,
  name: row.name,
  siteReference: row.siteReference,
  lineCount: row.lineCount,
  access,
  sharedBy: access === 'owner' ? null : row.ownerName,
  updatedAt: row.updatedAt.toISOString(),
});

async function listProjects(ctx: Ctx, page: Paging): Promise<ProjectPage> {
  const { rows, total } = await repository.listProjectsOf(ctx.db, userIdOf(ctx), pageOf(page));
  return { projects: rows.map((row) => summaryOf(row, 'owner')), ...pageAnswer(page, total) };
}

async function retrieveShares(deps: Deps, ctx: Ctx, page: Paging, input: { projectId?: string }): Promise<ProjectPage> {
  const email = await emailOf(deps, ctx);
  const { rows, total } = email ? await repository.listSharedWith(ctx.db, email, { ...pageOf(page), projectId: input.projectId }) : { rows: [], total: 0 };
  return { projects: rows.map((row) => summaryOf(row, row.role)), ...pageAnswer(page, total) };
}

async function checkIfVariantsExistInProject(deps: Deps, ctx: Ctx, projectId: string, skus: readonly string[]) {
  if (projectId === ALL_MY_PROJECTS) return { found: await repository.findSkusInProjects(ctx.db, { ownerId: userIdOf(ctx) }, skus) };
  await accessTo(deps, ctx, ctx.db, await repository.findProject(ctx.db, projectId));
  return { found: await repository.findSkusInProjects(ctx.db, { projectId }, skus) };
}

// ── changing ─────────────────────────────────────────────────────────────────────────────────────

interface Change {
  /** Owner only (share, delete), or owner and editors. */
  who: 'owner' | 'editor';
  /** The version the caller read: a change made since is 409 with the version as it is now. */
  version?: number;
  skus?: readonly string[];
  lines?: (current: StoredLine[], offerings: Map<string, SellableOffering>) => StoredLine[];
  fields?: Partial<Pick<ProjectRow, 'name' | 'description' | 'siteReference'>>;
}

/** Every change runs here, in one transaction holding the project's row lock: two tabs' changes queue, and neither is lost. */
async function change(deps: Deps, ctx: Ctx, projectId: string, what: Change): Promise<Project> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (db) => {
    const row = await repository.lockProject(db, projectId);
    const access = await accessTo(deps, ctx, db, row);
    if (access === 'view') throw ProjectErrors.viewOnly();
    if (what.who === 'owner' && access !== 'owner') throw ProjectErrors.ownerOnly();
    if (what.version !== undefined && what.version !== row!.version) throw ProjectErrors.changed(row!.version);
    let lineCount = row!.lineCount;
    if (what.lines) {
      const before = await repository.findLines(db, projectId);
      const offerings = await deps.catalogue.findSellableOfferings({ db }, [...before.map((line) => line.sku), ...(what.skus ?? [])]);
      const after = what.lines(before, offerings);
      await repository.writeLines(db, projectId, before, after);
      lineCount = after.length;
    }
    await repository.updateProject(db, projectId, { ...what.fields, lineCount }, now);
  });
  return getProject(deps, ctx, projectId, firstPage);
}

async function ownerName(deps: Deps, ctx: Ctx): Promise<string> {
  const name = ctx.actor?.name ?? (ctx.actor && (await deps.identity.getUserProfile(ctx, ctx.actor.userId))?.name);
  return name?.trim() || 'A Plumbline customer';
}

async function createProject(deps: Deps, ctx: Ctx, input: CreateProjectInput): Promise<Project> {
  const userId = userIdOf(ctx);
  let items = input.items.map((item) => ({ sku: item.sku, quantity: item.quantity, note: item.note }));
  if (input.copyFromProjectId) {
    const source = await repository.findProject(ctx.db, input.copyFromProjectId);
    await accessTo(deps, ctx, ctx.db, source);
    items = (await repository.findLines(ctx.db, source!.id))
      .toReversed()
      .map((line) => ({ sku: line.sku, quantity: line.quantity, note: line.note ?? undefined }));
  }
  const now = ctx.clock.now();
  const name = await ownerName(deps, ctx);
  const id = newOpaqueId();
  await ctx.db.transaction(async (db) => {
    const offerings = await deps.catalogue.findSellableOfferings(
      { db },
      items.map((item) => item.sku),
    );
    // Copied lines keep their order: each a millisecond apart, newest first as the source showed them.
    const lines = setLines([], items, [], offerings, now).map((line, i) => ({ ...line, addedAt: new Date(now.getTime() - items.length + i + 1) }));
    await repository.insertProject(db, {
      id,
      ownerId: userId,
      ownerName: name,
      name: input.name,
      description: input.description || null,
      siteReference: input.siteReference || null,
      now,
    });
    await repository.writeLines(db, id, [], lines);
    if (lines.length > 0) await repository.updateProject(db, id, { lineCount: lines.length }, now);
  });
  return getProject(deps, ctx, id, firstPage);
}

async function deleteProject(deps: Deps, ctx: Ctx, projectId: string): Promise<{ projectId: string; deleted: true }> {
  await ctx.db.transaction(async (db) => {
    const access = await accessTo(deps, ctx, db, await repository.lockProject(db, projectId));
    if (access !== 'owner') throw ProjectErrors.ownerOnly();
    await repository.deleteProject(db, projectId);
  });
  return { projectId, deleted: true };
}

function editProject(deps: Deps, ctx: Ctx, projectId: string, input: EditProjectInput): Promise<Project> {
  const fields: Change['fields'] = {};
  if (input.name !== undefined) fields.name = input.name;
  if (input.description !== undefined) fields.description = input.description || null;
  if (input.siteReference !== undefined) fields.siteReference = input.siteReference || null;
  return change(deps, ctx, projectId, { who: 'editor', version: input.version, fields });
}

function setItems(deps: Deps, ctx: Ctx, projectId: string, input: SetProjectItemsInput): Promise<Project> {
  const now = ctx.clock.now();
  return change(deps, ctx, projectId, {
    who: 'editor',
    version: input.version,
    skus: input.items.map((item) => item.sku),
    lines: (current, offerings) => setLines(current, input.items, input.removeSkus, offerings, now),
  });
}

function updateProjectItemVariant(deps: Deps, ctx: Ctx, projectId: string, input: { sku: string; newSku: string }): Promise<Project> {
  return change(deps, ctx, projectId, {
    who: 'editor',
    skus: [input.newSku],
    lines: (current, offerings) => swapVariant(current, input.sku, input.newSku, offerings),
  });
}

// ── the basket ───────────────────────────────────────────────────────────────────────────────────

const NOT_ADDED_MESSAGES = {
  out_of_stock: (name: string) => `${name} is out of stock, so it was not added.`,
  discontinued: (name: string) => `${name} is no longer sold, so it was not added.`,
  capped_to_stock: (name: string, added: number) => `Only ${added} of ${name} could be added: that is all we can sell you now.`,
};

/** Adds every line it can to the caller's basket; the project is left as it is. */
async function addAllToBasket(deps: Deps, ctx: Ctx, projectId: string, basketId: string): Promise<AddedToBasket> {
  const row = await repository.findProject(ctx.db, projectId);
  await accessTo(deps, ctx, ctx.db, row);
  const lines = await repository.findLines(ctx.db, projectId);
  if (lines.length === 0) throw ProjectErrors.empty();
  const { basket, added, notAdded } = await deps.basket.addWhatCanBeSold(
    ctx,
    basketId,
    lines.toReversed().map((line) => ({ sku: line.sku, quantity: line.quantity })),
  );
  await repository.recordBasket(ctx.db, projectId, basket.basketId, ctx.clock.now());
  return {
    basketId: basket.basketId,
    added,
    notAdded: notAdded.map((line) => ({ ...line, message: NOT_ADDED_MESSAGES[line.reason](line.productName, line.added) })),
    basketItemCount: basket.lines.reduce((sum, line) => sum + line.quantity, 0),
  };
}

// ── sharing ──────────────────────────────────────────────────────────────────────────────────────

/**
 * Shares, changes the role of, or stops a share. The answer and the e-mail read the same whether or
 * not the address has an account: an address without one is invited, and the share waits for it.
 */
async function shareProject(deps: Deps, ctx: Ctx, projectId: string, input: ShareProjectInput): Promise<{ message: string; shares: ProjectShare[] }> {
  const email = input.emailAddress.trim().toLowerCase();
  if (!deps.notifications.isSendableAddress(email)) throw ProjectErrors.invalidEmail();
  const own = await emailOf(deps, ctx);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (db) => {
    const row = await repository.lockProject(db, projectId);
    const access = await accessTo(deps, ctx, db, row);
    if (access !== 'owner') throw ProjectErrors.ownerOnly();
    if (email === own) throw ProjectErrors.shareWithSelf();
    const existing = await repository.findShareFor(db, projectId, email);
    let message: string;
    if (input.role === 'none') {
      if (!(await repository.deleteShare(db, projectId, email))) throw ProjectErrors.shareNotFound(email);
      message = `${email} can no longer see “${row!.name}”.`;
    } else if (existing) {
      await repository.upsertShare(db, { projectId, recipientEmail: email, role: input.role, now });
      message = `${email} can now ${input.role} “${row!.name}”.`;
    } else {
      await repository.upsertShare(db, { projectId, recipientEmail: email, role: input.role, now });
      await deps.notifications.enqueueEmail(
        { db },
        { to: email, ...shareEmail(deps, row!, input.role), template: 'projects.shared', dedupeKey: `projects.shared:${projectId}:${email}:${now.getTime()}` },
      );
      message =
        `We have e-mailed ${email} a link to “${row!.name}”. If they do not have a Plumbline account yet, ` +
        'the e-mail invites them to open one with that address, and the project will be waiting for them.';
    }
    return { message, shares: await sharesOf(db, projectId) };
  });
}

export function createProjectsService(deps: Deps): ProjectsService {
  return {
    createProject: (ctx, input) => createProject(deps, ctx, input),
    getProject: (ctx, projectId, query) => getProject(deps, ctx, projectId, query),
    listProjects: (ctx, page) => listProjects(ctx, page),
    deleteProject: (ctx, projectId) => deleteProject(deps, ctx, projectId),
    editProject: (ctx, projectId, input) => editProject(deps, ctx, projectId, input),
    setItems: (ctx, projectId, input) => setItems(deps, ctx, projectId, input),
    checkIfVariantsExistInProject: (ctx, projectId, skus) => checkIfVariantsExistInProject(deps, ctx, projectId, skus),
    addAllToBasket: (ctx, projectId, basketId) => addAllToBasket(deps, ctx, projectId, basketId),
    updateProjectItemVariant: (ctx, projectId, input) => updateProjectItemVariant(deps, ctx, projectId, input),
    shareProject: (ctx, projectId, input) => shareProject(deps, ctx, projectId, input),
    retrieveShares: (ctx, page, input) => retrieveShares(deps, ctx, page, input),
    projectsOfOrder: (ctx, orderNumber) => projectsOfOrder(deps, ctx, orderNumber),
    completeYourBathroom: (ctx, projectId) => completeYourBathroom(deps, ctx, projectId),
  };
}
