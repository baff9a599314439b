import {
  UNCONFIRMED_RETENTION_DAYS,
  NEWSLETTER_CONFIRM_DAYS,
  NEWSLETTER_RESEND_MINUTES,
  type NewsletterExport,
  type NewsletterSignup,
  type NewsletterSignupAccepted,
  type NewsletterStatus,
  type NewsletterSubscriberPage,
  type NewsletterSubscription,
} from '@shop/contracts';
import type { Database } from '../../db/client.ts';
import type { CallerContext, ServiceContext } from '../../platform/context.ts';
import type { Job } from '../../platform/jobs.ts';
import { digestOfToken, newOpaqueId } from '../../platform/readable-codes.ts';
import type { NotificationsService } from '../notifications/index.ts';
import { AccountsErrors } from './accounts.errors.ts';
import * as repository from './accounts.repository.ts';
import type { SubscriptionRow } from './accounts.repository.ts';

/**
 * The newsletter list with double opt-in (decision 0044). A sign-up stores a pending row and e-mails
 * a confirmation link; only following it (a POST from the page the link opens) subscribes. Every
 * answer to a sign-up is the same, so the call tells nobody whether an address is on the list.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const CONFIRM_MS = NEWSLETTER_CONFIRM_DAYS * DAY_MS;
const RESEND_MS = NEWSLETTER_RESEND_MINUTES * 60 * 1000;

export interface NewsletterDeps {
  notifications: Pick<NotificationsService, 'enqueueEmail' | 'renderEmail' | 'isSendableAddress' | 'shopDetails'>;
  /** The shop's address, for the confirm and unsubscribe links. */
  publicUrl: string;
}
type Db = Pick<ServiceContext, 'db'>['db'];

export const confirmUrlFor = (publicUrl: string, token: string) => `${publicUrl}/newsletter/confirm?token=${encodeURIComponent(token)}`;
export const unsubscribeUrlFor = (publicUrl: string, token: string) => `${publicUrl}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;

const iso = (date: Date | null) => date?.toISOString() ?? null;
const toSubscription = (row: SubscriptionRow): NewsletterSubscription => ({
  email: row.email,
  status: row.status,
  confirmedAt: iso(row.confirmedAt),
  unsubscribedAt: iso(row.unsubscribedAt),
});

/** A fresh confirmation link: its token goes in the e-mail, only its digest is stored. */
function newConfirmation(now: Date) {
  const token = newOpaqueId();
  return { token, stored: { confirmTokenHash: digestOfToken(token), confirmTokenExpiresAt: new Date(now.getTime() + CONFIRM_MS) } };
}

// No dedupe key on these e-mails: the address's locked row and its `confirmationSentAt` decide that one goes.
async function emailConfirmation(deps: NewsletterDeps, db: Database, row: SubscriptionRow, token: string) {
  const shop = deps.notifications.shopDetails();
  await deps.notifications.enqueueEmail(
    { db },
    {
      to: row.email,
      ...deps.notifications.renderEmail({
        subject: `Confirm your subscription to the ${shop.tradingName} newsletter`,
        preheader: 'One click and you are subscribed. Until then we send you nothing.',
        heading: 'Confirm your subscription',
        paragraphs: [
          `Someone, we hope you, asked for the ${shop.tradingName} newsletter to be sent to ${row.email}: ` +
            'bathroom ideas, new ranges and offers, one email a month at most.',
          `To subscribe, confirm with the button below. The link works for ${NEWSLETTER_CONFIRM_DAYS} days. ` +
            'Until you confirm, we will not send you the newsletter.',
          `If it was not you, ignore this email: we will send nothing more and delete the address within ${UNCONFIRMED_RETENTION_DAYS} days. ` +
            `To stop it now, open ${unsubscribeUrlFor(deps.publicUrl, row.unsubscribeToken)}`,
        ],
        action: { label: 'Confirm my subscription', url: confirmUrlFor(deps.publicUrl, token) },
        footnote:
          'You are receiving this because this address was entered in the newsletter sign-up form on our website. Every newsletter has a link to unsubscribe.',
      }),
      template: 'accounts.newsletter-confirm',
    },
  );
}

/** To a subscriber who signs up again: honest about it, without the page having said so to whoever typed the address. */
async function emailAlreadySubscribed(deps: NewsletterDeps, db: Database, row: SubscriptionRow) {
  const shop = deps.notifications.shopDetails();
  await deps.notifications.enqueueEmail(
    { db },
    {
      to: row.email,
      ...deps.notifications.renderEmail({
        subject: `You are already subscribed to the ${shop.tradingName} newsletter`,
        heading: 'You are already subscribed',
        paragraphs: [
          `Someone, we hope you, signed up for the ${shop.tradingName} newsletter with ${row.email}. ` +
            'This address already gets it, so there is nothing more to do.',
          `To stop the newsletter, open ${unsubscribeUrlFor(deps.publicUrl, row.unsubscribeToken)}`,
        ],
        footnote: 'You are receiving this because this address was entered in the newsletter sign-up form on our website.',
      }),
      template: 'accounts.newsletter-already-subscribed',
    },
  );
}

/**
 * Stores or renews the address's one row and queues at most one e-mail per resend window, in one
 * transaction. Sign-ups racing for one address meet at its unique key: the second waits for the
 * first to commit, then reads its row (locked) and finds an e-mail just sent.
 */
export async function signUp(deps: NewsletterDeps, ctx: CallerContext, input: NewsletterSignup): Promise<NewsletterSignupAccepted> {
  const email = input.email.trim();
  if (!deps.notifications.isSendableAddress(email)) throw AccountsErrors.newsletterEmailInvalid();
  const emailKey = email.toLowerCase();
  const now = ctx.clock.now();
  const source = input.source ?? null;
  await ctx.db.transaction(async (db) => {
    const first = newConfirmation(now);
    const inserted = await repository.insertSubscription(db, { email, emailKey, source, unsubscribeToken: newOpaqueId(), ...first.stored, now });
    if (inserted) {
      await emailConfirmation(deps, db, inserted, first.token);
      return;
    }
    const row = await repository.lockByEmailKey(db, emailKey);
    if (!row) throw new Error('A newsletter sign-up was neither stored nor found');
    const emailedRecently = row.confirmationSentAt !== null && now.getTime() - row.confirmationSentAt.getTime() < RESEND_MS;
    if (emailedRecently) {
      await repository.updateSubscription(db, row.id, { lastRequestedAt: now });
      return;
    }
    if (row.status === 'confirmed') {
      await repository.updateSubscription(db, row.id, { lastRequestedAt: now, confirmationSentAt: now });
      await emailAlreadySubscribed(deps, db, row);
      return;
    }
    // Waiting, or left and back: a new link (the old one stops working), consent asked again.
    const renewed = await repository.updateSubscription(db, row.id, {
      email,
      source,
      status: 'pending',
      confirmedAt: null,
      unsubscribedAt: null,
      ...first.stored,
      confirmationSentAt: now,
      lastRequestedAt: now,
    });
    await emailConfirmation(deps, db, renewed, first.token);
  });
  return { sentTo: email };
}

/** The row a confirmation link is for; a pending one whose link has expired is refused. */
async function byConfirmToken(db: Database, token: string, now: Date, lock: boolean): Promise<SubscriptionRow> {
  const row = await repository.findByConfirmTokenHash(db, digestOfToken(token), lock);
  if (!row) throw AccountsErrors.newsletterLinkInvalid();
  if (row.status === 'pending' && (!row.confirmTokenExpiresAt || row.confirmTokenExpiresAt <= now)) throw AccountsErrors.newsletterLinkExpired();
  return row;
}

export async function getConfirmation(ctx: Pick<CallerContext, 'db' | 'clock'>, token: string): Promise<NewsletterSubscription> {
  return toSubscription(await byConfirmToken(ctx.db, token, ctx.clock.now(), false));
}

/** Subscribes a pending address; confirming again changes nothing, and a link cannot undo an unsubscribe. */
export async function confirm(ctx: Pick<CallerContext, 'db' | 'clock'>, token: string): Promise<NewsletterSubscription> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (db) => {
    const row = await byConfirmToken(db, token, now, true);
    if (row.status !== 'pending') return toSubscription(row);
    return toSubscription(await repository.updateSubscription(db, row.id, { status: 'confirmed', confirmedAt: now }));
  });
}

async function byUnsubscribeToken(db: Database, token: string, lock: boolean): Promise<SubscriptionRow> {
  const row = await repository.findByUnsubscribeToken(db, token, lock);
  if (!row) throw AccountsErrors.newsletterLinkInvalid();
  return row;
}

export async function getUnsubscribe(ctx: Pick<CallerContext, 'db'>, token: string): Promise<NewsletterSubscription> {
  return toSubscription(await byUnsubscribeToken(ctx.db, token, false));
}

/** Leaves the list (pending or confirmed); a second time keeps the first time. */
export async function unsubscribe(ctx: Pick<CallerContext, 'db' | 'clock'>, token: string): Promise<NewsletterSubscription> {
  return ctx.db.transaction(async (db) => {
    const row = await byUnsubscribeToken(db, token, true);
    if (row.status === 'unsubscribed') return toSubscription(row);
    return toSubscription(await repository.updateSubscription(db, row.id, { status: 'unsubscribed', unsubscribedAt: ctx.clock.now() }));
  });
}

export async function listSubscribers(
  ctx: Pick<CallerContext, 'db'>,
  query: { status?: NewsletterStatus; email?: string; pageNumber: number; pageSize: number },
): Promise<NewsletterSubscriberPage> {
  const filter = { status: query.status, emailContains: query.email?.toLowerCase() };
  const [{ rows, total }, counts] = await Promise.all([
    repository.listSubscriptions(ctx.db, filter, { offset: (query.pageNumber - 1) * query.pageSize, limit: query.pageSize }),
    repository.countByStatus(ctx.db),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      email: row.email,
      status: row.status,
      source: row.source,
      createdAt: row.createdAt.toISOString(),
      lastRequestedAt: row.lastRequestedAt.toISOString(),
      confirmedAt: iso(row.confirmedAt),
      unsubscribedAt: iso(row.unsubscribedAt),
    })),
    pageNumber: query.pageNumber,
    pageSize: query.pageSize,
    totalCount: total,
    totalPages: Math.ceil(total / query.pageSize),
    counts,
  };
}

export async function exportConfirmed(ctx: Pick<CallerContext, 'db' | 'clock'>): Promise<NewsletterExport> {
  const rows = await repository.listConfirmed(ctx.db);
  return {
    items: rows.map((row) => ({ email: row.email, confirmedAt: row.confirmedAt!.toISOString(), source: row.source })),
    exportedAt: ctx.clock.now().toISOString(),
  };
}

const PRUNE_BATCH = 500;

/** Removes sign-ups never confirmed, UNCONFIRMED_RETENTION_DAYS after their latest request (decision 0044). */
export function unconfirmedSignupsPruning(): Job {
  return {
    name: 'newsletter-unconfirmed-pruning',
    everyMs: 60 * 60 * 1000,
    batchSize: PRUNE_BATCH,
    runOnce: async ({ db, clock }) => ({
      claimed: await pruneUnconfirmed({ db }, clock.now()),
    }),
  };
}

export function pruneUnconfirmed(ctx: { db: Db }, now: Date): Promise<number> {
  return repository.deleteUnconfirmedBefore(ctx.db, new Date(now.getTime() - UNCONFIRMED_RETENTION_DAYS * DAY_MS), PRUNE_BATCH);
}
