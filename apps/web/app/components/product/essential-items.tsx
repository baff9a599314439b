import type { EssentialItems as EssentialItemsData } from '@shop/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { apiProblemMessage } from '../../lib/api-problem.ts';
import { useBasket } from '../../lib/basket/basket-context.tsx';
import { productPath } from '../../lib/catalogue.ts';
import { ADD_TO_BASKET } from '../../lib/product-forms.ts';
import { ProductFormFields, usePostedProductForm, useProductFormAction } from '../../lib/use-product-form.tsx';
import { formatPence } from '@shop/contracts';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';

type ApiItem = EssentialItemsData['items'][number];

/** An essential item as its card reads it (the loader sends no more: lib/product-page-data.server.ts). */
export type EssentialItem = Pick<ApiItem, 'requirement' | 'quantity' | 'compatibilityRule' | 'sku'> & {
  product: Pick<ApiItem['product'], 'slug' | 'productName'> & {
    image: Pick<ApiItem['product']['image'], 'url'>;
    price: Pick<ApiItem['product']['price'], 'priceIncTax'>;
    stockStatus: Pick<ApiItem['product']['stockStatus'], 'status'>;
  };
};
type Item = EssentialItem;

/** Required items first, each group in the API's order. */
export const orderEssentials = (items: Item[]): Item[] =>
  items.toSorted((a, b) => Number(a.requirement === 'recommended') - Number(b.requirement === 'recommended'));

/** "overflow=no → unslotted waste" → "Overflow no → unslotted waste": the rule, readable. */
const readableRule = (rule: string) => rule.replace(/\s*=\s*/g, ': ').replace(/^./, (first) => first.toUpperCase());

/** The items a product cannot be fitted without. */
export const requiredEssentials = (items: Item[]): Item[] => items.filter((item) => item.requirement === 'required');

/** What the product needs fitting with: small cards linking to each item's own page, each with its own add button. */
export function EssentialItems({ items, className }: { items: Item[]; className?: string }) {
  const headingId = useId();
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className={className}>
      <h2 id={headingId} className="section-heading">
        Essential items
      </h2>
      <p className="mt-1 text-sm text-navy-700">What you need to fit it, chosen to match this product.</p>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {orderEssentials(items).map((item) => (
          <li key={item.sku} className="essential">
            <img src={item.product.image.url} alt="" width={72} height={72} loading="lazy" className="essential-image" />
            <div className="essential-body">
              <div className="essential-tags">
                <Badge tone={item.requirement === 'required' ? 'accent' : 'info'}>{item.requirement === 'required' ? 'Required' : 'Recommended'}</Badge>
                <span>{`Qty ${item.quantity}`}</span>
              </div>
              <h3 className="essential-name">
                {/* The link covers the card, so the whole card is one target. */}
                <Link to={productPath(item.product.slug)} className="essential-link">
                  {item.product.productName}
                </Link>
              </h3>
              <p className="text-xs text-navy-700">
                <span className="font-medium">Why it fits:</span> {readableRule(item.compatibilityRule)}
              </p>
              <div className="essential-foot">
                <p className="figure">{formatPence(item.product.price.priceIncTax)}</p>
                <AddEssentialItem item={item} />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Adds one essential item in its quantity; above the card's link, so it is its own target. A form
 * posted to the page's own action without the page's scripts (product-forms.ts).
 */
function AddEssentialItem({ item }: { item: Item }) {
  const { add, openPanel } = useBasket();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [pressed, setPressed] = useState(false);
  const problemId = useId();
  const place = `${problemId}-place`;
  const action = useProductFormAction(place);
  const posted = usePostedProductForm(ADD_TO_BASKET, item.sku);
  const outOfStock = item.product.stockStatus.status === 'out_of_stock';
  // The page's answer to a plain form's press, until pressed again here.
  const shownProblem = problem ?? (!pressed && posted?.kind === 'refused' ? posted.message : null);
  const added = !pressed && posted?.kind === 'added';

  const addItem = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setPressed(true);
    setBusy(true);
    setProblem(null);
    const result = await add(item.sku, item.quantity);
    setBusy(false);
    if (result.ok) openPanel({ sku: item.sku, quantity: item.quantity });
    else setProblem(apiProblemMessage(result.error));
  };

  return (
    <form id={place} method="post" action={action} onSubmit={addItem} className="relative z-10">
      <ProductFormFields intent={ADD_TO_BASKET} sku={item.sku} />
      <input type="hidden" name="quantity" value={item.quantity} />
      <Button type="submit" variant="secondary" size="sm" loading={busy} disabled={outOfStock} aria-describedby={shownProblem ? problemId : undefined}>
        {outOfStock ? 'Out of stock' : 'Add'}
        <span className="sr-only">{outOfStock ? `: ${item.product.productName}` : ` ${item.quantity} × ${item.product.productName} to basket`}</span>
      </Button>
      <div aria-live="polite">
        {shownProblem && (
          <p id={problemId} className="mt-1 text-sm font-medium text-red-700">
            {shownProblem}
          </p>
        )}
        {added && (
          <p className="mt-1 text-sm font-medium text-green-800">
            Added to your basket.{' '}
            <Link to="/basket" className="font-semibold text-teal-700 underline hover:no-underline">
              View basket
            </Link>
          </p>
        )}
      </div>
    </form>
  );
}
