import type { FastifyInstance } from 'fastify';
import { createFilesService } from '../files/index.ts';
import { registerEnquiriesRoutes } from './enquiries.routes.ts';
import { registerInboxRoutes } from './inbox.routes.ts';
import { registerOrderRequestsRoutes } from './order-requests.routes.ts';
import type { HelpCentreService } from './help-centre.service.ts';

/** The help centre's calls: enquiries, feedback and careers; order self-service; the staff inbox. */
export async function registerHelpCentreRoutes(app: FastifyInstance, helpCentre: HelpCentreService): Promise<void> {
  const files = createFilesService({ settings: app.platform.config.files });
  await registerEnquiriesRoutes(app, helpCentre, files);
  await registerOrderRequestsRoutes(app, helpCentre, files);
  registerInboxRoutes(app, helpCentre, files);
}
