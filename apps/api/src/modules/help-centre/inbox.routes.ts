import type { FastifyInstance } from 'fastify';
import type { FilesService } from '../files/index.ts';
import type { HelpCentreService } from './help-centre.service.ts';

export function registerInboxRoutes(_app: FastifyInstance, _helpCentre: HelpCentreService, _files: FilesService): void {}
