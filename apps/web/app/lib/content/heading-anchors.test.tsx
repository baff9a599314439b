import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ContentBlocks } from '../../components/content/content-blocks.tsx';
import type { DrawnBlock } from './drawn-page.ts';
import { anchorHeadings, pageContents } from './heading-anchors.ts';

const heading = (text: string, level: 2 | 3 = 2) => ({ kind: 'heading' as const, level, text });
const words = (text: string) => ({ kind: 'paragraph' as const, content: [{ text }] });

describe('heading anchors', () => {
  it('slug each heading’s words, unique on the page across blocks and FAQ answers, never the frame’s own ids', () => {
    const blocks: DrawnBlock[] = [
      { type: 'richText', body: [heading('Prices & payment'), words('…'), heading('Cookies'), heading('Your rights', 3)] },
      { type: 'faq', heading: 'Questions', items: [{ question: 'Cookies?', answer: [heading('Cookies'), words('Yes.')] }] },
      { type: 'richText', body: [heading('Cookies'), heading('Main'), heading('“ ”')] },
    ];
    const anchored = anchorHeadings(blocks);
    expect(pageContents(anchored)).toEqual([
      { id: 'prices-and-payment', text: 'Prices & payment' },
      { id: 'cookies', text: 'Cookies' },
      { id: 'cookies-3', text: 'Cookies' },
      { id: 'main-2', text: 'Main' },
      { id: 'section', text: '“ ”' },
    ]);
    expect(anchored[1]).toMatchObject({ items: [{ answer: [{ id: 'cookies-2' }, { kind: 'paragraph' }] }] });
    expect(anchorHeadings(anchored)).toEqual(anchored);
  });

  it('are the anchors staff gave, which no heading’s words take, even one before it', () => {
    const blocks: DrawnBlock[] = [
      { type: 'richText', body: [heading('Business customers'), { ...heading('If you buy for a business'), anchor: 'business-customers' }] },
    ];
    expect(pageContents(anchorHeadings(blocks))).toEqual([
      { id: 'business-customers-2', text: 'Business customers' },
      { id: 'business-customers', text: 'If you buy for a business' },
    ]);
  });

  it('draw a quotation set apart, its lines as paragraphs and its words as words', () => {
    const blocks: DrawnBlock[] = [
      {
        type: 'richText',
        body: [
          { kind: 'quote', paragraphs: [[{ text: 'To <b>us</b>, ' }, { text: 'help@example.com', href: 'mailto:help@example.com' }], [{ text: 'Date' }]] },
        ],
      },
    ];
    const Stub = createRoutesStub([{ path: '/', Component: () => <ContentBlocks blocks={blocks} /> }]);
    const html = renderToStaticMarkup(<Stub initialEntries={['/']} />);
    expect(html).toMatch(
      /<blockquote [^>]*><p>To &lt;b&gt;us&lt;\/b&gt;, <a href="mailto:help@example.com" class="link">help@example.com<\/a><\/p><p>Date<\/p><\/blockquote>/,
    );
  });

  it('are drawn as the headings’ ids, and words that look like markup stay words', () => {
    const blocks = anchorHeadings([{ type: 'richText', body: [heading('Your <b>rights</b>'), words('<script>alert(1)</script>'), heading('Your rights', 3)] }]);
    const Stub = createRoutesStub([{ path: '/', Component: () => <ContentBlocks blocks={blocks} /> }]);
    const html = renderToStaticMarkup(<Stub initialEntries={['/']} />);
    expect(html).toContain('<h2 id="your-b-rights-b" class="scroll-mt-6">Your &lt;b&gt;rights&lt;/b&gt;</h2>');
    expect(html).toContain('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
    expect(html).toContain('<h3 id="your-rights" class="scroll-mt-6">Your rights</h3>');
  });
});
