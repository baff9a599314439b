import type { ApiModule } from '../../platform/module.ts';
import type { FilesService } from '../files/index.ts';
import { enquiriesPersonalData } from './enquiries.personal-data.ts';
import { registerEnquiriesModuleRoutes } from './enquiries.routes.ts';
import type { EnquiriesService } from './enquiries.service.ts';
import { inboxDemoSeed } from './inbox.seed.ts';

export { createEnquiriesService, type EnquiriesService, type HelpRequestsService } from './enquiries.service.ts';
export type { AskedProductQuestion, EnquiriesDeps, ProductQuestionAsked } from './enquiries.deps.ts';
export type { AccountDeletionRequest } from './account-deletion.ts';
export type { HelpRequestInput, HelpRequestRecord, RecordedHelpRequest } from './help-requests.ts';
export { HelpRequestErrors } from './help-requests.errors.ts';

/**
 * Enquiries (issue 20, docs/domain.md §4 and §8.5): every contact form, feedback, careers, WEEE
 * take-back and price-match, and the staff inbox (`/staff/help`) that answers them and after-sales'
 * requests. Each request gets a reference and an acknowledgement e-mail, and lands in the inbox with
 * its routing time. `files` reads the forms' uploads (the service stores them).
 */
export function createEnquiriesModule({ enquiries, files }: { enquiries: EnquiriesService; files: FilesService }): ApiModule {
  return {
    name: 'enquiries',
    personalData: enquiriesPersonalData,
    registerRoutes: (app) => registerEnquiriesModuleRoutes(app, enquiries, files),
    // A few requests so the staff inbox has something to show.
    seeds: [inboxDemoSeed()],
  };
}
