import { useRouteLoaderData } from 'react-router';
import type { loader as rootLoader } from '../root.tsx';
import type { NavigationCategory } from './catalogue.ts';

/** The category tree the root loader fetched; empty when the catalogue could not be reached. */
export function useCategories(): readonly NavigationCategory[] {
  return useRouteLoaderData<typeof rootLoader>('root')?.navigation.categories ?? [];
}
