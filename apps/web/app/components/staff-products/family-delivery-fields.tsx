import { DELIVERY_CLASS_NAMES, DELIVERY_CLASSES, type StaffProduct } from '@shop/contracts';
import type { StepProblem } from '../staff/step-form.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Select } from '../ui/select.tsx';

/**
 * A product's family (which specification rows its page shows, docs/domain.md §2.1) and how it is
 * delivered: a new product takes both from its sub-category (decision 0105); staff change them here.
 * The API offers the family it has even when the shop lists no rows for it, so saving keeps it.
 */
export function FamilyAndDeliveryFields({
  ids,
  problem,
  values,
  product,
}: {
  ids: (field: string) => string;
  problem: StepProblem | null;
  values: Readonly<Record<string, string>>;
  product: Pick<StaffProduct, 'family' | 'families' | 'deliveryClass'>;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField id={ids('family')} label="Family" hint="Which specifications its page lists" error={problem?.fields.family}>
        {(control) => (
          <Select
            {...control}
            name="family"
            defaultValue={values.family ?? product.family}
            options={product.families.map((family) => ({ value: family, label: family }))}
          />
        )}
      </FormField>
      <FormField id={ids('deliveryClass')} label="Delivery" hint="What delivery costs and where it can go" error={problem?.fields.deliveryClass}>
        {(control) => (
          <Select
            {...control}
            name="deliveryClass"
            defaultValue={values.deliveryClass ?? product.deliveryClass}
            options={DELIVERY_CLASSES.map((deliveryClass) => ({ value: deliveryClass, label: DELIVERY_CLASS_NAMES[deliveryClass] }))}
          />
        )}
      </FormField>
    </div>
  );
}
