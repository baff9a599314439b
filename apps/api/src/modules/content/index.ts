import type { ApiModule } from '../../platform/module.ts';
import { blogPostsSeed } from './blog.seed.ts';
import { contentPersonalData } from './content.personal-data.ts';
import { registerContentRoutes } from './content.routes.ts';
import type { ContentService } from './content.service.ts';
import type { FilesService } from '../files/index.ts';

export { createContentService, type ContentService } from './content.service.ts';
export { ContentErrors } from './content.errors.ts';
export { CONTENT_IMAGE_CLEANUP_JOB } from './content-image-cleanup.ts';

/**
 * Content pages of typed blocks and the global items every page shares (`ContentService`), under the
 * site service's paths, and the blog (the content service's `POST /Blogs`), seeded with the demo's posts; pictures uploaded for pages
 * that no kept version uses are removed a week after their upload (job `content-image-cleanup`, daily).
 */
export function createContentModule({ content, files, demoProducts }: { content: ContentService; files: FilesService; demoProducts?: number }): ApiModule {
  return {
    name: 'content',
    personalData: contentPersonalData,
    seeds: [blogPostsSeed(content, demoProducts)],
    registerRoutes: (app) => registerContentRoutes(app, content, files),
    jobs: () => [content.imageCleanupJob()],
  };
}
