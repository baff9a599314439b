import type { GlobalItemContent, GlobalItemEditing, GlobalItemId } from '@shop/contracts';
import { toLocalInput } from '../staff-discounts/form.ts';

/**
 * A global item's plain form (decision 0085): the announcement bar's fields, or the footer's columns
 * and the delivery promises typed one a line, with the start and end in UK time.
 */
export type ItemFields = Partial<Record<'text' | 'linkLabel' | 'href' | 'lines' | 'startsAt' | 'endsAt', string>>;

const cells = (line: string) => line.split('|').map((cell) => cell.trim());

export function itemFieldsOf(id: GlobalItemId, item: GlobalItemEditing | null): ItemFields {
  const schedule = { startsAt: item?.startsAt ? toLocalInput(new Date(item.startsAt)) : '', endsAt: item?.endsAt ? toLocalInput(new Date(item.endsAt)) : '' };
  if (!item) return schedule;
  if (id === 'announcement-bar') {
    const content = item.content as GlobalItemContent<'announcement-bar'>;
    return { ...schedule, text: content.text, linkLabel: content.linkLabel ?? '', href: content.href ?? '' };
  }
  if (id === 'footer-columns') {
    const { columns } = item.content as GlobalItemContent<'footer-columns'>;
    return {
      ...schedule,
      lines: columns.map((column) => [`## ${column.heading}`, ...column.links.map((link) => `${link.label} | ${link.href}`)].join('\n')).join('\n\n'),
    };
  }
  const { promises } = item.content as GlobalItemContent<'delivery-promises'>;
  return { ...schedule, lines: promises.map((promise) => [promise.heading, promise.text, ...(promise.href ? [promise.href] : [])].join(' | ')).join('\n') };
}

/** The item's content as sent to the API, which checks it and says what is wrong. */
export function contentOfItemFields(id: GlobalItemId, fields: ItemFields): Record<string, unknown> {
  const optional = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);
  if (id === 'announcement-bar') return { text: fields.text ?? '', linkLabel: optional(fields.linkLabel), href: optional(fields.href) };
  const lines = (fields.lines ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (id === 'footer-columns') {
    const columns: { heading: string; links: { label: string; href: string }[] }[] = [];
    for (const line of lines) {
      if (line.startsWith('## ')) columns.push({ heading: line.slice(3).trim(), links: [] });
      else {
        const [label = '', href = ''] = cells(line);
        if (columns.length === 0) columns.push({ heading: '', links: [] });
        columns.at(-1)!.links.push({ label, href });
      }
    }
    return { columns };
  }
  return {
    promises: lines.map((line) => {
      const [heading = '', text = '', href] = cells(line);
      return { heading, text, href: optional(href) };
    }),
  };
}
