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

/**
 * The slim strip of standing offers above the header; phones show the first one only. A trade
 * customer gets their own strip in its place: their account and the ex/inc VAT price toggle.
 */
export function PromoBar() {
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
      <ul className="container-page flex h-9 items-center justify-center gap-8 text-xs font-medium sm:text-[0.8125rem]">
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
