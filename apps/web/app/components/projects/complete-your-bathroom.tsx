import { formatPence, type ProjectSuggestion } from '@shop/contracts';
import { productPath } from '../../lib/catalogue.ts';
import { Button } from '../ui/button.tsx';
import { Link } from '../ui/link.tsx';

/**
 * "Complete your bathroom" on a project's page: what its products need or go with that it lacks (the
 * catalogue's essential items, as the basket's row), at the viewer's own prices. "Add to project" is a
 * plain form posted to the page (works before scripts); once added, the item is a line and leaves the
 * list. Nothing is drawn when there is nothing to suggest.
 */
export function CompleteYourBathroom({ items, canEdit }: { items: readonly ProjectSuggestion[]; canEdit: boolean }) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="complete-your-bathroom" className="space-y-4">
      <div>
        <h2 id="complete-your-bathroom" className="section-heading">
          Complete your bathroom
        </h2>
        <p className="mt-1 text-navy-700">What your products need or go with that this project does not have yet.</p>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2">
        {items.map((item) => (
          <li key={item.sku} aria-label={item.productName} className="flex gap-4 rounded-2xl border border-navy-100 bg-white p-4">
            <img src={item.imageUrl} alt="" width={72} height={72} loading="lazy" className="size-18 shrink-0 rounded-lg bg-sand-100 object-cover" />
            <div className="flex min-w-0 flex-1 flex-col gap-2">
              <p className="font-semibold text-navy-950">
                <Link to={productPath(item.productSlug)}>{item.productName}</Link>
              </p>
              <p className="font-bold tabular-nums text-navy-950">{formatPence(item.priceIncVat)}</p>
              {canEdit && (
                <form method="post" className="mt-auto">
                  <input type="hidden" name="intent" value="suggested" />
                  <input type="hidden" name="sku" value={item.sku} />
                  <Button type="submit" variant="secondary" size="sm">
                    Add to project<span className="sr-only"> {item.productName}</span>
                  </Button>
                </form>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
