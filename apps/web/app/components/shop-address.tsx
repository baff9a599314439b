import type { ShopDetails } from '@shop/contracts';
import { cn } from '../lib/cn.ts';

/** The company's postal address (its registered office), a line each. */
export function ShopAddress({ shop, className }: { shop: ShopDetails; className?: string }) {
  return (
    <address className={cn('not-italic', className)}>
      {shop.legalName}
      {[...shop.address.lines, shop.address.postcode].map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
    </address>
  );
}
