import type { ServiceContext } from '../../platform/context.ts';
import type { EnquiriesDeps, ProductQuestionAsked } from './enquiries.deps.ts';
import * as repository from './enquiries.repository.ts';
import { createEnquiryForms, type EnquiryFormsService } from './enquiry-forms.ts';
import { recordHelpRequest, type HelpRequestInput, type HelpRequestRecord, type RecordedHelpRequest } from './help-requests.ts';
import { createInbox, type InboxService } from './inbox.ts';

/** The help requests every part of the help centre records: after-sales records its own through these. */
export interface HelpRequestsService {
  /** Records a request in the caller's transaction with its reference and routing time, and queues its acknowledgement. */
  recordHelpRequest(ctx: Pick<ServiceContext, 'db' | 'clock'>, input: HelpRequestInput): Promise<RecordedHelpRequest>;
  helpRequestByReference(ctx: Pick<ServiceContext, 'db'>, reference: string): Promise<HelpRequestRecord | undefined>;
  helpRequestById(ctx: Pick<ServiceContext, 'db'>, id: string): Promise<HelpRequestRecord | undefined>;
  /** Units of `skus` reported damaged on delivery (reviews' product insights, through after-sales). */
  unitsReportedDamaged(ctx: Pick<ServiceContext, 'db'>, skus: readonly string[]): Promise<number>;
  /**
   * Subscribes a listener to publishable product questions (reviews files them for moderation);
   * answers the way to unsubscribe. `composeApi` subscribes it, in plain sight.
   */
  onProductQuestion(listener: ProductQuestionAsked): () => void;
}

/**
 * Enquiries: the contact forms, feedback, careers, WEEE take-back and price-match (`enquiry-forms.ts`),
 * and the staff inbox that answers every help request (`inbox.ts`). Every request is recorded the
 * same way (`help-requests.ts`): a reference, a routing time and an acknowledgement.
 */
export type EnquiriesService = EnquiryFormsService & InboxService & HelpRequestsService;

export function createEnquiriesService(deps: EnquiriesDeps): EnquiriesService {
  const listeners = new Set<ProductQuestionAsked>();
  const productQuestionAsked: ProductQuestionAsked = async (ctx, question) => {
    for (const listener of listeners) await listener(ctx, question);
  };
  return {
    ...createEnquiryForms({ ...deps, productQuestionAsked }),
    ...createInbox(deps),
    recordHelpRequest: (ctx, input) => recordHelpRequest(deps, ctx, input),
    helpRequestByReference: (ctx, reference) => repository.helpRequestByReference(ctx.db, reference),
    helpRequestById: (ctx, id) => repository.helpRequestById(ctx.db, id),
    unitsReportedDamaged: (ctx, skus) => repository.unitsReportedDamaged(ctx.db, skus),
    onProductQuestion: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
