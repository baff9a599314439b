import { CONTENT_FACTS, contentFactText, type ContentFact, type InlineText, type RichTextNode } from '@shop/contracts';

/**
 * Rich text as staff type it in a plain text box, and back (decision 0085): a blank line between
 * paragraphs, `## ` and `### ` for headings (`{#an-anchor}` after a heading's words gives it that anchor,
 * decision 0135), `- ` or `1. ` for list items, `> ` before each line of a quotation, `Table: caption` over
 * `a | b` rows (the first the columns' headings); within a line, `**bold**`, `_italic_`,
 * `[words](address)` for a link and `{fact}` for a fact of the shop's (`{shop.phone}`). What is typed
 * stays words: the API refuses markup and unsafe addresses, and the page draws every string as text.
 */

const INLINE = /\*\*(.+?)\*\*|(?<![\w])_(.+?)_(?![\w])|\[([^\]]+)\]\(([^)\s]+)\)|\{([a-z][a-z.-]*)\}/g;
const isFact = (name: string): name is ContentFact => Object.hasOwn(CONTENT_FACTS, name);

export function runsOfWords(line: string): InlineText[] {
  const runs: InlineText[] = [];
  let at = 0;
  for (const match of line.matchAll(INLINE)) {
    if (match.index > at) runs.push({ text: line.slice(at, match.index) });
    const [whole, bold, italic, label, href, fact] = match;
    if (bold !== undefined) runs.push({ text: bold, bold: true });
    else if (italic !== undefined) runs.push({ text: italic, italic: true });
    else if (label !== undefined) runs.push({ text: label, href });
    else if (fact !== undefined && isFact(fact)) runs.push({ text: contentFactText(fact, null) ?? CONTENT_FACTS[fact], fact });
    else runs.push({ text: whole });
    at = match.index + whole.length;
  }
  if (at < line.length) runs.push({ text: line.slice(at) });
  return runs.length > 0 ? runs : [{ text: '' }];
}

export function wordsOfRuns(runs: readonly InlineText[]): string {
  return runs
    .map((run) => {
      if (run.fact) return `{${run.fact}}`;
      if (run.href) return `[${run.text}](${run.href})`;
      if (run.bold) return `**${run.text}**`;
      if (run.italic) return `_${run.text}_`;
      return run.text;
    })
    .join('');
}

/** The nodes of what was typed; an empty box is no nodes. */
export function richTextOfWords(words: string): RichTextNode[] {
  const nodes: RichTextNode[] = [];
  for (const chunk of words.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    const lines = chunk
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    if (lines.length === 0) continue;
    const first = lines[0]!;
    if (/^#{2,3} /.test(first) && lines.length === 1) {
      // Whatever follows `{#` is the anchor as typed: the API says what an anchor may be.
      const [, text = '', anchor] = /^#{2,3} (.*?)(?:\s*\{#([^}]*)\})?$/.exec(first)!;
      nodes.push({ kind: 'heading', level: first.startsWith('### ') ? 3 : 2, text, ...(anchor !== undefined && { anchor }) });
    } else if (lines.every((line) => line.startsWith('>'))) {
      nodes.push({ kind: 'quote', paragraphs: lines.map((line) => runsOfWords(line.replace(/^>\s?/, ''))) });
    } else if (lines.every((line) => line.startsWith('- '))) {
      nodes.push({ kind: 'list', ordered: false, items: lines.map((line) => runsOfWords(line.slice(2))) });
    } else if (lines.every((line) => /^\d+\. /.test(line))) {
      nodes.push({ kind: 'list', ordered: true, items: lines.map((line) => runsOfWords(line.replace(/^\d+\. /, ''))) });
    } else if (first.startsWith('Table: ') && lines.length >= 3) {
      const cells = (line: string) => line.split('|').map((cell) => cell.trim());
      nodes.push({ kind: 'table', caption: first.slice(7), head: cells(lines[1]!), rows: lines.slice(2).map(cells) });
    } else {
      nodes.push({ kind: 'paragraph', content: runsOfWords(lines.join(' ')) });
    }
  }
  return nodes;
}

export function wordsOfRichText(nodes: readonly RichTextNode[]): string {
  return nodes
    .map((node) => {
      switch (node.kind) {
        case 'heading':
          return `${node.level === 3 ? '###' : '##'} ${node.text}${node.anchor ? ` {#${node.anchor}}` : ''}`;
        case 'quote':
          return node.paragraphs.map((line) => `> ${wordsOfRuns(line)}`).join('\n');
        case 'paragraph':
          return wordsOfRuns(node.content);
        case 'list':
          return node.items.map((item, index) => `${node.ordered ? `${index + 1}.` : '-'} ${wordsOfRuns(item)}`).join('\n');
        case 'table':
          return [`Table: ${node.caption}`, node.head.join(' | '), ...node.rows.map((row) => row.join(' | '))].join('\n');
      }
    })
    .join('\n\n');
}
