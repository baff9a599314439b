/**
 * The footer's columns staff edit travel in every page's data as one string (as the category tree
 * does, decision 0084): a column a line, its heading then each link's words and address, tab-separated.
 */
export interface FooterColumnLinks {
  title: string;
  links: { to: string; label: string }[];
}

const clean = (text: string) => text.replace(/[\t\n]/g, ' ');

export function packFooterColumns(columns: readonly { heading: string; links: readonly { label: string; href: string }[] }[]): string {
  return columns.map((column) => [column.heading, ...column.links.flatMap((link) => [link.label, link.href])].map(clean).join('\t')).join('\n');
}

export function unpackFooterColumns(packed: string): FooterColumnLinks[] {
  if (!packed) return [];
  return packed.split('\n').map((line) => {
    const [title = '', ...cells] = line.split('\t');
    const links: FooterColumnLinks['links'] = [];
    for (let index = 0; index + 1 < cells.length; index += 2) links.push({ label: cells[index]!, to: cells[index + 1]! });
    return { title, links };
  });
}
