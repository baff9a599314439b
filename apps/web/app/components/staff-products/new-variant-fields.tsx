import type { StaffProductChoices } from '@shop/contracts';
import type { StepProblem } from '../staff/step-form.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Input } from '../ui/input.tsx';
import { Select } from '../ui/select.tsx';
import { FIRST_VARIANT_OPTION, variantWords, vatRateOptions } from '../../lib/staff-products/products.ts';

/**
 * A new variant's fields: its code, finish (or size…), first price, VAT rate and stock on hand, each named
 * `prefix` + the API's field (`variant.sku` in the new product form, `sku` in the add a finish form),
 * so a refusal's message comes back beside its field.
 */
export function NewVariantFields({
  prefix,
  ids,
  problem,
  values,
  vatRates,
  option = FIRST_VARIANT_OPTION,
}: {
  prefix: string;
  ids: (field: string) => string;
  problem: StepProblem | null;
  values: Readonly<Record<string, string>>;
  vatRates: StaffProductChoices['vatRates'];
  /** What the product's variants differ by (`StaffProduct.variantOption`); a new product's first variant is a finish or a size. */
  option?: string;
}) {
  const words = variantWords(option);
  const field = (name: string) => ({ id: ids(`${prefix}${name}`), error: problem?.fields[`${prefix}${name}`] });
  const typed = (name: string) => values[`${prefix}${name}`] ?? '';
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField {...field('sku')} label="Code" hint="2 to 40 letters, digits, dashes or dots, for example HB-600-WH">
        {(control) => <Input {...control} name={`${prefix}sku`} defaultValue={typed('sku')} autoComplete="off" spellCheck={false} />}
      </FormField>
      <FormField {...field('label')} label={words.label} hint={words.hint}>
        {(control) => <Input {...control} name={`${prefix}label`} defaultValue={typed('label')} autoComplete="off" />}
      </FormField>
      <FormField {...field('priceIncVat')} label="Price inc VAT (£)" hint="For example 149.99">
        {(control) => <Input {...control} name={`${prefix}priceIncVat`} inputMode="decimal" autoComplete="off" defaultValue={typed('priceIncVat')} />}
      </FormField>
      <FormField {...field('vatRateCode')} label="VAT rate">
        {(control) => (
          <Select {...control} name={`${prefix}vatRateCode`} defaultValue={typed('vatRateCode') || 'standard'} options={vatRateOptions(vatRates)} />
        )}
      </FormField>
      <FormField {...field('stockOnHand')} label="Stock on hand" hint="Units on the shelf now; 0 if none yet">
        {(control) => <Input {...control} name={`${prefix}stockOnHand`} inputMode="numeric" autoComplete="off" defaultValue={typed('stockOnHand')} />}
      </FormField>
    </div>
  );
}
