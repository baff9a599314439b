// The help centre's static pages. Titles and summaries live apart from the page bodies so the
// footer and header can link to them without pulling the page content into every bundle.
import { CHANGE_OF_MIND_RETURN_DAYS, REFUND_WITHIN_DAYS } from '@shop/contracts';

export interface HelpTopic {
  slug: string;
  title: string;
  summary: string;
  /** Answered by a page of its own elsewhere in the shop, not by a help page. */
  path?: string;
  /** What links to it say, where that differs from the title. */
  linkLabel?: string;
  /** Staff edit it: the content page of this slug is its body (decision 0085). */
  contentPage?: string;
}

export const HELP_TOPICS = [
  {
    slug: 'delivery',
    title: 'Delivery information',
    summary: 'Delivery options, prices, cut-off times and large-item delivery.',
    contentPage: 'delivery',
  },
  {
    slug: 'returns',
    title: 'Returns & refunds',
    summary: `${CHANGE_OF_MIND_RETURN_DAYS} days to change your mind, and refunds within ${REFUND_WITHIN_DAYS} days of getting the item back.`,
    contentPage: 'returns',
  },
  { slug: 'contact', title: 'Contact us', summary: 'Our telephone number, e-mail and postal addresses, opening hours, and who answers what.' },
  // The order tracker itself: order number and e-mail address.
  { slug: 'track-order', title: 'Track my order', summary: 'Where your order is: enter its number and your e-mail address.', path: '/track-order' },
  {
    slug: 'trade-accounts',
    title: 'Trade accounts',
    summary: 'Trade prices for plumbers, fitters and builders: the bands, applying and the trade terms.',
    contentPage: 'trade-accounts',
  },
  {
    slug: 'weee-recycling',
    title: 'WEEE recycling',
    summary: 'Free take-back of your old electrical item when you buy a new one.',
    contentPage: 'weee-recycling',
  },
] as const satisfies readonly HelpTopic[];

export type HelpTopicSlug = (typeof HELP_TOPICS)[number]['slug'];
/** The topics the help centre answers with a page of its own, written in code. */
export type HelpPageSlug = Exclude<(typeof HELP_TOPICS)[number], { path: string } | { contentPage: string }>['slug'];

const topicOf = (slug: HelpTopicSlug): HelpTopic => HELP_TOPICS.find((topic) => topic.slug === slug)!;

/** Where a topic is answered: its help page, or the page that does the job (tracking goes to the tracker). */
export const helpPath = (slug: HelpTopicSlug): string => topicOf(slug).path ?? `/help/${slug}`;

export const helpLinkLabel = (topic: HelpTopic): string => topic.linkLabel ?? topic.title;
