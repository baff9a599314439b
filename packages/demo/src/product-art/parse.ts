import { FINISH_SLUGS } from './palette.ts';
import type { View } from './views.ts';

export interface ProductImageRequest {
  family: string;
  finish: string;
  view: View;
}

// Longest first, so `matt-grey` is not read as family `…-matt` + `grey`.
const FINISHES_LONGEST_FIRST = FINISH_SLUGS.toSorted((a, b) => b.length - a.length);
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * `<family>-<finish>[-detail|-dimensions].svg` → its parts, read from the end (the family itself
 * has hyphens); null for anything else.
 */
export function parseProductImageFile(file: string): ProductImageRequest | null {
  if (file.length > 120 || !file.endsWith('.svg')) return null;
  let stem = file.slice(0, -'.svg'.length);
  if (!SLUG.test(stem)) return null;
  let view: View = 'main';
  for (const suffix of ['detail', 'dimensions'] as const) {
    if (stem.endsWith(`-${suffix}`)) {
      view = suffix;
      stem = stem.slice(0, -suffix.length - 1);
      break;
    }
  }
  const finish = FINISHES_LONGEST_FIRST.find((slug) => stem.endsWith(`-${slug}`));
  if (!finish) return null;
  const family = stem.slice(0, -finish.length - 1);
  return family ? { family, finish, view } : null;
}
