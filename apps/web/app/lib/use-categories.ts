import { useRouteLoaderData } from 'react-router';
import type { loader as rootLoader } from '../root.tsx';
import { unpackedCategories, type NavigationCategory } from './catalogue.ts';

/** The category tree the root loader fetched; empty when the catalogue could not be reached. */
export function useCategories(): readonly NavigationCategory[] {
  return unpackedCategories(useRouteLoaderData<typeof rootLoader>('root')?.navigation.packedCategories ?? '');
}
