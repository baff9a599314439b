import { londonIsoDate, type ActionsUpdated } from '@shop/contracts';
import type { CallerContext, ServiceContext } from '../../platform/context.ts';
import * as repository from './analytics.repository.ts';
import { writeTogether, type WriteTogetherSettings } from './beacons-together.ts';
import { admit, eventCounts, readEvent, type ShoppingEvent } from './event-rules.ts';

export interface ActionsUpdateInput {
  data: { batch: readonly Record<string, unknown>[] };
  config?: { consent?: { personalisation: boolean } };
}

type DbContext = Pick<ServiceContext, 'db'>;
/** How far back trending looks. */
const TRENDING_DAYS = 28;

/**
 * Shopping events (docs/domain.md §10.7): recorded fire-and-forget, deduplicated, kept apart from anyone
 * unless the visitor consented, and rolled up by day; read back for a signed-in shopper's recently
 * viewed products and for the roll-up's figures (the carousels and staff reports).
 */
export interface AnalyticsService {
  /** Records what of a batch may be kept; never refuses an event (a malformed one is dropped). */
  updateActions(ctx: CallerContext, input: ActionsUpdateInput): Promise<ActionsUpdated>;
  /** The products a signed-in shopper viewed with consent, newest first, on any device. */
  productsViewedBy(ctx: DbContext, userId: string, limit: number): Promise<number[]>;
  /** Products shoppers view and add now, most first (the last four weeks, a week's half-life). */
  trendingProductIds(ctx: Pick<ServiceContext, 'db' | 'clock'>, limit: number): Promise<number[]>;
  /** A metric's totals per subject between two London days (inclusive), largest first. */
  topSubjects(ctx: DbContext, query: { metric: string; from: string; to: string; limit: number }): Promise<{ subject: string; count: number }[]>;
  /** Metrics' counts per subject and London day. */
  dailyCounts(
    ctx: DbContext,
    query: { metrics: readonly string[]; from: string; to: string },
  ): Promise<{ day: string; metric: string; subject: string; count: number }[]>;
}

/**
 * Beacons that come within this long of the first of a write are stored with it, up to this many events
 * at once (decision 0143): long enough that a few hundred beacons a second share statements, short
 * beside what any reader of the figures would notice. Nothing waits for the answer but the beacon's own
 * call, which the page never reads.
 */
export const BEACONS_TOGETHER: WriteTogetherSettings = { windowMs: 25, maxEvents: 500 };

export function createAnalyticsService(settings: WriteTogetherSettings = BEACONS_TOGETHER): AnalyticsService {
  const storeTogether = writeTogether(repository.storeEvents, settings);
  return {
    async updateActions(ctx, input) {
      const receivedAt = ctx.clock.now();
      const admission = { consent: input.config?.consent?.personalisation === true, userId: ctx.actor?.userId ?? null };
      const kept = new Map<string, { event: ShoppingEvent; row: repository.EventRow }>();
      for (const raw of input.data.batch) {
        const event = readEvent(raw);
        const who = event && admit(event, admission);
        if (!event || !who || kept.has(event.messageId)) continue;
        kept.set(event.messageId, { event, row: { messageId: event.messageId, event: event.event, receivedAt, properties: event.properties, ...who } });
      }
      const events = [...kept.values()];
      const stored = await storeTogether(ctx.db, { rows: events.map(({ row }) => row), counts: eventCounts(events.map(({ event }) => event)) });
      return { accepted: stored, dropped: input.data.batch.length - stored };
    },
    productsViewedBy: ({ db }, userId, limit) => repository.productsViewedBy(db, userId, limit),
    trendingProductIds: ({ db, clock }, limit) => {
      const now = clock.now();
      return repository.trendingProducts(db, londonIsoDate(new Date(now.getTime() - TRENDING_DAYS * 86_400_000)), londonIsoDate(now), limit);
    },
    topSubjects: ({ db }, { metric, from, to, limit }) => repository.topSubjects(db, metric, from, to, limit),
    dailyCounts: ({ db }, { metrics, from, to }) => repository.dailyCounts(db, metrics, from, to),
  };
}
