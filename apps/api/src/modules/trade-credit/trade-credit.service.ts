import { createHash } from 'node:crypto';
import type { CreditStatus, DelegationToken, MerchantCustomerUser, SoleTraderProposalSubmitData } from '@shop/contracts';
import { customerOf, holderOf as holderOfCaller, viaProvider as viaProviderOf, type Business } from './credit-access.ts';
import { DelegationRefused, ProposalStateRefused, type CreditCustomerKey, type ProviderCredit } from './credit-provider.ts';
import { verificationEmail } from './credit-emails.ts';
import { createCreditExposure, type CreditExposureService } from './exposure.ts';
import { createCreditRecovery, type CreditRecoveryService } from './credit-recovery.ts';
import { createOnAccountInvoices, type OnAccountInvoicesService } from './invoices.ts';
import { createOnAccountChanges, type OnAccountChanges } from './on-account-changes.ts';
import { createOnAccountPayments, type OnAccountPayments } from './on-account.ts';
import { createCreditTimeline, type CreditTimelineService } from './timeline.ts';
import { createCreditWebhooks, type CreditWebhooksService } from './webhooks.ts';
import { checkProposal } from './proposal-rules.ts';
import type { TradeCreditContext, TradeCreditDeps } from './trade-credit.deps.ts';
import { TradeCreditErrors } from './trade-credit.errors.ts';
import * as repository from './trade-credit.repository.ts';

/** Between two e-mails of the verification link, asked for by the customer. */
export const RESEND_INTERVAL_SECONDS = 300;

/**
 * Trade credit with the provider: the customer user, delegation tokens, a sole trader's proposal, the
 * link e-mailed again; paying on account (`on-account.ts`), its invoices (`invoices.ts`), staff's exposure report (`exposure.ts`)
 * the provider's webhooks (`webhooks.ts`) and the credits whose answers were lost (`credit-recovery.ts`).
 */
export interface TradeCreditService
  extends
    OnAccountPayments,
    OnAccountChanges,
    OnAccountInvoicesService,
    CreditExposureService,
    CreditWebhooksService,
    CreditTimelineService,
    CreditRecoveryService {
  getMerchantCustomerUser(ctx: TradeCreditContext): Promise<MerchantCustomerUser>;
  postMerchantCustomerUser(ctx: TradeCreditContext, input: { firstName?: string; lastName?: string }): Promise<MerchantCustomerUser>;
  getDelegationToken(ctx: TradeCreditContext): Promise<DelegationToken>;
  submitSoleTraderProposal(ctx: TradeCreditContext, id: string, input: SoleTraderProposalSubmitData): Promise<MerchantCustomerUser['proposal'] & {}>;
  resendApplicationNotificationEmail(ctx: TradeCreditContext): Promise<{ sentTo: string; sentAt: string; nextAllowedAt: string }>;
}

const DECISION_WORDS: Record<string, string> = {
  approved: 'You can pay on account, up to the amount available.',
  manual_review: 'Two are checking your business by hand. This usually takes a working day; we will show the result here.',
  insolvency: 'Two cannot offer credit to a business in insolvency. You can still pay by card.',
  insufficient_trading_history: 'Two need a longer trading history before offering credit. You can pay by card, and ask again in 6 months.',
  low_credit_score: 'Two cannot offer credit on the business’s current credit record. You can still pay by card.',
  company_dissolved: 'Companies House lists this company as dissolved. Check the company number on your trade account, or pay by card.',
  identity_not_verified: 'Two could not verify who runs the business. Verify your details with Two again, or pay by card.',
};
const ARREARS_WORDS = 'Your account with Two is overdue. Pay what is overdue to Two before ordering on account again; you can pay by card meanwhile.';

/** One attempt is one proposal with one delegation token: a retry replays it, and a new token (after one ran out) is a new attempt. */
const attemptKey = (id: string, token: string) => `credit-submit:${id}:${createHash('sha256').update(token).digest('hex').slice(0, 16)}`;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function createTradeCreditService(deps: TradeCreditDeps): TradeCreditService {
  const { provider } = deps;

  const viaProvider = <T>(ctx: TradeCreditContext, call: () => Promise<T>) => viaProviderOf(deps, ctx, call);
  const holderOf = (ctx: TradeCreditContext) => holderOfCaller(deps, ctx);

  /** The proposal as the provider has it now, written down here (and an accepted one's organisation number). */
  async function refreshedProposal(ctx: TradeCreditContext, holder: Business) {
    const row = await repository.findProposalOf(ctx.db, holder.tradeAccountId);
    if (!row || row.status === 'DRAFT' || ['ACCEPTED', 'DECLINED', 'WITHDRAWN'].includes(row.status)) return row;
    const now = await viaProvider(ctx, () => provider.getProposal(row.id));
    if (!now || now.status === row.status) return row;
    const at = ctx.clock.now();
    await repository.setProposalStatus(ctx.db, row.id, now.status, at);
    if (now.organisationNumber) await repository.saveLink(ctx.db, { ...linkKey(holder), organisationNumber: now.organisationNumber }, at);
    return { ...row, status: now.status };
  }

  const linkKey = (holder: Business) => ({ tradeAccountId: holder.tradeAccountId, businessId: holder.businessId, userId: holder.userId });

  function creditView(credit: ProviderCredit): CreditStatus {
    const inArrears = credit.arrearsPence > 0;
    const message = inArrears ? ARREARS_WORDS : DECISION_WORDS[credit.declineReason ?? credit.decision]!;
    return { ...credit, availablePence: inArrears ? 0 : credit.availablePence, message };
  }

  async function view(ctx: TradeCreditContext, holder: Business): Promise<MerchantCustomerUser> {
    const proposal = holder.businessType === 'sole_trader' ? await refreshedProposal(ctx, holder) : undefined;
    const link = await repository.findLink(ctx.db, holder.tradeAccountId);
    const customer = customerOf(holder, link);
    const [user, credit] = customer
      ? await viaProvider(ctx, () =>
          Promise.all([link?.providerUserId ? provider.findCustomerUser(customer, holder.userId) : Promise.resolve(null), provider.credit(customer)]),
        )
      : [null, null];
    return {
      provider: 'two',
      businessName: holder.businessName,
      businessType: holder.businessType,
      companyNumber: holder.businessType === 'sole_trader' ? null : holder.companyNumber,
      customerUser: user && {
        id: user.id,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        verified: user.verified,
        isLegalRep: user.isLegalRep,
        verificationUrl: user.verificationUrl,
      },
      proposal: proposal ? { id: proposal.id, status: proposal.status, tradingName: proposal.tradingName, submittedAt: iso(proposal.submittedAt) } : null,
      credit: credit && creditView(credit),
      lastNotifiedAt: iso(link?.lastNotifiedAt ?? null),
    };
  }

  /** E-mails the verification link through the outbox, once per slot: false when the last was within the interval. */
  async function sendLink(ctx: TradeCreditContext, holder: Business, user: { firstName: string; verificationUrl: string }): Promise<boolean> {
    const now = ctx.clock.now();
    const since = new Date(now.getTime() - RESEND_INTERVAL_SECONDS * 1000);
    return ctx.db.transaction(async (tx) => {
      if (!(await repository.claimNotification(tx, holder.tradeAccountId, since, now))) return false;
      const content = verificationEmail({
        firstName: user.firstName,
        businessName: holder.businessName,
        verificationUrl: user.verificationUrl,
        publicUrl: deps.publicUrl,
      });
      await deps.notifications.enqueueEmail(
        { db: tx },
        {
          to: holder.email,
          ...deps.notifications.renderEmail(content),
          template: 'trade-credit.verify',
          dedupeKey: `trade-credit-verify:${holder.tradeAccountId}:${now.getTime()}`,
        },
      );
      return true;
    });
  }

  return {
    ...createOnAccountPayments(deps),
    ...createOnAccountChanges(deps),
    ...createOnAccountInvoices(deps),
    ...createCreditExposure(deps),
    ...createCreditWebhooks(deps),
    ...createCreditTimeline(deps),
    ...createCreditRecovery(deps),

    async getMerchantCustomerUser(ctx) {
      return view(ctx, await holderOf(ctx));
    },

    async postMerchantCustomerUser(ctx, input) {
      const holder = await holderOf(ctx);
      const now = ctx.clock.now();
      await repository.saveLink(ctx.db, linkKey(holder), now);
      if (holder.businessType === 'sole_trader' && !(await repository.findProposalOf(ctx.db, holder.tradeAccountId))) {
        const proposal = await viaProvider(ctx, () =>
          provider.createProposal({ merchantUserId: holder.userId, email: holder.email }, `credit-proposal:${holder.tradeAccountId}`),
        );
        await repository.insertProposal(ctx.db, { id: proposal.id, tradeAccountId: holder.tradeAccountId, status: proposal.status }, now);
      }
      if (holder.businessType === 'sole_trader') await refreshedProposal(ctx, holder);
      const customer = customerOf(holder, await repository.findLink(ctx.db, holder.tradeAccountId));
      // A sole trader's customer user is made once the provider has accepted the proposal and given a number.
      if (customer) {
        const [first, ...rest] = holder.contactName.trim().split(/\s+/);
        const user = await viaProvider(ctx, () =>
          provider.createCustomerUser(
            customer,
            {
              email: holder.email,
              firstName: input.firstName ?? first ?? holder.contactName,
              lastName: input.lastName ?? (rest.join(' ') || (first ?? '')),
              merchantUserId: holder.userId,
              redirectUrl: `${deps.publicUrl}/trade`,
            },
            `credit-user:${holder.tradeAccountId}:${customer.organisationNumber}`,
          ),
        );
        const link = await repository.findLink(ctx.db, holder.tradeAccountId);
        // The number the provider knows the business by, kept for staff's exposure report.
        await repository.saveLink(ctx.db, { ...linkKey(holder), providerUserId: user.id, organisationNumber: customer.organisationNumber }, ctx.clock.now());
        if (!link?.providerUserId && !user.verified && user.verificationUrl)
          await sendLink(ctx, holder, { firstName: user.firstName, verificationUrl: user.verificationUrl });
      }
      return view(ctx, holder);
    },

    async getDelegationToken(ctx) {
      const holder = await holderOf(ctx);
      const link = await repository.findLink(ctx.db, holder.tradeAccountId);
      if (!link) throw TradeCreditErrors.userNotCreated();
      const proposal = holder.businessType === 'sole_trader' ? await repository.findProposalOf(ctx.db, holder.tradeAccountId) : undefined;
      const customer = customerOf(holder, link);
      let grant: { userId: string; customer: CreditCustomerKey | null; proposalId: string | null; scopes: ('create_proposal' | 'verify_returning_buyer')[] };
      if (proposal?.status === 'DRAFT') grant = { userId: holder.userId, customer: null, proposalId: proposal.id, scopes: ['create_proposal'] };
      else if (link.providerUserId && customer) grant = { userId: link.providerUserId, customer, proposalId: null, scopes: ['verify_returning_buyer'] };
      else throw TradeCreditErrors.userNotCreated();
      const token = await viaProvider(ctx, () => provider.createDelegationToken(grant));
      return { token: token.token, scopes: grant.scopes, expiresAt: token.expiresAt.toISOString() };
    },

    async submitSoleTraderProposal(ctx, id, input) {
      const holder = await holderOf(ctx);
      const proposal = await repository.findProposalOf(ctx.db, holder.tradeAccountId);
      if (!proposal || proposal.id !== id) throw TradeCreditErrors.proposalNotFound();
      const { delegationToken, ...entered } = input;
      const checked = checkProposal(entered, ctx.clock.now(), (text) => {
        const parsed = deps.delivery.parsePostcode(text);
        return parsed.ok ? { ok: true, normalised: parsed.postcode.normalised } : parsed;
      });
      if (!checked.ok) throw TradeCreditErrors.proposalInvalid(checked.field, checked.message);
      if (!(await repository.claimSubmission(ctx.db, id, checked.fields, ctx.clock.now()))) {
        throw TradeCreditErrors.proposalAlreadySubmitted((await repository.findProposalOf(ctx.db, holder.tradeAccountId))!.status);
      }
      try {
        const submitted = await viaProvider(ctx, () => provider.submitProposal(id, checked.fields, delegationToken, attemptKey(id, delegationToken)));
        if (submitted.status !== 'SUBMITTED') await repository.setProposalStatus(ctx.db, id, submitted.status, ctx.clock.now());
        return { id, status: submitted.status, tradingName: checked.fields.tradingName, submittedAt: iso(submitted.submittedAt ?? ctx.clock.now()) };
      } catch (error) {
        if (error instanceof ProposalStateRefused) {
          await repository.setProposalStatus(ctx.db, id, error.status, ctx.clock.now());
          throw TradeCreditErrors.proposalAlreadySubmitted(error.status);
        }
        // Not taken by the provider: the proposal is a draft again, holding nothing the provider was not told.
        await repository.releaseSubmission(ctx.db, id, ctx.clock.now());
        if (error instanceof DelegationRefused)
          throw error.reason === 'expired' ? TradeCreditErrors.delegationExpired() : TradeCreditErrors.delegationInvalid();
        throw error;
      }
    },

    async resendApplicationNotificationEmail(ctx) {
      const holder = await holderOf(ctx);
      const link = await repository.findLink(ctx.db, holder.tradeAccountId);
      const customer = customerOf(holder, link);
      if (!link?.providerUserId || !customer) throw TradeCreditErrors.userNotCreated();
      const user = await viaProvider(ctx, () => provider.findCustomerUser(customer, holder.userId));
      if (!user) throw TradeCreditErrors.userNotCreated();
      if (user.verified || !user.verificationUrl) throw TradeCreditErrors.alreadyVerified();
      const now = ctx.clock.now();
      if (!(await sendLink(ctx, holder, { firstName: user.firstName, verificationUrl: user.verificationUrl }))) {
        const last = (await repository.findLink(ctx.db, holder.tradeAccountId))?.lastNotifiedAt ?? now;
        const wait = Math.max(1, Math.ceil((last.getTime() + RESEND_INTERVAL_SECONDS * 1000 - now.getTime()) / 1000));
        throw TradeCreditErrors.resendTooSoon(wait);
      }
      return { sentTo: holder.email, sentAt: now.toISOString(), nextAllowedAt: new Date(now.getTime() + RESEND_INTERVAL_SECONDS * 1000).toISOString() };
    },
  };
}
