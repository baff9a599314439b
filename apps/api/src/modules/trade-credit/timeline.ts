/**
 * Staff's timeline of a trade account with the provider (decision 0098): when it applied, its
 * proposal (a sole trader), the provider's decisions and events as its webhooks dated them, each
 * order on account changed or its delivery upgraded after placing, with what it added or took off and
 * the new total on account (decisions 0101, 0104, 0106), each refund, return or cancellation credited to the account
 * as soon as the provider answered the shop (decision 0110), and its decision asked now. The staff page
 * sets the shop's own trade approval beside these, in one timeline.
 */
import { formatPenceShort, type CreditTimeline, type CreditTimelineEntry, type OnAccountChangeKind } from '@shop/contracts';
import { CreditProviderUnavailable } from './credit-provider.ts';
import type { TradeCreditContext, TradeCreditDeps } from './trade-credit.deps.ts';
import * as repository from './trade-credit.repository.ts';

export interface CreditTimelineService {
  creditTimeline(ctx: TradeCreditContext, tradeAccountId: number): Promise<CreditTimeline>;
}

/** The provider events shown, and the order changes: the latest, enough for a staff page. */
const EVENTS_SHOWN = 100;

/** An order on account changed after placing, as staff read it: what changed, by how much, and the new total on account. */
function orderChangeWords(orderNumber: string, change: { kind: OnAccountChangeKind; differencePence: number; totalAfterPence: number }): string {
  const what = change.kind === 'delivery_upgrade' ? `Delivery of order ${orderNumber} upgraded` : `Order ${orderNumber} changed`;
  const moved =
    change.differencePence >= 0
      ? `${formatPenceShort(change.differencePence)} added and agreed by Two`
      : `${formatPenceShort(-change.differencePence)} taken off and credited to the account`;
  return `${what}: ${moved}, new total on account ${formatPenceShort(change.totalAfterPence)}`;
}

/** A credit the shop asked for (a refund, a return, a cancellation), as staff read it: the provider's webhook about it only confirms it. */
export function creditWords(orderNumber: string, credit: { kind: 'refund' | 'cancellation' | 'edit'; amountPence: number; leftPence: number }): string {
  const amount = formatPenceShort(credit.amountPence);
  if (credit.kind === 'cancellation') return `Order ${orderNumber} cancelled: ${amount} credited to the account by Two, nothing left to pay on it`;
  const left = credit.leftPence > 0 ? `${formatPenceShort(credit.leftPence)} left on account` : 'nothing left to pay on it';
  // Before dispatch Two's order is made smaller (nothing was invoiced yet); after it, the invoice is credited.
  const what = credit.kind === 'edit' ? 'reduced before dispatch' : 'refunded';
  return `Order ${orderNumber} ${what}: ${amount} credited to the account by Two, ${left}`;
}

const PROPOSAL_WORDS: Record<string, string> = {
  SUBMITTED: 'Sole trader’s proposal sent to Two',
  REVIEWING: 'Two are reviewing the sole trader’s proposal',
  ACCEPTED: 'Two accepted the sole trader’s proposal',
  DECLINED: 'Two declined the sole trader’s proposal',
  WITHDRAWN: 'The sole trader’s proposal was withdrawn',
};

export function createCreditTimeline(deps: TradeCreditDeps): CreditTimelineService {
  async function decisionNow(ctx: TradeCreditContext, organisationNumber: string | null): Promise<string | null> {
    if (!organisationNumber) return null;
    try {
      const credit = await deps.provider.credit({ organisationNumber });
      if (!credit) return null;
      if (credit.decision !== 'approved')
        return `Two: ${credit.decision.replace('_', ' ')}${credit.declineReason ? ` (${credit.declineReason.replaceAll('_', ' ')})` : ''}`;
      const arrears = credit.arrearsPence > 0 ? `, ${formatPenceShort(credit.arrearsPence)} in arrears` : '';
      return `Two: approved on ${formatPenceShort(credit.limitPence)}, ${formatPenceShort(credit.availablePence)} available${arrears}`;
    } catch (error) {
      if (error instanceof CreditProviderUnavailable) return null;
      throw error;
    }
  }

  return {
    async creditTimeline(ctx, tradeAccountId) {
      const [link, proposal, events, changes, credits] = await Promise.all([
        repository.findLink(ctx.db, tradeAccountId),
        repository.findProposalOf(ctx.db, tradeAccountId),
        repository.webhooksOf(ctx.db, tradeAccountId, EVENTS_SHOWN),
        repository.orderChangesOf(ctx.db, tradeAccountId, EVENTS_SHOWN),
        repository.creditsOf(ctx.db, tradeAccountId, EVENTS_SHOWN),
      ]);
      const orders = await deps.orders.orderStates(ctx, [...new Set([...changes, ...credits].map((row) => row.orderId))]);
      const entries: CreditTimelineEntry[] = [];
      if (link) entries.push({ at: link.createdAt.toISOString(), kind: 'applied', text: 'Applied to pay on account with Two' });
      if (proposal?.submittedAt) entries.push({ at: proposal.submittedAt.toISOString(), kind: 'proposal', text: PROPOSAL_WORDS.SUBMITTED! });
      if (proposal && proposal.status !== 'SUBMITTED' && proposal.status !== 'DRAFT' && PROPOSAL_WORDS[proposal.status])
        entries.push({ at: proposal.updatedAt.toISOString(), kind: 'proposal', text: PROPOSAL_WORDS[proposal.status]! });
      for (const { webhook } of events) {
        entries.push({ at: webhook.occurredAt.toISOString(), kind: webhook.type === 'credit.decision' ? 'decision' : 'event', text: webhook.summary });
      }
      for (const { change, orderId } of changes) {
        const orderNumber = orders.get(orderId)?.orderNumber ?? orderId;
        entries.push({ at: change.at.toISOString(), kind: 'change', text: orderChangeWords(orderNumber, change) });
      }
      for (const { credit, orderId } of credits) {
        entries.push({ at: credit.at.toISOString(), kind: 'change', text: creditWords(orders.get(orderId)?.orderNumber ?? orderId, credit) });
      }
      return {
        entries: entries.toSorted((a, b) => a.at.localeCompare(b.at)),
        decisionNow: await decisionNow(ctx, link?.organisationNumber ?? null),
      };
    },
  };
}
