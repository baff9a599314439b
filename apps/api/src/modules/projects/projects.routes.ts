import type { FastifyInstance } from 'fastify';
import { projectEndpoints as endpoints } from '@shop/contracts';
import { bindEndpoint } from '../../platform/bind.ts';
import type { ProjectsService } from './projects.service.ts';

/** Share e-mails go to any address typed in: keep the shop from being used to send mail in bulk, from one account however many addresses it uses. */
export const SHARE_LIMIT = { max: 20, timeWindow: '1 minute', per: 'account' } as const;

export function registerProjectsRoutes(app: FastifyInstance, service: ProjectsService): void {
  bindEndpoint(app, endpoints.createProject, ({ ctx, body }) => service.createProject(ctx, body));
  bindEndpoint(app, endpoints.listProjects, ({ ctx, query }) => service.listProjects(ctx, query));
  bindEndpoint(app, endpoints.getProject, ({ ctx, params, query }) => service.getProject(ctx, params.projectId, query));
  bindEndpoint(app, endpoints.deleteProject, ({ ctx, params }) => service.deleteProject(ctx, params.projectId));
  bindEndpoint(app, endpoints.editProject, ({ ctx, params, body }) => service.editProject(ctx, params.projectId, body));
  bindEndpoint(app, endpoints.setItems, ({ ctx, params, body }) => service.setItems(ctx, params.projectId, body));
  bindEndpoint(app, endpoints.checkIfVariantsExistInProject, ({ ctx, params, body }) => service.checkIfVariantsExistInProject(ctx, params.projectId, body));
  bindEndpoint(app, endpoints.addAllToBasket, ({ ctx, params, body }) => service.addAllToBasket(ctx, params.projectId, body.basketId));
  bindEndpoint(app, endpoints.updateProjectItemVariant, ({ ctx, params, body }) => service.updateProjectItemVariant(ctx, params.projectId, body));
  bindEndpoint(app, endpoints.shareProject, ({ ctx, params, body }) => service.shareProject(ctx, params.projectId, body), { rateLimit: SHARE_LIMIT });
  bindEndpoint(app, endpoints.projectsOfOrder, ({ ctx, params }) => service.projectsOfOrder(ctx, params.orderNumber));
  bindEndpoint(app, endpoints.completeYourBathroom, ({ ctx, params }) => service.completeYourBathroom(ctx, params.projectId));
  bindEndpoint(app, endpoints.retrieveShares, ({ ctx, query, body }) => service.retrieveShares(ctx, query, body));
}
