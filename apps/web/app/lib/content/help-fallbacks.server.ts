import type { ContentBlock } from '@shop/contracts';

/**
 * What a help page shows when its content page is missing, unpublished or the API cannot answer
 * (decision 0123): never a blank page. The shop's own tables still draw from the policy and the pricing
 * module, so a shopper still finds what delivery costs and what trade accounts earn; the rest says
 * where to turn.
 */
const unavailable: ContentBlock = {
  type: 'richText',
  body: [
    {
      kind: 'paragraph',
      content: [
        { text: 'We can’t show all of this page just now. Please try again in a few minutes, or ' },
        { text: 'contact us', href: '/help/contact' },
        { text: ' and we’ll answer your question.' },
      ],
    },
  ],
};
const heading = (text: string): ContentBlock => ({ type: 'richText', body: [{ kind: 'heading', level: 2, text }] });

export const HELP_PAGE_FALLBACKS: Readonly<Record<string, readonly ContentBlock[]>> = {
  delivery: [
    unavailable,
    heading('Delivery options and prices'),
    { type: 'shopTable', table: 'delivery-options' },
    heading('Highlands, islands and Northern Ireland'),
    { type: 'shopTable', table: 'remote-delivery-areas' },
  ],
  'trade-accounts': [
    unavailable,
    heading('Trade bands'),
    { type: 'shopTable', table: 'trade-bands' },
    { type: 'callToAction', heading: 'Trade prices on everything in the shop', linkLabel: 'Open a trade account', href: '/trade/apply' },
  ],
};

export const helpPageFallback = (slug: string): readonly ContentBlock[] => HELP_PAGE_FALLBACKS[slug] ?? [unavailable];
