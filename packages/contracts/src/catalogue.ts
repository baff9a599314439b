import { z } from 'zod';
import { defineEndpoint, publicAccess } from './endpoint.ts';

export const CategoryLinkSchema = z.object({
  slug: z.string(),
  name: z.string(),
});

export const NavigationCategorySchema = CategoryLinkSchema.extend({
  description: z.string(),
  children: z.array(CategoryLinkSchema),
}).meta({ id: 'NavigationCategory' });

export const NavigationSchema = z
  .object({ categories: z.array(NavigationCategorySchema) })
  .meta({ id: 'Navigation' });

export type NavigationCategory = z.infer<typeof NavigationCategorySchema>;
export type Navigation = z.infer<typeof NavigationSchema>;

export const catalogueEndpoints = {
  getNavigation: defineEndpoint({
    service: 'catalogue',
    method: 'GET',
    path: '/Navigation',
    summary: 'The category tree shown in the header, footer and home page',
    description: 'Not one of the spec calls: the storefront needs the tree to build its navigation.',
    access: publicAccess,
    cacheSeconds: 300,
    responses: { 200: NavigationSchema },
  }),
} as const;
