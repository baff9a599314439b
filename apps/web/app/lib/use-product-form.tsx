import { useActionData, useFormAction, useSearchParams } from 'react-router';
import { INTENT_FIELD, isProductFormRefusal, productFormNotice, type ProductFormInput, type ProductFormRefusal } from './product-forms.ts';

/**
 * The page's own action for a product form, with the form's place on the page as the fragment: the
 * browser keeps it through the action's redirect, so the page comes back at the form and its notice.
 */
export function useProductFormAction(place: string): string {
  return `${useFormAction()}#${place}`;
}

/** What a product form says about itself when posted as a plain form: which change, of which product. */
export function ProductFormFields({ intent, sku }: { intent: ProductFormInput['intent']; sku: string }) {
  return (
    <>
      <input type="hidden" name={INTENT_FIELD} value={intent} />
      <input type="hidden" name="sku" value={sku} />
    </>
  );
}

export type PostedProductForm = ({ kind: 'refused' } & ProductFormRefusal) | { kind: 'added'; quantity: number } | { kind: 'saved' };

/**
 * How the page's action answered a plain form of this kind for this product: refused (the action's
 * answer), or done (the notice in the page's address after its redirect); null otherwise.
 */
export function usePostedProductForm(intent: ProductFormInput['intent'], sku: string): PostedProductForm | null {
  const answer: unknown = useActionData();
  const [search] = useSearchParams();
  if (isProductFormRefusal(answer)) return answer.productForm === intent && answer.sku === sku ? { kind: 'refused', ...answer } : null;
  const notice = productFormNotice(search);
  if (notice?.sku !== sku) return null;
  if (notice.kind === 'added' && intent === 'add-to-basket') return { kind: 'added', quantity: notice.quantity };
  if (notice.kind === 'saved' && intent === 'save-to-wishlist') return { kind: 'saved' };
  return null;
}
