import type { ApiModule } from '../../platform/module.ts';
import { helpCentrePersonalData } from './help-centre.personal-data.ts';
import { registerHelpCentreRoutes } from './help-centre.routes.ts';
import type { HelpCentreService } from './help-centre.service.ts';
import { inboxDemoSeed } from './inbox.seed.ts';

export { createHelpCentreService, type HelpCentreService } from './help-centre.service.ts';
export type { HelpCentreDeps } from './help-centre.deps.ts';
export { HelpCentreErrors } from './help-centre.errors.ts';
export type { AccountDeletionRequest } from './enquiries.ts';

/**
 * The help centre (issue 20, docs/domain.md §4 and §8.5): every enquiry form, feedback, careers,
 * order self-service (cancel, return, damaged or missing items, amend, questions, delivery terms,
 * VAT invoices) and the staff inbox (`/staff/help`) that answers them. Each request gets a reference
 * and an acknowledgement e-mail, and lands in the inbox with its routing time.
 */
export function createHelpCentreModule({ helpCentre }: { helpCentre: HelpCentreService }): ApiModule {
  return {
    name: 'help-centre',
    personalData: helpCentrePersonalData,
    registerRoutes: (app) => registerHelpCentreRoutes(app, helpCentre),
    // Back-in-stock e-mails, sent once when stock returns (stock-notifications.ts).
    jobs: (app) => helpCentre.enquiryJobs(app.platform.config.publicUrl),
    // A few requests so the staff inbox has something to show.
    seeds: [inboxDemoSeed()],
  };
}
