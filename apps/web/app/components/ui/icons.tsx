import { cn } from '../../lib/cn.ts';

/**
 * Line icons on a 24px grid, drawn with the current text colour. Always decorative: the control that
 * holds an icon carries the accessible name. Each is a mask over the text colour whose picture is
 * `app/icons/<name>.svg`, inlined into the stylesheet (app.css, decision 0084): a page carries one
 * short element per icon, not its SVG markup.
 */
export function lineIcon(name: string) {
  return function Icon({ className = 'size-5' }: { className?: string }) {
    return <span className={cn('icon', `icon-${name}`, className)} aria-hidden="true" />;
  };
}

export const CloseIcon = lineIcon('close');
export const MenuIcon = lineIcon('menu');
export const SearchIcon = lineIcon('search');
export const UserIcon = lineIcon('user');
export const HeartIcon = lineIcon('heart');
export const BasketIcon = lineIcon('basket');
export const CardIcon = lineIcon('card');
export const ChevronRightIcon = lineIcon('chevron-right');
export const ChevronLeftIcon = lineIcon('chevron-left');
export const ChevronDownIcon = lineIcon('chevron-down');
export const ArrowRightIcon = lineIcon('arrow-right');
export const TruckIcon = lineIcon('truck');
export const ReturnIcon = lineIcon('return');
export const TagIcon = lineIcon('tag');
export const RecycleIcon = lineIcon('recycle');
export const DownloadIcon = lineIcon('download');
export const CheckIcon = lineIcon('check');
export const HelpIcon = lineIcon('help');
export const LockIcon = lineIcon('lock');
