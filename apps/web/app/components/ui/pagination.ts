export type PageItem = number | 'gap';

/**
 * The page numbers to show: always the first and last page, the current page with `siblings`
 * either side, and a gap where pages are left out. A gap never hides a single page (showing the
 * page is as short as showing the ellipsis).
 */
export function paginationItems(current: number, total: number, siblings = 1): PageItem[] {
  if (total <= 0) return [];
  const page = Math.min(Math.max(current, 1), total);
  const start = Math.max(2, page - siblings);
  const end = Math.min(total - 1, page + siblings);
  const items: PageItem[] = [1];
  if (start === 3) items.push(2);
  else if (start > 3) items.push('gap');
  for (let n = start; n <= end; n++) items.push(n);
  if (end === total - 2) items.push(total - 1);
  else if (end < total - 2) items.push('gap');
  if (total > 1) items.push(total);
  return items;
}
