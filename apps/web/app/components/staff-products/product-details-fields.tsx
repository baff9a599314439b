import type { StaffProductChoices } from '@shop/contracts';
import type { StepProblem } from '../staff/step-form.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Input } from '../ui/input.tsx';
import { Select } from '../ui/select.tsx';
import { TextArea } from '../ui/textarea.tsx';

export interface ProductDetails {
  name: string;
  description: string;
  brandSlug: string;
  categorySlug: string;
}

/**
 * A product's name, description, brand and sub-category: what was typed when a refused form comes
 * back, else `current` (the product as it is; a new product's is empty, and its selects start on
 * "Choose a brand" and "Choose a category").
 */
export function ProductDetailsFields({
  ids,
  problem,
  values,
  choices,
  current,
}: {
  ids: (field: string) => string;
  problem: StepProblem | null;
  values: Readonly<Record<string, string>>;
  choices: Pick<StaffProductChoices, 'brands' | 'categories'>;
  current: ProductDetails | null;
}) {
  const value = (name: keyof ProductDetails) => values[name] ?? current?.[name] ?? '';
  const choose = (label: string) => (current ? [] : [{ value: '', label }]);
  return (
    <>
      <FormField id={ids('name')} label="Name" error={problem?.fields.name}>
        {(control) => <Input {...control} name="name" defaultValue={value('name')} autoComplete="off" />}
      </FormField>
      <FormField id={ids('description')} label="Description" hint="What it is and does, its size and range" error={problem?.fields.description}>
        {(control) => <TextArea {...control} name="description" rows={5} defaultValue={value('description')} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={ids('brandSlug')} label="Brand" error={problem?.fields.brandSlug}>
          {(control) => (
            <Select
              {...control}
              name="brandSlug"
              defaultValue={value('brandSlug')}
              options={[...choose('Choose a brand'), ...choices.brands.map((brand) => ({ value: brand.slug, label: brand.name }))]}
            />
          )}
        </FormField>
        <FormField id={ids('categorySlug')} label="Category" error={problem?.fields.categorySlug}>
          {(control) => (
            <Select
              {...control}
              name="categorySlug"
              defaultValue={value('categorySlug')}
              options={[...choose('Choose a category'), ...choices.categories.map((category) => ({ value: category.slug, label: category.name }))]}
            />
          )}
        </FormField>
      </div>
    </>
  );
}
