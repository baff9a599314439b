/** The e-mail with the provider's verification link: pure content, sent through notifications' outbox. */
import type { EmailContent } from '../notifications/index.ts';

export function verificationEmail(input: { firstName: string; businessName: string; verificationUrl: string; publicUrl: string }): EmailContent {
  return {
    subject: 'Finish your application to pay on account',
    preheader: 'Verify your details with our trade credit provider, Two.',
    heading: 'Verify your details to pay on account',
    paragraphs: [
      `Hello ${input.firstName},`,
      `To pay on account (30 days) for ${input.businessName}, verify your details with Two, who provide our trade credit. It takes a couple of minutes.`,
      `The link is yours alone: do not forward this e-mail. You can ask for it again from your trade dashboard at ${input.publicUrl}/trade.`,
    ],
    action: { label: 'Verify your details', url: input.verificationUrl },
  };
}
