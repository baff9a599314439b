/**
 * The add a product form's check, on the server only: it reads the contract's schemas, which the
 * pages' scripts do not carry.
 */
import { CreateStaffProductSchema, NewStaffVariantSchema, type CreateStaffProduct } from '@shop/contracts';
import { checkNewVariantForm } from './products.ts';

/** The add a product form's fields in the order the page shows them: its error summary lists their problems in this order. */
const NEW_PRODUCT_FIELDS = [
  'name',
  'description',
  'brandSlug',
  'categorySlug',
  'variant.sku',
  'variant.label',
  'variant.priceIncVat',
  'variant.vatRateCode',
  'variant.stockOnHand',
];

/**
 * The add a product form as typed: the API's body, or, when its price or stock cannot be read, every
 * problem the page can find at once, in the order of the fields (the details, code and finish by the
 * contract's own rules), so the summary does not name the price first and the name only on the next try.
 */
export function checkNewProductForm(
  values: Readonly<Record<string, string | undefined>>,
): { ok: true; body: CreateStaffProduct } | { ok: false; fields: Record<string, string> } {
  const details = {
    name: values.name ?? '',
    description: values.description ?? '',
    brandSlug: values.brandSlug ?? '',
    categorySlug: values.categorySlug ?? '',
  };
  const variant = checkNewVariantForm(values, 'variant.');
  if (variant.ok) return { ok: true, body: { ...details, variant: variant.variant } };
  const named = NewStaffVariantSchema.pick({ sku: true, label: true }).safeParse({ sku: values['variant.sku'] ?? '', label: values['variant.label'] ?? '' });
  const issues = [
    ...(CreateStaffProductSchema.omit({ variant: true }).safeParse(details).error?.issues ?? []),
    ...(named.error?.issues ?? []).map((issue) => ({ ...issue, path: ['variant', ...issue.path] })),
  ];
  const found: Record<string, string> = { ...variant.fields };
  for (const issue of issues) found[issue.path.join('.')] ??= issue.message;
  return { ok: false, fields: Object.fromEntries(NEW_PRODUCT_FIELDS.flatMap((field) => (found[field] ? [[field, found[field]]] : []))) };
}
