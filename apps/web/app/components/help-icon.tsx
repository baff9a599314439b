import type { HelpTopicSlug } from '../lib/help-topics.ts';
import { HelpIcon, RecycleIcon, ReturnIcon, SearchIcon, TagIcon, TruckIcon } from './ui/icons.tsx';

const icons: Record<HelpTopicSlug, typeof HelpIcon> = {
  delivery: TruckIcon,
  returns: ReturnIcon,
  contact: HelpIcon,
  'track-order': SearchIcon,
  'trade-accounts': TagIcon,
  'weee-recycling': RecycleIcon,
};

export function HelpTopicIcon({ slug, className }: { slug: HelpTopicSlug; className?: string }) {
  const Icon = icons[slug];
  return <Icon className={className} />;
}
