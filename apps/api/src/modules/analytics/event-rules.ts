/**
 * Shopping events' rules, pure (docs/domain.md §10.7): each event's schema (Segment e-commerce v2's
 * names and properties), what of it is kept, whether it may be kept without the visitor's consent,
 * and what it adds to the daily roll-up. Prices and totals an event claims are read by no rule: a
 * browser can send anything, so sales and revenue come from orders, never from events.
 */
import { CAROUSEL_LISTS, type ShoppingEventName } from '@shop/contracts';
import { z } from 'zod';

const text = (max: number) => z.string().trim().min(1).max(max);
/** The catalogue's product ids, as Segment's `product_id` (a string). */
const productId = z.union([z.string().regex(/^\d{1,9}$/), z.number().int().min(1).max(999_999_999)]).transform(String);
const count = (max: number) => z.number().int().min(0).max(max);

/** Segment's product properties: the shop keeps which product, which sku and how many; never the price. */
const product = z.object({
  product_id: productId,
  sku: text(60),
  category: text(200).optional(),
  quantity: count(999).optional(),
  position: count(1000).optional(),
});
const listProperties = z.object({ list_id: text(200).optional(), category: text(200).optional() });

/** What each event must carry; everything else it carries is left out. */
const PROPERTIES = {
  'Products Searched': z.object({ query: text(200), results: count(1_000_000) }),
  'Product List Viewed': listProperties,
  'Product List Filtered': listProperties.extend({
    filters: z
      .array(z.object({ type: text(60), value: text(200) }))
      .max(20)
      .default([]),
    sorts: z
      .array(z.object({ type: text(60), value: text(60) }))
      .max(5)
      .default([]),
  }),
  'Product Viewed': product,
  // Which list the product was pressed in: Segment's Product Clicked, with the list's id as Product List Viewed has it.
  'Product Clicked': product.extend({ list_id: text(200).optional() }),
  'Product Added': product,
  'Product Removed': product,
  'Cart Viewed': z.object({ cart_id: text(100).optional() }),
  'Checkout Started': z.object({}),
  'Checkout Step Completed': z.object({ step: z.number().int().min(1).max(10) }),
  // The order's number only: its totals are the orders module's.
  'Order Completed': z.object({ order_id: text(40) }),
} satisfies Record<ShoppingEventName, z.ZodType>;

const ENVELOPE = z.object({
  type: z.literal('track').default('track'),
  event: z.enum(Object.keys(PROPERTIES) as [ShoppingEventName, ...ShoppingEventName[]]),
  messageId: z.uuid(),
  anonymousId: z
    .string()
    .regex(/^[\w-]{8,64}$/)
    .optional(),
  // Whose it is, as the browser says: never believed; its presence alone makes the event personal.
  userId: z.unknown().optional(),
  properties: z.record(z.string(), z.unknown()).default({}),
});

export interface ShoppingEvent {
  event: ShoppingEventName;
  messageId: string;
  anonymousId: string | null;
  /** The browser named a person or device: kept only with consent. */
  personal: boolean;
  properties: Record<string, unknown>;
}

/** An event as the shop keeps it, or null when it does not match its schema. */
export function readEvent(raw: unknown): ShoppingEvent | null {
  const envelope = ENVELOPE.safeParse(raw);
  if (!envelope.success) return null;
  const properties = PROPERTIES[envelope.data.event].safeParse(envelope.data.properties);
  if (!properties.success) return null;
  const { event, messageId, anonymousId, userId } = envelope.data;
  return {
    event,
    messageId: messageId.toLowerCase(),
    anonymousId: anonymousId ?? null,
    personal: anonymousId !== undefined || userId !== undefined,
    properties: properties.data,
  };
}

export interface Admission {
  /** The visitor accepted being remembered (their cookie choice, as the storefront read it). */
  consent: boolean;
  /** The signed-in caller, from their token. */
  userId: string | null;
}

/**
 * Who an event is kept as, or null to drop it: without consent an event naming a device or person is
 * dropped and the caller is not recorded (aggregate statistics only); with it, the device's id and
 * the signed-in caller (never the id the browser names).
 */
export function admit(event: ShoppingEvent, { consent, userId }: Admission): { anonymousId: string | null; userId: string | null } | null {
  if (!consent) return event.personal ? null : { anonymousId: null, userId: null };
  return { anonymousId: event.anonymousId, userId };
}

/** A search as counted: case, spacing and surrounding punctuation do not make another query. */
export const searchKey = (query: string) =>
  query
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/^[\s\p{P}]+|[\s\p{P}]+$/gu, '')
    .slice(0, 100);

/** What the roll-up counts per event. */
export type Metric =
  | 'search'
  | 'search-no-results'
  | 'list-viewed'
  | 'list-filtered'
  | 'product-viewed'
  | 'product-clicked'
  | 'carousel-viewed'
  | 'carousel-clicked'
  | 'product-added'
  | 'product-removed'
  | 'cart-viewed'
  | 'checkout-started'
  | 'checkout-step'
  | 'order-completed';

export interface RollupKey {
  metric: Metric;
  subject: string;
}

/** One of the shop's carousels: any other list id a browser names counts for no carousel. */
const isCarousel = (listId: unknown): listId is string => typeof listId === 'string' && Object.hasOwn(CAROUSEL_LISTS, listId);

/** The roll-up counts an event adds to (`subject` '' where the metric has none). */
export function rollupKeys(event: ShoppingEvent): RollupKey[] {
  const p = event.properties;
  switch (event.event) {
    case 'Products Searched': {
      const query = searchKey(String(p.query));
      if (!query) return [];
      return p.results === 0
        ? [
            { metric: 'search', subject: query },
            { metric: 'search-no-results', subject: query },
          ]
        : [{ metric: 'search', subject: query }];
    }
    case 'Product List Viewed': {
      const viewed: RollupKey[] = [{ metric: 'list-viewed', subject: (p.category ?? p.list_id ?? '') as string }];
      return isCarousel(p.list_id) ? [...viewed, { metric: 'carousel-viewed', subject: p.list_id }] : viewed;
    }
    case 'Product Clicked': {
      const clicked: RollupKey[] = [{ metric: 'product-clicked', subject: String(p.product_id) }];
      return isCarousel(p.list_id) ? [...clicked, { metric: 'carousel-clicked', subject: p.list_id }] : clicked;
    }
    case 'Product List Filtered':
      return (p.filters as { type: string }[]).map((filter) => ({ metric: 'list-filtered', subject: filter.type }));
    case 'Product Viewed':
      return [{ metric: 'product-viewed', subject: String(p.product_id) }];
    case 'Product Added':
      return [{ metric: 'product-added', subject: String(p.product_id) }];
    case 'Product Removed':
      return [{ metric: 'product-removed', subject: String(p.product_id) }];
    case 'Cart Viewed':
      return [{ metric: 'cart-viewed', subject: '' }];
    case 'Checkout Started':
      return [{ metric: 'checkout-started', subject: '' }];
    case 'Checkout Step Completed':
      return [{ metric: 'checkout-step', subject: String(p.step) }];
    case 'Order Completed':
      return [{ metric: 'order-completed', subject: '' }];
  }
}

/**
 * The roll-up counts each event makes if it is stored. The store (`storeEvents`) counts each (metric,
 * subject) once a batch (a beacon), for the batch's newly stored events, though several batches are
 * stored together (beacons-together.ts): a script replaying a product view fifty times in a batch is
 * one view, and a batch sent again counts nothing.
 */
export function eventCounts(events: readonly ShoppingEvent[]): { messageId: string; metric: Metric; subject: string }[] {
  return events.flatMap((event) => rollupKeys(event).map((key) => ({ messageId: event.messageId, ...key })));
}
