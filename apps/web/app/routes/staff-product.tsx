import { createCatalogueEditorClient } from '@shop/api-client';
import { formatPence, londonShortDateTime, type StaffProduct, type StaffVariant, type UpdateStaffProduct } from '@shop/contracts';
import type { ReactNode } from 'react';
import { data, Form } from 'react-router';
import type { Route } from './+types/staff-product';
import { NeedStaffAccount } from '../components/auth/staff-gate.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { usePostedStep, useStepDone } from '../components/staff/posted-step-form.tsx';
import { formText, stepProblemOf, type StepProblem } from '../components/staff/step-form.tsx';
import { TableHead } from '../components/staff/table-head.tsx';
import { Button } from '../components/ui/button.tsx';
import { ErrorSummary } from '../components/ui/error-summary.tsx';
import { FormField } from '../components/ui/form-field.tsx';
import { Input } from '../components/ui/input.tsx';
import { Link } from '../components/ui/link.tsx';
import { Select } from '../components/ui/select.tsx';
import { TextArea } from '../components/ui/textarea.tsx';
import { refusedStep, staffClient, staffRead, type RefusedStep } from '../lib/auth/staff-page.server.ts';
import { pageMeta } from '../lib/meta.ts';
import { redirectWithNotice } from '../lib/step-done.server.ts';
import { CATALOGUE_ROLES, checkPriceForm, productHref, PRODUCTS_AUDIENCE } from '../lib/staff-products/products.ts';

const editorApi = (request: Request) => staffClient(request, CATALOGUE_ROLES, 'catalogue', createCatalogueEditorClient);
const idOf = (params: { id: string }) => {
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw data(null, { status: 404 });
  return id;
};
/** The API's code for a product someone else changed first: the form offers the product as it is now. */
const STALE = new Set(['PRODUCT_CHANGED']);
const STEPS = ['saved', 'priced', 'cancelled'] as const;

export async function loader({ request, params }: Route.LoaderArgs) {
  const api = editorApi(request);
  const id = idOf(params);
  return staffRead(() => api.getStaffProduct({ params: { id } }));
}

/** Every form of the page as it was posted, by field name: what is shown again after a refusal. */
const postedValues = (form: FormData) => Object.fromEntries([...form.entries()].flatMap(([name, value]) => (typeof value === 'string' ? [[name, value]] : [])));

/** The details form as the API's body: specification rows and variants by their position on the page. */
function detailsBody(values: Record<string, string>, version: number): UpdateStaffProduct {
  const specifications: Record<string, string> = {};
  for (let index = 0; values[`spec.${index}.name`] !== undefined; index += 1) {
    const name = values[`spec.${index}.name`]!.trim();
    if (name) specifications[name] = values[`spec.${index}.value`]?.trim() ?? '';
  }
  const variants: NonNullable<UpdateStaffProduct['variants']> = [];
  for (let index = 0; values[`variants.${index}.sku`] !== undefined; index += 1) {
    variants.push({ sku: values[`variants.${index}.sku`]!, newSku: values[`variants.${index}.newSku`]?.trim(), label: values[`variants.${index}.label`] });
  }
  return {
    version,
    name: values.name ?? '',
    description: values.description ?? '',
    brandSlug: values.brandSlug,
    categorySlug: values.categorySlug,
    specifications,
    variants,
  };
}

/**
 * The page's steps, each a plain form posted here: the details, a price (now or scheduled), the
 * cancelling of a scheduled price. Done, the page comes back saying so (post, redirect, get); refused,
 * it comes back with the API's words beside the fields and what was typed.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const api = editorApi(request);
  const id = idOf(params);
  const form = await request.formData();
  const intent = formText(form, 'intent');
  const values = postedValues(form);
  const version = Number(values.version);
  if (!Number.isSafeInteger(version)) throw data(null, { status: 400 });
  const refused = (error: unknown) => refusedStep(error, { intent, values }, (refusal) => stepProblemOf(refusal, STALE));
  try {
    if (intent === 'details') {
      await api.updateStaffProduct({ params: { id }, body: detailsBody(values, version) });
    } else if (intent === 'price') {
      const checked = checkPriceForm(
        {
          sku: values.sku ?? '',
          price: values.priceIncVat ?? '',
          vatRateCode: values.vatRateCode ?? '',
          startsAt: values.startsAt ?? '',
          endsAt: values.endsAt ?? '',
        },
        version,
      );
      if (!checked.ok) {
        const problem: StepProblem = { summary: Object.values(checked.fields)[0]!, stale: false, fields: checked.fields };
        return data<RefusedStep>({ intent, values, problem }, { status: 400 });
      }
      await api.changeStaffPrice({ params: { id }, body: checked.body });
    } else if (intent === 'cancel') {
      await api.cancelStaffPrice({ params: { id, scheduleId: Number(values.scheduleId) }, body: { version } });
    } else {
      throw data(null, { status: 400 });
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    return refused(error);
  }
  const done = intent === 'details' ? 'saved' : intent === 'price' ? 'priced' : 'cancelled';
  return redirectWithNotice(request, `${productHref(id)}?done=${done}`);
}

export const meta: Route.MetaFunction = ({ loaderData: product }) => [
  ...pageMeta(product && 'name' in product ? `${product.name} | Products` : 'Product | Products', 'Edit a product and its prices.'),
  { name: 'robots', content: 'noindex' },
];

const DONE_WORDS: Record<(typeof STEPS)[number], string> = {
  saved: 'Your changes are saved. Listings and search show them within a minute.',
  priced: 'The price is saved. A price starting now shows on the shop within seconds; a scheduled one within a minute of its start.',
  cancelled: 'The scheduled price is cancelled.',
};

export default function StaffProductPage({ loaderData }: Route.ComponentProps) {
  const { done, ref } = useStepDone(STEPS);
  if ('forbidden' in loaderData) {
    return (
      <div className="container-page py-10">
        <NeedStaffAccount {...PRODUCTS_AUDIENCE} />
      </div>
    );
  }
  const product = loaderData;
  return (
    <>
      <PageHeader
        title={product.name}
        intro={
          <p>
            <Link to={`/p/${product.slug}`}>See it on the shop</Link>
          </p>
        }
        trail={[{ label: 'Your account', to: '/account' }, { label: 'Products', to: '/staff/products' }, { label: product.name }]}
      />
      <div className="container-page space-y-10 py-8 lg:py-10">
        <div ref={ref} tabIndex={-1} className="outline-none">
          {done && (
            <p role="status" className="rounded-lg bg-teal-50 p-3 font-semibold text-teal-900">
              {DONE_WORDS[done]}
            </p>
          )}
        </div>
        <div className="grid gap-10 lg:grid-cols-2">
          <DetailsForm product={product} />
          <div className="space-y-10">
            <PriceForm product={product} />
            <Audit product={product} />
          </div>
        </div>
        <Prices product={product} />
      </div>
    </>
  );
}

/** The problems of a refused form, GOV.UK style, each linked to its field. */
function Problems({ problem, ids, pathname }: { problem: StepProblem | null; ids: (field: string) => string; pathname: string }) {
  if (!problem) return null;
  const fields = Object.entries(problem.fields);
  return (
    <div className="space-y-2">
      <ErrorSummary problems={fields.length > 0 ? fields.map(([field, message]) => ({ message, fieldId: ids(field) })) : [{ message: problem.summary }]} />
      {problem.stale && (
        <p>
          <Link to={pathname}>See the product as it is now</Link>
        </p>
      )}
    </div>
  );
}

/**
 * One of the page's forms, posted to its action: the version read goes with it, a refusal comes back
 * as an error summary above the fields with what was typed.
 */
function EditorForm({
  intent,
  title,
  version,
  submitLabel,
  children,
}: {
  intent: string;
  title: string;
  version: number;
  submitLabel: string;
  children: (step: ReturnType<typeof usePostedStep>) => ReactNode;
}) {
  const step = usePostedStep(intent);
  const { id, form, problem, ids, pathname, busy } = step;
  return (
    // Keyed on the version: once saved, the form shows the product as it is now.
    <Form
      key={version}
      ref={form}
      method="post"
      noValidate
      aria-labelledby={`${id}-title`}
      className="space-y-5 rounded-2xl border border-navy-100 bg-white p-5"
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="version" value={version} />
      <h2 id={`${id}-title`} className="section-heading">
        {title}
      </h2>
      <Problems problem={problem} ids={ids} pathname={pathname} />
      {children(step)}
      <Button type="submit" loading={busy}>
        {submitLabel}
      </Button>
    </Form>
  );
}

function DetailsForm({ product }: { product: StaffProduct }) {
  const specifications = [...Object.entries(product.specifications), ['', '']];
  return (
    <EditorForm intent="details" title="Details" version={product.version} submitLabel="Save details">
      {({ ids, problem, values }) => {
        const value = (name: string, fallback: string) => values[name] ?? fallback;
        return (
          <>
            <FormField id={ids('name')} label="Name" error={problem?.fields.name}>
              {(control) => <Input {...control} name="name" defaultValue={value('name', product.name)} />}
            </FormField>
            <FormField id={ids('description')} label="Description" error={problem?.fields.description}>
              {(control) => <TextArea {...control} name="description" rows={5} defaultValue={value('description', product.description)} />}
            </FormField>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField id={ids('brandSlug')} label="Brand" error={problem?.fields.brandSlug}>
                {(control) => (
                  <Select
                    {...control}
                    name="brandSlug"
                    defaultValue={value('brandSlug', product.brandSlug)}
                    options={product.brands.map((brand) => ({ value: brand.slug, label: brand.name }))}
                  />
                )}
              </FormField>
              <FormField id={ids('categorySlug')} label="Category" error={problem?.fields.categorySlug}>
                {(control) => (
                  <Select
                    {...control}
                    name="categorySlug"
                    defaultValue={value('categorySlug', product.categorySlug)}
                    options={product.categories.map((category) => ({ value: category.slug, label: category.name }))}
                  />
                )}
              </FormField>
            </div>
            <fieldset className="space-y-3">
              <legend className="text-base font-bold text-navy-950">Attributes</legend>
              <p className="text-sm text-navy-600">As the specification table shows them. Empty a value to remove it; the last row adds one.</p>
              {specifications.map(([name, text], index) => (
                <div key={`${index}:${name}`} className="grid gap-3 sm:grid-cols-2">
                  <FormField id={ids(`spec.${index}.name`)} label={name ? `Attribute ${index + 1}` : 'New attribute'} labelClassName="text-xs">
                    {(control) => <Input {...control} name={`spec.${index}.name`} defaultValue={value(`spec.${index}.name`, name!)} />}
                  </FormField>
                  <FormField id={ids(`spec.${index}.value`)} label={name ? `${name}: value` : 'New attribute: value'} labelClassName="text-xs">
                    {(control) => <Input {...control} name={`spec.${index}.value`} defaultValue={value(`spec.${index}.value`, text!)} />}
                  </FormField>
                </div>
              ))}
            </fieldset>
            <fieldset className="space-y-3">
              <legend className="text-base font-bold text-navy-950">Variants</legend>
              {product.variants.map((variant, index) => (
                <div key={variant.sku} className="grid gap-3 sm:grid-cols-2">
                  <input type="hidden" name={`variants.${index}.sku`} value={variant.sku} />
                  <FormField id={ids(`variants.${index}.newSku`)} label={`Variant ${index + 1}: code`} error={problem?.fields[`variants.${index}.newSku`]}>
                    {(control) => (
                      <Input {...control} name={`variants.${index}.newSku`} defaultValue={value(`variants.${index}.newSku`, variant.sku)} spellCheck={false} />
                    )}
                  </FormField>
                  <FormField id={ids(`variants.${index}.label`)} label={`Variant ${index + 1}: label`} error={problem?.fields[`variants.${index}.label`]}>
                    {(control) => <Input {...control} name={`variants.${index}.label`} defaultValue={value(`variants.${index}.label`, variant.label)} />}
                  </FormField>
                </div>
              ))}
            </fieldset>
          </>
        );
      }}
    </EditorForm>
  );
}

function PriceForm({ product }: { product: StaffProduct }) {
  return (
    <EditorForm intent="price" title="Change a price" version={product.version} submitLabel="Save price">
      {({ ids, problem, values }) => (
        <>
          <p className="text-sm text-navy-700">
            Leave the start empty for a price from now. The earlier price is shown as “was” only when the law allows: it was charged for at least 28 days just
            before.
          </p>
          <FormField id={ids('sku')} label="Variant" error={problem?.fields.sku}>
            {(control) => (
              <Select
                {...control}
                name="sku"
                defaultValue={values.sku ?? product.variants[0]?.sku}
                options={product.variants.map((variant) => ({
                  value: variant.sku,
                  label: `${variant.label} (${variant.sku}), now ${formatPence(variant.priceIncVat)}`,
                }))}
              />
            )}
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id={ids('priceIncVat')} label="Price inc VAT (£)" hint="For example 149.99" error={problem?.fields.priceIncVat}>
              {(control) => <Input {...control} name="priceIncVat" inputMode="decimal" autoComplete="off" defaultValue={values.priceIncVat ?? ''} />}
            </FormField>
            <FormField id={ids('vatRateCode')} label="VAT rate" error={problem?.fields.vatRateCode}>
              {(control) => (
                <Select
                  {...control}
                  name="vatRateCode"
                  defaultValue={values.vatRateCode ?? product.variants[0]?.vatRateCode}
                  options={product.vatRates.map((rate) => ({ value: rate.code, label: `${rate.name} (${rate.basisPoints / 100}%)` }))}
                />
              )}
            </FormField>
            <FormField id={ids('startsAt')} label="Starts (UK time)" hint="Empty: from now" error={problem?.fields.startsAt}>
              {(control) => <Input {...control} type="datetime-local" name="startsAt" defaultValue={values.startsAt ?? ''} />}
            </FormField>
            <FormField id={ids('endsAt')} label="Ends (UK time)" hint="Empty: until changed" error={problem?.fields.endsAt}>
              {(control) => <Input {...control} type="datetime-local" name="endsAt" defaultValue={values.endsAt ?? ''} />}
            </FormField>
          </div>
        </>
      )}
    </EditorForm>
  );
}

const when = (at: string | null) => (at ? <time dateTime={at}>{londonShortDateTime(at)}</time> : null);
const SCHEDULE_WORDS = { scheduled: 'Scheduled', started: 'In force', ended: 'Ended', cancelled: 'Cancelled' } as const;

/** Each variant's price, its schedule and its history. */
function Prices({ product }: { product: StaffProduct }) {
  const { ids, problem, busy, pathname } = usePostedStep('cancel');
  return (
    <section aria-labelledby="prices-title" className="space-y-6">
      <h2 id="prices-title" className="section-heading">
        Prices and their history
      </h2>
      <Problems problem={problem} ids={ids} pathname={pathname} />
      {product.variants.map((variant) => (
        <VariantPrices key={variant.sku} variant={variant} version={product.version} busy={busy} />
      ))}
    </section>
  );
}

function VariantPrices({ variant, version, busy }: { variant: StaffVariant; version: number; busy: boolean }) {
  return (
    <div className="rounded-2xl border border-navy-100 bg-white p-5">
      <h3 className="text-lg font-bold text-navy-950">
        {variant.label} <span className="font-mono text-base font-normal text-navy-700">({variant.sku})</span>
      </h3>
      <p className="mt-1 text-navy-800">
        {formatPence(variant.priceIncVat)} inc VAT, {formatPence(variant.priceExVat)} ex VAT
        {variant.wasPriceIncVat !== null && <> · shown as “was {formatPence(variant.wasPriceIncVat)}”</>}
      </p>
      {variant.schedules.length > 0 && (
        <ScrollsSideways label={`Scheduled prices of ${variant.sku}`}>
          <table className="w-full text-left text-sm">
            <TableHead caption={`Scheduled prices of ${variant.sku}`} headings={['Price', 'Starts', 'Ends', 'Status', '']} />
            <tbody className="divide-y divide-navy-100">
              {variant.schedules.map((schedule) => (
                <tr key={schedule.id}>
                  <td className="py-2 pr-3 pl-4 font-semibold">{formatPence(schedule.priceIncVat)}</td>
                  <td className="px-3 py-2">{when(schedule.startsAt)}</td>
                  <td className="px-3 py-2">{when(schedule.endsAt) ?? 'Until changed'}</td>
                  <td className="px-3 py-2">{SCHEDULE_WORDS[schedule.status]}</td>
                  <td className="py-2 pr-4 pl-3">
                    {schedule.status === 'scheduled' && (
                      <Form method="post" noValidate>
                        <input type="hidden" name="intent" value="cancel" />
                        <input type="hidden" name="version" value={version} />
                        <input type="hidden" name="scheduleId" value={schedule.id} />
                        <Button type="submit" variant="secondary" size="sm" loading={busy}>
                          Cancel
                          <span className="sr-only">
                            {' '}
                            the price of {formatPence(schedule.priceIncVat)} starting {londonShortDateTime(schedule.startsAt)}
                          </span>
                        </Button>
                      </Form>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollsSideways>
      )}
      <ScrollsSideways label={`Price history of ${variant.sku}`}>
        <table className="w-full text-left text-sm">
          <TableHead caption={`Price history of ${variant.sku}, newest first`} headings={['Price inc VAT', 'Ex VAT', 'From', 'Until']} />
          <tbody className="divide-y divide-navy-100">
            {variant.history.map((step) => (
              <tr key={step.effectiveFrom}>
                <td className="py-2 pr-3 pl-4 font-semibold">{formatPence(step.priceIncVat)}</td>
                <td className="px-3 py-2">{formatPence(step.priceExVat)}</td>
                <td className="px-3 py-2">{when(step.effectiveFrom)}</td>
                <td className="py-2 pr-4 pl-3">{when(step.effectiveUntil) ?? 'In force'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollsSideways>
    </div>
  );
}

/** A table that scrolls sideways on a phone: a focusable region, so a keyboard can scroll it too. */
function ScrollsSideways({ label, children }: { label: string; children: ReactNode }) {
  return (
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="mt-4 overflow-x-auto" tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}

function Audit({ product }: { product: StaffProduct }) {
  return (
    <section aria-labelledby="audit-title" className="rounded-2xl border border-navy-100 bg-white p-5">
      <h2 id="audit-title" className="section-heading">
        Changes
      </h2>
      {product.audit.length === 0 ? (
        <p className="mt-2 text-navy-700">No one has changed this product here yet.</p>
      ) : (
        <ol className="mt-3 space-y-3 text-sm">
          {product.audit.map((entry, index) => (
            <li key={`${entry.at}:${index}`}>
              <p className="text-navy-600">
                {when(entry.at)} · {entry.who}
              </p>
              <p className="text-navy-950">{entry.what}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
