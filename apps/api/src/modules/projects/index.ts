import type { ApiModule } from '../../platform/module.ts';
import { projectsPersonalData } from './projects.personal-data.ts';
import { registerProjectsRoutes } from './projects.routes.ts';
import type { ProjectsService } from './projects.service.ts';

export { ALL_MY_PROJECTS, createProjectsService, type ProjectsService } from './projects.service.ts';
export type { ProjectsDeps } from './projects.deps.ts';
export { ProjectErrors } from './projects.errors.ts';

/**
 * Projects (`ProjectsService`): a customer's named lists of products for a job, each viewer shown
 * their own prices, shared by e-mail as view or edit, added to the basket in one step with every
 * line not added reported, and the orders placed from them remembered.
 */
export function createProjectsModule({ projects }: { projects: ProjectsService }): ApiModule {
  return { name: 'projects', registerRoutes: (app) => registerProjectsRoutes(app, projects), personalData: projectsPersonalData };
}
