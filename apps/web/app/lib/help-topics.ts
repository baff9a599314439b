// The help centre's static pages. Titles and summaries live apart from the page bodies so the
// footer and header can link to them without pulling the page content into every bundle.
export interface HelpTopic {
  slug: string;
  title: string;
  summary: string;
}

export const HELP_TOPICS = [
  { slug: 'delivery', title: 'Delivery information', summary: 'Delivery options, prices, cut-off times and large-item delivery.' },
  { slug: 'returns', title: 'Returns & refunds', summary: '30 days to change your mind, and refunds within 14 days of getting the item back.' },
  { slug: 'contact', title: 'Contact us', summary: 'Which team answers which question, and how quickly.' },
  { slug: 'track-order', title: 'Track my order', summary: 'Where your order is, and what to check when it arrives.' },
  { slug: 'trade-accounts', title: 'Trade accounts', summary: 'Trade prices from 5% to 20% off for plumbers, fitters and builders.' },
  { slug: 'weee-recycling', title: 'WEEE recycling', summary: 'Free take-back of your old electrical item when you buy a new one.' },
] as const satisfies readonly HelpTopic[];

export type HelpTopicSlug = (typeof HELP_TOPICS)[number]['slug'];

export const helpPath = (slug: HelpTopicSlug): string => `/help/${slug}`;
