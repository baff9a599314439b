/**
 * Staff's timeline of a trade account with the provider (decision 0098): when it applied, its
 * proposal (a sole trader), the provider's decisions and events as its webhooks dated them, and its
 * decision asked now. The staff page sets the shop's own trade approval beside these, in one timeline.
 */
import { formatPenceShort, type CreditTimeline, type CreditTimelineEntry } from '@shop/contracts';
import { CreditProviderUnavailable } from './credit-provider.ts';
import type { TradeCreditContext, TradeCreditDeps } from './trade-credit.deps.ts';
import * as repository from './trade-credit.repository.ts';

export interface CreditTimelineService {
  creditTimeline(ctx: TradeCreditContext, tradeAccountId: number): Promise<CreditTimeline>;
}

/** The provider events shown: the latest, enough for a staff page. */
const EVENTS_SHOWN = 100;

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
      const [link, proposal, events] = await Promise.all([
        repository.findLink(ctx.db, tradeAccountId),
        repository.findProposalOf(ctx.db, tradeAccountId),
        repository.webhooksOf(ctx.db, tradeAccountId, EVENTS_SHOWN),
      ]);
      const entries: CreditTimelineEntry[] = [];
      if (link) entries.push({ at: link.createdAt.toISOString(), kind: 'applied', text: 'Applied to pay on account with Two' });
      if (proposal?.submittedAt) entries.push({ at: proposal.submittedAt.toISOString(), kind: 'proposal', text: PROPOSAL_WORDS.SUBMITTED! });
      if (proposal && proposal.status !== 'SUBMITTED' && proposal.status !== 'DRAFT' && PROPOSAL_WORDS[proposal.status])
        entries.push({ at: proposal.updatedAt.toISOString(), kind: 'proposal', text: PROPOSAL_WORDS[proposal.status]! });
      for (const { webhook } of events) {
        entries.push({ at: webhook.occurredAt.toISOString(), kind: webhook.type === 'credit.decision' ? 'decision' : 'event', text: webhook.summary });
      }
      return {
        entries: entries.toSorted((a, b) => a.at.localeCompare(b.at)),
        decisionNow: await decisionNow(ctx, link?.organisationNumber ?? null),
      };
    },
  };
}
