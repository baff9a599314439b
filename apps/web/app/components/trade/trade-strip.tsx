import { useEffect, useId, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { useShopAuth } from '../auth/use-shop-auth.ts';
import { cn } from '../../lib/cn.ts';
import { isVatDisplay, storePriceDisplay, usePriceDisplay } from '../../lib/price-display.ts';
import { TRADE_PATHS } from '../../lib/trade/trade-paths.ts';
import { useTradeCustomer } from '../../lib/trade/use-trade-customer.ts';

/**
 * Whether the promo bar is a trade customer's strip: wherever one browses (the cookie says so from
 * the first paint) or is seen signed in. The cookie follows what the page learns: written the first
 * time a trade customer is seen here, removed once someone else (or nobody) is.
 */
export function useTradeStrip(): boolean {
  const auth = useShopAuth();
  const { tradeVisitor } = usePriceDisplay();
  const { trade, known } = useTradeCustomer();
  useEffect(() => {
    if (trade && !tradeVisitor) storePriceDisplay('ex');
    if (known && !trade && tradeVisitor) storePriceDisplay(null);
  }, [known, trade, tradeVisitor]);
  return trade || (tradeVisitor && auth.status === 'loading');
}

/**
 * The promo bar's place for a trade customer: their trade account, and whether prices show ex VAT
 * or inc VAT first. The toggle is a plain form (it keeps the choice in a cookie and comes back);
 * once the page's scripts run it changes every price on the page at once. Same height as the promo
 * bar, so nothing moves when it takes its place.
 */
export function TradeStrip() {
  const { display, setDisplay } = usePriceDisplay();
  const { pathname, search } = useLocation();
  const labelId = useId();
  const choose = (event: FormEvent<HTMLFormElement>) => {
    const pressed = (event.nativeEvent as SubmitEvent).submitter;
    const value = pressed?.getAttribute('value');
    if (!isVatDisplay(value)) return;
    event.preventDefault();
    setDisplay(value);
  };
  const option = (value: 'ex' | 'inc', label: string) => (
    <button
      type="submit"
      name="show"
      value={value}
      aria-pressed={display === value}
      className={cn(
        'rounded px-2 py-0.5 font-semibold',
        display === value ? 'bg-white text-navy-950' : 'text-white underline underline-offset-2 hover:bg-white/10',
      )}
    >
      {label}
    </button>
  );
  return (
    <div className="container-page flex h-9 items-center justify-between gap-3 text-xs sm:text-[0.8125rem]">
      <Link to={TRADE_PATHS.dashboard} className="truncate rounded font-semibold hover:underline">
        Your trade account
      </Link>
      <form method="post" action="/prices" onSubmit={choose} className="flex shrink-0 items-center gap-2">
        <input type="hidden" name="returnTo" value={pathname + search} />
        <span id={labelId}>
          <span className="hidden sm:inline">Show </span>prices
        </span>
        <span role="group" aria-labelledby={labelId} className="flex gap-0.5 rounded-md bg-white/10 p-0.5">
          {option('ex', 'ex VAT')}
          {option('inc', 'inc VAT')}
        </span>
      </form>
    </div>
  );
}
