import { ApiError, createCatalogueEditorClient } from '@shop/api-client';
import { RANGE_CHANGED_COLUMNS, RANGE_COLUMNS, RANGE_FILE_MAX_BYTES } from '@shop/contracts';
import { data, Form, redirect } from 'react-router';
import type { Route } from './+types/staff-products-import';
import { NeedStaffAccount } from '../components/auth/staff-gate.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { RangeImportReport } from '../components/staff/range-import-report.tsx';
import { Button } from '../components/ui/button.tsx';
import { ErrorSummary } from '../components/ui/error-summary.tsx';
import { FormField } from '../components/ui/form-field.tsx';
import { Link } from '../components/ui/link.tsx';
import { throwIfRateLimited } from '../lib/api.server.ts';
import { apiProblemMessage } from '../lib/api-problem.ts';
import { staffClient, staffRead } from '../lib/auth/staff-page.server.ts';
import { pageMeta } from '../lib/meta.ts';
import { CATALOGUE_ROLES, IMPORT_HREF, importHref, PRODUCTS_AUDIENCE, rangeFileHref } from '../lib/staff-products/products.ts';
import { tooLargeToRead } from '../lib/uploads/posted-form.ts';

const FILE_FIELD = 'rangeFile';
const TRAIL = [
  { label: 'Your account', to: '/account' },
  { label: 'Products', to: '/staff/products' },
];
const TOO_LARGE = 'The file is larger than 10 MB: split the range into several files of 10 MB or less and import each.';
const FILE_INPUT_CLASSES =
  'block w-full text-sm text-navy-900 file:mr-3 file:rounded-lg file:border-0 file:bg-teal-700 file:px-4 file:py-2.5 file:font-semibold file:text-white';

const editorApi = (request: Request) => staffClient(request, CATALOGUE_ROLES, 'catalogue', createCatalogueEditorClient);
const idOf = (id: string) => {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw data(null, { status: 404 });
  return id;
};

/**
 * Only catalogue staff: anyone else gets the shop's 404 (the API checks each call too). Without an
 * id, the form and the columns; with one, that import's report and progress (a page refreshed to
 * follow it, with or without scripts).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const api = editorApi(request);
  if (params.id === undefined) return { columns: RANGE_COLUMNS.join(', '), changed: RANGE_CHANGED_COLUMNS.join(', ') };
  const id = idOf(params.id);
  return staffRead(async () => ({ report: await api.getRangeImport({ params: { id } }) }));
}

/** Without an id, the file checked by the API (a dry run: nothing changes yet), then its report; with one, "Apply": queued for the background job. */
export async function action({ request, params }: Route.ActionArgs) {
  const api = editorApi(request);
  if (params.id !== undefined) {
    const id = idOf(params.id);
    await api.applyRangeImport({ params: { id } });
    return redirect(importHref(id));
  }
  // A file far too large is refused unread; the web tier reads the rest away (posted-form.ts).
  if (tooLargeToRead(request, RANGE_FILE_MAX_BYTES + 64 * 1024)) return data({ problem: TOO_LARGE }, { status: 413 });
  const file = (await request.formData()).get(FILE_FIELD);
  if (!(file instanceof File) || file.size === 0 || !file.name) return data({ problem: 'Choose a CSV or JSON file of the range' }, { status: 400 });
  if (file.size > RANGE_FILE_MAX_BYTES) return data({ problem: TOO_LARGE }, { status: 413 });
  try {
    const checked = await api.checkRangeImport({
      body: { fileName: file.name.slice(0, 200), content: Buffer.from(await file.arrayBuffer()).toString('base64') },
    });
    return redirect(importHref(checked.id));
  } catch (error) {
    throwIfRateLimited(error);
    if (error instanceof ApiError && error.status < 500) return data({ problem: apiProblemMessage(error) }, { status: error.status });
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ params }) => [
  ...(params.id === undefined
    ? pageMeta('Import products', 'Change prices and stock of the range from a CSV or JSON file.')
    : pageMeta('Import report', 'What a file of the range changes, and what is refused.')),
  { name: 'robots', content: 'noindex' },
];

export default function StaffProductsImportPage({ loaderData, actionData }: Route.ComponentProps) {
  if ('forbidden' in loaderData || 'report' in loaderData) {
    return (
      <>
        <PageHeader
          title={'forbidden' in loaderData ? 'Import report' : `Import of ${loaderData.report.fileName}`}
          trail={[...TRAIL, { label: 'Import', to: IMPORT_HREF }, { label: 'Report' }]}
        />
        <div className="container-page min-h-[30rem] py-8 lg:py-10">
          {'forbidden' in loaderData ? <NeedStaffAccount {...PRODUCTS_AUDIENCE} /> : <RangeImportReport report={loaderData.report} />}
        </div>
      </>
    );
  }
  const problem = actionData && 'problem' in actionData ? actionData.problem : null;
  return (
    <>
      <PageHeader
        title="Import products"
        intro={
          <p>
            Add products and variants, and change names, prices, VAT rates and stock on hand of many at once from a file. You see what would change before
            anything does.
          </p>
        }
        trail={[...TRAIL, { label: 'Import' }]}
      />
      <div className="container-page grid min-h-[30rem] gap-10 py-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:py-10">
        <section aria-labelledby="import-file">
          <h2 id="import-file" className="section-heading">
            Check a file
          </h2>
          {problem && (
            <div className="mt-4">
              <ErrorSummary problems={[{ message: problem, fieldId: 'range-file' }]} />
            </div>
          )}
          <Form method="post" encType="multipart/form-data" className="mt-4 space-y-5" aria-label="Check a file">
            <FormField id="range-file" label="CSV or JSON file" hint="UTF-8, 10 MB at most, one row per variant" error={problem}>
              {(control) => (
                <input {...control} type="file" name={FILE_FIELD} accept=".csv,.json,text/csv,application/json" required className={FILE_INPUT_CLASSES} />
              )}
            </FormField>
            <Button type="submit" variant="primary">
              Check the file
            </Button>
          </Form>
        </section>
        <section aria-labelledby="import-columns">
          <h2 id="import-columns" className="section-heading">
            The columns
          </h2>
          <p className="mt-4 text-navy-800">
            Start from an export:{' '}
            <Link to={rangeFileHref('csv')} reloadDocument>
              the range as CSV
            </Link>{' '}
            or{' '}
            <Link to={rangeFileHref('json')} reloadDocument>
              as JSON
            </Link>
            . Its columns are <span className="font-mono text-sm">{loaderData.columns}</span>.
          </p>
          <p className="mt-3 text-navy-800">
            An import changes <span className="font-mono text-sm">{loaderData.changed}</span> of the variants and products the shop has, found by{' '}
            <span className="font-mono text-sm">sku</span>. Prices are in whole pence including VAT (14900 for £149.00); the VAT rate is standard, reduced or
            zero; an empty value leaves a figure as it is.
          </p>
          <p className="mt-3 text-navy-800">
            A row with a new <span className="font-mono text-sm">sku</span> adds a variant to the product its{' '}
            <span className="font-mono text-sm">product_slug</span> names, or makes a new product with that address from its rows: give the first its{' '}
            <span className="font-mono text-sm">product_name</span>, <span className="font-mono text-sm">brand</span> and{' '}
            <span className="font-mono text-sm">category</span> (a sub-category), and each its <span className="font-mono text-sm">variant_label</span> (the
            finish, or the size of a product sold in sizes, such as 600 mm), price, VAT rate and stock on hand.
          </p>
          <p className="mt-3 text-navy-800">
            To schedule a row’s price, give <span className="font-mono text-sm">price_starts_at</span> and, if it ends,{' '}
            <span className="font-mono text-sm">price_ends_at</span>: a UK date and time such as 2026-12-01 09:00, or ISO 8601 with an offset. Empty, or a start
            already past, means from now; a price cannot overlap one already scheduled. An export shows each variant’s next scheduled price this way.
          </p>
          <p className="mt-3 text-navy-800">
            A product with a refused row is left as it is, and a new one is made whole or not at all; the others are applied. Stock on hand cannot be less than
            orders and payments already hold.
          </p>
        </section>
      </div>
    </>
  );
}
