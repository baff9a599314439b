/**
 * Who may change an order (decision 0049): its owner signed in, or whoever holds a link we e-mailed
 * to the address it was placed with. The number and address, which anyone who saw an e-mail or a
 * parcel label may know, still track an order, but only ask for the link: the link goes to the
 * order's own address, works for `ORDER_LINK_HOURS`, opens that order only, and is kept as its
 * SHA-256 digest, so the table alone opens nothing.
 */
import { londonDue, ORDER_CONFIRMATION_LINK_DAYS, ORDER_LINK_HOURS, type OrderLinkPurpose } from '@shop/contracts';
import type { Transaction } from '../../db/client.ts';
import type { CallerContext } from '../../platform/context.ts';
import { digestOfToken, newOpaqueId } from '../../platform/readable-codes.ts';
import type { NotificationsService } from '../notifications/index.ts';
import { OrderErrors } from './orders.errors.ts';
import * as repository from './orders.repository.ts';
import type { OrderRow } from './orders.repository.ts';

/** How the caller proves they may change the order, besides being its owner signed in: the e-mailed link's token, if any. */
export interface OrderProof {
  linkToken?: string | null | undefined;
}

/** Links for one order in an hour: enough for a customer who lost one, too few to fill their inbox. */
export const ORDER_LINKS_PER_HOUR = 5;
const HOUR = 60 * 60 * 1000;

/** `jo.bloggs@example.com` → `j***@example.com`: enough for the person who typed it to recognise, no more. */
export function maskedEmailAddress(address: string): string {
  const at = address.lastIndexOf('@');
  return at < 1 ? '***' : `${address.charAt(0)}***${address.slice(at)}`;
}

/**
 * The storefront page a link opens: it swaps the token for a cookie of that order's pages and leaves this address at once, for the
 * order's help page or, asked for to change the order or upgrade its delivery, that page (`to`, which is no secret).
 */
export const orderLinkUrl = (publicUrl: string, token: string, purpose: OrderLinkPurpose = 'manage') =>
  `${publicUrl}/order-help/link/${token}${purpose === 'manage' ? '' : `?to=${purpose}`}`;

/** What each kind of link's e-mail calls it and says it is for. */
const LINK_WORDS: Record<OrderLinkPurpose, { title: (orderNumber: string) => string; purpose: string; action: string }> = {
  manage: {
    title: (orderNumber) => `Manage your order ${orderNumber}`,
    purpose: 'to cancel or return items, report a problem, ask us about it, or change it',
    action: 'Manage your order',
  },
  change: {
    title: (orderNumber) => `Change your order ${orderNumber}`,
    purpose: 'to add or remove items, or change the delivery address, until we start picking it',
    action: 'Change your order',
  },
  'upgrade-delivery': {
    title: (orderNumber) => `Upgrade the delivery of order ${orderNumber}`,
    purpose: 'to choose a faster or specific-day delivery, until we dispatch it',
    action: 'Upgrade delivery',
  },
};

/**
 * For a guest with the order's number and the address it was placed with (checked as tracking
 * checks them): a new link, e-mailed to that address in the transaction that keeps it.
 */
export async function issueOrderLink(
  deps: { notifications: NotificationsService },
  ctx: CallerContext,
  orderNumber: string,
  emailAddress: string,
  purpose: OrderLinkPurpose,
  publicUrl: string,
): Promise<{ sentTo: string; expiresInHours: number }> {
  const order = await repository.findOrder(ctx.db, repository.byNumberAndEmail(orderNumber, emailAddress.trim()));
  if (!order) throw OrderErrors.notFound();
  const now = ctx.clock.now();
  await ctx.db.transaction(async (db) => {
    const { token, tokenHash, expiresAt } = await keepNewLink(db, order.id, now);
    const words = LINK_WORDS[purpose];
    const email = deps.notifications.renderEmail({
      subject: words.title(order.orderNumber),
      preheader: `The link works until ${londonDue(expiresAt, ' at ')}.`,
      heading: words.title(order.orderNumber),
      paragraphs: [
        `Hello ${order.customerName},`,
        `You asked for a link to order ${order.orderNumber}: ${words.purpose}.`,
        `The link works for ${ORDER_LINK_HOURS} hours, until ${londonDue(expiresAt, ' at ')}, and only for this order. Please do not forward it.`,
        'If you did not ask for it, you can ignore this e-mail: nothing about your order changes without the link.',
      ],
      action: { label: words.action, url: orderLinkUrl(publicUrl, token, purpose) },
      footnote: 'You are receiving this because an order was placed on Plumbline with this e-mail address.',
    });
    await deps.notifications.enqueueEmail({ db }, { to: order.emailAddress, ...email, template: 'orders.manage-link', dedupeKey: `order-link:${tokenHash}` });
  });
  return { sentTo: maskedEmailAddress(order.emailAddress), expiresInHours: ORDER_LINK_HOURS };
}

/**
 * A new link of the order's, kept in the caller's transaction: the order's lock makes the hourly count
 * and the new link one step, so links asked for at once count in turn.
 */
async function keepNewLink(db: Transaction, orderId: string, now: Date): Promise<{ token: string; tokenHash: string; expiresAt: Date }> {
  await repository.lockOrder(db, repository.byId(orderId));
  if ((await repository.linksIssuedSince(db, orderId, new Date(now.getTime() - HOUR), ORDER_LINK_HOURS)) >= ORDER_LINKS_PER_HOUR)
    throw OrderErrors.tooManyLinks();
  const token = newOpaqueId();
  const tokenHash = digestOfToken(token);
  const expiresAt = new Date(now.getTime() + ORDER_LINK_HOURS * HOUR);
  await repository.insertOrderLink(db, { tokenHash, orderId, createdAt: now, expiresAt });
  return { token, tokenHash, expiresAt };
}

/**
 * A link for the order's customer that staff send (decision 0092: changes prepared on the phone that
 * cost more, for the customer to pay): kept as an asked-for one, in the caller's transaction, for the
 * caller to e-mail in its own words to the order's address, and within the same hourly count.
 */
export async function customerLink(
  db: Transaction,
  order: { id: string; emailAddress: string },
  purpose: OrderLinkPurpose,
  now: Date,
  publicUrl: string,
): Promise<{ url: string; expiresAt: Date; sentTo: string }> {
  const { token, expiresAt } = await keepNewLink(db, order.id, now);
  return { url: orderLinkUrl(publicUrl, token, purpose), expiresAt, sentTo: maskedEmailAddress(order.emailAddress) };
}

/**
 * The link the order confirmation carries (decision 0053): kept like an asked-for one, by the
 * order's own insert (`repository.insertOrder`), but for ORDER_CONFIRMATION_LINK_DAYS, so the e-mail that states the right to
 * cancel can be used to cancel for as long as that right lasts.
 */
export function confirmationLink(now: Date): { token: string; tokenHash: string; expiresAt: Date } {
  const token = newOpaqueId();
  return { token, tokenHash: digestOfToken(token), expiresAt: new Date(now.getTime() + ORDER_CONFIRMATION_LINK_DAYS * 24 * HOUR) };
}

/** The order a link opens, while it works: an unknown or altered token is ORDER_LINK_INVALID, an old one ORDER_LINK_EXPIRED. */
export async function orderOfLink(ctx: CallerContext, token: string): Promise<{ order: OrderRow; expiresAt: Date }> {
  const found = token ? await repository.orderOfLink(ctx.db, digestOfToken(token)) : undefined;
  if (!found) throw OrderErrors.linkInvalid();
  if (found.expiresAt <= ctx.clock.now()) throw OrderErrors.linkExpired(ORDER_LINK_HOURS);
  return found;
}

/**
 * The order the caller may change: their own when signed in, else the one their link opens, which
 * must be this one. Without a link the refusal is the same whether or not the order exists, so
 * numbers cannot be probed through it.
 */
export async function provenOrder(ctx: CallerContext, orderNumber: string, proof: OrderProof): Promise<OrderRow> {
  const own = ctx.actor ? await repository.findOrder(ctx.db, repository.byNumberOfCustomer(orderNumber, ctx.actor.userId)) : undefined;
  if (own) return own;
  if (!proof.linkToken) throw OrderErrors.linkRequired(orderNumber);
  const { order } = await orderOfLink(ctx, proof.linkToken);
  if (order.orderNumber !== orderNumber) throw OrderErrors.linkInvalid();
  return order;
}
