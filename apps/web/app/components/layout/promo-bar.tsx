import { Link } from 'react-router';
import { helpPath } from '../../lib/help-topics.ts';
import { formatPenceShort } from '@shop/contracts';
import { CHANGE_OF_MIND_RETURN_DAYS, FREE_LARGE_DELIVERY_THRESHOLD } from '../../lib/shop-facts.ts';
import { cn } from '../../lib/cn.ts';
import { TradeStrip, useTradeStrip } from '../trade/trade-strip.tsx';

const freeOver = formatPenceShort(FREE_LARGE_DELIVERY_THRESHOLD);
const messages = [
  {
    to: helpPath('delivery'),
    text: `Free delivery on orders over ${freeOver} to most of mainland UK`,
    // One line on a phone.
    short: `Free delivery over ${freeOver} to most of mainland UK`,
  },
  { to: helpPath('returns'), text: `${CHANGE_OF_MIND_RETURN_DAYS}-day returns on unused items` },
  { to: helpPath('weee-recycling'), text: 'Free take-back of your old electricals' },
];

/** The announcement bar staff schedule (the global item `announcement-bar`, decision 0085). */
export interface Announcement {
  text: string;
  linkLabel?: string;
  href?: string;
}

/**
 * The slim strip of standing offers above the header; phones show the first one only. While staff
 * have an announcement showing, it comes first. A trade customer gets their own strip in its place:
 * their account and the ex/inc VAT price toggle.
 */
export function PromoBar({ announcement }: { announcement: Announcement | null }) {
  const trade = useTradeStrip();
  if (trade) {
    return (
      <div className="on-dark bg-navy-950 text-white">
        <TradeStrip />
      </div>
    );
  }
  return (
    <div className="on-dark bg-navy-950 text-white">
      {announcement && (
        <p className="container-page py-2 text-center text-xs font-semibold sm:text-[0.8125rem]">
          {announcement.text}
          {announcement.href && announcement.linkLabel && (
            <>
              {' '}
              <Link to={announcement.href} className="underline underline-offset-2">
                {announcement.linkLabel}
              </Link>
            </>
          )}
        </p>
      )}
      <ul
        className={cn('container-page h-9 items-center justify-center gap-8 text-xs font-medium sm:text-[0.8125rem]', announcement ? 'hidden md:flex' : 'flex')}
      >
        {messages.map((message, index) => (
          <li key={message.to} className={cn(index > 0 && 'hidden md:block')}>
            <Link to={message.to} className="rounded hover:underline">
              {message.short ? (
                <>
                  <span className="sm:hidden">{message.short}</span>
                  <span className="hidden sm:inline">{message.text}</span>
                </>
              ) : (
                message.text
              )}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
