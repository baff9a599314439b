import type { FastifyInstance } from 'fastify';
import { createFilesService } from '../files/index.ts';
import { registerEnquiriesRoutes } from './enquiry-forms.routes.ts';
import type { EnquiriesService } from './enquiries.service.ts';
import { registerInboxRoutes } from './inbox.routes.ts';

/** Enquiries' calls, under the help-centre service: the forms, feedback and careers; the staff inbox and reply links. */
export async function registerEnquiriesModuleRoutes(app: FastifyInstance, enquiries: EnquiriesService): Promise<void> {
  const files = createFilesService({ settings: app.platform.config.files });
  await registerEnquiriesRoutes(app, enquiries, files);
  registerInboxRoutes(app, enquiries, files);
}
