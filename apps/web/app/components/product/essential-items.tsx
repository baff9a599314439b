import type { EssentialItems as EssentialItemsData } from '@shop/contracts';
import { useId } from 'react';
import { Link } from 'react-router';
import { productPath } from '../../lib/catalogue.ts';
import { cn } from '../../lib/cn.ts';
import { formatPence } from '../../lib/money.ts';
import { Badge } from '../ui/badge.tsx';

type Item = EssentialItemsData['items'][number];

/** Required items first, each group in the API's order. */
export const orderEssentials = (items: Item[]): Item[] =>
  items.toSorted((a, b) => Number(a.requirement === 'recommended') - Number(b.requirement === 'recommended'));

/** "overflow=no → unslotted waste" → "Overflow no → unslotted waste": the rule, readable. */
const readableRule = (rule: string) => rule.replace(/\s*=\s*/g, ': ').replace(/^./, (first) => first.toUpperCase());

/** What the product needs fitting with: small cards linking to each item's own page. */
export function EssentialItems({ items, className }: { items: Item[]; className?: string }) {
  const headingId = useId();
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className={className}>
      <h2 id={headingId} className="text-xl font-bold tracking-tight text-navy-950">
        Essential items
      </h2>
      <p className="mt-1 text-sm text-navy-700">What you need to fit it, chosen to match this product.</p>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {orderEssentials(items).map((item) => (
          <li key={item.sku} className="relative flex gap-3 rounded-xl border border-navy-100 bg-white p-3 transition hover:border-teal-300 hover:shadow-md">
            <img
              src={item.product.image.url}
              alt=""
              width={72}
              height={72}
              loading="lazy"
              className="size-18 shrink-0 rounded-lg bg-sand-50 object-contain p-1"
            />
            <div className="min-w-0 flex-1 space-y-1">
              <div className="flex flex-wrap items-center gap-1.5">
                <Badge tone={item.requirement === 'required' ? 'accent' : 'info'}>
                  {item.requirement === 'required' ? 'Required' : 'Recommended'}
                </Badge>
                <span className="text-xs font-medium text-navy-700">Qty {item.quantity}</span>
              </div>
              <h3 className="text-sm leading-snug font-semibold text-navy-950">
                {/* The link covers the card, so the whole card is one target. */}
                <Link to={productPath(item.product.slug)} className="after:absolute after:inset-0 after:rounded-xl hover:underline">
                  {item.product.productName}
                </Link>
              </h3>
              <p className="text-xs text-navy-700">
                <span className="font-medium">Why it fits:</span> {readableRule(item.compatibilityRule)}
              </p>
              <p className={cn('text-sm font-bold text-navy-950 tabular-nums')}>{formatPence(item.product.price.priceIncTax)}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
