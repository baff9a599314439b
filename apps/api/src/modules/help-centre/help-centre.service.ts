import { createEnquiries, type EnquiriesService } from './enquiries.ts';
import { createInbox, type InboxService } from './inbox.ts';
import { createOrderRequests, type OrderRequestsService } from './order-requests.ts';
import type { HelpCentreDeps } from './help-centre.deps.ts';

/**
 * The help centre: enquiries, feedback and careers (`enquiries.ts`), order self-service
 * (`order-requests.ts`) and the staff inbox that answers them all (`inbox.ts`). Every request is
 * recorded the same way (`help-requests.ts`): a reference, a routing time and an acknowledgement.
 */
export type HelpCentreService = EnquiriesService & OrderRequestsService & InboxService;

export function createHelpCentreService(deps: HelpCentreDeps): HelpCentreService {
  return { ...createEnquiries(deps), ...createOrderRequests(deps), ...createInbox(deps) };
}
