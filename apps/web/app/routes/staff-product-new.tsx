import { createCatalogueEditorClient } from '@shop/api-client';
import { data } from 'react-router';
import type { Route } from './+types/staff-product-new';
import { NeedStaffAccount } from '../components/auth/staff-gate.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { stepProblemOf, type StepProblem } from '../components/staff/step-form.tsx';
import { EditorForm } from '../components/staff-products/editor-form.tsx';
import { NewVariantFields } from '../components/staff-products/new-variant-fields.tsx';
import { ProductDetailsFields } from '../components/staff-products/product-details-fields.tsx';
import { refusedStep, staffClient, staffRead, type RefusedStep } from '../lib/auth/staff-page.server.ts';
import { pageMeta } from '../lib/meta.ts';
import { formTexts } from '../lib/form-text.ts';
import { redirectWithNotice } from '../lib/step-done.server.ts';
import { checkNewProductForm } from '../lib/staff-products/new-product-form.server.ts';
import { CATALOGUE_ROLES, productHref, PRODUCTS_AUDIENCE } from '../lib/staff-products/products.ts';

const INTENT = 'create';
const editorApi = (request: Request) => staffClient(request, CATALOGUE_ROLES, 'catalogue', createCatalogueEditorClient);

/** The brands, sub-categories and VAT rates the form offers. */
export async function loader({ request }: Route.LoaderArgs) {
  const api = editorApi(request);
  return staffRead(() => api.getStaffProductChoices({}));
}

/**
 * The form posted here: the product is added and its staff page opened (post, redirect, get), where
 * more finishes or sizes are added; refused, the form comes back with the API's words beside the fields.
 */
export async function action({ request }: Route.ActionArgs) {
  const api = editorApi(request);
  const values = formTexts(await request.formData());
  const checked = checkNewProductForm(values);
  if (!checked.ok) {
    const problem: StepProblem = { summary: Object.values(checked.fields)[0]!, stale: false, fields: checked.fields };
    return data<RefusedStep>({ intent: INTENT, values, problem }, { status: 400 });
  }
  try {
    const product = await api.createStaffProduct({ body: checked.body });
    return redirectWithNotice(request, `${productHref(product.id)}?done=created`);
  } catch (error) {
    return refusedStep(error, { intent: INTENT, values }, (refusal) => stepProblemOf(refusal, new Set()));
  }
}

export const meta: Route.MetaFunction = () => [...pageMeta('Add a product | Products', 'Add a product to the range.'), { name: 'robots', content: 'noindex' }];

export default function NewStaffProductPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Add a product"
        intro={<p>It goes on sale as soon as it is added, with its first finish or size. Add more from its page.</p>}
        trail={[{ label: 'Your account', to: '/account' }, { label: 'Products', to: '/staff/products' }, { label: 'Add a product' }]}
      />
      <div className="container-page py-8 lg:py-10">
        <div className="max-w-3xl">
          {'forbidden' in loaderData ? (
            <NeedStaffAccount {...PRODUCTS_AUDIENCE} />
          ) : (
            <EditorForm intent={INTENT} title="The product" submitLabel="Add product">
              {({ ids, problem, values }) => (
                <>
                  <ProductDetailsFields ids={ids} problem={problem} values={values} choices={loaderData} current={null} />
                  <fieldset className="space-y-3">
                    <legend className="text-base font-bold text-navy-950">Its first variant</legend>
                    <NewVariantFields prefix="variant." ids={ids} problem={problem} values={values} vatRates={loaderData.vatRates} />
                  </fieldset>
                </>
              )}
            </EditorForm>
          )}
        </div>
      </div>
    </>
  );
}
