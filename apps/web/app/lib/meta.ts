/** Title and description tags for a page: "Toilets | Plumbline". */
export function pageMeta(title: string, description: string) {
  return [{ title: title === 'Plumbline' ? title : `${title} | Plumbline` }, { name: 'description', content: description }];
}

/**
 * The one address search engines should index a page under: filters, sort and variant choices
 * collapse onto the page itself; only a page number beyond the first is kept, since each listing
 * page holds different products.
 */
export function canonicalUrl(siteUrl: string, pathname: string, search: string): string {
  const page = Number(new URLSearchParams(search).get('page'));
  const path = pathname === '/' ? '/' : pathname.replace(/\/+$/, '');
  return `${siteUrl}${path}${Number.isInteger(page) && page > 1 ? `?page=${page}` : ''}`;
}
