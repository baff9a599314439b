import type { FastifyInstance } from 'fastify';
import type { FilesService } from '../files/index.ts';
import { registerEnquiriesRoutes } from './enquiry-forms.routes.ts';
import type { EnquiriesService } from './enquiries.service.ts';
import { registerInboxRoutes } from './inbox.routes.ts';

/** Enquiries' calls, under the help-centre service: the forms, feedback and careers (`files` reads their uploads); the staff inbox and reply links. */
export async function registerEnquiriesModuleRoutes(app: FastifyInstance, enquiries: EnquiriesService, files: FilesService): Promise<void> {
  await registerEnquiriesRoutes(app, enquiries, files);
  registerInboxRoutes(app, enquiries);
}
