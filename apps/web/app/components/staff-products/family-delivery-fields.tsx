import { DELIVERY_CLASS_NAMES, DELIVERY_CLASSES, type StaffProduct } from '@shop/contracts';
import { RETURNABILITY_NAMES } from '@shop/contracts/returnability-names';
import type { StepProblem } from '../staff/step-form.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Select } from '../ui/select.tsx';

/**
 * A product's family (which specification rows its page shows, docs/domain.md §2.1), how it is
 * delivered and what customers may return (§8.1): a new product takes them from its sub-category
 * (decision 0105); staff change them here. The API offers the family it has even when the shop lists
 * no rows for it, so saving keeps it.
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
  product: Pick<StaffProduct, 'family' | 'families' | 'deliveryClass' | 'returnability'>;
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
      <FormField
        id={ids('returnability')}
        label="Returns"
        hint="What customers may send back as unwanted; orders already placed keep what they were sold with"
        error={problem?.fields.returnability}
        className="sm:col-span-2"
      >
        {(control) => (
          <Select
            {...control}
            name="returnability"
            defaultValue={values.returnability ?? product.returnability}
            options={Object.entries(RETURNABILITY_NAMES).map(([value, label]) => ({ value, label }))}
          />
        )}
      </FormField>
    </div>
  );
}
