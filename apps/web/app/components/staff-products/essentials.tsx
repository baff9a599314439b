import { ESSENTIAL_REQUIREMENTS, MAX_BUNDLE_ITEMS, MAX_ESSENTIALS, type StaffBundleItem, type StaffEssential, type StaffProduct } from '@shop/contracts';
import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { usePostedStep } from '../staff/posted-step-form.tsx';
import type { StepProblem } from '../staff/step-form.tsx';
import { Button } from '../ui/button.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Input } from '../ui/input.tsx';
import { Link } from '../ui/link.tsx';
import { Select } from '../ui/select.tsx';
import { EditorForm, Problems } from './editor-form.tsx';

/** What the page says once each essentials or bundle step is done (the route's `?done=`). */
export const ESSENTIAL_DONE_WORDS = {
  'essential-added': 'The essential item is added. The product page lists it now.',
  'essential-changed': 'The essential item is changed. The product page lists it so now.',
  'essential-removed': 'The essential item is removed. The product page no longer lists it.',
  'essentials-reordered': 'The essential items are in their new order. The product page lists them so now.',
  'bundle-added': 'The product is added to the bundle. Its page lists it under “What’s in the set” within a minute.',
  'bundle-removed': 'The product is taken out of the bundle. Its page stops listing it within a minute.',
  'bundle-reordered': 'The bundle’s products are in their new order. Its page lists them so within a minute.',
  'bundle-changed': 'The bundle’s quantity is changed. Its page lists it so within a minute.',
  'bundle-essential-added': 'The essential item is added for that product in this bundle. The bundle’s page lists it now.',
  'bundle-essential-changed': 'The essential item is changed for that product in this bundle. The bundle’s page lists it so now.',
  'bundle-essential-removed': 'The essential item is removed for that product in this bundle. The bundle’s page no longer lists it.',
} as const;
export const ESSENTIAL_DONE_STEPS = Object.keys(ESSENTIAL_DONE_WORDS) as (keyof typeof ESSENTIAL_DONE_WORDS)[];
export const ESSENTIAL_DONE_BY_INTENT: Record<string, keyof typeof ESSENTIAL_DONE_WORDS> = {
  'essential-add': 'essential-added',
  'essential-change': 'essential-changed',
  'essential-remove': 'essential-removed',
  'essential-move': 'essentials-reordered',
  'bundle-add': 'bundle-added',
  'bundle-remove': 'bundle-removed',
  'bundle-move': 'bundle-reordered',
  'bundle-change': 'bundle-changed',
  'bundle-essential-add': 'bundle-essential-added',
  'bundle-essential-change': 'bundle-essential-changed',
  'bundle-essential-remove': 'bundle-essential-removed',
};

/**
 * The API names the item `sku`; the add forms ask for it as `item` (a code or a name). A refusal of the
 * path's bundle or item is no field of the form: said in the summary only.
 */
export function itemFieldOf(problem: StepProblem): StepProblem {
  const { sku, ...fields } = Object.fromEntries(Object.entries(problem.fields).filter(([field]) => !field.startsWith('params.')));
  return { ...problem, fields: sku === undefined ? fields : { ...fields, item: sku } };
}

/** A step of one of several forms posted with the same intent: its refusal shown in the form whose hidden `field` has `value` only. */
function useStepOf(intent: string, scope: Record<string, string>) {
  const posted = usePostedStep(intent);
  const mine = posted.problem !== null && Object.entries(scope).every(([field, value]) => posted.values[field] === value);
  return { ...posted, mine, problem: mine ? posted.problem : null, values: mine ? posted.values : {} };
}

const REQUIREMENT_WORDS: Record<(typeof ESSENTIAL_REQUIREMENTS)[number], string> = { required: 'Required', recommended: 'Recommended' };

/** An item another product names: its product (a link to its editor), variant and quantity. */
function ItemLine({ item }: { item: Omit<StaffBundleItem, 'essentials'> }) {
  return (
    <p className="min-w-0">
      <Link to={`/staff/products/${item.productId}`} className="font-semibold">
        {item.productName}
      </Link>{' '}
      <span className="text-sm text-navy-700">
        {item.label} (<span className="font-mono">{item.sku}</span>) · Qty {item.quantity}
      </span>
      {item.withdrawn && <span className="block text-sm font-semibold text-red-800">Withdrawn from sale: shoppers are not shown it</span>}
    </p>
  );
}

/** Move and remove buttons for one item of a list, each a plain form; the hidden fields name the item. */
function ItemSteps(props: {
  prefix: 'essential' | 'bundle';
  name: { field: string; value: string | number };
  what: string;
  place: number;
  count: number;
  version: number;
}) {
  const { prefix, name, what, place, count, version } = props;
  const fields = (intent: string) => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="version" value={version} />
      <input type="hidden" name={name.field} value={name.value} />
    </>
  );
  const moves = [...(place > 1 ? [{ label: 'Move up', to: place - 1 }] : []), ...(place < count ? [{ label: 'Move down', to: place + 1 }] : [])];
  return (
    <div className="flex flex-wrap gap-2">
      {moves.length > 0 && (
        <Form method="post" noValidate className="flex flex-wrap gap-2">
          {fields(`${prefix}-move`)}
          {moves.map((move) => (
            <Button key={move.label} type="submit" name="place" value={move.to} variant="secondary" size="sm">
              {move.label}
              <span className="sr-only"> {what}</span>
            </Button>
          ))}
        </Form>
      )}
      <Form method="post" noValidate>
        {fields(`${prefix}-remove`)}
        <Button type="submit" variant="ghost" size="sm" className="text-red-800">
          Remove
          <span className="sr-only"> {what}</span>
        </Button>
      </Form>
    </div>
  );
}

/** The item field of the add forms: a variant code, or enough of a product's name for the editor's search to find it alone. */
function ItemField({ step, label }: { step: FieldStep; label: string }) {
  return (
    <FormField
      id={step.ids('item')}
      label={label}
      hint="A variant code, like PL000123-1, or enough of the product’s name to find it alone"
      error={step.problem?.fields.item}
    >
      {(control) => <Input {...control} name="item" defaultValue={step.values.item ?? ''} autoComplete="off" spellCheck={false} />}
    </FormField>
  );
}

type FieldStep = Pick<ReturnType<typeof usePostedStep>, 'ids' | 'problem' | 'values'>;

function QuantityField({ step, value = '1', hint = 'How many go with one of this product' }: { step: FieldStep; value?: string; hint?: string }) {
  return (
    <FormField id={step.ids('quantity')} label="Quantity" hint={hint} error={step.problem?.fields.quantity}>
      {(control) => <Input {...control} name="quantity" inputMode="numeric" className="max-w-24" defaultValue={step.values.quantity ?? value} />}
    </FormField>
  );
}

/** A section listing items, with the problems of its move and remove steps above them. */
function ItemSection({
  id,
  title,
  intro,
  prefix,
  children,
}: {
  id: string;
  title: string;
  intro: string;
  prefix: 'essential' | 'bundle';
  children: ReactNode;
}) {
  const move = usePostedStep(`${prefix}-move`);
  const remove = usePostedStep(`${prefix}-remove`);
  return (
    <section aria-labelledby={id} className="space-y-5 rounded-2xl border border-navy-100 bg-white p-5">
      <div className="space-y-2">
        <h2 id={id} className="section-heading">
          {title}
        </h2>
        <p className="text-sm text-navy-700">{intro}</p>
      </div>
      <Problems problem={move.problem} ids={move.ids} pathname={move.pathname} />
      <Problems problem={remove.problem} ids={remove.ids} pathname={remove.pathname} />
      {children}
    </section>
  );
}

/**
 * The items the product page lists under "Essential items" (a basin's waste, trap and tap), required
 * ones first, each kind in its order, with steps to move and remove each and a form to add one.
 */
export function Essentials({ product }: { product: StaffProduct }) {
  return (
    <ItemSection
      id="essentials-title"
      title="Essentials"
      prefix="essential"
      intro={
        'What the product page lists under “Essential items” to fit it with: required items first, then recommended ones, ' +
        `each in the order below. At most ${MAX_ESSENTIALS}.`
      }
    >
      {product.essentials.length === 0 && <p className="text-navy-700">None yet: the product page lists no essential items.</p>}
      {ESSENTIAL_REQUIREMENTS.map((requirement) => {
        const ofKind = product.essentials.filter((essential) => essential.requirement === requirement);
        if (ofKind.length === 0) return null;
        return (
          <div key={requirement} className="space-y-3">
            <h3 className="text-lg font-bold text-navy-950">{REQUIREMENT_WORDS[requirement]}</h3>
            <ol aria-label={`${REQUIREMENT_WORDS[requirement]} essential items`} className="space-y-3">
              {ofKind.map((essential, index) => (
                <EssentialRow key={essential.id} essential={essential} place={index + 1} count={ofKind.length} version={product.version} />
              ))}
            </ol>
          </div>
        );
      })}
      <AddEssentialForm product={product} />
    </ItemSection>
  );
}

function EssentialRow({ essential, place, count, version }: { essential: StaffEssential; place: number; count: number; version: number }) {
  return (
    <li className="space-y-2 rounded-lg border border-navy-100 p-3">
      <ItemLine item={essential} />
      <p className="text-sm text-navy-800">Why it fits: {essential.compatibilityRule}</p>
      <ChangeEssentialForm essential={essential} version={version} />
      <ItemSteps
        prefix="essential"
        name={{ field: 'essentialId', value: essential.id }}
        what={`${essential.productName} (${essential.sku})`}
        place={place}
        count={count}
        version={version}
      />
    </li>
  );
}

function RequirementField({ step, value }: { step: FieldStep; value: string }) {
  return (
    <FormField id={step.ids('requirement')} label="Required or recommended" error={step.problem?.fields.requirement}>
      {(control) => (
        <Select
          {...control}
          name="requirement"
          defaultValue={value}
          options={ESSENTIAL_REQUIREMENTS.map((requirement) => ({ value: requirement, label: REQUIREMENT_WORDS[requirement] }))}
        />
      )}
    </FormField>
  );
}

function WhyItFitsField({ step, value }: { step: FieldStep; value: string }) {
  return (
    <FormField
      id={step.ids('compatibilityRule')}
      label="Why it fits"
      hint="Shown on the product page, for example “Overflow: yes → slotted waste”"
      error={step.problem?.fields.compatibilityRule}
    >
      {(control) => <Input {...control} name="compatibilityRule" defaultValue={value} autoComplete="off" />}
    </FormField>
  );
}

/** Hidden fields naming a step's target. */
function Hidden({ fields }: { fields: Record<string, string | number> }) {
  return Object.entries(fields).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
}

/**
 * Changes an essential item where it is (its kind, quantity, why it fits), folded away until asked
 * for; a refusal comes back open with the API's words, in this item's form only. With `bundleSku`, one
 * that item of the bundle needs within it.
 */
function ChangeEssentialForm({ essential, version, bundleSku }: { essential: StaffEssential; version: number; bundleSku?: string }) {
  const intent = bundleSku === undefined ? 'essential-change' : 'bundle-essential-change';
  const target = { essentialId: String(essential.id), ...(bundleSku !== undefined && { bundleSku }) };
  const step = useStepOf(intent, target);
  const what = `${essential.productName} (${essential.sku})`;
  return (
    <details open={step.mine || undefined} className="rounded-lg bg-navy-50 p-3">
      <summary className="cursor-pointer font-semibold text-navy-900">
        Change<span className="sr-only"> {what}</span>
      </summary>
      <Form key={version} method="post" noValidate aria-label={`Change ${what}`} className="mt-3 space-y-4">
        <Hidden fields={{ intent, version, ...target }} />
        <Problems problem={step.problem} ids={step.ids} pathname={step.pathname} />
        <div className="grid gap-4 sm:grid-cols-2">
          <RequirementField step={step} value={step.values.requirement ?? essential.requirement} />
          <QuantityField step={step} value={String(essential.quantity)} />
        </div>
        <WhyItFitsField step={step} value={step.values.compatibilityRule ?? essential.compatibilityRule} />
        <Button type="submit" size="sm" loading={step.busy && step.mine}>
          Save changes<span className="sr-only"> to {what}</span>
        </Button>
      </Form>
    </details>
  );
}

function AddEssentialForm({ product }: { product: StaffProduct }) {
  return (
    <EditorForm intent="essential-add" title="Add an essential item" version={product.version} submitLabel="Add essential item">
      {(step) => (
        <>
          <ItemField step={step} label="Item" />
          <div className="grid gap-4 sm:grid-cols-2">
            <RequirementField step={step} value={step.values.requirement ?? 'required'} />
            <QuantityField step={step} />
          </div>
          <WhyItFitsField step={step} value={step.values.compatibilityRule ?? ''} />
        </>
      )}
    </EditorForm>
  );
}

/**
 * A bundle's contents, in the order its page lists them under "What's in the set", with steps to move
 * and remove each and a form to add one; for any other product, the bundles that hold it.
 */
export function Bundle({ product }: { product: StaffProduct }) {
  if (!product.isBundle) {
    return (
      <section aria-labelledby="bundles-title" className="space-y-3 rounded-2xl border border-navy-100 bg-white p-5">
        <h2 id="bundles-title" className="section-heading">
          Bundles
        </h2>
        {product.inBundles.length === 0 ? (
          <p className="text-navy-700">No bundle holds it.</p>
        ) : (
          <>
            <p className="text-navy-700">These bundles hold it; change what a bundle holds on the bundle’s own page.</p>
            <ul className="list-disc space-y-1 pl-5">
              {product.inBundles.map((bundle) => (
                <li key={bundle.id}>
                  <Link to={`/staff/products/${bundle.id}`}>{bundle.name}</Link>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    );
  }
  return (
    <ItemSection
      id="bundles-title"
      title="Bundle"
      prefix="bundle"
      intro={`What this bundle holds, in the order its page lists them under “What’s in the set”. At most ${MAX_BUNDLE_ITEMS}.`}
    >
      {product.bundleItems.length === 0 ? (
        <p className="text-navy-700">It holds nothing yet.</p>
      ) : (
        <ol aria-label="What the bundle holds" className="space-y-3">
          {product.bundleItems.map((item, index) => (
            <li key={item.sku} className="space-y-2 rounded-lg border border-navy-100 p-3">
              <ItemLine item={item} />
              <ChangeBundleItemForm item={item} version={product.version} />
              <WithinBundle item={item} version={product.version} />
              <ItemSteps
                prefix="bundle"
                name={{ field: 'sku', value: item.sku }}
                what={`${item.productName} (${item.sku})`}
                place={index + 1}
                count={product.bundleItems.length}
                version={product.version}
              />
            </li>
          ))}
        </ol>
      )}
      <EditorForm intent="bundle-add" title="Add to the bundle" version={product.version} submitLabel="Add to bundle">
        {(step) => (
          <>
            <ItemField step={step} label="Product" />
            <QuantityField step={step} />
          </>
        )}
      </EditorForm>
    </ItemSection>
  );
}

/** How many of an item the bundle holds, changed where it is; folded away until asked for. */
function ChangeBundleItemForm({ item, version }: { item: StaffBundleItem; version: number }) {
  const step = useStepOf('bundle-change', { sku: item.sku });
  const what = `${item.productName} (${item.sku})`;
  return (
    <details open={step.mine || undefined} className="rounded-lg bg-navy-50 p-3">
      <summary className="cursor-pointer font-semibold text-navy-900">
        Change<span className="sr-only"> how many {what} the bundle holds</span>
      </summary>
      <Form key={version} method="post" noValidate aria-label={`Change how many ${what}`} className="mt-3 space-y-4">
        <Hidden fields={{ intent: 'bundle-change', version, sku: item.sku }} />
        <Problems problem={step.problem} ids={step.ids} pathname={step.pathname} />
        <QuantityField step={step} value={String(item.quantity)} hint="How many the bundle holds" />
        <Button type="submit" size="sm" loading={step.busy && step.mine}>
          Save quantity<span className="sr-only"> of {what}</span>
        </Button>
      </Form>
    </details>
  );
}

/**
 * What an item of the bundle needs within this bundle only (the bundle's page lists them with its own
 * essentials), each changed or removed where it is, and a form to add one.
 */
function WithinBundle({ item, version }: { item: StaffBundleItem; version: number }) {
  const what = `${item.productName} (${item.sku})`;
  const add = useStepOf('bundle-essential-add', { bundleSku: item.sku });
  const remove = useStepOf('bundle-essential-remove', { bundleSku: item.sku });
  return (
    <div className="space-y-3 border-l-4 border-navy-100 pl-3">
      <h3 className="font-bold text-navy-950">
        Needs in this bundle<span className="sr-only">: {what}</span>
      </h3>
      <Problems problem={remove.problem} ids={remove.ids} pathname={remove.pathname} />
      {item.essentials.length === 0 ? (
        <p className="text-sm text-navy-700">Nothing beyond its own essential items.</p>
      ) : (
        <ul aria-label={`What ${what} needs in this bundle`} className="space-y-3">
          {item.essentials.map((essential) => {
            const named = `${essential.productName} (${essential.sku})`;
            return (
              <li key={essential.id} className="space-y-2">
                <ItemLine item={essential} />
                <p className="text-sm text-navy-800">
                  {REQUIREMENT_WORDS[essential.requirement]}. Why it fits: {essential.compatibilityRule}
                </p>
                <ChangeEssentialForm essential={essential} version={version} bundleSku={item.sku} />
                <Form method="post" noValidate>
                  <Hidden fields={{ intent: 'bundle-essential-remove', version, bundleSku: item.sku, essentialId: essential.id }} />
                  <Button type="submit" variant="ghost" size="sm" className="text-red-800">
                    Remove
                    <span className="sr-only">
                      {' '}
                      {named} from what {what} needs in this bundle
                    </span>
                  </Button>
                </Form>
              </li>
            );
          })}
        </ul>
      )}
      <details open={add.mine || undefined} className="rounded-lg bg-navy-50 p-3">
        <summary className="cursor-pointer font-semibold text-navy-900">
          Add an essential item<span className="sr-only"> {what} needs in this bundle</span>
        </summary>
        <Form key={version} method="post" noValidate aria-label={`Add an essential item ${what} needs in this bundle`} className="mt-3 space-y-4">
          <Hidden fields={{ intent: 'bundle-essential-add', version, bundleSku: item.sku }} />
          <Problems problem={add.problem} ids={add.ids} pathname={add.pathname} />
          <ItemField step={add} label="Item" />
          <div className="grid gap-4 sm:grid-cols-2">
            <RequirementField step={add} value={add.values.requirement ?? 'required'} />
            <QuantityField step={add} />
          </div>
          <WhyItFitsField step={add} value={add.values.compatibilityRule ?? ''} />
          <Button type="submit" size="sm" loading={add.busy && add.mine}>
            Add essential item<span className="sr-only"> for {what} in this bundle</span>
          </Button>
        </Form>
      </details>
    </div>
  );
}
