import type { ApiModule } from '../../platform/module.ts';
import { contentPersonalData } from './content.personal-data.ts';
import { registerContentRoutes } from './content.routes.ts';
import type { ContentService } from './content.service.ts';

export { createContentService, type ContentService } from './content.service.ts';
export { ContentErrors } from './content.errors.ts';

/** Content pages of typed blocks and the global items every page shares (`ContentService`), under the site service's paths. */
export function createContentModule({ content }: { content: ContentService }): ApiModule {
  return {
    name: 'content',
    personalData: contentPersonalData,
    registerRoutes: (app) => registerContentRoutes(app, content),
  };
}
