import { createCatalogueEditorClient } from '@shop/api-client';
import { formatPence, type StaffProductPage } from '@shop/contracts';
import { Form, Link as RouterLink } from 'react-router';
import type { Route } from './+types/staff-products';
import { NeedStaffAccount } from '../components/auth/staff-gate.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { NoResults, RecordCardHeading, ResultsRange, SearchActions } from '../components/staff/search-results.tsx';
import { TableHead } from '../components/staff/table-head.tsx';
import { buttonClasses } from '../components/ui/button.tsx';
import { ErrorSummary } from '../components/ui/error-summary.tsx';
import { FormField } from '../components/ui/form-field.tsx';
import { SearchIcon } from '../components/ui/icons.tsx';
import { Input } from '../components/ui/input.tsx';
import { Link } from '../components/ui/link.tsx';
import { Pagination } from '../components/ui/pagination.tsx';
import { Select } from '../components/ui/select.tsx';
import { searchRead, staffClient, staffRead } from '../lib/auth/staff-page.server.ts';
import { pageMeta } from '../lib/meta.ts';
import {
  CATALOGUE_ROLES,
  IMPORT_HREF,
  NEW_PRODUCT_HREF,
  productFilters,
  productHref,
  productsHref,
  productsQuery,
  PRODUCTS_AUDIENCE,
  rangeFileHref,
  type ProductFilters,
} from '../lib/staff-products/products.ts';

/** The range the filters in the address find, read on the server for the signed-in member of staff. */
export async function loader({ request }: Route.LoaderArgs) {
  const api = staffClient(request, CATALOGUE_ROLES, 'catalogue', createCatalogueEditorClient);
  const filters = productFilters(new URL(request.url).searchParams);
  return staffRead(async () => ({ filters, ...(await searchRead(() => api.searchStaffProducts({ query: productsQuery(filters) }))) }));
}

export const meta: Route.MetaFunction = () => [...pageMeta('Products', 'The range for staff: find a product to edit.'), { name: 'robots', content: 'noindex' }];

/** Staff search of the range: by name or code, category and brand, by name, paged. */
export default function StaffProductsPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Products"
        intro={<p>Find a product by its name or a variant code, then change its details and prices.</p>}
        trail={[{ label: 'Your account', to: '/account' }, { label: 'Products' }]}
      />
      <div className="container-page min-h-[30rem] py-8 lg:py-10">
        {'forbidden' in loaderData ? (
          <NeedStaffAccount {...PRODUCTS_AUDIENCE} />
        ) : loaderData.page === null ? (
          <ErrorSummary problems={[{ message: loaderData.problem }]} />
        ) : (
          <>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 className="section-heading">Find a product</h2>
              <RangeFiles />
            </div>
            <ProductFiltersForm filters={loaderData.filters} page={loaderData.page} />
            <div className="mt-8">
              <ProductResults page={loaderData.page} filters={loaderData.filters} />
            </div>
          </>
        )}
      </div>
    </>
  );
}

/** The range as a file (made on the server for the signed-in member of staff, so the links save it with or without scripts), and an import of one. */
function RangeFiles() {
  return (
    <nav aria-label="Add, import and export" className="flex flex-wrap gap-3">
      <a href={rangeFileHref('csv')} download className={buttonClasses('secondary')}>
        Export CSV
      </a>
      <a href={rangeFileHref('json')} download className={buttonClasses('secondary')}>
        Export JSON
      </a>
      <RouterLink to={IMPORT_HREF} className={buttonClasses('secondary')}>
        Import a file
      </RouterLink>
      <RouterLink to={NEW_PRODUCT_HREF} className={buttonClasses('primary')}>
        Add a product
      </RouterLink>
    </nav>
  );
}

const filtered = (filters: ProductFilters) => Boolean(filters.text || filters.category || filters.brand);

function ProductFiltersForm({ filters, page }: { filters: ProductFilters; page: StaffProductPage }) {
  return (
    <Form method="get" role="search" aria-label="Find a product" className="mt-4 grid items-start gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <FormField label="Name or code">{(control) => <Input {...control} name="text" defaultValue={filters.text} autoComplete="off" />}</FormField>
      <FormField label="Category">
        {(control) => (
          <Select
            {...control}
            name="category"
            defaultValue={filters.category}
            options={[{ value: '', label: 'Any category' }, ...page.categories.map((category) => ({ value: category.slug, label: category.name }))]}
          />
        )}
      </FormField>
      <FormField label="Brand">
        {(control) => (
          <Select
            {...control}
            name="brand"
            defaultValue={filters.brand}
            options={[{ value: '', label: 'Any brand' }, ...page.brands.map((brand) => ({ value: brand.slug, label: brand.name }))]}
          />
        )}
      </FormField>
      <div className="flex items-center gap-3 lg:pt-[1.625rem]">
        <SearchActions clearTo="/staff/products" filtered={filtered(filters)} />
      </div>
    </Form>
  );
}

/** Products as a table on wider screens and as cards on phones. */
function ProductResults({ page, filters }: { page: StaffProductPage; filters: ProductFilters }) {
  if (page.items.length === 0) {
    return (
      <NoResults icon={<SearchIcon className="size-8" />} noun="products" filtered={filtered(filters)} clearTo="/staff/products">
        {filtered(filters) ? 'Try part of the name, a variant code, or another category or brand.' : 'The range has no products yet.'}
      </NoResults>
    );
  }
  return (
    <>
      <ResultsRange page={page} singular="Product" plural="Products" order="by name" />
      <div className="mt-3 hidden overflow-hidden rounded-xl border border-navy-100 md:block">
        <table className="w-full text-left text-sm">
          <TableHead caption="Products, by name" headings={['Product', 'Code', 'Brand', 'Category', 'Variants', 'Price']} />
          <tbody className="divide-y divide-navy-100 bg-white">
            {page.items.map((product) => (
              <tr key={product.id} className="align-top hover:bg-navy-50/60">
                <td className="max-w-80 py-3 pr-3 pl-4">
                  <Link to={productHref(product.id)} className="font-semibold">
                    {product.name}
                  </Link>
                  {product.withdrawn && <Withdrawn />}
                </td>
                <td className="px-3 py-3 font-mono text-navy-800">{product.defaultSku}</td>
                <td className="px-3 py-3 text-navy-800">{product.brandName}</td>
                <td className="px-3 py-3 text-navy-800">{product.categoryName}</td>
                <td className="px-3 py-3 text-navy-800">{product.variantCount}</td>
                <td className="py-3 pr-4 pl-3 font-semibold whitespace-nowrap text-navy-950">{formatPence(product.priceIncVat)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="mt-3 space-y-3 md:hidden" aria-label="Products, by name">
        {page.items.map((product) => (
          <li key={product.id} className="rounded-xl border border-navy-100 bg-white p-4">
            <RecordCardHeading to={productHref(product.id)} label={<span className="font-sans">{product.name}</span>}>
              <span className="font-semibold whitespace-nowrap text-navy-950">{formatPence(product.priceIncVat)}</span>
            </RecordCardHeading>
            <p className="mt-1 text-sm text-navy-700">
              <span className="font-mono">{product.defaultSku}</span> · {product.brandName} · {product.categoryName} · {product.variantCount}{' '}
              {product.variantCount === 1 ? 'variant' : 'variants'}
            </p>
            {product.withdrawn && <Withdrawn />}
          </li>
        ))}
      </ul>
      <Pagination
        className="mt-8"
        label="Product pages"
        current={page.pageNumber}
        total={page.totalPages}
        hrefFor={(target) => productsHref(filters, target)}
      />
    </>
  );
}

/** Said beside a product staff have withdrawn from sale. */
function Withdrawn() {
  return <p className="mt-1 text-sm font-semibold text-red-800">Withdrawn from sale</p>;
}
