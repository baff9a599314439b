import { GLOBAL_ITEMS, type GlobalItem, type GlobalItemEditing, type GlobalItemId, type ContentRevisionAction, type SaveGlobalItem } from '@shop/contracts';
import type { CallerContext } from '../../platform/context.ts';
import { LruCache } from '../../platform/cache.ts';
import type { ContentDeps } from './content.deps.ts';
import { ContentErrors } from './content.errors.ts';
import { checkGlobalItemContent, globalItemShowing } from './content-rules.ts';
import { editorName } from './content-pages.ts';
import * as repository from './content.repository.ts';
import type { GlobalItemRow } from './content.repository.ts';

const isGlobalItemId = (id: string): id is GlobalItemId => Object.hasOwn(GLOBAL_ITEMS, id);

/** The global items: one row each, every save a version kept; what pages show is kept per instance until a change notice. */
export function createGlobalItems(deps: ContentDeps) {
  // At most one entry per item, rows or their absence: nothing a visitor sends grows it.
  const kept = new LruCache<GlobalItemId, GlobalItemRow | null>({ maxEntries: Object.keys(GLOBAL_ITEMS).length });
  deps.caches.watch('content-global-items', () => kept.stats());

  const idOf = (id: string): GlobalItemId => {
    const lower = id.toLowerCase();
    if (!isGlobalItemId(lower)) throw ContentErrors.globalItemNotFound(id);
    return lower;
  };

  function summary(row: GlobalItemRow, updatedBy: string, now: Date): Omit<GlobalItemEditing, 'revisions'> {
    return {
      id: row.id as GlobalItemId,
      name: GLOBAL_ITEMS[row.id as GlobalItemId],
      version: row.version,
      content: row.content as GlobalItemEditing['content'],
      startsAt: row.startsAt?.toISOString() ?? null,
      endsAt: row.endsAt?.toISOString() ?? null,
      showing: globalItemShowing(row, now).showing,
      updatedAt: row.updatedAt.toISOString(),
      updatedBy,
    };
  }

  async function editing(ctx: Pick<CallerContext, 'db' | 'clock'>, row: GlobalItemRow): Promise<GlobalItemEditing> {
    const revisions = await repository.listRevisions(ctx.db, repository.itemSubject(row.id), 'text');
    return {
      ...summary(row, revisions[0]?.by ?? '', ctx.clock.now()),
      revisions: revisions.map((revision) => ({
        ...revision,
        action: revision.action as ContentRevisionAction,
        at: revision.at.toISOString(),
        publishAt: revision.publishAt?.toISOString() ?? null,
      })),
    };
  }

  return {
    /** What pages show of an item now: its content only while its schedule says so. */
    async globalItem(ctx: Pick<CallerContext, 'db' | 'clock'>, askedId: string): Promise<GlobalItem> {
      const id = idOf(askedId);
      let row = kept.get(id);
      if (row === undefined) {
        row = (await repository.findGlobalItem(ctx.db, id)) ?? null;
        kept.set(id, row);
      }
      if (!row) return { id, showing: false, content: null, changesAt: null };
      const { showing, changesAt } = globalItemShowing(row, ctx.clock.now());
      return { id, showing, content: showing ? (row.content as GlobalItem['content']) : null, changesAt: changesAt?.toISOString() ?? null };
    },

    async globalItemForEditing(ctx: CallerContext, askedId: string): Promise<GlobalItemEditing> {
      const id = idOf(askedId);
      const row = await repository.findGlobalItem(ctx.db, id);
      if (!row) throw ContentErrors.globalItemNotFound(askedId);
      return editing(ctx, row);
    },

    async listGlobalItems(ctx: CallerContext) {
      const now = ctx.clock.now();
      return (await repository.listGlobalItems(ctx.db)).map(({ item, updatedBy }) => summary(item, updatedBy, now));
    },

    /** Saves an item's content and schedule from `version` (0 for an item never saved); a version saved meanwhile is 409. */
    async saveGlobalItem(ctx: CallerContext, input: SaveGlobalItem): Promise<GlobalItemEditing> {
      const id = idOf(input.id);
      const content = checkGlobalItemContent(id, input.content);
      const startsAt = input.startsAt ? new Date(input.startsAt) : null;
      const endsAt = input.endsAt ? new Date(input.endsAt) : null;
      if (startsAt && endsAt && endsAt <= startsAt) throw ContentErrors.scheduleOrder();
      const now = ctx.clock.now();
      const saved = await ctx.db.transaction(async (db) => {
        const values = { version: input.version + 1, content, startsAt, endsAt, updatedAt: now };
        const row =
          input.version === 0 ? await repository.insertGlobalItem(db, { id, ...values }) : await repository.updateGlobalItem(db, id, input.version, values);
        if (!row) throw ContentErrors.changed('global item', (await repository.findGlobalItem(db, id))?.version ?? 0);
        await repository.insertRevision(db, {
          subject: repository.itemSubject(id),
          revision: row.version,
          action: startsAt && startsAt > now ? 'scheduled' : 'published',
          document: { content, startsAt: startsAt?.toISOString() ?? null, endsAt: endsAt?.toISOString() ?? null },
          publishAt: startsAt,
          byUserId: ctx.actor?.userId ?? null,
          byName: editorName(ctx),
          at: now,
        });
        await repository.noticeContentChanged(db);
        return row;
      });
      // This instance shows the save at once; the others forget it on the change notice, which arrives a moment after the commit.
      kept.delete(id);
      return editing(ctx, saved);
    },

    forget: () => kept.clear(),
  };
}
