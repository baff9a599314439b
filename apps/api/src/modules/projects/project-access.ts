import type { Database } from '../../db/client.ts';
import type { CallerContext as Ctx } from '../../platform/context.ts';
import { ProjectErrors } from './projects.errors.ts';
import * as repository from './projects.repository.ts';
import type { ProjectRow } from './projects.repository.ts';
import type { ProjectsDeps as Deps } from './projects.deps.ts';

/** Who is asking about a project: its owner, or someone it is shared with to view or edit. */
export type Access = 'owner' | 'view' | 'edit';

export function userIdOf(ctx: Ctx): string {
  if (!ctx.actor) throw ProjectErrors.notFound();
  return ctx.actor.userId;
}

/** The caller's confirmed address (sign-in needs one, decision 0003): shares are matched by it. */
export async function emailOf(deps: Deps, ctx: Ctx): Promise<string> {
  const email = ctx.actor?.email ?? (ctx.actor && (await deps.identity.getUserProfile(ctx, ctx.actor.userId))?.email);
  return (email ?? '').trim().toLowerCase();
}

/** What the caller may do with the project; another customer's project is the same 404 as an unknown one. */
export async function accessTo(deps: Deps, ctx: Ctx, db: Database, row: ProjectRow | undefined): Promise<Access> {
  if (!row) throw ProjectErrors.notFound();
  if (row.ownerId === userIdOf(ctx)) return 'owner';
  const email = await emailOf(deps, ctx);
  const share = email ? await repository.findShareFor(db, row.id, email) : undefined;
  if (!share) throw ProjectErrors.notFound();
  return share.role;
}
