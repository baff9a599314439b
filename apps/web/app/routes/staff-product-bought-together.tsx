import { createCatalogueEditorClient } from '@shop/api-client';
import { londonShortDateTime, type StaffBoughtTogether } from '@shop/contracts';
import { data, Form, useLocation } from 'react-router';
import type { Route } from './+types/staff-product-bought-together';
import { NeedStaffAccount } from '../components/auth/staff-gate.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { formText, stepProblemOf } from '../components/staff/step-form.tsx';
import { TableHead } from '../components/staff/table-head.tsx';
import { Button } from '../components/ui/button.tsx';
import { ErrorSummary } from '../components/ui/error-summary.tsx';
import { FormField } from '../components/ui/form-field.tsx';
import { Input } from '../components/ui/input.tsx';
import { Link } from '../components/ui/link.tsx';
import { refusedStep, staffClient, staffRead, type RefusedStep } from '../lib/auth/staff-page.server.ts';
import { pageMeta } from '../lib/meta.ts';
import { redirectWithNotice } from '../lib/step-done.server.ts';
import { boughtTogetherHref, productNamedBy } from '../lib/staff-products/bought-together.ts';
import { CATALOGUE_ROLES, productHref, PRODUCTS_AUDIENCE } from '../lib/staff-products/products.ts';

const editorApi = (request: Request) => staffClient(request, CATALOGUE_ROLES, 'catalogue', createCatalogueEditorClient);
const idOf = (value: string | undefined) => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id >= 1 && id <= 2_147_483_647 ? id : null;
};
const CHOICES = ['pinned', 'blocked', 'none'] as const;
type Choice = (typeof CHOICES)[number];
const NOTICES: Record<Choice, string> = {
  pinned: 'Pinned. The product page shows it first in “Frequently bought together” now.',
  blocked: 'Blocked. The product page no longer shows it in “Frequently bought together”.',
  none: 'Left to orders. The product page shows it only if orders put it there.',
};

export async function loader({ request, params }: Route.LoaderArgs) {
  const id = idOf(params.id);
  if (id === null) throw data(null, { status: 404 });
  const api = editorApi(request);
  const done = new URL(request.url).searchParams.get('done') as Choice | null;
  return staffRead(async () => ({
    together: await api.getStaffBoughtTogether({ params: { id } }),
    notice: done && CHOICES.includes(done) ? NOTICES[done] : null,
  }));
}

/** A pin, block or release posted as a plain form: done, back to the page with a notice (post, redirect, get); refused, the words beside the field. */
export async function action({ request, params }: Route.ActionArgs) {
  const id = idOf(params.id);
  if (id === null) throw data(null, { status: 404 });
  const api = editorApi(request);
  const form = await request.formData();
  const choice = formText(form, 'choice') as Choice;
  if (!CHOICES.includes(choice)) throw data(null, { status: 400 });
  const values = { code: formText(form, 'code'), pairedProductId: formText(form, 'pairedProductId') };
  try {
    let pairedProductId = idOf(values.pairedProductId);
    if (pairedProductId === null) {
      // Pinned by a code typed: the product it names.
      const found = values.code.trim() ? (await api.searchStaffProducts({ query: { text: values.code.trim().slice(0, 100), pageSize: 10 } })).items : [];
      const named = productNamedBy(values.code, found);
      if ('problem' in named)
        return data<RefusedStep>({ intent: 'pin', values, problem: { summary: named.problem, stale: false, fields: { code: named.problem } } }, 400);
      pairedProductId = named.id;
    }
    await api.chooseStaffBoughtTogether({ params: { id, pairedProductId }, body: { choice } });
  } catch (error) {
    return refusedStep(error, { intent: 'pin', values }, (refusal) => {
      const problem = stepProblemOf(refusal, new Set());
      return { ...problem, fields: problem.fields.pairedProductId ? { code: problem.fields.pairedProductId } : problem.fields };
    });
  }
  return redirectWithNotice(request, `${boughtTogetherHref(id)}?done=${choice}`);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(
    loaderData && 'together' in loaderData ? `Frequently bought together | ${loaderData.together.productName}` : 'Frequently bought together',
    'What the product page shows as bought together with a product, and why.',
  ),
  { name: 'robots', content: 'noindex' },
];

export default function StaffBoughtTogetherPage({ loaderData, actionData }: Route.ComponentProps) {
  if ('forbidden' in loaderData) {
    return (
      <div className="container-page py-10">
        <NeedStaffAccount {...PRODUCTS_AUDIENCE} />
      </div>
    );
  }
  const { together, notice } = loaderData;
  return <BoughtTogether together={together} notice={notice} refused={actionData ?? null} />;
}

function BoughtTogether({ together, notice, refused: actionData }: { together: StaffBoughtTogether; notice: string | null; refused: RefusedStep | null }) {
  // Each step done is a new address: the pin form starts afresh rather than keep the code sent.
  const { key } = useLocation();
  return (
    <>
      <PageHeader
        title="Frequently bought together"
        intro={
          <p>
            What the page of <Link to={`/p/${together.productSlug}`}>{together.productName}</Link> shows under “Frequently bought together”: products orders put
            with it more often than chance would, then as you pin and block them.
          </p>
        }
        trail={[
          { label: 'Your account', to: '/account' },
          { label: 'Products', to: '/staff/products' },
          { label: together.productName, to: productHref(together.productId) },
          { label: 'Frequently bought together' },
        ]}
      />
      <div className="container-page min-h-[30rem] space-y-6 py-8 lg:py-10">
        {notice && !actionData && (
          <p role="status" className="rounded-lg bg-teal-50 p-4 font-semibold text-teal-900">
            {notice}
          </p>
        )}
        {actionData && <ErrorSummary problems={[{ message: actionData.problem.summary, ...(actionData.problem.fields.code && { fieldId: 'pin-code' }) }]} />}
        <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
          <Pairs together={together} />
          <aside className="order-first space-y-6 lg:order-none">
            <PinForm key={key} typed={actionData?.values.code ?? ''} error={actionData?.problem.fields.code ?? null} />
            <p className="text-sm text-navy-700">
              {together.countedAt
                ? `Orders of the last year were last counted ${londonShortDateTime(together.countedAt)}; they are counted again every six hours.`
                : 'No count of orders has found a pair yet: until one does, only pinned products are shown.'}
            </p>
          </aside>
        </div>
      </div>
    </>
  );
}

function Pairs({ together }: { together: StaffBoughtTogether }) {
  // Each step done is a new address: the forms start afresh.
  const { key } = useLocation();
  const shown = together.pairs.filter((pair) => pair.shownAt !== null).toSorted((a, b) => a.shownAt! - b.shownAt!);
  const rest = together.pairs.filter((pair) => pair.shownAt === null);
  return (
    <section aria-labelledby="pairs-heading" className="min-w-0 space-y-4">
      <h2 id="pairs-heading" className="section-heading">
        Products and why
      </h2>
      {together.pairs.length === 0 ? (
        <p className="rounded-2xl border border-navy-100 bg-white p-5 text-navy-700">
          No product yet: orders have not put one with it often enough, and none is pinned. The product page shows no row.
        </p>
      ) : (
        <div className="overflow-x-auto rounded-2xl border border-navy-100 bg-white">
          <table className="w-full text-left text-sm">
            <TableHead caption={`Products shown with ${together.productName}, then those not shown`} headings={['Shown', 'Product and why', 'Change']} />
            <tbody>
              {[...shown, ...rest].map((pair) => (
                <tr key={`${pair.productId}:${key}`} className="border-t border-navy-100 align-top">
                  <td className="px-3 py-3 font-semibold text-navy-950 sm:px-4">{pair.shownAt === null ? 'Not shown' : `${pair.shownAt}`}</td>
                  <td className="px-3 py-3 sm:px-4">
                    <Link to={productHref(pair.productId)}>{pair.name}</Link>
                    <p className="mt-1 text-navy-700">{pair.why}</p>
                  </td>
                  <td className="px-3 py-3 sm:px-4">
                    <div className="flex flex-col items-start gap-2 sm:flex-row sm:flex-wrap">
                      {CHOICES.filter((choice) => choice !== (pair.choice ?? 'none')).map((choice) => (
                        <Form key={choice} method="post">
                          <input type="hidden" name="pairedProductId" value={pair.productId} />
                          <input type="hidden" name="choice" value={choice} />
                          <Button
                            type="submit"
                            variant={choice === 'blocked' ? 'ghost' : 'secondary'}
                            size="sm"
                            className={choice === 'blocked' ? 'text-red-800' : ''}
                          >
                            {CHOICE_LABELS[choice]}
                            <span className="sr-only"> {pair.name}</span>
                          </Button>
                        </Form>
                      ))}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

const CHOICE_LABELS: Record<Choice, string> = { pinned: 'Pin', blocked: 'Block', none: 'Leave to orders' };

function PinForm({ typed, error }: { typed: string; error: string | null }) {
  return (
    <Form method="post" aria-labelledby="pin-heading" className="space-y-4 rounded-2xl border border-navy-100 bg-white p-5">
      <input type="hidden" name="choice" value="pinned" />
      <h2 id="pin-heading" className="text-lg font-bold text-navy-950">
        Pin a product
      </h2>
      <FormField id="pin-code" label="Variant code" hint="The code of any variant of the product to show first, as the product editor shows it." error={error}>
        {(control) => <Input {...control} name="code" defaultValue={typed} autoComplete="off" spellCheck={false} />}
      </FormField>
      <Button type="submit">Pin product</Button>
    </Form>
  );
}
