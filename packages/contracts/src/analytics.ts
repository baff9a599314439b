import { z } from 'zod';
import { defineEndpoint, publicAccess, requireRole } from './endpoint.ts';

/**
 * Shopping events (`POST /api/analytics/actions/update`, "data and optional config" in the spec):
 * a batch of events named and shaped as the Segment e-commerce v2 spec has them (docs/domain.md §10.7),
 * so a shop can forward them to PostHog or Segment later. The call is fire-and-forget: an event
 * that does not match its schema, repeats an id already taken or needs a consent not given is
 * dropped without a refusal; only a body that is not a batch at all is refused.
 */

/** The events the shop records, Segment's names. */
export const SHOPPING_EVENTS = [
  'Products Searched',
  'Product List Viewed',
  'Product List Filtered',
  'Product Viewed',
  'Product Clicked',
  'Product Added',
  'Product Removed',
  'Cart Viewed',
  'Checkout Started',
  'Checkout Step Completed',
  'Order Completed',
] as const;
export type ShoppingEventName = (typeof SHOPPING_EVENTS)[number];

/**
 * The shop's own carousels (`POST /Personalisation/Carousels` identifiers), as the storefront names
 * them in `list_id` when one is seen (Product List Viewed) or a product in it pressed (Product
 * Clicked): what the staff reports' carousel click-through counts. Any other `list_id` counts nothing.
 */
export const CAROUSEL_LISTS = {
  'recently-viewed': 'Recently viewed',
  'bought-together': 'Frequently bought together',
  'complete-your-bathroom': 'Complete your bathroom',
  'category-trending': 'Trending in a category',
  'category-best-sellers': 'Best sellers in a category',
  'category-new-in': 'New in a category',
  'best-sellers': 'Best sellers',
  'new-in': 'New in',
  'home-category': 'A category’s products on the home page',
  'home-picks': 'Products staff chose for the home page',
} as const;
export type CarouselList = keyof typeof CAROUSEL_LISTS;

/** At most this many events in one call: a page's batch is a handful, and a beacon carries 64 kB. */
export const EVENTS_PER_BATCH = 50;

export const ActionsUpdateSchema = z
  .object(
    {
      data: z.object(
        {
          batch: z
            .array(z.record(z.string(), z.unknown()), { error: 'Send the events as a list named batch' })
            .min(1, { error: 'Send at least one event' })
            .max(EVENTS_PER_BATCH, { error: `Send at most ${EVENTS_PER_BATCH} events at a time` })
            .describe(
              'Segment track calls: `{ type: "track", event, messageId (a UUID), anonymousId?, properties }`; ' +
                `events: ${SHOPPING_EVENTS.join(', ')}. Each is checked against its event's schema; one that fails is dropped.`,
            ),
        },
        { error: 'Send the events as data.batch' },
      ),
      config: z
        .object({
          consent: z
            .object({ personalisation: z.boolean().describe('The visitor accepted cookies that remember them (the storefront reads its cookie)') })
            .optional(),
        })
        .optional()
        .describe('Without personalisation consent, events that carry a device or person (anonymousId, userId) are dropped and the caller is not recorded'),
    },
    { error: 'Send the events as a JSON object' },
  )
  .meta({ id: 'ActionsUpdate' });
export type ActionsUpdate = z.input<typeof ActionsUpdateSchema>;

export const ActionsUpdatedSchema = z
  .object({
    accepted: z.number().int().describe('Events recorded now'),
    dropped: z.number().int().describe('Events left out: not matching their schema, a repeated id, or needing consent not given'),
  })
  .meta({ id: 'ActionsUpdated' });
export type ActionsUpdated = z.infer<typeof ActionsUpdatedSchema>;

/** The longest range a report covers: a year of days. */
export const REPORT_MAX_DAYS = 366;
const IsoDay = z.iso.date({ error: 'Enter a date in the format 2026-03-01' });

export const ShopReportSchema = z
  .object({
    from: IsoDay,
    to: IsoDay,
    salesPerDay: z
      .array(z.object({ day: IsoDay, orders: z.number().int(), netPence: z.number().int() }))
      .describe('Every London day of the range, from orders (placed, not cancelled; net of refunds)'),
    topSellers: z.array(z.object({ productId: z.number().int(), name: z.string(), slug: z.string(), units: z.number().int() })).describe('From orders'),
    mostViewed: z.array(z.object({ productId: z.number().int(), name: z.string(), slug: z.string(), views: z.number().int(), added: z.number().int() })),
    funnel: z.array(z.object({ step: z.string(), count: z.number().int() })).describe('Checkout steps from events; the last, orders placed, from orders'),
    searchesWithoutResults: z.array(z.object({ query: z.string(), count: z.number().int() })),
    carouselClickThrough: z
      .array(
        z.object({
          carousel: z.string(),
          title: z.string(),
          viewed: z.number().int().describe('Times it was seen (Product List Viewed with its list_id)'),
          clicked: z.number().int().describe('Presses on a product in it (Product Clicked with its list_id), never more than `viewed`'),
          ratePercent: z.number().describe('clicked ÷ viewed × 100, to one decimal place'),
        }),
      )
      .describe('Each of the shop’s carousels seen in the range, most viewed first'),
  })
  .meta({ id: 'ShopReport' });
export type ShopReport = z.infer<typeof ShopReportSchema>;

export const CarouselDaysSchema = z
  .object({
    from: IsoDay,
    to: IsoDay,
    carousels: z
      .array(
        z.object({
          carousel: z.string(),
          title: z.string(),
          days: z
            .array(
              z.object({
                day: IsoDay,
                viewed: z.number().int().describe('Times it was seen that day'),
                clicked: z.number().int().describe('Presses on a product in it that day, never more than `viewed`'),
                ratePercent: z.number().nullable().describe('clicked ÷ viewed × 100, to one decimal place; null on a day it was not seen'),
              }),
            )
            .describe('Every London day of the range'),
        }),
      )
      .describe('Each of the shop’s carousels seen in the range, most viewed first, as in the report’s totals'),
  })
  .meta({ id: 'CarouselDays' });
export type CarouselDays = z.infer<typeof CarouselDaysSchema>;

const ReportRangeQuery = z.object({ from: IsoDay.optional(), to: IsoDay.optional() });

/** Reports are for analysts, and administrators. */
const analysts = requireRole('analyst', 'admin');

export const analyticsEndpoints = {
  updateActions: defineEndpoint({
    service: 'analytics',
    access: publicAccess,
    method: 'POST',
    path: '/actions/update',
    summary: 'Records a batch of shopping events (fire-and-forget)',
    description:
      'Answered 202 at once. Events are deduplicated by messageId, checked against their schema, stored append-only and rolled up by day; ' +
      'totals an event claims (an order’s revenue, a price) are never recorded: sales come from orders. 400 VALIDATION_FAILED for a body ' +
      'that is not a batch; 429 RATE_LIMITED for one visitor’s events in bulk.',
    body: ActionsUpdateSchema,
    responses: { 202: ActionsUpdatedSchema },
  }),
  getShopReport: defineEndpoint({
    service: 'analytics',
    access: analysts,
    method: 'GET',
    path: '/reports',
    summary: 'Staff: sales per day, top products, the checkout funnel, carousel click-through and searches with no results, over London days',
    description:
      'Not a call of the spec. Without dates, the last 28 days. ' +
      `400 REPORT_RANGE_INVALID for an end before the start or more than ${REPORT_MAX_DAYS} days.`,
    query: ReportRangeQuery,
    responses: { 200: ShopReportSchema },
  }),
  getCarouselDays: defineEndpoint({
    service: 'analytics',
    access: analysts,
    method: 'GET',
    path: '/reports/carousels',
    summary: 'Staff: each carousel’s views, presses and click-through per London day',
    description:
      'Not a call of the spec. From the same events as the report’s carousel click-through; without dates, the last 28 days. ' +
      `400 REPORT_RANGE_INVALID for an end before the start or more than ${REPORT_MAX_DAYS} days.`,
    query: ReportRangeQuery,
    responses: { 200: CarouselDaysSchema },
  }),
} as const;
