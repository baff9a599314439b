/**
 * What the applicant is told at each step of their application: pure content, rendered by the
 * notifications module's layout and sent through its outbox.
 */
import { formatPence, type TradeApplicationStatus } from '@shop/contracts';
import type { EmailContent } from '../notifications/index.ts';
import type { TradeBand } from '../pricing/index.ts';

export interface ApplicationEmailInput {
  status: TradeApplicationStatus;
  applicantName: string;
  businessName: string;
  tradeExternalId: string;
  /** The step's words: the question, the reason, or (approval) nothing. */
  note: string | null;
  band: TradeBand | null;
  /** Submitted again after an answer, rather than for the first time. */
  resubmitted: boolean;
  publicUrl: string;
}

export function applicationEmail(input: ApplicationEmailInput): EmailContent {
  const page = `${input.publicUrl}/trade/application`;
  const greeting = `Hello ${input.applicantName},`;
  switch (input.status) {
    case 'submitted':
      return {
        subject: input.resubmitted ? 'We have your answer: your trade account application is back with us' : 'We have your trade account application',
        preheader: 'We review applications within 5 working days.',
        heading: input.resubmitted ? 'Thank you for your answer' : 'Thank you for applying',
        paragraphs: [
          greeting,
          `${input.resubmitted ? 'Your answer and your application for' : 'Your application for a trade account for'} ${input.businessName} ` +
            `${input.resubmitted ? 'are' : 'is'} with our trade team. We review applications within 5 working days and will e-mail you when we have.`,
          `Your reference is ${input.tradeExternalId}.`,
        ],
        action: { label: 'See your application', url: page },
      };
    case 'more_info_required':
      return {
        subject: 'We need a little more information about your trade account application',
        preheader: 'Answer our question to carry on with your application.',
        heading: 'We need a little more information',
        paragraphs: [
          greeting,
          `Before we can decide on the trade account for ${input.businessName}, our trade team asks:`,
          `“${input.note ?? ''}”`,
          'Answer on your application page and send it back to us. You can add documents there too.',
        ],
        action: { label: 'Answer our question', url: page },
      };
    case 'approved':
      return {
        subject: 'Your Plumbline trade account is open',
        preheader: input.band
          ? `You start on ${input.band.name}: ${formatBasisPoints(input.band.discountBasisPoints)} off our prices, ex VAT.`
          : 'Sign in to see your trade prices.',
        heading: 'Your trade account is open',
        paragraphs: [
          greeting,
          `We have approved the trade account for ${input.businessName}.`,
          ...(input.band
            ? [
                `You start on the ${input.band.name} band: ${formatBasisPoints(input.band.discountBasisPoints)} ` +
                  `off our prices before VAT. Your band goes up as your business spends more with us over 12 months.`,
              ]
            : []),
          'Sign out and sign in again to see your trade prices, then accept the trade account terms before your first trade order.',
        ],
        action: { label: 'Go to your trade dashboard', url: `${input.publicUrl}/trade` },
      };
    case 'disapproved':
      return {
        subject: 'Your trade account application',
        heading: 'We cannot open a trade account this time',
        paragraphs: [
          greeting,
          `We are sorry: we cannot open a trade account for ${input.businessName}.`,
          `Our trade team’s reason: “${input.note ?? ''}”`,
          'You can still shop with us at our retail prices, and you are welcome to apply again if things change.',
        ],
        action: { label: 'See your application', url: page },
      };
  }
}

/** The e-mail staff send when a band changes: also used when the spend moves it up. */
export function bandChangeEmail(input: { contactName: string; businessName: string; band: TradeBand; up: boolean; publicUrl: string }): EmailContent {
  return {
    subject: input.up ? `Your trade account has moved up to ${input.band.name}` : `Your trade band is now ${input.band.name}`,
    heading: input.up ? `You are now on ${input.band.name}` : `Your trade band has changed`,
    paragraphs: [
      `Hello ${input.contactName},`,
      `${input.businessName} is now on the ${input.band.name} band: ` +
        `${formatBasisPoints(input.band.discountBasisPoints)} off our prices before VAT, from your next order.`,
      ...(input.up ? [`That is thanks to your spend with us: ${formatPence(input.band.qualifyingSpendExVat)} or more, ex VAT, over 12 months.`] : []),
    ],
    action: { label: 'Go to your trade dashboard', url: `${input.publicUrl}/trade` },
  };
}

/** 1250 → "12.5%". */
export const formatBasisPoints = (basisPoints: number): string => `${Number((basisPoints / 100).toFixed(2))}%`;
