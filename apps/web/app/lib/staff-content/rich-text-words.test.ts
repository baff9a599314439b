import { describe, expect, it } from 'vitest';
import type { RichTextNode } from '@shop/contracts';
import { richTextOfWords, wordsOfRichText } from './rich-text-words.ts';

describe('rich text typed as words', () => {
  const nodes: RichTextNode[] = [
    { kind: 'heading', level: 2, text: 'How refunds work' },
    {
      kind: 'paragraph',
      content: [
        { text: 'You have ' },
        { text: '30', fact: 'returns.change-of-mind-days' },
        { text: ' days; see our ' },
        { text: 'terms', href: '/terms' },
        { text: '.' },
      ],
    },
    {
      kind: 'list',
      ordered: false,
      items: [
        [{ text: 'One ' }, { text: 'bold', bold: true }],
        [{ text: 'Two ' }, { text: 'slanted', italic: true }],
      ],
    },
    { kind: 'list', ordered: true, items: [[{ text: 'First' }], [{ text: 'Second' }]] },
    { kind: 'heading', level: 3, text: 'Prices' },
    { kind: 'table', caption: 'Delivery', head: ['Option', 'Price'], rows: [['Standard', '£4.95']] },
    { kind: 'heading', level: 2, text: 'Model cancellation form', anchor: 'cancellation-form' },
    {
      kind: 'quote',
      paragraphs: [
        [{ text: 'To ' }, { text: 'The company’s name', fact: 'shop.legal-name' }, { text: ':' }],
        [{ text: 'I/We [*] hereby give notice' }],
        [{ text: 'Date' }],
      ],
    },
  ];

  it('comes back as the nodes it was written from', () => {
    const words = wordsOfRichText(nodes);
    expect(words).toContain('You have {returns.change-of-mind-days} days; see our [terms](/terms).');
    expect(richTextOfWords(words)).toEqual(nodes);
  });

  it('gives a heading the anchor typed in {#…} after its words, and makes each line after > a line of a quotation', () => {
    const words = wordsOfRichText(nodes);
    expect(words).toContain('## Model cancellation form {#cancellation-form}\n\n> To {shop.legal-name}:\n> I/We [*] hereby give notice\n> Date');
    // An anchor the API will refuse stays as typed, for it to say why.
    expect(richTextOfWords('### Business {#For Business}\n\n>No space\n> [form](#cancellation-form)')).toEqual([
      { kind: 'heading', level: 3, text: 'Business', anchor: 'For Business' },
      { kind: 'quote', paragraphs: [[{ text: 'No space' }], [{ text: 'form', href: '#cancellation-form' }]] },
    ]);
  });

  it('keeps what is not a known fact or a link as words, and an empty box is no nodes', () => {
    expect(richTextOfWords('Call {nobody} at 3<4 and [x](y z)')).toEqual([
      { kind: 'paragraph', content: [{ text: 'Call ' }, { text: '{nobody}' }, { text: ' at 3<4 and [x](y z)' }] },
    ]);
    expect(richTextOfWords(' \n\n ')).toEqual([]);
    expect(richTextOfWords('snake_case_words stay')).toEqual([{ kind: 'paragraph', content: [{ text: 'snake_case_words stay' }] }]);
  });
});

describe('the footer’s columns packed for every page', () => {
  it('come back as they went, with a tab or line break in words made a space', async () => {
    const { packFooterColumns, unpackFooterColumns } = await import('../content/frame-items.ts');
    const columns = [
      {
        heading: 'Help & advice',
        links: [
          { label: 'Delivery', href: '/help/delivery' },
          { label: 'Odd\tone', href: '/x' },
        ],
      },
      { heading: 'More', links: [{ label: 'Basket', href: '/basket' }] },
    ];
    expect(unpackFooterColumns(packFooterColumns(columns))).toEqual([
      {
        title: 'Help & advice',
        links: [
          { label: 'Delivery', to: '/help/delivery' },
          { label: 'Odd one', to: '/x' },
        ],
      },
      { title: 'More', links: [{ label: 'Basket', to: '/basket' }] },
    ]);
    expect(unpackFooterColumns('')).toEqual([]);
  });
});
