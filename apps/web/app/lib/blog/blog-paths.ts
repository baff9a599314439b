/** `/blog`'s address for a page of the list, a category or a tag (one filter at a time, as the API takes them). */
export function blogListPath(asked: { category?: string | null; tag?: string | null; page?: number }): string {
  const query = new URLSearchParams();
  if (asked.category) query.set('category', asked.category);
  if (asked.tag) query.set('tag', asked.tag);
  if (asked.page && asked.page > 1) query.set('page', String(asked.page));
  const search = query.toString();
  return search ? `/blog?${search}` : '/blog';
}
