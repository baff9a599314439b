/**
 * What makes an application (or a business's details) acceptable, and which reviewer's step an
 * application's status allows, pure. Numbers and the postcode are written as they are stored.
 */
import type { TradeApplicationStatus, TradeBusinessDetails } from '@shop/contracts';
import type { DeliveryService } from '../delivery/index.ts';
import { companyNumberProblem, normaliseBusinessNumber, vatNumberProblem } from './business-numbers.ts';

export type DetailsProblem = { kind: 'company-number' | 'vat-number' | 'postcode' | 'incomplete'; field: string; message: string };

/** The details as stored, or the first problem with them, named by field (the postcode checked by delivery's rule). */
export function checkBusinessDetails<T extends TradeBusinessDetails>(
  deps: { delivery: Pick<DeliveryService, 'parsePostcode'> },
  details: T,
): { ok: true; details: T } | { ok: false; problem: DetailsProblem } {
  const companyNumber = details.companyNumber ? normaliseBusinessNumber(details.companyNumber) : undefined;
  const vatNumber = details.vatNumber ? normaliseBusinessNumber(details.vatNumber) : undefined;
  if (details.trade === 'other' && !details.tradeOther) {
    return { ok: false, problem: { kind: 'incomplete', field: 'tradeOther', message: 'Enter what your business does' } };
  }
  const companyProblem = companyNumberProblem(details.businessType, companyNumber ?? null);
  if (companyProblem) {
    return { ok: false, problem: { kind: companyNumber ? 'company-number' : 'incomplete', field: 'companyNumber', message: companyProblem } };
  }
  const vatProblem = vatNumberProblem(vatNumber ?? null);
  if (vatProblem) return { ok: false, problem: { kind: 'vat-number', field: 'vatNumber', message: vatProblem } };
  const postcode = deps.delivery.parsePostcode(details.address.postcode);
  if (!postcode.ok) return { ok: false, problem: { kind: 'postcode', field: 'address.postcode', message: 'Enter a real UK postcode, like SW1A 1AA' } };
  return {
    ok: true,
    details: {
      ...details,
      companyNumber,
      vatNumber,
      tradeOther: details.trade === 'other' ? details.tradeOther : undefined,
      address: { ...details.address, postcode: postcode.postcode.normalised },
    },
  };
}

export type ReviewAction = 'approve' | 'disapprove' | 'requireMoreInfo';

/** The statuses each reviewer's step may start from. An unanswered question can still be turned down. */
export const REVIEWABLE_FROM: Record<ReviewAction, readonly TradeApplicationStatus[]> = {
  approve: ['submitted'],
  disapprove: ['submitted', 'more_info_required'],
  requireMoreInfo: ['submitted'],
};

/** Why a step cannot be taken from a status, or null when it can. */
export function reviewRefusal(action: ReviewAction, status: TradeApplicationStatus): 'already-decided' | 'awaiting-answer' | null {
  if (REVIEWABLE_FROM[action].includes(status)) return null;
  return status === 'approved' || status === 'disapproved' ? 'already-decided' : 'awaiting-answer';
}

/** Statuses in which the applicant's application is open: one at a time, and documents can be added. */
export const OPEN_STATUSES: readonly TradeApplicationStatus[] = ['submitted', 'more_info_required'];
