import { HELP_REQUEST_ROUTING, type EnquiryAccepted } from '@shop/contracts';
import type { AccountDeletionRequestSchema } from '@shop/contracts';
import { TAX_RECORD_YEARS } from '../../platform/personal-data.ts';
import { newOpaqueId } from '../../platform/readable-codes.ts';
import type { EnquiriesDeps } from './enquiries.deps.ts';
import { EnquiryErrors } from './enquiries.errors.ts';
import * as repository from './enquiries.repository.ts';
import { summaryLine } from './enquiry-rules.ts';
import { contactOf, type Body, type Ctx } from './form-requests.ts';
import { HelpRequestErrors } from './help-requests.errors.ts';
import { hashToken, recordHelpRequest } from './help-requests.ts';

/** A request to erase an account: who asked, and proof it was them (decision 0030); accounts' erasure carries it out. */

/** What accounts' erasure reads of an account deletion request. */
export interface AccountDeletionRequest {
  id: string;
  reference: string;
  status: string;
  emailAddress: string;
  customerId: string | null;
  details: Record<string, unknown>;
}

type DeletionAccepted = EnquiryAccepted & { identityConfirmed: boolean };

export async function requestAccountDeletion(deps: EnquiriesDeps, ctx: Ctx, body: Body<typeof AccountDeletionRequestSchema>): Promise<DeletionAccepted> {
  const { notifications } = deps;
  const contact = contactOf(deps, ctx, body);
  // A session proves who is asking; a guest proves it by following a link sent to the address (decision 0030).
  const confirmed = ctx.actor !== null && ctx.actor !== undefined;
  const token = confirmed ? null : newOpaqueId();
  const accepted = await ctx.db.transaction(async (db) => {
    const recorded = await recordHelpRequest(
      deps,
      { db, clock: ctx.clock },
      {
        type: 'ACCOUNT_DELETION',
        ...contact,
        summary: summaryLine(confirmed ? 'Identity confirmed by signing in' : 'Waiting for the customer to confirm by e-mail', body.reason),
        details: { reason: body.reason, identityConfirmed: confirmed, ...(token ? { confirmTokenHash: hashToken(token) } : { confirmedBy: 'session' }) },
        message: body.reason,
        nextSteps: [
          ...(confirmed ? [] : ['First, confirm it is you: follow the link in the other e-mail we have just sent.']),
          'Our data protection officer will delete your account and personal details within one month, and tell you when it is done.',
          `We must keep the records of any orders (amounts, VAT and invoice details) for ${TAX_RECORD_YEARS} years for HMRC.`,
        ],
      },
    );
    if (token) {
      await notifications.enqueueEmail(
        { db },
        {
          to: contact.emailAddress,
          ...notifications.renderEmail({
            subject: `Confirm you want your account deleted: ${recorded.reference}`,
            heading: 'Confirm it is you',
            paragraphs: [
              `Hello ${contact.name},`,
              `We have a request to delete the account and personal details for ${contact.emailAddress} (reference ${recorded.reference}).`,
              'If it was you, confirm it with the button below. If it was not, ignore this e-mail: nothing will be deleted.',
            ],
            action: { label: 'Confirm the request', url: `${deps.publicUrl}/help/contact/confirm-deletion/${token}` },
            footnote: 'You are receiving this because someone asked us to delete the account for this address.',
          }),
          template: 'help-centre.erasure-confirm',
          dedupeKey: `erasure-confirm:${recorded.row.id}`,
        },
      );
    }
    return recorded;
  });
  return {
    reference: accepted.reference,
    dueAt: accepted.dueAt.toISOString(),
    team: HELP_REQUEST_ROUTING.ACCOUNT_DELETION.team,
    nextSteps: confirmed
      ? ['Our data protection officer will delete your account within one month.']
      : ['Check your e-mail and follow the link to confirm it is you.'],
    identityConfirmed: confirmed,
  };
}

export async function confirmAccountDeletion(ctx: Ctx, token: string): Promise<DeletionAccepted> {
  const row = await repository.confirmDeletionRequest(ctx.db, hashToken(token), ctx.clock.now());
  if (!row) throw EnquiryErrors.erasureLinkInvalid();
  return {
    reference: row.reference,
    dueAt: row.dueAt.toISOString(),
    team: HELP_REQUEST_ROUTING.ACCOUNT_DELETION.team,
    nextSteps: ['Our data protection officer will delete your account within one month, and tell you when it is done.'],
    identityConfirmed: true,
  };
}

/** An account deletion request, for accounts' erasure; 404 for another type or an unknown reference. */
export async function accountDeletionRequest(ctx: Ctx, reference: string): Promise<AccountDeletionRequest> {
  const row = await repository.helpRequestByReference(ctx.db, reference.trim().toUpperCase());
  if (!row || row.type !== 'ACCOUNT_DELETION') throw HelpRequestErrors.requestNotFound();
  const { id, status, emailAddress, customerId, details } = row;
  return { id, reference: row.reference, status, emailAddress, customerId, details };
}
