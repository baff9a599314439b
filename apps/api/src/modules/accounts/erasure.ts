import type { ErasurePlan, PersonalDataStoreView } from '@shop/contracts';
import type { ServiceContext } from '../../platform/context.ts';
import { TAX_RECORD_YEARS, type DataSubject, type ErasedRecords, type PersonalDataStore } from '../../platform/personal-data.ts';
import type { FilesService } from '../files/index.ts';
import type { EnquiriesService } from '../enquiries/index.ts';
import type { IdentityService } from '../identity/index.ts';
import type { OrdersService } from '../orders/index.ts';
import type { PaymentsService } from '../payments/index.ts';
import { AccountsErrors } from './accounts.errors.ts';
import { createErasureFollowups, followupsOf, type FollowupContext } from './erasure-followups.ts';
import * as repository from './erasure.repository.ts';

type Ctx = ServiceContext;

/** A module's store, named by the module that declares it. */
export interface DeclaredStore {
  module: string;
  store: PersonalDataStore;
}

export interface ErasureDeps {
  identity: IdentityService;
  orders: OrdersService;
  /** The account deletion requests (the help centre's forms) that erasure answers. */
  requests: Pick<EnquiriesService, 'accountDeletionRequest' | 'noteErasure'>;
  /** Every module's declared stores, in module order (api.ts gathers them from the modules). */
  stores: readonly DeclaredStore[];
  /** What lies outside the database: the uploaded files and the payment provider's customers. */
  files: FilesService;
  payments: Pick<PaymentsService, 'gateway'>;
}

/**
 * UK GDPR erasure (docs/domain.md §10.2): what erasing the person behind an account deletion request
 * will do, store by store, and doing it. Every module's stores are erased in one transaction; the
 * files and the payment provider's customer they name are forgotten after it commits, since neither
 * can take part in it: recorded in the transaction, tried at once, and retried by a job until done.
 */
export interface ErasureService {
  erasurePlan(ctx: Ctx, reference: string): Promise<ErasurePlan>;
  carryOutErasure(ctx: Ctx, reference: string): Promise<ErasurePlan>;
  /** One pass of the `erasure-followups` job: the deletions outside the database that are due again. */
  retryFollowups(ctx: FollowupContext): Promise<{ claimed: number }>;
}

/** What the request's details record once it is carried out. */
interface ErasureRecord {
  identityConfirmed?: boolean;
  erasedAt?: string;
  erasedUserId?: string | null;
  erasedStores?: PersonalDataStoreView[];
}

const view = ({ module, store }: DeclaredStore, records: number): PersonalDataStoreView => ({
  module,
  label: store.label,
  effect: store.onErasure.effect,
  records,
  foundBy: [...store.foundBy],
  remains: store.onErasure.effect === 'anonymised' ? store.onErasure.remains : null,
  reason: store.onErasure.effect === 'kept' ? store.onErasure.reason : null,
  period: store.onErasure.effect === 'kept' ? store.onErasure.period : null,
});

/** "Until the customer asks" → "until the customer asks", inside a sentence; "HMRC …" stays as it is. */
const midSentence = (text: string) => (/^[A-Z][a-z]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text);

/** The sentence the plan's short lists give a store: what goes, or what stays, for how long and why. */
const sentence = (store: PersonalDataStoreView) =>
  store.effect === 'kept'
    ? `${store.label}: kept, ${midSentence(store.period ?? '')}. ${store.reason}`
    : `${store.label}: ${store.effect}${store.remains ? `. ${store.remains}` : ''}`;

export function createErasureService(deps: ErasureDeps): ErasureService {
  const { identity, orders, requests, stores } = deps;
  const followups = createErasureFollowups(deps);

  async function subjectOf(ctx: Ctx, request: Awaited<ReturnType<typeof requests.accountDeletionRequest>>) {
    const record = request.details as ErasureRecord;
    const profile = request.customerId ? await identity.getUserProfile(ctx, request.customerId) : await identity.findUserByEmail(ctx, request.emailAddress);
    const live = profile && !record.erasedAt ? profile : null;
    const addresses = [request.emailAddress, ...(live ? [live.email] : [])].map((address) => address.trim().toLowerCase());
    const subject: DataSubject = { userId: profile?.id ?? record.erasedUserId ?? null, emailAddresses: [...new Set(addresses)] };
    return { subject, account: live, record };
  }

  async function planFor(ctx: Ctx, reference: string): Promise<ErasurePlan> {
    const request = await requests.accountDeletionRequest(ctx, reference);
    const { subject, account, record } = await subjectOf(ctx, request);
    const placed = subject.userId
      ? (await orders.listMyOrders({ ...ctx, actor: { userId: subject.userId, roles: ['shopper'] } }, 1, 100)).items.map((order) => ({
          orderNumber: order.orderNumber,
          placedAt: order.placedAt,
          keepUntil: `${Number(order.placedAt.slice(0, 4)) + TAX_RECORD_YEARS}${order.placedAt.slice(4, 10)}`,
        }))
      : [];
    // Once carried out, the plan shows what was done; before, what each store holds about the person now.
    const views = record.erasedStores ?? (await Promise.all(stores.map(async (declared) => view(declared, await declared.store.count(ctx.db, subject)))));
    const found = views.filter((store) => store.records > 0 || store.effect === 'kept');
    return {
      reference: request.reference,
      status: request.status,
      emailAddress: request.emailAddress,
      identityConfirmed: record.identityConfirmed === true,
      account: account ? { userId: account.id, name: account.name, email: account.email } : null,
      erase: found.filter((store) => store.effect !== 'kept' && store.records > 0).map(sentence),
      // The deletion request itself is one of the kept stores (help-centre's), with its reason.
      keep: found.filter((store) => store.effect === 'kept').map(sentence),
      orders: placed,
      stores: views,
      afterwards: record.erasedAt ? await followups.summary(ctx, request.reference) : null,
      erasedAt: record.erasedAt ?? null,
    };
  }

  return {
    erasurePlan: planFor,
    retryFollowups: (ctx) => followups.tryDue(ctx),

    async carryOutErasure(ctx, reference) {
      const request = await requests.accountDeletionRequest(ctx, reference);
      const { subject, record } = await subjectOf(ctx, request);
      if (record.identityConfirmed !== true) throw AccountsErrors.erasureNotConfirmed();
      if (record.erasedAt) return planFor(ctx, reference);
      const now = ctx.clock.now();
      await ctx.db.transaction(async (tx) => {
        const done: { declared: DeclaredStore; records: ErasedRecords }[] = [];
        for (const declared of stores) {
          const records = declared.store.erase ? await declared.store.erase(tx, subject, now) : { rows: await declared.store.count(tx, subject) };
          done.push({ declared, records });
        }
        const erasure: ErasureRecord = {
          erasedAt: now.toISOString(),
          erasedUserId: subject.userId,
          erasedStores: done.map(({ declared, records }) => view(declared, records.rows)),
        };
        await requests.noteErasure({ ...ctx, db: tx }, request.id, { ...erasure, erasedBy: ctx.actor?.name ?? null });
        // Owed outside the database, and committed with the erasure, so an outage cannot lose one.
        await repository.insertFollowups(tx, request.reference, followupsOf(done.map(({ records }) => records)), now);
      });
      await followups.tryDue(ctx, request.reference);
      return planFor(ctx, reference);
    },
  };
}
