import type { HelpCentreDeps } from './help-centre.service.ts';

/** (Being built: issue 20.) */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface InboxService {}

export function createInbox(_deps: HelpCentreDeps): InboxService {
  return {};
}
