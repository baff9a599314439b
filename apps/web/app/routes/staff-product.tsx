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
import { EditorForm, Problems } from '../components/staff-products/editor-form.tsx';
import { NewVariantFields } from '../components/staff-products/new-variant-fields.tsx';
import { FamilyAndDeliveryFields } from '../components/staff-products/family-delivery-fields.tsx';
import { ProductDetailsFields } from '../components/staff-products/product-details-fields.tsx';
import { VariantPictures } from '../components/staff-products/variant-pictures.tsx';
import {
  Bundle,
  Essentials,
  ESSENTIAL_DONE_BY_INTENT,
  ESSENTIAL_DONE_STEPS,
  ESSENTIAL_DONE_WORDS,
  itemFieldOf,
} from '../components/staff-products/essentials.tsx';
import { Button } from '../components/ui/button.tsx';
import { FormField } from '../components/ui/form-field.tsx';
import { Input } from '../components/ui/input.tsx';
import { Link } from '../components/ui/link.tsx';
import { Select } from '../components/ui/select.tsx';
import { refusedStep, staffClient, staffRead, type RefusedStep } from '../lib/auth/staff-page.server.ts';
import { formTexts } from '../lib/form-text.ts';
import { boughtTogetherHref } from '../lib/staff-products/bought-together.ts';
import { essentialStep, FieldProblem, isEssentialIntent } from '../lib/staff-products/essentials.server.ts';
import { pageMeta } from '../lib/meta.ts';
import { redirectWithNotice } from '../lib/step-done.server.ts';
import {
  CATALOGUE_ROLES,
  checkNewVariantForm,
  checkPriceForm,
  productHref,
  PRODUCTS_AUDIENCE,
  variantWords,
  vatRateOptions,
} from '../lib/staff-products/products.ts';

const editorApi = (request: Request) => staffClient(request, CATALOGUE_ROLES, 'catalogue', createCatalogueEditorClient);
const idOf = (params: { id: string }) => {
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw data(null, { status: 404 });
  return id;
};
/** The API's code for a product someone else changed first: the form offers the product as it is now. */
const STALE = new Set(['PRODUCT_CHANGED']);
const STEPS = [
  'created',
  'saved',
  'finished',
  'pictured',
  'unpictured',
  'reordered',
  'priced',
  'cancelled',
  'withdrawn',
  'returned',
  ...ESSENTIAL_DONE_STEPS,
] as const;
/** What the page says once each of its forms is done. */
const DONE_BY_INTENT: Record<string, (typeof STEPS)[number]> = {
  details: 'saved',
  finish: 'finished',
  image: 'pictured',
  'image-remove': 'unpictured',
  'image-move': 'reordered',
  price: 'priced',
  cancel: 'cancelled',
  withdraw: 'withdrawn',
  return: 'returned',
  ...ESSENTIAL_DONE_BY_INTENT,
};

export async function loader({ request, params }: Route.LoaderArgs) {
  const api = editorApi(request);
  const id = idOf(params);
  return staffRead(() => api.getStaffProduct({ params: { id } }));
}

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
    family: values.family,
    deliveryClass: values.deliveryClass as UpdateStaffProduct['deliveryClass'],
    returnability: values.returnability as UpdateStaffProduct['returnability'],
    specifications,
    variants,
  };
}

/**
 * The page's steps, each a plain form posted here: the details, a price (now or scheduled), the
 * cancelling of a scheduled price. Done, the page comes back saying so (post, redirect, get); refused,
 * it comes back with the API's words beside the fields and what was typed.
 */
/** The picture is multipart, which the typed client passes through as it is. */
type Upload = (input: { params: { id: number; sku: string }; body: FormData }) => Promise<unknown>;

/** Sends the chosen picture on to the API (none chosen: the API says to choose one). */
async function sendImage(api: ReturnType<typeof editorApi>, id: number, sku: string, image: FormDataEntryValue | null): Promise<void> {
  const body = new FormData();
  if (image instanceof File && image.size > 0) body.append('image', image, image.name || 'picture');
  await (api.addStaffVariantImage as unknown as Upload)({ params: { id, sku }, body });
}

export async function action({ request, params }: Route.ActionArgs) {
  const api = editorApi(request);
  const id = idOf(params);
  const form = await request.formData();
  const intent = formText(form, 'intent');
  const values = formTexts(form);
  const version = Number(values.version);
  if (!Number.isSafeInteger(version)) throw data(null, { status: 400 });
  const refused = (error: unknown) =>
    refusedStep(error, { intent, values }, (refusal) => {
      const problem = stepProblemOf(refusal, STALE);
      return isEssentialIntent(intent) ? itemFieldOf(problem) : problem;
    });
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
    } else if (intent === 'finish') {
      const checked = checkNewVariantForm(values, '');
      if (!checked.ok) {
        const problem: StepProblem = { summary: Object.values(checked.fields)[0]!, stale: false, fields: checked.fields };
        return data<RefusedStep>({ intent, values, problem }, { status: 400 });
      }
      await api.addStaffVariant({ params: { id }, body: { ...checked.variant, version } });
    } else if (intent === 'image') {
      await sendImage(api, id, values.sku ?? '', form.get('image'));
    } else if (intent === 'image-remove' || intent === 'image-move') {
      const picture = { id, sku: values.sku ?? '', imageId: Number(values.imageId) };
      if (!Number.isSafeInteger(picture.imageId) || picture.imageId < 1) throw data(null, { status: 400 });
      if (intent === 'image-remove') await api.removeStaffVariantImage({ params: picture, body: { version } });
      else await api.moveStaffVariantImage({ params: picture, body: { version, place: Number(values.place) } });
    } else if (intent === 'cancel') {
      await api.cancelStaffPrice({ params: { id, scheduleId: Number(values.scheduleId) }, body: { version } });
    } else if (isEssentialIntent(intent)) {
      if (!(await essentialStep(api, id, intent, values, version))) throw data(null, { status: 400 });
    } else if (intent === 'withdraw' || intent === 'return') {
      await api.updateStaffProduct({ params: { id }, body: { version, onSale: intent === 'return' } });
    } else {
      throw data(null, { status: 400 });
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof FieldProblem) {
      return data<RefusedStep>(
        { intent, values, problem: { summary: error.message, stale: false, fields: { [error.field]: error.message } } },
        { status: 400 },
      );
    }
    return refused(error);
  }
  return redirectWithNotice(request, `${productHref(id)}?done=${DONE_BY_INTENT[intent]}`);
}

export const meta: Route.MetaFunction = ({ loaderData: product }) => [
  ...pageMeta(product && 'name' in product ? `${product.name} | Products` : 'Product | Products', 'Edit a product and its prices.'),
  { name: 'robots', content: 'noindex' },
];

const DONE_WORDS: Record<(typeof STEPS)[number], string> = {
  created: 'The product is added and on sale. Listings and search show it within a minute. Add its other variants below.',
  // Said with the product's own word for a variant (a finish, a size…) where it is shown.
  finished: 'The variant is added. Its product page offers it within a minute.',
  pictured: 'The picture is added. The product page shows it when that variant is chosen within a minute.',
  unpictured: 'The picture is removed. The product page stops showing it within a minute.',
  reordered: 'The pictures are in their new order. The product page shows them so within a minute.',
  saved: 'Your changes are saved. Listings and search show them within a minute.',
  priced: 'The price is saved. A price starting now shows on the shop within seconds; a scheduled one within a minute of its start.',
  cancelled: 'The scheduled price is cancelled.',
  withdrawn: 'It is withdrawn from sale. Listings, search and its page stop showing it within a minute; baskets holding it can no longer order it.',
  returned: 'It is back on sale. Listings, search and its page show it again within a minute.',
  ...ESSENTIAL_DONE_WORDS,
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
          product.withdrawnAt === null ? (
            <p className="flex flex-wrap gap-x-6 gap-y-2">
              <Link to={`/p/${product.slug}`}>See it on the shop</Link>
              <Link to={boughtTogetherHref(product.id)}>Frequently bought together</Link>
            </p>
          ) : (
            <p>Withdrawn from sale on {when(product.withdrawnAt)}: shoppers cannot find or buy it.</p>
          )
        }
        trail={[{ label: 'Your account', to: '/account' }, { label: 'Products', to: '/staff/products' }, { label: product.name }]}
      />
      <div className="container-page space-y-10 py-8 lg:py-10">
        <div ref={ref} tabIndex={-1} className="outline-none">
          {done && (
            <p role="status" className="rounded-lg bg-teal-50 p-3 font-semibold text-teal-900">
              {done === 'finished' ? `The ${product.variantOption} is added. Its product page offers it within a minute.` : DONE_WORDS[done]}
            </p>
          )}
        </div>
        <div className="grid gap-10 lg:grid-cols-2">
          <div className="space-y-10">
            <DetailsForm product={product} />
            <FinishForm product={product} />
            <VariantPictures product={product} />
            <ImageForm product={product} />
            <SaleForm product={product} />
          </div>
          <div className="space-y-10">
            <PriceForm product={product} />
            <Essentials product={product} />
            <Bundle product={product} />
            <Audit product={product} />
          </div>
        </div>
        <Prices product={product} />
      </div>
    </>
  );
}

/** Withdrawing a product takes it off the shop (orders keep their copy); putting it back shows it again. */
function SaleForm({ product }: { product: StaffProduct }) {
  const onSale = product.withdrawnAt === null;
  return (
    <EditorForm
      intent={onSale ? 'withdraw' : 'return'}
      title={onSale ? 'On sale' : 'Withdrawn from sale'}
      version={product.version}
      submitLabel={onSale ? 'Withdraw from sale' : 'Put back on sale'}
    >
      {() => (
        <p className="text-navy-700">
          {onSale
            ? 'Shoppers find it in listings and search and can buy it. Withdrawn, it leaves the shop and baskets holding it can no longer order it; ' +
              'orders already placed keep it.'
            : 'Shoppers cannot find it or buy it. Put back on sale, it shows in listings, search and on its page again at the prices below.'}
        </p>
      )}
    </EditorForm>
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
            <ProductDetailsFields ids={ids} problem={problem} values={values} choices={product} current={product} />
            <FamilyAndDeliveryFields ids={ids} problem={problem} values={values} product={product} />
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

/** Another variant of the product (a finish, a size… as its variants differ), with its first price and stock. */
function FinishForm({ product }: { product: StaffProduct }) {
  const { one } = variantWords(product.variantOption);
  return (
    <EditorForm intent="finish" title={`Add ${one}`} version={product.version} submitLabel={`Add ${product.variantOption}`}>
      {({ ids, problem, values }) => (
        <NewVariantFields prefix="" ids={ids} problem={problem} values={values} vatRates={product.vatRates} option={product.variantOption} />
      )}
    </EditorForm>
  );
}

/** The variant a form is about (its `sku` field), by label and code, and with its price in force when `withPrice`. */
function VariantChoice({
  label,
  product,
  step: { ids, problem, values },
  withPrice = false,
}: {
  label: string;
  product: StaffProduct;
  step: Pick<ReturnType<typeof usePostedStep>, 'ids' | 'problem' | 'values'>;
  withPrice?: boolean;
}) {
  return (
    <FormField id={ids('sku')} label={label} error={problem?.fields.sku}>
      {(control) => (
        <Select
          {...control}
          name="sku"
          defaultValue={values.sku ?? product.variants[0]?.sku}
          options={product.variants.map((variant) => ({
            value: variant.sku,
            label: `${variant.label} (${variant.sku})${withPrice ? `, now ${formatPence(variant.priceIncVat)}` : ''}`,
          }))}
        />
      )}
    </FormField>
  );
}

/** A picture of one variant: the product page shows it, after its others, when that variant is chosen. */
function ImageForm({ product }: { product: StaffProduct }) {
  return (
    <EditorForm intent="image" title="Add a picture" version={product.version} encType="multipart/form-data" submitLabel="Add picture">
      {({ ids, problem, values }) => (
        <>
          <VariantChoice label={variantWords(product.variantOption).label} product={product} step={{ ids, problem, values }} />
          <FormField
            id={ids('image')}
            label="Picture"
            hint="A JPG or PNG of 5 MB or less; it is kept without its location or camera details"
            error={problem?.fields.image}
          >
            {(control) => <Input {...control} type="file" name="image" accept="image/jpeg,image/png" />}
          </FormField>
        </>
      )}
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
          <VariantChoice label="Variant" product={product} step={{ ids, problem, values }} withPrice />
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
                  options={vatRateOptions(product.vatRates)}
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
